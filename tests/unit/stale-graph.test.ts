/**
 * Where 18xx.games may stop a game because its cached track graph is out of date
 * (interop/stale-graph.ts). The site refreshes its cache on a lay, a token placed by a step and a
 * destination token [graph.rb clear; step/tracker.rb, step/tokener.rb, g_1822/game.rb
 * place_destination_token], but not after a player's minor is acquired with its token exchanged
 * or removed [g_1822/step/minor_acquisition.rb acquire_entity_minor; game/base.rb
 * close_corporation]; 1822 Canada's own acquisition step adds that refresh
 * [g_1822_ca/step/minor_acquisition.rb]. The two games of tests/fixtures/stale-graph-games.json
 * are the differential run's: each ends with the move the site refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, type Action, type RulesVersion } from '../../src/lib/engine/index';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';
import { staleGraphHazard } from '../../src/lib/interop/stale-graph';
import { exportGameTo18xx } from '../../src/lib/state/game-export';

interface RecordedGame {
	name: string;
	setup: { title: TitleId; players: { id: number; name: string }[]; seed: number; optionalRules: string[] };
	actions: Action[];
	hash?: string;
}
const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as { rulesVersion: RulesVersion; games: RecordedGame[] };
const fixture = load('stale-graph-games.json');
const v8 = load('rules-v8-games.json');
const removal = fixture.games.find((g) => g.name === 'seed 15036 game 15')!;
const exchange = fixture.games.find((g) => g.name === 'seed 15044 game 43')!;

const hazardOf = (g: RecordedGame, n = g.actions.length) =>
	staleGraphHazard({ ...g.setup, rulesVersion: fixture.rulesVersion, actions: g.actions.slice(0, n).map((action) => ({ action })) });

/** The index of the acquisition's token choice that leaves the site's graph out of date. */
const choiceIndex = (g: RecordedGame, choice: string) => g.actions.findLastIndex((a) => a.type === 'choose' && a.entity === 'LNWR' && a.choice === choice);

describe('the export names the move 18xx.games may judge with an out-of-date track graph', () => {
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
			expect(staleGraphHazard({ ...g.setup, rulesVersion: v8.rulesVersion, actions: g.actions.map((action) => ({ action })) })).toBeNull();
		}
	});

	it("the app's export writes the file and shows the sentence", () => {
		const g = exchange;
		const played = Game.create({ ...g.setup, mode: 'live', rulesVersion: fixture.rulesVersion });
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
