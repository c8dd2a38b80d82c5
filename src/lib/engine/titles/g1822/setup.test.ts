import { describe, expect, it } from 'vitest';
import { createGameState } from './setup';
import { allBidBoxes } from './stock/bidboxes';
import { configOf, type GameSetup } from './config';
import type { TitleId } from './title-def';

function setup(title: TitleId, n: number, seed: number, rules: string[] = []): GameSetup {
	return {
		title,
		seed,
		optionalRules: rules,
		mode: 'import',
		players: Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `P${i + 1}` }))
	};
}

function boxes(title: TitleId, n: number, seed: number, rules: string[] = []): string[] {
	const r = createGameState(setup(title, n, seed, rules));
	if (!r.ok) throw new Error(r.error.message);
	return allBidBoxes(r.value, configOf(r.value.setup));
}

describe('setup shuffle matches the reference (first bid boxes of the shared games, from their traces)', () => {
	it('1822, 3 players, seed 36685', () => {
		expect(boxes('1822', 3, 36685)).toEqual(['M24', 'M22', 'M21', 'M18', 'C1', 'C6', 'C5', 'P1', 'P5', 'P3']);
	});
	it('1822, 7 players, seed 30797 (taken from the game id)', () => {
		expect(boxes('1822', 7, 30797)).toEqual(['M24', 'M14', 'M18', 'M2', 'C1', 'C7', 'C4', 'P1', 'P18', 'P5']);
	});
	it('1822+ with no removals and a single stack, seed 182389866', () => {
		expect(
			boxes('1822', 4, 182389866, ['plus_expansion', 'plus_expansion_no_removals', 'plus_expansion_single_stack'])
		).toEqual(['M24', 'M29', 'M1', 'M21', 'C1', 'C5', 'C7', 'P1', 'P20', 'P7']);
	});
	it('1822NRS has no fixed first minor (seed 128129)', () => {
		expect(boxes('1822NRS', 4, 128129)).toEqual(['M8', 'M6', 'M29', 'M5', 'C1', 'C5', 'C10', 'P1', 'P12', 'P19']);
	});
	it('1822MRS, 3 players, seed 2227', () => {
		expect(boxes('1822MRS', 3, 2227)).toEqual(['M24', 'M17', 'M19', 'M7', 'C1', 'C2', 'C7', 'P1', 'P2', 'P10']);
	});
});

describe('starting cash, bank, certificate limit and bidding tokens for 2–7 players (rules digest 1.1)', () => {
	const table: Record<TitleId, { cash: number[]; cert: number[]; tokens: number[] }> = {
		'1822': { cash: [900, 700, 525, 420, 350, 300], cert: [33, 26, 20, 16, 13, 11], tokens: [8, 6, 5, 4, 3, 3] },
		'1822NRS': { cash: [750, 500, 375, 300, 250, 215], cert: [27, 16, 13, 10, 9, 8], tokens: [7, 6, 5, 4, 3, 3] },
		'1822MRS': { cash: [750, 500, 375, 300, 250, 215], cert: [27, 18, 14, 11, 9, 8], tokens: [7, 6, 5, 4, 3, 3] }
	};
	for (const title of ['1822', '1822NRS', '1822MRS'] as const)
		for (let n = 2; n <= 7; n++)
			it(`${title} with ${n} players`, () => {
				const r = createGameState(setup(title, n, 1));
				if (!r.ok) throw new Error(r.error.message);
				const cfg = configOf(r.value.setup);
				const want = table[title];
				expect(r.value.players.every((p) => p.cash === want.cash[n - 2])).toBe(true);
				expect(r.value.bank.cash).toBe(12000 - n * want.cash[n - 2]);
				expect(cfg.certLimit).toBe(want.cert[n - 2]);
				expect(cfg.biddingTokens).toBe(want.tokens[n - 2]);
			});
});

