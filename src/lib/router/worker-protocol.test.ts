import { describe, expect, it } from 'vitest';
import { corporationId, hexId, trainId } from '../engine/core/ids';
import { createRequestTracker, type RouteSet, type WorkerToApp } from './worker-protocol';

const LNWR = corporationId('LNWR');
const at = (actionCount: number) => ({ gameId: 'g1', actionCount });
const routes = (revenue: number): RouteSet => ({
	routes: [{ train: trainId('2-0'), hexes: [hexId('M38'), hexId('L37')], revenue }],
	revenue
});

describe('route finder requests: only the latest question is answered', () => {
	it('numbers requests and passes the state they are about', () => {
		const tracker = createRequestTracker();
		expect(tracker.start(at(10), LNWR, 2000)).toEqual([
			{ type: 'find-routes', id: 1, stateRef: { gameId: 'g1', actionCount: 10 }, corporation: 'LNWR', timeBudgetMs: 2000 }
		]);
		expect(tracker.pending?.id).toBe(1);
	});

	it('accepts progress and the result of the running request, then considers it finished', () => {
		const tracker = createRequestTracker();
		tracker.start(at(10), LNWR, 2000);
		const progress: WorkerToApp = { type: 'progress', id: 1, bestSoFar: routes(40) };
		const result: WorkerToApp = { type: 'result', id: 1, best: routes(60), exhaustive: true };
		expect(tracker.accept(progress)).toBe(progress);
		expect(tracker.accept(result)).toBe(result);
		expect(tracker.pending).toBeNull();
		// Anything after the final answer is stale.
		expect(tracker.accept({ type: 'progress', id: 1, bestSoFar: routes(70) })).toBeNull();
	});

	it('cancels the running request when a new one starts, and drops its late answers', () => {
		const tracker = createRequestTracker();
		tracker.start(at(10), LNWR, 2000);
		const posted = tracker.start(at(11), LNWR, 2000);
		expect(posted.map((m) => [m.type, m.id])).toEqual([
			['cancel', 1],
			['find-routes', 2]
		]);
		expect(tracker.accept({ type: 'result', id: 1, best: routes(60), exhaustive: true })).toBeNull();
		const fresh: WorkerToApp = { type: 'result', id: 2, best: routes(80), exhaustive: false };
		expect(tracker.accept(fresh)).toBe(fresh);
	});

	it('a failure ends the request like a result', () => {
		const tracker = createRequestTracker();
		tracker.start(at(3), LNWR, 500);
		const failure: WorkerToApp = { type: 'failure', id: 1, message: 'LNWR has no trains' };
		expect(tracker.accept(failure)).toBe(failure);
		expect(tracker.pending).toBeNull();
	});

	it('after cancel, nothing is pending and answers are dropped', () => {
		const tracker = createRequestTracker();
		tracker.start(at(3), LNWR, 500);
		expect(tracker.cancel()).toEqual({ type: 'cancel', id: 1 });
		expect(tracker.cancel()).toBeNull();
		expect(tracker.accept({ type: 'progress', id: 1, bestSoFar: routes(10) })).toBeNull();
	});

	it('never reuses an id, so an answer cannot be mistaken for a newer request', () => {
		const tracker = createRequestTracker();
		const ids = new Set<number>();
		for (let i = 0; i < 5; i++) {
			tracker.start(at(i), LNWR, 100);
			ids.add(tracker.pending!.id);
			tracker.cancel();
		}
		expect(ids.size).toBe(5);
	});
});
