import { describe, expect, it } from 'vitest';
import { becameMyTurn, divergentPeers, peersFrom, seatsToAct, tabTitle, type Presence } from './presence';
import type { OrderResult } from './order';

const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);

function p(head: string | null, stateHash: string | null, appVersion = '1.0.0'): { presence: Presence } {
	return { presence: { seats: [0], name: 'x', head, stateHash, appVersion, rules: 'r1' } };
}

describe('presence and divergence', () => {
	it('a peer whose hash differs from the others at the same head is flagged', () => {
		const states = new Map<number, unknown>([
			[1, p(H1, 'h')],
			[2, p(H1, 'h')],
			[3, p(H1, 'stale', '0.9.0')],
			[4, p(H2, 'other')]
		]);
		expect(divergentPeers(peersFrom(states))).toEqual([{ clientId: 3, head: H1, stateHash: 'stale', expected: 'h' }]);
	});

	it('peers at different heads are not compared', () => {
		const states = new Map<number, unknown>([
			[1, p(H1, 'x')],
			[2, p(H2, 'y')]
		]);
		expect(divergentPeers(peersFrom(states))).toEqual([]);
	});

	it('on a tie every side is flagged, the same way on every peer', () => {
		const states = new Map<number, unknown>([
			[7, p(H1, 'y')],
			[5, p(H1, 'x')]
		]);
		expect(divergentPeers(peersFrom(states)).map((d) => d.clientId)).toEqual([5, 7]);
	});

	it('awareness states that are not presences are ignored', () => {
		const states = new Map<number, unknown>([
			[1, { presence: { seats: 'all' } }],
			[2, {}],
			[3, p(null, null)]
		]);
		expect(peersFrom(states).map((x) => x.clientId)).toEqual([3]);
	});

	it('the tab title changes when it is your turn', () => {
		expect(tabTitle('1822', true)).toBe('▶ Your turn — 1822');
		expect(tabTitle('1822', false)).toBe('1822');
	});

	it('it becomes your turn when one of your seats is expected, or asked to answer an undo, and was not before', () => {
		const view = (head: string, expected: number[], waiting: number[] = []) =>
			({ head, expected, pendingUndo: waiting.length ? { waiting } : null }) as unknown as OrderResult<unknown>;
		expect(seatsToAct(view(H1, [1], [2]), [0, 2])).toEqual([2]);
		expect(becameMyTurn(view(H1, [1]), view(H2, [0]), [0, 2])).toBe(true);
		expect(becameMyTurn(view(H1, [0]), view(H2, [2]), [0, 2])).toBe(false);
		expect(becameMyTurn(view(H1, [0]), view(H2, [1]), [0, 2])).toBe(false);
		expect(becameMyTurn(view(H1, [1]), view(H2, [], [0]), [0])).toBe(true);
		expect(becameMyTurn(null, view(H2, [0]), [0])).toBe(true);
	});
});
