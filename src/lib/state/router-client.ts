/**
 * Asks the route-finder worker for the operating company's best routes. Only the latest
 * question counts (worker-protocol.ts's tracker): an answer to an older one is dropped. Where
 * no worker can run (an old browser, a failure to start it) the search runs here instead.
 */
import type { GameState } from '../engine';
import type { CorporationId } from '../engine/core/ids';
import { createRequestTracker, type StateRef } from '../router/worker-protocol';
import type { WorkerIn, WorkerOut } from './router-worker';
import { bestRoutes, operatingCorporation, type BestRoutes } from './operating-routes';

export class RouterClient {
	#worker: Worker | null = null;
	#failed = false;
	#tracker = createRequestTracker();
	#waiting: { resolve: (r: BestRoutes | null) => void; reject: (e: Error) => void } | null = null;

	#start(): Worker | null {
		if (this.#worker || this.#failed) return this.#worker;
		try {
			this.#worker = new Worker(new URL('./router-worker.ts', import.meta.url), { type: 'module' });
			this.#worker.onmessage = (e: MessageEvent<WorkerOut>) => this.#answer(e.data);
			this.#worker.onerror = () => {
				this.#failed = true;
				this.#worker?.terminate();
				this.#worker = null;
				this.#waiting?.reject(new Error('The route finder stopped.'));
				this.#waiting = null;
			};
		} catch {
			this.#failed = true;
		}
		return this.#worker;
	}

	#answer(message: WorkerOut): void {
		const m = this.#tracker.accept(message);
		if (!m || !this.#waiting) return;
		const waiting = this.#waiting;
		this.#waiting = null;
		if (message.type === 'failure') waiting.reject(new Error(message.message));
		else if (message.type === 'result') waiting.resolve({ routes: message.routes, total: message.best.revenue });
	}

	/** The best routes in `state`; a newer call supersedes an older one (which then never settles). */
	find(state: GameState, stateRef: StateRef): Promise<BestRoutes | null> {
		const corporation = operatingCorporation(state);
		if (corporation === null) return Promise.resolve(null);
		const worker = typeof Worker === 'undefined' ? null : this.#start();
		if (!worker) return Promise.resolve(bestRoutes(state));
		return new Promise((resolve, reject) => {
			this.#waiting = { resolve, reject };
			const out: WorkerIn[] = [{ type: 'position', stateRef, state }, ...this.#tracker.start(stateRef, corporation as CorporationId, 10_000)];
			try {
				for (const m of out) worker.postMessage(m);
			} catch {
				// A state that cannot be copied to the worker: search here.
				this.#tracker.cancel();
				this.#waiting = null;
				resolve(bestRoutes(state));
			}
		});
	}

	close(): void {
		const m = this.#tracker.cancel();
		if (m) this.#worker?.postMessage(m);
		this.#worker?.terminate();
		this.#worker = null;
	}
}
