import { describe, expect, it } from 'vitest';
import { playRandomGame, setupFor, type GameResult } from '../support/random-player';
import { randomGameExport } from '../support/random-export';

/** The first game seed from `from` whose setup does (or does not) use sw_peninsula. */
function seedWhere(withPeninsula: boolean, from = 1): number {
	for (let s = from; s < from + 100000; s++) if (setupFor(s).optionalRules.includes('sw_peninsula') === withPeninsula) return s;
	throw new Error('no such seed');
}

/** The sentence the export of the `index`-th game gives instead of a file (null when it writes one). */
function refusalOf(index: number, r: GameResult): string | null {
	const out = randomGameExport(index, r);
	return out.ok ? null : out.refusal;
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
		expect(refusalOf(1, r)).toBe(
			"18xx.games cannot follow this game from Operating Round 11.1: before it lends P1 money for 16's train it asks for the sale of 10% of LNWR, a director's certificate the Tax Haven would take or ties for, and it fails on that sale, so the game cannot be exported there."
		);
	});

	it('the same holds where the Tax Haven alone could take the directorship the site would have sold', () => {
		// Seed 2121261916 (1822, 4 players, tax_haven_multiple): NBR must buy a £300 train with £120;
		// its director, P2, holds £167 and LNWR's 10% director's certificate, and no other player
		// holds LNWR, but the Tax Haven holds 10%. The site counts the Tax Haven as one who may take
		// the certificate [share_bundle.rb can_dump?], so it refuses the loan ("P2 still needs to sell
		// shares before a loan can be granted") and then fails on that sale ("comparison of Integer
		// with nil failed"); here nobody can take it, so the bank lends.
		const before = playRandomGame(2121261916, { stopAfter: 332 });
		expect(before.setup).toMatchObject({ title: '1822', optionalRules: ['tax_haven_multiple'] });
		expect(before.setup.players).toHaveLength(4);
		expect(randomGameExport(15, before).ok).toBe(true);
		const lnwr = before.final!.corporations.LNWR.shares;
		expect(lnwr.filter((c) => c.owner === 'player:2').map((c) => [c.president, c.percent])).toEqual([[true, 10]]);
		expect(lnwr.filter((c) => c.owner === 'taxhaven').length).toBe(1);
		expect(lnwr.some((c) => c.owner.startsWith('player:') && c.owner !== 'player:2')).toBe(false);
		const r = playRandomGame(2121261916, { stopAfter: 333 });
		expect(r.log[332]).toMatchObject({ type: 'buy_train', entity: 'NBR', train: '4-4', price: 300 });
		expect(r.final!.players.find((p) => p.id === 2)?.debt).toBeGreaterThan(0);
		expect(refusalOf(15, r)).toBe(
			"18xx.games cannot follow this game from Operating Round 10.1: before it lends P2 money for NBR's train it asks for the sale of 10% of LNWR, a director's certificate the Tax Haven would take or ties for, and it fails on that sale, so the game cannot be exported there."
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
