import { describe, expect, it } from 'vitest';
import { playRandomGame, setupFor } from '../support/random-player';
import { randomGameExport } from '../support/random-export';

/** The first game seed from `from` whose setup does (or does not) use sw_peninsula. */
function seedWhere(withPeninsula: boolean, from = 1): number {
	for (let s = from; s < from + 100000; s++) if (setupFor(s).optionalRules.includes('sw_peninsula') === withPeninsula) return s;
	throw new Error('no such seed');
}

describe('random games exported for the reference (fuzz --export)', () => {
	it('a game that used sw_peninsula is not written: the answer is the sentence the app gives', () => {
		const seed = seedWhere(true);
		const r = playRandomGame(seed, { stopAfter: 12 });
		expect(r.setup.optionalRules).toContain('sw_peninsula');
		const out = randomGameExport(3, r);
		expect(out.ok).toBe(false);
		if (out.ok) return;
		expect(out.refusal).toMatch(/^18xx\.games does not implement the option "South West Peninsula" \(sw_peninsula\)/);
		expect(out.name).toBe(`003_1822MRS_2p_${r.setup.optionalRules.join('+')}_${seed}.json`);
	});

	it('a game whose bank lent where the site would first ask for a sale it fails on is not written: the sentence says why', () => {
		// Seed 2118151041 (1822MRS, 3 players): minor 16 must buy a £500 train; its director, P1, holds
		// LNWR's 10% director's certificate, for which the Tax Haven ties with P2 and P3. The site
		// refuses the loan ("P1 still needs to sell shares before a loan can be granted") and fails
		// on that sale; here the sale is refused and the bank lends.
		const before = playRandomGame(2118151041, { stopAfter: 326 });
		expect(before.log[325]).toMatchObject({ type: 'sell_shares', entity: 1, shares: ['LNWR_2', 'LNWR_8'] });
		expect(randomGameExport(1, before).ok).toBe(true);
		const r = playRandomGame(2118151041, { stopAfter: 327 });
		expect(r.log[326]).toMatchObject({ type: 'buy_train', entity: '16', train: '5-0' });
		const out = randomGameExport(1, r);
		expect(out.ok).toBe(false);
		if (out.ok) return;
		expect(out.refusal).toBe(
			"18xx.games cannot follow this game from Operating Round 11.1: before it lends P1 money for 16's train it asks for the sale of 10% of LNWR, a director's certificate the Tax Haven ties for, and it fails on that sale, so the game cannot be exported there."
		);
	});

	it('any other game is written with its applied actions', () => {
		const seed = seedWhere(false);
		const r = playRandomGame(seed, { stopAfter: 12 });
		const out = randomGameExport(0, r);
		expect(out.ok).toBe(true);
		if (!out.ok) return;
		expect(out.file.title).toBe(r.setup.title);
		expect(out.file.settings.optional_rules).toEqual(r.setup.optionalRules);
		expect(out.file.actions.map((a) => a.type)).toEqual(r.log.map((a) => a.type));
		expect(out.name.startsWith(`000_${r.setup.title}_${r.setup.players.length}p`)).toBe(true);
	});
});
