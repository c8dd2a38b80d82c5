import { describe, expect, it } from 'vitest';
import { isMidTurn } from './turn-guard.svelte';

describe('an update never switches in the middle of a turn', () => {
	it('a local player who acted and must still act is mid-turn', () => {
		expect(isMidTurn('1', ['1'], ['1', '2'])).toBe(true);
	});
	it('once the turn has passed to another player it is not', () => {
		expect(isMidTurn('1', ['2'], ['1', '2'])).toBe(false);
	});
	it('a remote player acting is no reason to wait on this device', () => {
		expect(isMidTurn('3', ['3'], ['1', '2'])).toBe(false);
	});
	it('before any action nobody is mid-turn', () => {
		expect(isMidTurn(null, ['1'], ['1'])).toBe(false);
	});
});
