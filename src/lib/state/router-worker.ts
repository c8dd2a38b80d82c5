/**
 * The route finder in a Web Worker, so that a long search never freezes the page. The app
 * first sends the position (`position`: a game state and the reference naming it), then asks
 * with the protocol's `find-routes`; the answer is the protocol's `result`, carrying besides the
 * summary (`best`) the routes in `run_routes` form, ready to be checked and run.
 *
 * The search runs in slices (`RouteSearch.step`), each a few milliseconds long, with a task
 * boundary between them: a `cancel` arriving meanwhile is seen before the next slice, and the
 * search is dropped without an answer. Whenever a slice has found a better run, the worker
 * posts it as `progress` (at most one per `progressMs`), so the page can show the best run so
 * far; when the request's time budget runs out, the best run so far is the `result`, marked
 * not exhaustive.
 */
import type { GameState } from '../engine';
import { assertNever } from '../engine/core/result';
import type { RouteJson } from '../engine/core/actions';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { RouteSearch, type BestRun } from '../router/best-routes';
import { operatingRouteContext, printedRoutes } from './operating-routes';
import type { AppToWorker, FailureMessage, ProgressMessage, ResultMessage, RouteSet, StateRef } from '../router/worker-protocol';

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

/** The best run so far, with its routes. */
export interface RoutesProgress extends ProgressMessage {
	readonly routes: readonly RouteJson[];
}

export type WorkerIn = AppToWorker | PositionMessage;
export type WorkerOut = RoutesResult | RoutesProgress | FailureMessage;

export interface RouteWorkerOptions {
	/** Runs a task after the ones already queued (a cancel posted meanwhile arrives first). */
	readonly defer?: (run: () => void) => void;
	/** A clock in milliseconds. */
	readonly now?: () => number;
	/** Length of one slice of search, ms. */
	readonly sliceMs?: number;
	/** Work units (walk steps, candidates tried) between two looks at the clock. */
	readonly chunk?: number;
	/** Least time between two progress messages, ms. */
	readonly progressMs?: number;
}

const sameRef = (a: StateRef, b: StateRef) => a.gameId === b.gameId && a.actionCount === b.actionCount;

/**
 * The next task, without the clamping of nested timeouts (4 ms each after a few): a message
 * to ourselves through a channel, where there is one.
 */
function nextTask(): (run: () => void) => void {
	if (typeof MessageChannel === 'undefined') return (run) => setTimeout(run, 0);
	const queue: (() => void)[] = [];
	const channel = new MessageChannel();
	channel.port1.onmessage = () => queue.shift()?.();
	return (run) => {
		queue.push(run);
		channel.port2.postMessage(null);
	};
}

/** The run in `run_routes` form and in the protocol's summary. */
function describe(ctx: RouteContext, run: BestRun): { routes: RouteJson[]; set: RouteSet } {
	const routes = printedRoutes(ctx, run);
	return {
		routes,
		set: {
			routes: routes.map((r) => ({ train: r.train, hexes: r.hexes, revenue: r.revenue }) as RouteSet['routes'][number]),
			revenue: run.revenue.total
		}
	};
}

/** The worker's message handling, apart from the worker global so that it can be tested. */
export function createRouteWorker(post: (m: WorkerOut) => void, options: RouteWorkerOptions | ((run: () => void) => void) = {}) {
	const o: RouteWorkerOptions = typeof options === 'function' ? { defer: options } : options;
	const defer = o.defer ?? nextTask();
	const now = o.now ?? (() => performance.now());
	const sliceMs = o.sliceMs ?? 8;
	const chunk = o.chunk ?? 4000;
	const progressMs = o.progressMs ?? 50;
	let position: PositionMessage | null = null;
	/** Requests queued or running, and those of them cancelled. */
	const live = new Set<number>();
	const cancelled = new Set<number>();
	const finish = (id: number) => {
		live.delete(id);
		cancelled.delete(id);
	};

	function fail(id: number, e: unknown): void {
		finish(id);
		post({ type: 'failure', id, message: e instanceof Error ? e.message : String(e) });
	}

	function start(request: Extract<AppToWorker, { type: 'find-routes' }>): void {
		const { id, stateRef } = request;
		if (cancelled.has(id)) return finish(id);
		if (!position || !sameRef(position.stateRef, stateRef)) return fail(id, 'The position asked about is not the one the route finder holds.');
		const state = position.state;
		const corp = state.corporations[request.corporation];
		if (state.round.kind !== 'operating' || !corp) return fail(id, `${request.corporation} is not operating in the position the route finder holds.`);
		let search: RouteSearch;
		let ctx: RouteContext;
		try {
			ctx = operatingRouteContext(state, corp);
			search = new RouteSearch(ctx);
		} catch (e) {
			fail(id, e);
			return;
		}
		const began = now();
		let posted = 0;
		let postedAt = -Infinity;
		const slice = (): void => {
			if (cancelled.has(id)) return finish(id);
			try {
				const t0 = now();
				let done = search.step(chunk);
				while (!done && now() - t0 < sliceMs) done = search.step(chunk);
				const outOfTime = !done && now() - began >= request.timeBudgetMs;
				if (done || outOfTime) {
					const best = done ? search.result() : search.bestSoFar();
					const { routes, set } = best ? describe(ctx, best) : { routes: [], set: { routes: [], revenue: 0 } };
					finish(id);
					post({ type: 'result', id, exhaustive: done, best: set, routes });
					return;
				}
				if (search.improvements > posted && now() - postedAt >= progressMs) {
					const best = search.bestSoFar()!;
					const { routes, set } = describe(ctx, best);
					posted = search.improvements;
					postedAt = now();
					post({ type: 'progress', id, bestSoFar: set, routes });
				}
			} catch (e) {
				fail(id, e);
				return;
			}
			defer(slice);
		};
		slice();
	}

	return (message: WorkerIn): void => {
		switch (message.type) {
			case 'position':
				position = message;
				return;
			case 'cancel':
				if (live.has(message.id)) cancelled.add(message.id);
				return;
			case 'find-routes':
				live.add(message.id);
				defer(() => start(message));
				return;
			default:
				assertNever(message);
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
