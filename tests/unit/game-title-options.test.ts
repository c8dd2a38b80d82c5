import { describe, expect, it } from 'vitest';
import { TITLES } from '../../src/lib/engine/titles/g1822/config';
import { optionBlocked, TITLE_CHOICES, titleChoice, validOptions } from '../../src/lib/state/title-options';

describe('options offered on the new-game page', () => {
	it('match the engine title definitions: symbols, player counts, requirements and exclusions (rules digest 1.2)', () => {
		for (const t of TITLE_CHOICES) {
			const def = TITLES[t.id];
			expect(t.options.map((o) => o.sym)).toEqual(def.optionalRules.map((r) => r.sym));
			for (const o of t.options) {
				const r = def.optionalRules.find((x) => x.sym === o.sym)!;
				expect(o.players ?? null).toEqual(r.players ?? null);
				expect(o.requires ?? null).toEqual(r.requires ?? null);
				expect(o.explain.length).toBeGreaterThan(10);
			}
			expect(t.exclusive).toEqual(def.mutexRules);
		}
	});

	it('1822+ sub-options need 1822+, and unticking 1822+ drops them', () => {
		const t = titleChoice('1822');
		expect(optionBlocked(t, 'plus_expansion_no_removals', 4, [])).toBe('needs 1822+');
		expect(optionBlocked(t, 'plus_expansion_no_removals', 4, ['plus_expansion'])).toBeNull();
		expect(validOptions(t, 4, ['plus_expansion', 'plus_expansion_single_stack', 'tax_haven_multiple'])).toEqual([
			'plus_expansion',
			'plus_expansion_single_stack',
			'tax_haven_multiple'
		]);
		expect(validOptions(t, 4, ['plus_expansion_single_stack', 'tax_haven_multiple'])).toEqual(['tax_haven_multiple']);
	});

	it('MRS Starter and Advanced exclude each other (g_1822_mrs MUTEX_RULES)', () => {
		const t = titleChoice('1822MRS');
		expect(optionBlocked(t, 'advanced', 3, ['starter'])).toBe('not with Starter');
		expect(optionBlocked(t, 'starter', 3, ['advanced'])).toBe('not with Advanced');
		expect(optionBlocked(t, 'starter', 3, ['tax_haven_multiple'])).toBeNull();
	});

	it('the South-West Peninsula is only offered for 2 players and is dropped when a third joins', () => {
		const t = titleChoice('1822MRS');
		expect(optionBlocked(t, 'sw_peninsula', 2, [])).toBeNull();
		expect(optionBlocked(t, 'sw_peninsula', 3, [])).toBe('only with 2 players');
		expect(validOptions(t, 3, ['sw_peninsula', 'starter'])).toEqual(['starter']);
	});

	it('an option of another title is never kept after switching titles', () => {
		expect(validOptions(titleChoice('1822NRS'), 3, ['plus_expansion', 'tax_haven_multiple'])).toEqual(['tax_haven_multiple']);
	});
});
