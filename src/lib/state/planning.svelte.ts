/**
 * A private planning branch (issue 8): moves tried from the current position, on this device
 * only. The branch copies the live position and applies actions with the engine's pure
 * `process` (through the same adapter the log uses, so a move refused on the branch would be
 * refused by the log too). Nothing here touches the session, the Yjs document or storage: the
 * branch is a value held by the page and dropped when it is discarded.
 *
 * Every seat may act on a branch, whoever holds it — a friend's turn in a shared game, or a
 * spectator trying a line — because nothing tried here is ever signed or shared.
 */
import { roundName, stateHash, type Action, type GameState } from '../engine';
import { controllingSeat, engine1822 } from '../sync/engine-1822';
import type { JsonObject } from '../sync/entry';
import { LogBuilder, type ActionInEffect, type LogLine } from './log-sentences';
import type { PlayTarget, ShownRefusal } from './play-target';

/** What a branch is opened from: a position, how it was reached, and its log so far. */
export interface PlanningSource {
	readonly game: string;
	readonly state: GameState;
	readonly actions: readonly Action[];
	readonly log: readonly LogLine[];
}

/** One move tried on the branch and the position it led to. */
interface Step {
	readonly id: string;
	readonly action: Action;
	readonly state: GameState;
}

/** The header that separates the game's own log from the moves tried on the branch. */
export const BRANCH_LOG_HEADER = 'Planned moves (private: not in the game’s log)';

export class PlanningBranch implements PlayTarget {
	/** The position the branch was opened from (never changed). */
	readonly base: GameState;
	readonly #source: PlanningSource;
	readonly #builder: LogBuilder;
	/** Numbers every position the branch has been at, so that no two share a cache key. */
	#serial = $state(0);
	#steps = $state.raw<readonly Step[]>([]);
	/** Moves taken back with `stepBack`, the latest last: `redo` plays them again. */
	#undone = $state.raw<readonly Action[]>([]);
	#refusal = $state.raw<ShownRefusal | null>(null);
	/** The moves tried, as sentences (after the separator header). */
	#lines = $state.raw<readonly LogLine[]>([]);
	readonly #header: LogLine;
	/** Positions on the branch count on from the branch point's. */
	readonly #offset: number;


	constructor(source: PlanningSource) {
		this.#source = source;
		this.base = source.state;
		this.#builder = new LogBuilder(source.state);
		this.#offset = source.log.at(-1)?.position ?? 0;
		// The builder's first line is a header naming the branch point's round (the game's log has it):
		// it becomes the separator, so that the branch lines are never taken for the game's own.
		const first = this.#builder.update([])[0];
		this.#header = { ...first, text: BRANCH_LOG_HEADER, position: this.#offset };
	}

	/**
	 * A cache key for the route finder: the position changes with every move and every step back,
	 * and a branch position must never be taken for a live one with the same number of actions.
	 */
	get game(): string {
		return `${this.#source.game}:plan:${this.#serial}`;
	}
	get state(): GameState {
		return this.#steps.at(-1)?.state ?? this.base;
	}
	get roundName(): string {
		return roundName(this.state);
	}
	/** Every seat the engine expects now: on a branch this device plays for all of them. */
	get toAct(): readonly number[] {
		return engine1822.expectedSeats(this.state);
	}
	get actionCount(): number {
		return this.#source.actions.length + this.#steps.length;
	}
	get actions(): readonly Action[] {
		return [...this.#source.actions, ...this.#steps.map((s) => s.action)];
	}
	/** The moves tried on the branch, oldest first. */
	get moves(): readonly Action[] {
		return this.#steps.map((s) => s.action);
	}
	get busy(): boolean {
		return false;
	}
	get refusal(): ShownRefusal | null {
		return this.#refusal;
	}
	/** A branch is never paused: requests to take back belong to the live game. */
	get pendingUndo(): null {
		return null;
	}
	/** The game's log up to the branch point, then the moves tried here as sentences. */
	get log(): readonly LogLine[] {
		return [...this.#source.log, this.#header, ...this.#lines];
	}
	get hash(): string {
		return stateHash(this.state);
	}
	get canStepBack(): boolean {
		return this.#steps.length > 0;
	}
	get canRedo(): boolean {
		return this.#undone.length > 0;
	}

	clearRefusal(): void {
		this.#refusal = null;
	}

	/**
	 * Applies an action for whichever seat the engine expects. A refusal (not that entity's turn,
	 * or the engine's own reason) is shown beside `control` and the branch is unchanged.
	 */
	async act(action: JsonObject, control = 'action'): Promise<boolean> {
		const done = this.#apply(action, control);
		if (done) this.#undone = [];
		return done;
	}

	/** Takes back the last move tried on the branch (the live game is not involved). */
	stepBack(): boolean {
		const last = this.#steps.at(-1);
		if (!last) return false;
		this.#steps = this.#steps.slice(0, -1);
		this.#undone = [...this.#undone, last.action];
		this.#refusal = null;
		this.#moved();
		return true;
	}

	/** Plays again the move last taken back with `stepBack`, if it is still accepted. */
	redo(): boolean {
		const action = this.#undone.at(-1);
		if (!action) return false;
		if (!this.#apply(action as unknown as JsonObject, 'redo')) return false;
		this.#undone = this.#undone.slice(0, -1);
		return true;
	}

	#apply(action: JsonObject, control: string): boolean {
		const state = this.state;
		const seat = controllingSeat(state, action.entity);
		// The log takes a move only from the seat the engine expects (sync/play-step.ts); so does the branch.
		if (seat === null || !this.toAct.includes(seat)) {
			this.#refusal = { control, code: 'not_your_turn', message: `It is not ${String(action.entity)}'s turn in this position.` };
			return false;
		}
		const r = engine1822.apply(state, action, seat);
		if (!r.ok) {
			this.#refusal = { control, code: r.error.code, message: r.error.message };
			return false;
		}
		this.#steps = [...this.#steps, { id: `plan-${this.#serial + 1}`, action: action as unknown as Action, state: r.state }];
		this.#refusal = null;
		this.#moved();
		return true;
	}

	#moved(): void {
		this.#serial += 1;
		const inEffect: ActionInEffect[] = this.#steps.map((s) => ({ id: s.id, action: s.action }));
		const lines = this.#builder.update(inEffect).slice(1);
		this.#lines = lines.map((l) => ({ ...l, position: l.position + this.#offset }));
	}
}

/** Opens a branch from a live (or any) position; null when there is no position yet. */
export function openBranch(from: {
	readonly game: string;
	readonly state: GameState | null;
	readonly actions: readonly Action[];
	readonly log: readonly LogLine[];
}): PlanningBranch | null {
	if (!from.state) return null;
	return new PlanningBranch({ game: from.game, state: from.state, actions: [...from.actions], log: [...from.log] });
}
