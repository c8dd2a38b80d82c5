/**
 * A game's history replayed once, with a checkpoint every few steps, so that any past position
 * is a short replay away (issue 8: stepping is instant even at action 1,500).
 *
 * Pure (no runes): the log builder extends it as the log grows, the history cursor asks it for
 * states. When the steps no longer extend the ones replayed (an undo), it starts again from the
 * latest checkpoint that is still valid.
 *
 * The steps play on one in-place game; only the checkpoints are copies (issue 11: copying the
 * whole state at every step was most of the time a long game took to open). Those who hear the
 * steps get a light copy of the position before each (history-before.ts) and the live position
 * after it, which they may read during the call only. The steps to reach may be set first and
 * replayed later in slices (`target`, `advance`), so that opening a long game does not wait.
 */
import type { GameEvent, GameState, RuleError } from '../engine';
import { positionBefore } from './history-before';
import { StepRunner, type HistoryStep } from './history-steps';

export const CHECKPOINT_EVERY = 20;

/**
 * Called for each step as it is replayed: the position before it (history-before.ts readings)
 * and the live position after it, read-only and valid during the call only.
 */
export type OnStep = (step: HistoryStep, index: number, before: GameState, after: Readonly<GameState>, error: string | null) => void;

/** Hears every step replayed, again after a rewind too, and each rewind. */
export interface ReplayListener {
	/**
	 * `again`: the step was replayed before the rewind that brought it back (its log lines are
	 * kept). `events`: what the step did, as the engine reports it (empty when `again`).
	 */
	step(step: HistoryStep, index: number, before: GameState, after: Readonly<GameState>, error: RuleError | null, again: boolean, events: readonly GameEvent[]): void;
	/** The steps from `base` on are dropped; replay resumes from the checkpoint at `base`. */
	rewound(base: number): void;
}

export class HistoryReplay {
	readonly initial: GameState;
	readonly liveFrom: number;
	readonly #every: number;
	readonly #listener: ReplayListener | null;
	/** Steps replayed, in order. */
	#steps: HistoryStep[] = [];
	/** The steps to reach; `#steps` is always a prefix of it. */
	#target: readonly HistoryStep[] = [];
	/** Steps below this index were heard before a rewind: they replay without telling `onStep` again. */
	#heardUntil = 0;
	/** State after n steps, for n a multiple of `every` (0 is the start). */
	readonly #checkpoints = new Map<number, GameState>();
	#runner: StepRunner;
	/** A copy of the position after every replayed step, made when first asked for. */
	#latest: GameState | null;
	/**
	 * The states of the block of steps last asked for (from a checkpoint on): stepping back or
	 * forward inside it costs nothing, and the next block costs at most `every` actions.
	 */
	#block: { readonly from: number; readonly states: GameState[]; readonly runner: StepRunner } | null = null;

	constructor(initial: GameState, liveFrom = 0, every = CHECKPOINT_EVERY, listener: ReplayListener | null = null) {
		this.initial = initial;
		this.liveFrom = liveFrom;
		this.#every = every;
		this.#listener = listener;
		this.#runner = new StepRunner(initial, 0, liveFrom);
		this.#latest = this.#runner.snapshot();
		this.#checkpoints.set(0, this.#latest);
	}

	/** Steps replayed so far. */
	get length(): number {
		return this.#steps.length;
	}
	get steps(): readonly HistoryStep[] {
		return this.#steps;
	}
	/** Steps set by `target` and not replayed yet. */
	get pending(): number {
		return this.#target.length - this.#steps.length;
	}
	/** The state after every replayed step. */
	get state(): GameState {
		this.#latest ??= this.#runner.snapshot();
		return this.#latest;
	}

	/**
	 * Sets the steps to reach without replaying them (`advance` does). When they do not extend the
	 * steps replayed, those that differ are dropped at once. Returns how many replayed steps stay.
	 */
	target(steps: readonly HistoryStep[]): number {
		let same = 0;
		while (same < this.#steps.length && same < steps.length && this.#steps[same].id === steps[same].id) same += 1;
		this.#target = steps;
		if (same < this.#steps.length) this.#rewind(same);
		return same;
	}

	/**
	 * Replays up to `max` of the pending steps; `onStep` hears each step replayed now for the first
	 * time. Returns true when none is left pending.
	 */
	advance(max = Infinity, onStep?: OnStep): boolean {
		const end = Math.min(this.#target.length, this.#steps.length + Math.max(0, Math.floor(max)));
		for (let i = this.#steps.length; i < end; i++) {
			const step = this.#target[i];
			const again = i < this.#heardUntil;
			const before = this.#listener || (onStep && !again) ? positionBefore(this.#runner.state, step.action) : null;
			const error = this.#runner.run(step, !!this.#listener && !again);
			this.#steps.push(step);
			this.#latest = null;
			if (this.#steps.length % this.#every === 0) this.#checkpoints.set(this.#steps.length, this.#runner.snapshot());
			const after = this.#runner.state;
			if (before) {
				this.#listener?.step(step, i, before, after, error, again, !this.#listener || again ? [] : this.#runner.lastEvents);
				if (!again) onStep?.(step, i, before, after, error?.message ?? null);
			}
		}
		return this.pending === 0;
	}

	/**
	 * Brings the replay up to `steps` at once; `onStep` hears each step replayed now. Returns the
	 * index of the first step replayed now (0 after a full restart).
	 */
	sync(steps: readonly HistoryStep[], onStep?: OnStep): number {
		const from = this.target(steps);
		this.advance(Infinity, onStep);
		return from;
	}

	/** Drops the steps from `keep` on: resumes from the latest checkpoint at or before it. */
	#rewind(keep: number): void {
		const base = Math.floor(keep / this.#every) * this.#every;
		for (const n of [...this.#checkpoints.keys()]) if (n > base) this.#checkpoints.delete(n);
		this.#steps = this.#steps.slice(0, base);
		this.#heardUntil = keep;
		this.#block = null;
		const cp = this.#checkpoints.get(base) as GameState;
		this.#runner = new StepRunner(cp, base, this.liveFrom);
		this.#latest = cp;
		this.#listener?.rewound(base);
		// The steps between the checkpoint and `keep` were heard before: they replay quietly.
		this.advance(keep - base);
	}

	/**
	 * The position after `n` steps (clamped to the steps to reach): pending steps up to it are
	 * replayed now.
	 */
	stateAt(n: number): GameState {
		const at = Math.max(0, Math.min(this.#target.length, Math.floor(n)));
		if (at > this.#steps.length) this.advance(at - this.#steps.length);
		if (at === this.#steps.length) return this.state;
		const cp = Math.floor(at / this.#every) * this.#every;
		if (at === cp) return this.#checkpoints.get(cp) as GameState;
		if (this.#block?.from !== cp) {
			const base = this.#checkpoints.get(cp) as GameState;
			this.#block = { from: cp, states: [base], runner: new StepRunner(base, cp, this.liveFrom) };
		}
		const { states, runner } = this.#block;
		while (runner.applied < at) {
			runner.apply(this.#steps[runner.applied]);
			states.push(runner.snapshot());
		}
		return states[at - cp];
	}
}
