/**
 * What the round components (stock round, operating round and their panels) need of a game to
 * show its controls and play: who may act on this device, the last refusal, and `act`.
 *
 * The live game (`GameView`, which signs and appends to the shared log) is one; a private
 * planning branch, which applies actions to a local copy of the state and shares nothing, is
 * another. The components never know which one they drive.
 */
import type { Action } from '../engine';
import type { JsonObject } from '../sync/entry';
import type { LogLine } from './log-sentences';

/** A refusal shown beside the control that caused it. */
export interface ShownRefusal {
	readonly control: string;
	readonly code: string;
	readonly message: string;
}

export interface PlayTarget {
	/** The game's id (a cache key for the route finder). */
	readonly game: string;
	/** Actions applied so far: with `game`, names the position for caches. */
	readonly actionCount: number;
	/** The engine actions that led to this position, oldest first (imported ones included). */
	readonly actions: readonly Action[];
	/** Seats that may act from this device now (empty: show the board, offer nothing to click). */
	readonly toAct: readonly number[];
	readonly busy: boolean;
	readonly refusal: ShownRefusal | null;
	/** Non-null while play is paused for a request to take back an action. */
	readonly pendingUndo: unknown;
	readonly roundName: string;
	readonly log: readonly LogLine[];
	/** Plays an engine action; a refusal is shown beside `control` and nothing changes. */
	act(action: JsonObject, control?: string): Promise<boolean>;
	clearRefusal(): void;
}
