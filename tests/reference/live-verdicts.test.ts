/**
 * Prefixes of random games this engine played live, each ending where 18xx.games once judged an
 * action differently, replayed the way the site's server takes a live game
 * (tests/support/live-replay.ts). The verdicts are the reference's own (tobymao/18xx, live
 * `process_action` with every check on): this engine must accept every action it accepted and
 * refuse, with a code, the one it refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { roundName } from '../../src/lib/engine/index';
import { exportRefusal } from '../../src/lib/interop/export-18xx';
import { liveReplay } from '../support/live-replay';

const VERDICTS: Record<string, { refusedAt: number | null; rule: string }> = {
	// Player 4 repays down to £0 still in debt; the LNWR director's sale the reference offers
	// (the Tax Haven holds an LNWR share) keeps the turn open, so player 3's pass is refused
	// ("Blocking step Bid, convert concession or buy/sell shares cannot process action pass").
	debt_repaid_tax_haven_could_direct: { refusedAt: 270, rule: '[share_bundle.rb can_dump?; g_1822/step/buy_sell_par_shares.rb actions]' },
	// Player 5 sells the LNWR director's certificate while the Tax Haven ties with the players who
	// could take over: the reference fails ("comparison of Integer with nil failed").
	director_sale_tax_haven_ties: { refusedAt: 692, rule: '[share_pool.rb transfer_shares, distance]' },
	// SECR's unused Channel token keeps its token step open; it then places in London's second city.
	secr_second_london_city: { refusedAt: null, rule: '[g_1822/step/token.rb can_place_token?, process_place_token]' },
	// CR's 7 train runs F7 → E8 → E10 → D9 → back into E8's junction → E6: the reference finds no
	// track for that leg ("Route must contain token").
	route_loops_through_junction_twice: { refusedAt: 417, rule: '[part/path.rb walk]' },
	// Minor 29 reached G28's town while trainless; P2's lay then removed the town and minor 29 bought
	// a 3 train. The reference kept the route it had found, so minor 29 runs routes and player 2's
	// debt payoff is refused ("Blocking step Run Routes cannot process action payoff_player_debt").
	route_found_while_trainless: { refusedAt: 38, rule: '[graph.rb compute, clear]' },
	// NER's dividend in OR 20.1 breaks the bank and lifts its price into the market's end cell: the
	// reference checks the bank first and keeps that trigger, so the game goes on to OR 20.2.
	bank_and_market_end_in_one_dividend: { refusedAt: null, rule: '[g_1822/game.rb GAME_END_CHECK, GAME_END_LOCK_FIRST_TRIGGER]' },
	// LNWR laid one yellow tile with P12 (combined with P11) a turn earlier; it lays the yellow left.
	p12_last_yellow_next_turn: { refusedAt: null, rule: '[ability/tile_lay.rb use!]' },
	// L19's one slot is reserved for NER (not yet floated) and MR's destination token stands there
	// in a slot of its own: the city does not block, so LNWR reaches minor 9 at N23 through it, its
	// acquisition step is not passed for it, and LNWR passes it itself.
	reserved_slot_keeps_city_open: { refusedAt: null, rule: '[part/city.rb get_slot cheater, blocks?; g_1822/game.rb place_destination_token]' }
};

const read = (name: string): { actions: { id: number }[] } =>
	JSON.parse(readFileSync(new URL(`../fixtures/live-verdicts/${name}.json`, import.meta.url), 'utf8'));

describe('live-game prefixes: this engine judges the last action as 18xx.games does', () => {
	for (const [name, verdict] of Object.entries(VERDICTS)) {
		it(`${name}: ${verdict.refusedAt === null ? 'accepts every action' : `refuses action ${verdict.refusedAt}`} ${verdict.rule}`, () => {
			const json = read(name);
			const r = liveReplay(json);
			if (verdict.refusedAt === null) {
				expect(r.refused).toBeNull();
				expect(r.steps.length).toBe(json.actions.length);
			} else {
				expect(r.refused?.id).toBe(verdict.refusedAt);
				expect(r.refused?.code).toMatch(/^[a-z_]+$/);
				expect(r.steps.length).toBe(json.actions.findIndex((a) => a.id === verdict.refusedAt));
			}
		});
	}

	it('bank_and_market_end_in_one_dividend: the broken bank is the trigger, so the set’s last OR is played, as on the site', () => {
		const r = liveReplay(read('bank_and_market_end_in_one_dividend'));
		expect(r.refused).toBeNull();
		const { end } = r.game.state;
		expect(end.finished).toBe(false);
		expect(end.trigger).toBe('bank');
		expect(roundName(r.game.state)).toBe('Operating Round 20.2');
	});

	it('loan_after_director_sale_tax_haven_ties (the reference\'s bug): the loan is made, as the one sale the reference asks for is one it cannot make', () => {
		// SECR must buy the 5P (£500) with £82; its director, player 4, has sold what may be sold and
		// holds £109 and LNWR's 10% director's certificate. The Tax Haven ties with player 1 and 5
		// for LNWR's directorship. The reference refuses the loan ("P4 still needs to sell shares
		// before a loan can be granted", as its liquidity counts that certificate
		// [g_1822/step/buy_train.rb sellable_shares?; game/base.rb value_for_sellable]) and fails
		// on the sale itself ("comparison of Integer with nil failed" [share_pool.rb
		// transfer_shares, distance]), so there the game cannot go on. Here the sale is refused
		// (director_sale_tax_haven_ties) and the loan is made.
		const json = read('loan_after_director_sale_tax_haven_ties') as { actions: { id: number }[] };
		const r = liveReplay(json);
		expect(r.refused).toBeNull();
		const state = r.game.state;
		expect(state.corporations.SECR.trains.map((t) => t.name)).toContain('5P');
		expect(state.players.find((p) => p.id === 4)?.debt).toBeGreaterThan(0);
		// From that loan on the site cannot follow the game, and its export says so instead of
		// writing a file the site would stop on (rules version 6).
		expect(state.siteCannotFollow).toMatch(/^18xx\.games cannot follow this game from Operating Round \d+\.\d: .* 10% of LNWR, a director's certificate the Tax Haven would take or ties for/);
		expect(exportRefusal([], state)).toBe(state.siteCannotFollow);

		const before = liveReplay({ ...json, actions: json.actions.slice(0, -1) });
		expect(before.refused).toBeNull();
		expect(before.game.state.siteCannotFollow).toBeUndefined();
		const sale = before.game.process({ type: 'sell_shares', entity: 4, entity_type: 'player', shares: ['LNWR_0'], percent: 10 } as never);
		expect(sale.ok ? null : sale.error.code).toBe('president_to_tax_haven');
	});

	it('p12_last_yellow_next_turn: the last yellow lay closes P12, as on the site', () => {
		const r = liveReplay(read('p12_last_yellow_next_turn'));
		expect(r.refused).toBeNull();
		expect(r.game.state.companies.P12.closed).toBe(true);
	});
});
