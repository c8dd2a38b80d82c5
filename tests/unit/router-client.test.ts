/**
 * The route-finder client (router-client.ts) against the worker's own message handling
 * (router-worker.ts) behind a stand-in `Worker`: `find(state, ref)` answers as before;
 * aborting its signal while the search runs cancels the worker's search and rejects with an
 * AbortError, and the client answers the next question; progress reaches `onProgress`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../src/lib/engine';
import { bestRoutes } from '../../src/lib/state/operating-routes';
import { RouterClient } from '../../src/lib/state/router-client';
import { createRouteWorker, type WorkerIn, type WorkerOut } from '../../src/lib/state/router-worker';
import { replayExport } from '../../src/lib/interop/replay';
import { referenceRoot } from './map-reference';
import { firstMinorWithLTrain } from './router-position';

const position = firstMinorWithLTrain;

/** Every message the app posted to the stand-in workers. */
const posted: WorkerIn[] = [];

/** A stand-in Worker: the real message handling, its slices `chunk` units each, a task apart. */
class FakeWorker {
	static chunk = 1;
	onmessage: ((e: { data: WorkerOut }) => void) | null = null;
	onerror: (() => void) | null = null;
	readonly #handle = createRouteWorker((m) => setTimeout(() => this.onmessage?.({ data: m }), 0), {
		defer: (run) => setTimeout(run, 0),
		chunk: FakeWorker.chunk,
		sliceMs: 0,
		progressMs: 0
	});
	postMessage(m: WorkerIn): void {
		posted.push(m);
		this.#handle(structuredClone(m));
	}
	terminate(): void {}
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the route-finder client with a worker', () => {
	const state = position();
	const ref = { gameId: 'g', actionCount: 10 };
	beforeEach(() => {
		posted.length = 0;
		FakeWorker.chunk = 1;
		vi.stubGlobal('Worker', FakeWorker);
	});
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('find(state, ref) without options answers with the best routes, as the search on this thread does', async () => {
		const client = new RouterClient();
		const found = await client.find(state, ref);
		const here = bestRoutes(state)!;
		expect(found).toEqual({ routes: here.routes, total: here.total, exhaustive: true });
		client.close();
	});

	it('aborting the signal while the search runs cancels it in the worker and rejects with an AbortError; the next question is answered', async () => {
		const client = new RouterClient();
		const controller = new AbortController();
		const asked = client.find(state, ref, { signal: controller.signal });
		const outcome = asked.then(
			() => 'answered',
			(e: unknown) => (e instanceof Error || e instanceof DOMException ? e.name : String(e))
		);
		// the search starts and runs a few of its slices
		await tick();
		await tick();
		await tick();
		controller.abort();
		expect(await outcome).toBe('AbortError');
		const request = posted.find((m) => m.type === 'find-routes')!;
		expect(posted.at(-1)).toEqual({ type: 'cancel', id: request.id });
		// the worker still answers
		const again = await client.find(state, { gameId: 'g', actionCount: 11 });
		expect(again?.total).toBe(bestRoutes(state)!.total);
		client.close();
	});

	it('warmUp asks the worker once with a short budget, and a real question supersedes it', async () => {
		const client = new RouterClient();
		client.warmUp(state, ref);
		client.warmUp(state, ref);
		const warm = posted.filter((m) => m.type === 'find-routes');
		expect(warm).toHaveLength(1);
		expect(warm[0]).toMatchObject({ timeBudgetMs: 500 });
		const found = await client.find(state, { gameId: 'g', actionCount: 12 });
		// the warm-up search was cancelled before the real one was asked
		const after = posted.slice(posted.indexOf(warm[0]) + 1);
		expect(after.find((m) => m.type === 'cancel')).toEqual({ type: 'cancel', id: (warm[0] as { id: number }).id });
		expect(found?.total).toBe(bestRoutes(state)!.total);
		client.close();
	});

	it('an already aborted signal rejects at once, without asking the worker', async () => {
		const client = new RouterClient();
		const controller = new AbortController();
		controller.abort();
		await expect(client.find(state, ref, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
		expect(posted).toEqual([]);
		client.close();
	});
});

const fixture = path.resolve(referenceRoot, 'fixtures', '1822', '1822_game_end_stock_market.json');
const gameExists = existsSync(fixture);

describe.skipIf(!gameExists)('the route-finder client on a late-game position', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('onProgress gets better and better runs, then find answers with the best (1822, LYR before action 1499)', async () => {
		const state = replayExport(JSON.parse(readFileSync(fixture, 'utf8')), { until: 1498 }).game!.state as GameState;
		FakeWorker.chunk = 500;
		vi.stubGlobal('Worker', FakeWorker);
		const client = new RouterClient();
		const progress: number[] = [];
		const found = await client.find(state, { gameId: 'late', actionCount: 1498 }, { onProgress: (p) => progress.push(p.total) });
		client.close();
		const here = bestRoutes(state)!;
		expect(found).toEqual({ routes: here.routes, total: here.total, exhaustive: true });
		expect(progress.length).toBeGreaterThan(0);
		expect(progress[0]).toBeLessThan(here.total);
		expect(progress.every((t, i) => t <= here.total && (i === 0 || t >= progress[i - 1]))).toBe(true);
	});
});
