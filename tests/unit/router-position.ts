/**
 * A small operating-round position for the route-finder worker and client tests: 1822NRS with
 * three players, three minors won in stock round 1, and the first to operate has bought its
 * L train (so it has a route to find).
 */
import { activeEntities, bidBoxes, createGame, operatingChoices, process, type Action, type GameState } from '../../src/lib/engine';
import { buyTrainAction } from '../../src/lib/state/operating-actions';

function apply(s: GameState, a: unknown): GameState {
	const r = process(s, a as Action);
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

export function firstMinorWithLTrain(): GameState {
	const g = createGame({ title: '1822NRS', players: [1, 2, 3].map((id) => ({ id, name: `P${id}` })), seed: 7 });
	if (!g.ok) throw new Error(g.error.message);
	let s = g.value;
	for (const m of bidBoxes(s).filter((c) => /^M\d+$/.test(c)).slice(0, 3)) {
		const p = activeEntities(s)[0];
		s = apply(s, { type: 'bid', entity: p, entity_type: 'player', company: m, price: 100 });
		s = apply(s, { type: 'pass', entity: p, entity_type: 'player' });
	}
	for (let i = 0; i < 10 && s.round.kind === 'stock'; i++) s = apply(s, { type: 'pass', entity: activeEntities(s)[0], entity_type: 'player' });
	const c = operatingChoices(s)!;
	return apply(s, buyTrainAction(c.entity, c.trains!.depot[0].train, 50, 'L'));
}
