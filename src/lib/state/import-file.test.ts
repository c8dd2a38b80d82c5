import { describe, expect, it } from 'vitest';
import { importGameText } from './import-file';

const MINIMAL = {
	id: 1,
	title: '1822NRS',
	players: [
		{ id: 1, name: 'Ada' },
		{ id: 2, name: 'Brunel' },
		{ id: 3, name: 'Cubitt' }
	],
	settings: { seed: 42, optional_rules: [] },
	actions: [{ type: 'pass', entity: 1, entity_type: 'player', id: 1 }],
	result: {}
};

describe('importing a game file', () => {
	it('refuses an empty file', () => {
		const out = importGameText('   ');
		expect(out.ok).toBe(false);
		if (!out.ok) expect(out.message).toBe('The file is empty.');
	});

	it('names a truncated file as truncated', () => {
		const text = JSON.stringify(MINIMAL);
		const out = importGameText(text.slice(0, Math.floor(text.length / 2)));
		expect(out.ok).toBe(false);
		if (!out.ok) expect(out.message).toMatch(/ends too early/);
	});

	it('refuses a title this app does not play', () => {
		const out = importGameText(JSON.stringify({ ...MINIMAL, title: '1830' }));
		expect(out.ok).toBe(false);
		if (!out.ok) expect(out.message).toMatch(/1830/);
	});

	it('replays a well-formed export and reports its players', () => {
		const out = importGameText(JSON.stringify(MINIMAL));
		expect(out.ok).toBe(true);
		if (out.ok) {
			expect(out.report.title).toBe('1822NRS');
			expect([...out.report.players].sort()).toEqual([1, 2, 3]);
			expect(out.report.applied).toBe(1);
		}
	});
});
