/**
 * Asks the route-finder worker for the operating company's best routes. Only the latest
 * question counts (worker-protocol.ts's tracker): an answer to an older one is dropped. Where
 * no worker can run (an old browser, a failure to start it) the search runs here instead.
 *
 * Use:
 *
 *     const router = new RouterClient();
 *     const controller = new AbortController();
 *     const best = await router.find(state, { gameId, actionCount }, {
 *         onProgress: (soFar) => show(soFar),  // the best run found so far, while the search goes on
 *         signal: controller.signal            // controller.abort() stops the search
 *     });
 *     router.close();                          // when the page goes away
 *
 * `find` resolves with the best run (`routes` in `run_routes` form, `total`, and `exhaustive`:
 * false when the time budget, `timeBudgetMs`, ended the search first), or null when no company
 * operates in `state`. Aborting through `signal` cancels the worker's search and rejects with
 * the signal's reason (an `AbortError` by default). A newer `find` supersedes an older one,
 * which then never settles. `find(state, stateRef)` without options works as before. Without a
 * worker the search runs on this thread in one go: no progress, and nothing to cancel.
 */
import type { GameState } from '../engine';
import type { CorporationId } from '../engine/core/ids';
import { createRequestTracker, type StateRef } from '../router/worker-protocol';
import type { WorkerIn, WorkerOut } from './router-worker';
import { bestRoutes, operatingCorporation, type BestRoutes } from './operating-routes';

/** The finder's answer: the best run, and whether every run was tried. */
export interface FoundRoutes extends BestRoutes {
	readonly exhaustive: boolean;
}

export interface FindOptions {
	/** Called with the best run found so far, each time the worker finds a better one. */
	readonly onProgress?: (soFar: BestRoutes) => void;
	/** Stops the search; the promise then rejects with the signal's reason. */
	readonly signal?: AbortSignal;
	/** After this long the worker answers with its best run so far (default 10 s). */
	readonly timeBudgetMs?: number;
}

interface Waiting {
	readonly resolve: (r: FoundRoutes | null) => void;
	readonly reject: (e: unknown) => void;
	readonly onProgress?: (soFar: BestRoutes) => void;
	readonly detach: () => void;
}

function abortReason(signal: AbortSignal): unknown {
	return signal.reason ?? new DOMException('The route search was cancelled.', 'AbortError');
}

export class RouterClient {
	#worker: Worker | null = null;
	#failed = false;
	#tracker = createRequestTracker();
	#waiting: Waiting | null = null;

	#start(): Worker | null {
		if (this.#worker || this.#failed) return this.#worker;
		try {
			this.#worker = new Worker(new URL('./router-worker.ts', import.meta.url), { type: 'module' });
			this.#worker.onmessage = (e: MessageEvent<WorkerOut>) => this.#answer(e.data);
			this.#worker.onerror = () => {
				this.#failed = true;
				this.#worker?.terminate();
				this.#worker = null;
				this.#settle()?.reject(new Error('The route finder stopped.'));
			};
		} catch {
			this.#failed = true;
		}
		return this.#worker;
	}

	/** Ends the current wait and returns it. */
	#settle(): Waiting | null {
		const waiting = this.#waiting;
		this.#waiting = null;
		waiting?.detach();
		return waiting;
	}

	#answer(message: WorkerOut): void {
		const m = this.#tracker.accept(message);
		if (!m || !this.#waiting) return;
		switch (message.type) {
			case 'progress':
				this.#waiting.onProgress?.({ routes: message.routes, total: message.bestSoFar.revenue });
				return;
			case 'failure':
				this.#settle()?.reject(new Error(message.message));
				return;
			case 'result':
				this.#settle()?.resolve({ routes: message.routes, total: message.best.revenue, exhaustive: message.exhaustive });
				return;
		}
	}

	/** The best routes in `state` (see the module's comment). */
	find(state: GameState, stateRef: StateRef, options: FindOptions = {}): Promise<FoundRoutes | null> {
		const { signal, onProgress } = options;
		if (signal?.aborted) return Promise.reject(abortReason(signal));
		const corporation = operatingCorporation(state);
		if (corporation === null) return Promise.resolve(null);
		const worker = typeof Worker === 'undefined' ? null : this.#start();
		const here = (): FoundRoutes | null => {
			const best = bestRoutes(state);
			return best ? { ...best, exhaustive: true } : null;
		};
		if (!worker) return Promise.resolve(here());
		// a newer question supersedes the one waiting, which never settles
		this.#settle();
		return new Promise((resolve, reject) => {
			const abort = () => {
				const m = this.#tracker.cancel();
				if (m) worker.postMessage(m);
				const waiting = this.#settle();
				if (waiting) reject(abortReason(signal!));
			};
			signal?.addEventListener('abort', abort, { once: true });
			this.#waiting = { resolve, reject, onProgress, detach: () => signal?.removeEventListener('abort', abort) };
			const timeBudgetMs = options.timeBudgetMs ?? 10_000;
			const out: WorkerIn[] = [{ type: 'position', stateRef, state }, ...this.#tracker.start(stateRef, corporation as CorporationId, timeBudgetMs)];
			try {
				for (const m of out) worker.postMessage(m);
			} catch {
				// A state that cannot be copied to the worker: search here.
				this.#tracker.cancel();
				this.#settle();
				resolve(here());
			}
		});
	}

	#warmed = false;

	/**
	 * Starts the worker and runs one short search on `state` whose answer nobody waits for: the
	 * worker's first search is several times slower than later ones (its code is not yet
	 * compiled), so doing it while the player is still laying track keeps "Best routes" quick.
	 * Only the first call does anything; a `find` made meanwhile supersedes it.
	 */
	warmUp(state: GameState, stateRef: StateRef): void {
		if (this.#warmed || this.#waiting || typeof Worker === 'undefined') return;
		this.#warmed = true;
		this.find(state, stateRef, { timeBudgetMs: 500 }).catch(() => {});
	}

	close(): void {
		const m = this.#tracker.cancel();
		if (m) this.#worker?.postMessage(m);
		this.#settle();
		this.#worker?.terminate();
		this.#worker = null;
	}
}
