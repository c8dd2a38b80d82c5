/**
 * The route finder in a Web Worker, so that a long search never freezes the page. The app
 * first sends the position (`position`: a game state and the reference naming it), then asks
 * with the protocol's `find-routes`; the answer is the protocol's `result`, carrying besides the
 * summary (`best`) the routes in `run_routes` form, ready to be checked and run.
 *
 * The search itself is synchronous, so a `cancel` can only stop a request that has not started:
 * each request waits one task before running, letting a cancel posted right behind it arrive.
 */
import type { GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import { bestRoutes } from './operating-routes';
import type { AppToWorker, FailureMessage, ResultMessage, StateRef } from '../router/worker-protocol';

/** The position the next requests are about (not part of the shared protocol: only this worker holds states). */
export interface PositionMessage {
	readonly type: 'position';
	readonly stateRef: StateRef;
	readonly state: GameState;
}

/** A result with the routes to run. */
export interface RoutesResult extends ResultMessage {
	readonly routes: readonly RouteJson[];
}

export type WorkerIn = AppToWorker | PositionMessage;
export type WorkerOut = RoutesResult | FailureMessage;

const sameRef = (a: StateRef, b: StateRef) => a.gameId === b.gameId && a.actionCount === b.actionCount;

/** The worker's message handling, apart from the worker global so that it can be tested. */
export function createRouteWorker(post: (m: WorkerOut) => void, defer: (run: () => void) => void = (run) => setTimeout(run, 0)) {
	let position: PositionMessage | null = null;
	const cancelled = new Set<number>();

	function run(id: number, stateRef: StateRef): void {
		if (cancelled.delete(id)) return;
		if (!position || !sameRef(position.stateRef, stateRef)) {
			post({ type: 'failure', id, message: 'The position asked about is not the one the route finder holds.' });
			return;
		}
		try {
			const best = bestRoutes(position.state);
			const routes = best?.routes ?? [];
			post({
				type: 'result',
				id,
				exhaustive: true,
				best: {
					routes: routes.map((r) => ({ train: r.train, hexes: r.hexes, revenue: r.revenue }) as ResultMessage['best']['routes'][number]),
					revenue: best?.total ?? 0
				},
				routes
			});
		} catch (e) {
			post({ type: 'failure', id, message: e instanceof Error ? e.message : String(e) });
		}
	}

	return (message: WorkerIn): void => {
		switch (message.type) {
			case 'position':
				position = message;
				return;
			case 'cancel':
				cancelled.add(message.id);
				return;
			case 'find-routes': {
				const { id, stateRef } = message;
				defer(() => run(id, stateRef));
				return;
			}
		}
	};
}

// Wired only inside a worker; imported elsewhere (tests, the fallback) it does nothing.
declare const WorkerGlobalScope: { new (): unknown } | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
	const scope = globalThis as unknown as { postMessage: (m: unknown) => void; onmessage: ((e: MessageEvent<WorkerIn>) => void) | null };
	const handle = createRouteWorker((m) => scope.postMessage(m));
	scope.onmessage = (e) => handle(e.data);
}