describe('companies in play', () => {
	const companyIds = (title: TitleId, n: number, rules: string[] = []) => {
		const r = createGameState(setup(title, n, 99, rules));
		if (!r.ok) throw new Error(r.error.message);
		return Object.keys(r.value.companies);
	};
	it('NRS with 2 players uses the 2-player private set', () => {
		const privates = companyIds('1822NRS', 2).filter((c) => c.startsWith('P')).sort();
		expect(privates).toEqual(['P1', 'P11', 'P12', 'P2', 'P3', 'P4', 'P6', 'P7', 'P8', 'P9']);
	});
	it('MRS with 2 players uses P1–P12', () => {
		expect(companyIds('1822MRS', 2).filter((c) => c.startsWith('P')).length).toBe(12);
	});
	it('MRS starter uses P1, P2 and P5–P14', () => {
		expect(companyIds('1822MRS', 4, ['starter']).filter((c) => c.startsWith('P')).sort()).toEqual(
			['P1', 'P10', 'P11', 'P12', 'P13', 'P14', 'P2', 'P5', 'P6', 'P7', 'P8', 'P9']
		);
	});
	it('MRS advanced puts M14 in minor box 1', () => {
		expect(boxes('1822MRS', 4, 5, ['advanced'])[0]).toBe('M14');
	});
	it('MRS starter and advanced are exclusive', () => {
		const r = createGameState(setup('1822MRS', 4, 1, ['starter', 'advanced']));
		expect(r.ok ? null : r.error.code).toBe('options_exclusive');
	});
	it('1822+ removes one box-2 private (never P5) and two box-3 privates', () => {
		const ids = companyIds('1822', 4, ['plus_expansion']);
		expect(ids.filter((c) => c.startsWith('P')).length).toBe(18);
		expect(ids).toContain('P5');
		expect(ids.filter((c) => c.startsWith('M')).length).toBe(30);
	});
	it('1822+ without single stack fills private box k from category k', () => {
		const b = boxes('1822', 4, 7, ['plus_expansion']);
		const privates = b.filter((c) => c.startsWith('P'));
		expect(['P1', 'P3', 'P4', 'P13', 'P14', 'P19']).toContain(privates[0]);
		expect(['P2', 'P5', 'P8', 'P10', 'P11', 'P12', 'P21']).toContain(privates[1]);
		expect(['P6', 'P7', 'P9', 'P15', 'P16', 'P17', 'P18', 'P20']).toContain(privates[2]);
	});
	it('unknown options are refused', () => {
		const r = createGameState(setup('1822NRS', 4, 1, ['plus_expansion']));
		expect(r.ok ? null : r.error.code).toBe('unknown_option');
	});
	it('MRS sw_peninsula (2 players): M22 and M23 replace two minors, never the first one, homed in D39', () => {
		const r = createGameState(setup('1822MRS', 2, 4242, ['sw_peninsula']));
		if (!r.ok) throw new Error(r.error.message);
		const minors = r.value.companyOrder.filter((c) => c.startsWith('M'));
		expect(minors.length).toBe(16);
		expect(minors).toContain('M22');
		expect(minors).toContain('M23');
		expect(minors[0]).toBe('M24');
		const cfg = configOf(r.value.setup);
		expect(cfg.corporationDefs['22'].home).toBe('D39');
		expect(cfg.corporationDefs['23'].home).toBe('D39');
		expect(Object.keys(r.value.corporations)).toContain('22');
		// Only two of the usual MRS minors left the game.
		const usual = ['M7', 'M8', 'M9', 'M10', 'M11', 'M12', 'M13', 'M14', 'M15', 'M16', 'M17', 'M18', 'M19', 'M20', 'M21', 'M24'];
		expect(usual.filter((m) => !minors.includes(m)).length).toBe(2);
	});
	it('sw_peninsula is offered for 2 players only', () => {
		const r = createGameState(setup('1822MRS', 3, 1, ['sw_peninsula']));
		expect(r.ok ? null : r.error.code).toBe('option_player_count');
	});
	it('the depot starts with the title trains minus the private trains', () => {
		const r = createGameState(setup('1822NRS', 4, 1));
		if (!r.ok) throw new Error(r.error.message);
		expect(r.value.depot.upcoming.filter((t) => t.startsWith('L-')).length).toBe(14);
		expect(r.value.depot.upcoming).not.toContain('2P-0');
		expect(r.value.depot.upcoming.at(-1)).toBe('7-0');
	});
});
