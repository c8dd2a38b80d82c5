/**
 * The route-finder worker's messages (worker-protocol.ts): a question about the position it
 * holds is answered with the routes to run, a cancelled question is not answered (also when
 * the cancel arrives while the search is running, between two of its slices), the best run
 * so far is posted as progress, and a question about another position fails with a reason
 * rather than answering for the wrong map.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatingChoices, routeRevenue, type GameState } from '../../src/lib/engine';
import { corporationId } from '../../src/lib/engine/core/ids';
import { createRouteWorker, type RouteWorkerOptions, type WorkerOut } from '../../src/lib/state/router-worker';
import { replayExport } from '../../src/lib/interop/replay';
import { referenceRoot } from './map-reference';
import { firstMinorWithLTrain } from './router-position';

const position = firstMinorWithLTrain;

describe('the route-finder worker (worker-protocol.ts: latest question only)', () => {
	const state = position();
	const corp = corporationId(operatingChoices(state)!.entity);
	const ref = { gameId: 'g', actionCount: 10 };

	/** A worker whose tasks wait in `queue`: `next` runs one, `flush` runs them all (and those they queue). */
	function worker(options: RouteWorkerOptions = {}) {
		const out: WorkerOut[] = [];
		const queue: (() => void)[] = [];
		const handle = createRouteWorker((m) => out.push(m), { ...options, defer: (run) => queue.push(run) });
		let tasks = 0;
		const next = () => {
			tasks++;
			queue.shift()!();
		};
		const flush = () => {
			while (queue.length > 0) next();
		};
		return { out, handle, next, flush, tasks: () => tasks, queued: () => queue.length };
	}
	/** Slices of one unit of work each: even this small search takes many slices. */
	const tiny: RouteWorkerOptions = { chunk: 1, sliceMs: 0, progressMs: 0 };

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

	it('a cancel that arrives while the search runs stops it between slices, without an answer', () => {
		const w = worker(tiny);
		w.handle({ type: 'position', stateRef: ref, state });
		w.handle({ type: 'find-routes', id: 6, stateRef: ref, corporation: corp, timeBudgetMs: 60_000 });
		// the request starts and runs its first two slices: the search is under way
		w.next();
		w.next();
		expect(w.queued()).toBe(1);
		w.handle({ type: 'cancel', id: 6 });
		w.flush();
		expect(w.tasks()).toBe(3);
		expect(w.out.filter((m) => m.type !== 'progress')).toEqual([]);
		// the worker still answers the next question
		w.handle({ type: 'find-routes', id: 7, stateRef: ref, corporation: corp, timeBudgetMs: 60_000 });
		w.flush();
		expect(w.out.at(-1)?.type).toBe('result');
		expect(w.out.at(-1)?.id).toBe(7);
	});

	it('when the time budget runs out, the answer is the best run so far, marked not exhaustive', () => {
		let clock = 0;
		// every look at the clock takes a millisecond
		const w = worker({ ...tiny, now: () => clock++ });
		w.handle({ type: 'position', stateRef: ref, state });
		w.handle({ type: 'find-routes', id: 8, stateRef: ref, corporation: corp, timeBudgetMs: 3 });
		w.flush();
		const last = w.out.at(-1)!;
		expect(last.type).toBe('result');
		if (last.type === 'result') expect(last.exhaustive).toBe(false);
	});
});

const fixture = path.resolve(referenceRoot, 'fixtures', '1822', '1822_game_end_stock_market.json');
const gameExists = existsSync(fixture);

describe.skipIf(!gameExists)('the route-finder worker on a late-game position', () => {
	it('posts its best run so far as progress while it searches, then the result (1822, LYR before action 1499)', () => {
		const replay = replayExport(JSON.parse(readFileSync(fixture, 'utf8')), { until: 1498 });
		const state = replay.game!.state as GameState;
		const corp = corporationId(operatingChoices(state)!.entity);
		expect(corp).toBe('LYR');
		const ref = { gameId: 'late', actionCount: 1498 };
		const run = (options: RouteWorkerOptions) => {
			const out: WorkerOut[] = [];
			const queue: (() => void)[] = [];
			const handle = createRouteWorker((m) => out.push(m), { ...options, defer: (r) => queue.push(r) });
			handle({ type: 'position', stateRef: ref, state });
			handle({ type: 'find-routes', id: 1, stateRef: ref, corporation: corp, timeBudgetMs: 600_000 });
			let tasks = 0;
			for (; queue.length > 0; tasks++) queue.shift()!();
			return { out, tasks };
		};
		const sliced = run({ chunk: 500, sliceMs: 0, progressMs: 0 });
		expect(sliced.tasks).toBeGreaterThan(100);
		const last = sliced.out.at(-1)!;
		expect(last.type).toBe('result');
		if (last.type !== 'result') return;
		expect(last.exhaustive).toBe(true);
		const progress = sliced.out.slice(0, -1);
		expect(progress.length).toBeGreaterThan(0);
		for (const p of progress) {
			expect(p.type).toBe('progress');
			if (p.type !== 'progress') continue;
			// progress is a run the engine accepts, at the revenue it claims, never above the answer
			const check = routeRevenue(state, p.routes)!;
			expect(check.ok).toBe(true);
			if (check.ok) expect(p.bestSoFar.revenue).toBe(check.value.total);
			expect(p.bestSoFar.revenue).toBeLessThanOrEqual(last.best.revenue);
		}
		// the first run shown is not yet the best: the page sees the answer improve
		const first = progress[0];
		expect(first.type === 'progress' && first.bestSoFar.revenue).toBeLessThan(last.best.revenue);
		// the answer is the engine's figure for its routes, and the same as the search in one slice
		const check = routeRevenue(state, last.routes)!;
		expect(check.ok && check.value.total).toBe(last.best.revenue);
		const whole = run({ sliceMs: 1e9, chunk: 1e9 });
		expect(whole.out).toHaveLength(1);
		const r = whole.out[0];
		expect(r.type === 'result' && r.best).toEqual(last.best);
	});
});
