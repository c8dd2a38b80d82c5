/**
 * Where 18xx.games may stop a game because its cached track graph is out of date
 * The site refreshes its cache on a lay, a token placed by a step and a
 * destination token [graph.rb clear; step/tracker.rb, step/tokener.rb, g_1822/game.rb
 * place_destination_token], but not after a player's minor is acquired with its token exchanged
 * or removed [g_1822/step/minor_acquisition.rb acquire_entity_minor; game/base.rb
 * close_corporation]; 1822 Canada's own acquisition step adds that refresh
 * [g_1822_ca/step/minor_acquisition.rb].
 *
 * A director without the director's certificate: a seller who becomes director takes the
 * directorship on the site with no swap of certificates [share_pool.rb transfer_shares:
 * `return if owner == president`]; it takes shares paid for a minor, with no check of the
 * directorship, to hold more than the director [g_1822/step/minor_acquisition.rb
 * acquire_entity_minor].
 *
 * The games of tests/fixtures/site-hazard-games.json are the differential run's: each ends with
 * the move the site refused.
 */
import { describe, expect, it } from 'vitest';
import { Game, type GameState } from '../../src/lib/engine/index';
import { percentHeld, playerHolder } from '../../src/lib/engine/core/shares';
import { presidentId } from '../../src/lib/engine/titles/g1822/shares-ops';
import { loadRecordedGames, type RecordedGame } from '../support/recorded-games';
import { siteHazard } from '../../src/lib/interop/site-hazards';
import { exportGameTo18xx } from '../../src/lib/state/game-export';

const fixture = loadRecordedGames('site-hazard-games.json');
const v8 = loadRecordedGames('rules-v8-games.json');
const removal = fixture.games.find((g) => g.name === 'seed 15036 game 15')!;
const exchange = fixture.games.find((g) => g.name === 'seed 15044 game 43')!;
const director = fixture.games.find((g) => g.name === 'seed 15102 game 59')!;

const hazardOf = (g: RecordedGame, n = g.actions.length) =>
	siteHazard({ ...g.setup, rulesVersion: g.rulesVersion!, actions: g.actions.slice(0, n).map((action) => ({ action })) });

/** The index of the acquisition's token choice that leaves the site's graph out of date. */
const choiceIndex = (g: RecordedGame, choice: string) => g.actions.findLastIndex((a) => a.type === 'choose' && a.entity === 'LNWR' && a.choice === choice);

