/**
 * Stepping through a game's history (issue 8): which past position the page shows, if any.
 *
 * A position is the number of steps applied from the true start (imported actions included,
 * history-steps.ts); the live game is the position after every step. The page keeps the position
 * in the URL (`?action=N`) so that a reload or a shared link shows it and the browser's Back button
 * walks back through the jumps: the cursor asks `navigate` to change the URL and the page hands the
 * URL's position back with `show`. Without a `navigate` (tests), the cursor moves itself.
 */
import { roundName, type Action, type GameState } from '../engine';
import type { JsonObject } from '../sync/entry';
import type { GameView } from './game-view.svelte';
import type { LogLine } from './log-sentences';
import type { PlayTarget, ShownRefusal } from './play-target';

/** Where the cursor wants to go; `push` is a jump the browser's Back button should undo. */
export type Navigate = (position: number | null, push: boolean) => void;

/** The URL's query parameter that names a history position. */
export const ACTION_PARAM = 'action';

/** Reads `?action=N`: a whole number, else null (the live game). */
export function positionFromParam(raw: string | null): number | null {
	if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
	return Number(raw);
}

export class HistoryCursor {
	readonly live: GameView;
	readonly #navigate: Navigate | null;
	/** The position asked for (by the URL or a control), null for the live game. */
	#asked = $state<number | null>(null);

	/** Steps from the true start to the live position. */
	readonly length: number = $derived.by(() => this.live.steps.length);
	/** The position shown: null while the live game is shown. */
	readonly position: number | null = $derived(this.#asked === null || this.#asked >= this.length ? null : this.#asked);
	/** True while a past position is shown instead of the live one. */
	readonly viewing: boolean = $derived(this.position !== null);
	/** The position shown while `viewing`. */
	readonly state: GameState | null = $derived.by(() => {
		// The steps themselves, not only their number: an undo may change the ones before the position.
		const steps = this.live.steps;
		return this.position === null || steps.length === 0 ? null : this.live.stateAt(this.position);
	});
	/** A target that offers nothing to click, for the past position. */
	readonly target: PlayTarget | null = $derived.by(() =>
		this.position === null || !this.state ? null : new PastPosition(this.live, this.position, this.state)
	);
	/** Positions where a round begins (after the round's first header), ascending. */
	readonly roundStarts: readonly number[] = $derived.by(() =>
		this.live.log
			.filter((l) => l.kind === 'round')
			.map((l) => l.position)
			.filter((p, i, all) => i === 0 || p !== all[i - 1])
	);

	constructor(live: GameView, navigate: Navigate | null = null) {
		this.live = live;
		this.#navigate = navigate;
	}

	/** The position the controls step from: the live game counts as the last position. */
	get at(): number {
		return this.position ?? this.length;
	}

	/** Shows `position` (from the URL); null or beyond the live game shows the live game. */
	show(position: number | null): void {
		this.#asked = position === null ? null : Math.max(0, Math.floor(position));
	}

	/** Moves to `position`, through the URL when the page keeps one. */
	go(position: number | null, push = false): void {
		const to = position === null || position >= this.length ? null : Math.max(0, Math.floor(position));
		if (to === this.position) return;
		if (this.#navigate) this.#navigate(to, push || this.position === null || to === null);
		else this.show(to);
	}
	back(): void {
		if (this.at > 0) this.go(this.at - 1);
	}
	forward(): void {
		if (this.position !== null) this.go(this.position + 1);
	}
	toStart(): void {
		this.go(0, true);
	}
	toPresent(): void {
		this.go(null, true);
	}
	/** To the start of the round shown, or of the one before when already there. */
	roundBack(): void {
		const at = this.at;
		const start = [...this.roundStarts].reverse().find((p) => p < at);
		this.go(start ?? 0);
	}
	/** To the start of the next round (the live game when none follows). */
	roundForward(): void {
		const at = this.at;
		this.go(this.roundStarts.find((p) => p > at) ?? null);
	}
	/** A jump from the log: one the browser's Back button returns from. */
	jump(position: number): void {
		this.go(position, true);
	}

	close(): void {}
}

/**
 * A past position as the round components see it: the board as it was, and no seat may act
 * (a past position is read-only; a planning branch is where moves are tried).
 */
class PastPosition implements PlayTarget {
	readonly game: string;
	readonly actionCount: number;
	readonly toAct: readonly number[] = [];
	readonly busy = false;
	readonly refusal: ShownRefusal | null = null;
	readonly pendingUndo = null;
	readonly roundName: string;
	readonly #live: GameView;

	constructor(live: GameView, position: number, state: GameState) {
		this.#live = live;
		// A cache key of its own: the live game's `actionCount` counts live actions only.
		this.game = `${live.game}@history`;
		this.actionCount = position;
		this.roundName = roundName(state);
	}
	get actions(): readonly Action[] {
		return this.#live.actions.slice(0, this.actionCount);
	}
	/** The whole log: its lines lead to the positions after this one too. */
	get log(): readonly LogLine[] {
		return this.#live.log;
	}
	async act(_action: JsonObject): Promise<boolean> {
		return false;
	}
	clearRefusal(): void {}
}
