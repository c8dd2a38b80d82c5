/**
 * Undo and redo on the live game, as log entries (issue 8). Undo is the log's own: this device's
 * last action is taken back at once, another seat's is asked for (sync/play-step.ts). Redo plays
 * an action this device took back again — the same engine action, as a new log entry — while it
 * is still the next legal move and nothing else has happened since.
 *
 * The actions taken back are kept here, on this device only, and belong to the position the undo
 * left: any other entry (a move, another undo, a peer's move) moves the head and they are dropped.
 */
import { process, type Action, type GameState } from '../engine';
import { controllingSeat } from '../sync/engine-1822';
import type { JsonObject } from '../sync/entry';

/** What undo and redo need of the live game (`GameView` provides it). */
export interface UndoRedoGame {
	readonly state: GameState | null;
	readonly actions: readonly Action[];
	readonly view: { readonly head: string | null } | null;
	readonly toAct: readonly number[];
	readonly busy: boolean;
	readonly hotseat: boolean;
	readonly undoableSeat: number | null;
	readonly lastActionOfOther: { readonly name: string } | null;
	undo(): Promise<boolean>;
	requestUndo(): Promise<boolean>;
	act(action: JsonObject, control?: string): Promise<boolean>;
}

/** Which undo is on offer now. */
export type UndoOffer =
	| { readonly kind: 'own' }
	| { readonly kind: 'ask'; readonly name: string }
	| { readonly kind: 'none' };

/** An action may be played again when a seat of this device is to act for it and the engine takes it. */
export function stillNextMove(state: GameState | null, toAct: readonly number[], action: Action): boolean {
	if (!state) return false;
	const seat = controllingSeat(state, action.entity);
	return seat !== null && toAct.includes(seat) && process(state, action).ok;
}

export class UndoRedo {
	readonly #game: UndoRedoGame;
	/** Actions taken back on this device, the latest last. */
	#undone = $state.raw<readonly Action[]>([]);
	/** The log head the undone actions belong to (right after the last undo or redo). */
	#at = $state.raw<string | null>(null);

	constructor(game: UndoRedoGame) {
		this.#game = game;
	}

	get undoOffer(): UndoOffer {
		const g = this.#game;
		if (g.undoableSeat !== null) return { kind: 'own' };
		if (g.lastActionOfOther) return { kind: 'ask', name: g.lastActionOfOther.name };
		return { kind: 'none' };
	}

	/** The action Redo would play, or null (nothing taken back here, something happened since, or no longer legal). */
	get redoAction(): Action | null {
		const g = this.#game;
		const head = g.view?.head ?? null;
		const next = this.#undone.at(-1);
		if (!next || head === null || head !== this.#at) return null;
		return stillNextMove(g.state, g.toAct, next) ? next : null;
	}

	/** Takes back the last action: this device's at once, another seat's by asking it. */
	async undo(): Promise<boolean> {
		const g = this.#game;
		if (g.busy) return false;
		if (g.undoableSeat === null) return g.lastActionOfOther ? g.requestUndo() : false;
		const last = g.actions.at(-1);
		const before = g.view?.head ?? null;
		if (!(await g.undo())) return false;
		const head = g.view?.head ?? null;
		if (!last || head === null || head === before) return true;
		// Undo after undo (or after redo) stacks; after anything else the old ones are stale.
		const keep = before !== null && before === this.#at ? this.#undone : [];
		this.#undone = [...keep, last];
		this.#at = head;
		return true;
	}

	/** Plays the last action taken back on this device again, as a new log entry. */
	async redo(): Promise<boolean> {
		const g = this.#game;
		const action = this.redoAction;
		if (!action || g.busy) return false;
		if (!(await g.act(action as unknown as JsonObject, 'redo'))) return false;
		this.#undone = this.#undone.slice(0, -1);
		this.#at = g.view?.head ?? null;
		return true;
	}
}
