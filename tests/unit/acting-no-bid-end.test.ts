/**
 * A first stock round in which nobody bids ends the game [g_1822 stock round; our sr-end.ts
 * finishStockRound, "dnf"]. The site ends it inside that round, which keeps its next player as
 * the round's active entity [game/base.rb process_action, end_game!; round/base.rb
 * active_entities], so the trace and the export's `acting` name that player. Found by the
 * differential run (seed 15052, game 18, 1822NRS 2p: both players passed; the reference's state
 * after the second pass has `act` [1]). The app's own turn display shows nobody.
 */
import { describe, expect, it } from 'vitest';
import { actingEntities, activeEntities, Game, type GameState } from '../../src/lib/engine/index';

function noBidGame(players: number): GameState {
	const created = Game.create({
		title: '1822NRS',
		players: Array.from({ length: players }, (_, i) => ({ id: i + 1, name: `P${i + 1}` })),
		seed: 2167285811,
		optionalRules: [],
		mode: 'live'
	});
	if (!created.ok) throw new Error(created.error.message);
	for (let p = 1; p <= players; p++) {
		const r = created.value.process({ type: 'pass', entity: p, entity_type: 'player' });
		if (!r.ok) throw new Error(r.error.message);
	}
	return created.value.state as GameState;
}

describe('the game ended by a first stock round without a bid', () => {
	it('the stock round keeps its next player acting, as the site reports it', () => {
		const s = noBidGame(2);
		expect(s.end).toMatchObject({ finished: true, reason: 'dnf' });
		expect(actingEntities(s)).toEqual([1]);
		expect(actingEntities(noBidGame(3))).toEqual([1]);
	});

	it('nobody is asked to act in the app', () => {
		expect(activeEntities(noBidGame(2))).toEqual([]);
	});
});
