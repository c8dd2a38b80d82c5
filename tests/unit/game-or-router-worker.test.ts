/**
 * The route-finder worker's messages (worker-protocol.ts): a question about the position it
 * holds is answered with the routes to run, a cancelled question is not answered, and a
 * question about another position fails with a reason rather than answering for the wrong map.
 */
import { describe, expect, it } from 'vitest';
import { activeEntities, bidBoxes, createGame, operatingChoices, process, routeRevenue, type Action, type GameState } from '../../src/lib/engine';
import { corporationId } from '../../src/lib/engine/core/ids';
import { createRouteWorker, type WorkerOut } from '../../src/lib/state/router-worker';
import { buyTrainAction } from '../../src/lib/state/operating-actions';

function apply(s: GameState, a: unknown): GameState {
	const r = process(s, a as Action);
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

/** NRS, three minors won in stock round 1; the first to operate has bought its L train. */
function position(): GameState {
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

describe('the route-finder worker (worker-protocol.ts: latest question only)', () => {
	const state = position();
	const corp = corporationId(operatingChoices(state)!.entity);
	const ref = { gameId: 'g', actionCount: 10 };

	function worker() {
		const out: WorkerOut[] = [];
		const queue: (() => void)[] = [];
		const handle = createRouteWorker((m) => out.push(m), (run) => queue.push(run));
		return { out, handle, flush: () => queue.splice(0).forEach((r) => r()) };
	}

	it('answers with routes the engine accepts for the position it holds', () => {
		const w = worker();
		w.handle({ type: 'position', stateRef: ref, state });
		w.handle({ type: 'find-routes', id: 1, stateRef: ref, corporation: corp, timeBudgetMs: 1000 });
		w.flush();
		expect(w.out).toHaveLength(1);
		const m = w.out[0];
		expect(m.type).toBe('result');
		if (m.type !== 'result') return;
		expect(m.id).toBe(1);
		expect(m.routes.length).toBe(1);
		const check = routeRevenue(state, m.routes)!;
		expect(check.ok).toBe(true);
		if (check.ok) expect(m.best.revenue).toBe(check.value.total);
	});

	it('a question cancelled before it runs gets no answer', () => {
		const w = worker();
		w.handle({ type: 'position', stateRef: ref, state });
		w.handle({ type: 'find-routes', id: 2, stateRef: ref, corporation: corp, timeBudgetMs: 1000 });
		w.handle({ type: 'cancel', id: 2 });
		w.flush();
		expect(w.out).toEqual([]);
	});

	it('a question about another position fails with a reason', () => {
		const w = worker();
		w.handle({ type: 'position', stateRef: ref, state });
		w.handle({ type: 'find-routes', id: 3, stateRef: { gameId: 'g', actionCount: 11 }, corporation: corp, timeBudgetMs: 1000 });
		w.flush();
		expect(w.out).toHaveLength(1);
		expect(w.out[0].type).toBe('failure');
	});
});
