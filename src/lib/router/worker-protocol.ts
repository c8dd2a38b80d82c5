// Messages between the app and the route-finder Web Worker, and a tracker that
// pairs answers with questions. Finding the best routes can take seconds on a
// late-game map, while the game moves on underneath (a tile is laid, another
// player acts). So every request carries an id and the state it was asked
// about; the app only listens to the latest request, and an answer to an older
// one is dropped instead of being shown against the wrong map.
// Relative imports: the router also runs under Node (tests, the benchmark), without SvelteKit's $lib alias.
import { assertNever } from '../engine/core/result';
import type { CorporationId, HexId, TrainId } from '../engine/core/ids';

/** The game state a question is about: a game and a position in its log. */
export interface StateRef {
	readonly gameId: string;
	/** Number of actions applied; with the game id this names one state. */
	readonly actionCount: number;
}

/** One train's run, in the terms of an 18xx.games `run_routes` action. */
export interface RouteSuggestion {
	readonly train: TrainId;
	readonly hexes: readonly HexId[];
	readonly revenue: number;
}

/** The routes of all of a company's trains together: what a player would run. */
export interface RouteSet {
	readonly routes: readonly RouteSuggestion[];
	/** Sum of the routes' revenue plus run-level bonuses; whole pounds. */
	readonly revenue: number;
}

// ---- app → worker ----

export interface FindRoutesRequest {
	readonly type: 'find-routes';
	readonly id: number;
	readonly stateRef: StateRef;
	readonly corporation: CorporationId;
	/** The worker returns its best set so far when the budget runs out. */
	readonly timeBudgetMs: number;
}

export interface CancelRequest {
	readonly type: 'cancel';
	readonly id: number;
}

export type AppToWorker = FindRoutesRequest | CancelRequest;

// ---- worker → app ----

export interface ProgressMessage {
	readonly type: 'progress';
	readonly id: number;
	readonly bestSoFar: RouteSet;
}

export interface ResultMessage {
	readonly type: 'result';
	readonly id: number;
	readonly best: RouteSet;
	/** False when the time budget ended the search before every route was tried. */
	readonly exhaustive: boolean;
}

export interface FailureMessage {
	readonly type: 'failure';
	readonly id: number;
	readonly message: string;
}

export type WorkerToApp = ProgressMessage | ResultMessage | FailureMessage;

/** True for messages that end a request: nothing more will arrive for its id. */
export function isFinal(message: WorkerToApp): boolean {
	switch (message.type) {
		case 'progress':
			return false;
		case 'result':
		case 'failure':
			return true;
		default:
			return assertNever(message);
	}
}

export interface RequestTracker {
	/**
	 * Starts a new request, superseding the current one. Returns the messages
	 * to post: a cancel for the request still running (so the worker stops
	 * spending time on it), then the new request.
	 */
	start(stateRef: StateRef, corporation: CorporationId, timeBudgetMs: number): AppToWorker[];
	/** Cancels the running request, if any; returns the message to post. */
	cancel(): CancelRequest | null;
	/**
	 * Returns the message when it answers the running request, null when it is
	 * stale (an older or cancelled request, or one already finished).
	 */
	accept(message: WorkerToApp): WorkerToApp | null;
	/** The running request, if any. */
	readonly pending: FindRoutesRequest | null;
}

export function createRequestTracker(): RequestTracker {
	let lastId = 0;
	let pending: FindRoutesRequest | null = null;

	return {
		start(stateRef, corporation, timeBudgetMs) {
			const messages: AppToWorker[] = [];
			if (pending) messages.push({ type: 'cancel', id: pending.id });
			lastId += 1;
			pending = { type: 'find-routes', id: lastId, stateRef, corporation, timeBudgetMs };
			messages.push(pending);
			return messages;
		},
		cancel() {
			if (!pending) return null;
			const message: CancelRequest = { type: 'cancel', id: pending.id };
			pending = null;
			return message;
		},
		accept(message) {
			if (!pending || message.id !== pending.id) return null;
			if (isFinal(message)) pending = null;
			return message;
		},
		get pending() {
			return pending;
		}
	};
}
