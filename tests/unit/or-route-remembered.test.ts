/**
 * A route once found is remembered whatever trains the company holds (rules version 4): the
 * reference's graph keeps `route_train_purchase` from the first walk of the company's stations
 * that reaches two stops, trains or none, and keeps it through later clears [graph.rb compute,
 * clear]. The game is a random 1822NRS game (tests/fixtures/rules-v3-games.json) in which minor 29,
 * trainless, reached the town of G28 from its station on E26, P2's lay then removed that town,
 * and minor 29 bought a 3 train. 18xx.games, every check on, held minor 29 at Run Routes after its
 * action 37 and refused action 38 (a player paying off debt): "Blocking step Run Routes cannot
 * process action payoff_player_debt".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, operatingChoices, type Action, type RulesVersion } from '../../src/lib/engine/index';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';

interface RecordedGame {
	setup: { title: TitleId; players: { id: number; name: string }[]; seed: number; optionalRules: string[] };
	actions: Action[];
}
const games = (JSON.parse(readFileSync(new URL('../fixtures/rules-v3-games.json', import.meta.url), 'utf8')) as { games: RecordedGame[] }).games;
const nrs = games.find((g) => g.setup.title === '1822NRS' && g.setup.seed === 3412228119);

function after(actions: number, rulesVersion: RulesVersion) {
	if (!nrs) throw new Error('the 1822NRS game is missing from the fixture');
	const created = Game.create({ ...nrs.setup, mode: 'live', rulesVersion });
	if (!created.ok) throw new Error(created.error.message);
	const game = created.value;
	for (const a of nrs.actions.slice(0, actions)) {
		const r = game.process(a);
		if (!r.ok) throw new Error(`action ${String(a.id)}: ${r.error.message}`);
	}
	return game;
}

describe('a route found while trainless is remembered (rules version 4) [graph.rb compute]', () => {
	it('the fixture game is the one described: minor 29 holds a 3 train and no route from E26 now', () => {
		const g = after(37, 4);
		const m29 = g.state.corporations['29'];
		expect(m29.trains.map((t) => t.name)).toEqual(['3']);
		expect(nrs?.actions[37]).toMatchObject({ type: 'payoff_player_debt' });
	});

	it('version 4: minor 29 runs routes after action 37, and the debt payoff is refused, as on 18xx.games', () => {
		const g = after(37, 4);
		const choices = operatingChoices(g.state);
		expect(choices?.entity).toBe('29');
		expect(choices?.step).toBe('route');
		const r = g.process(nrs!.actions[37]);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.error.code).toBe('action_not_allowed');
	});

	it('version 3 keeps its own answer: the route step is skipped and the payoff is taken', () => {
		const g = after(37, 3);
		expect(operatingChoices(g.state)?.step).not.toBe('route');
		expect(g.process(nrs!.actions[37]).ok).toBe(true);
	});
});