describe('the export names the move 18xx.games may judge with an out-of-date track graph', () => {
	it('every game of the fixture is accepted here to its end', () => {
		for (const g of fixture.games) {
			const played = Game.create({ ...g.setup, mode: 'live', rulesVersion: g.rulesVersion! });
			if (!played.ok) throw new Error(played.error.message);
			expect(g.actions.filter((a) => !played.value.process(a).ok)).toEqual([]);
		}
	});

	it("a minor's token removed: the site refused LNWR's lay on N25, the last action of the game", () => {
		expect(removal.actions.at(-1)).toMatchObject({ type: 'lay_tile', entity: 'LNWR', hex: 'N25' });
		const h = hazardOf(removal);
		expect(h).toMatchObject({ action: removal.actions.length, corporation: 'LNWR' });
		expect(h!.sentence).toMatch(new RegExp(`^18xx\\.games may stop this game at action ${removal.actions.length} \\(LNWR's move\\)`));
	});

	it("a minor's token exchanged: the site skipped LNWR's token step and refused its token in K24", () => {
		expect(exchange.actions.at(-1)).toMatchObject({ type: 'place_token', entity: 'LNWR', city: '6-0-0' });
		expect(hazardOf(exchange)).toMatchObject({ action: exchange.actions.length, corporation: 'LNWR' });
	});

	it('each game up to the acquisition, and up to the move before the refused one, is not named', () => {
		const removed = choiceIndex(removal, 'remove');
		const exchanged = choiceIndex(exchange, 'exchange');
		expect(removed).toBeGreaterThan(0);
		expect(exchanged).toBeGreaterThan(0);
		expect(hazardOf(removal, removed)).toBeNull();
		expect(hazardOf(exchange, exchanged)).toBeNull();
		expect(hazardOf(removal, removal.actions.length - 1)).toBeNull();
		// The site skipped the token step after LNWR's track pass, the action before the refused
		// one: a game that ends with that pass has no move the site would refuse.
		expect(exchange.actions.at(-2)).toMatchObject({ type: 'pass', entity: 'LNWR' });
		expect(hazardOf(exchange, exchange.actions.length - 1)).toBeNull();
	});

	it('games whose graph was refreshed after each such change are not named', () => {
		// The 1822 game has SECR acquire minor 29 and remove its token, then LYR lays a tile before
		// anyone asks the graph again; the site accepted all three games to their end.
		const secr = v8.games.find((g) => g.setup.title === '1822')!;
		expect(secr.actions.some((a) => a.type === 'choose' && a.entity === 'SECR' && a.choice === 'remove')).toBe(true);
		for (const g of v8.games) {
			expect(siteHazard({ ...g.setup, rulesVersion: v8.rulesVersion!, actions: g.actions.map((action) => ({ action })) })).toBeNull();
		}
	});

	it("the app's export writes the file and shows the sentence", () => {
		const g = exchange;
		const played = Game.create({ ...g.setup, mode: 'live', rulesVersion: g.rulesVersion! });
		if (!played.ok) throw new Error(played.error.message);
		for (const a of g.actions) expect(played.value.process(a).ok).toBe(true);
		const seats = g.setup.players.map((p, i) => ({ seat: i, name: p.name }));
		const chain = g.actions.map((action, i) => ({ id: `e${i}`, kind: { kind: 'game', action } }));
		const view = {
			game: 'stale-graph-test',
			genesis: { kind: { kind: 'genesis', setup: { title: g.setup.title, options: g.setup.optionalRules, rules: 'g1822/8' } } },
			seats,
			seed: g.setup.seed,
			chain,
			undos: [],
			state: played.value.state
		};
		const out = exportGameTo18xx(view as never, 1700000000);
		expect(out.ok).toBe(true);
		if (out.ok) {
			expect(out.file.actions).toHaveLength(g.actions.length);
			expect(out.warning).toBe(hazardOf(g)!.sentence);
		}
	});
});

describe("the export names the sale after which the site's director lacks the director's certificate", () => {
	const SALE = 517;
	const stateAfter = (n: number) => {
		const played = Game.create({ ...director.setup, mode: 'live', rulesVersion: director.rulesVersion });
		if (!played.ok) throw new Error(played.error.message);
		for (const a of director.actions.slice(0, n)) expect(played.value.process(a).ok).toBe(true);
		return played.value.state as GameState;
	};

	it("the position: P2 holds half of LNWR after minor 15's acquisition, P3 stays director; P2's sale makes P2 director", () => {
		const before = stateAfter(SALE - 1);
		expect(presidentId(before.corporations.LNWR)).toBe(3);
		expect(percentHeld(before.corporations.LNWR.shares, playerHolder(2))).toBe(50);
		expect(director.actions[SALE - 1]).toMatchObject({ type: 'sell_shares', entity: 2, shares: ['LNWR_6', 'LNWR_9'] });
		expect(presidentId(stateAfter(SALE).corporations.LNWR)).toBe(2);
	});

	it('the hazard is that sale; a game that ends with it, or before it, is not named', () => {
		const h = hazardOf(director);
		expect(h).toMatchObject({ kind: 'director_certificate', action: SALE, corporation: 'LNWR' });
		expect(h!.sentence).toMatch(/^18xx\.games may stop this game after action 517: there player 2 becomes LNWR's director by selling/);
		expect(hazardOf(director, SALE)).toBeNull();
		expect(hazardOf(director, SALE - 1)).toBeNull();
		// The site refused the game's last move, a sale naming a certificate it had given P3.
		expect(director.actions.at(-1)).toMatchObject({ type: 'sell_shares', entity: 2, shares: ['LNWR_7'] });
	});
});
