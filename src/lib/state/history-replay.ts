/**
 * A game's history replayed once, with a checkpoint every few steps, so that any past position
 * is a short replay away (issue 8: stepping is instant even at action 1,500).
 *
 * Pure (no runes): the log builder extends it as the log grows, the history cursor asks it for
 * states. When the steps no longer extend the ones replayed (an undo), it starts again from the
 * latest checkpoint that is still valid.
 */
import type { GameState } from '../engine';
import { StepRunner, type HistoryStep } from './history-steps';

export const CHECKPOINT_EVERY = 20;

/** Called for each step as it is first replayed: the states before and after it (read-only). */
export type OnStep = (step: HistoryStep, index: number, before: GameState, after: GameState, error: string | null) => void;

export class HistoryReplay {
	readonly initial: GameState;
	readonly liveFrom: number;
	readonly #every: number;
	#steps: HistoryStep[] = [];
	/** State after n steps, for n a multiple of `every` (0 is the start). */
	readonly #checkpoints = new Map<number, GameState>();
	#runner: StepRunner;
	#last: GameState;
	/**
	 * The states of the block of steps last asked for (from a checkpoint on): stepping back or
	 * forward inside it costs nothing, and the next block costs at most `every` actions.
	 */
	#block: { readonly from: number; readonly states: GameState[]; readonly runner: StepRunner } | null = null;

	constructor(initial: GameState, liveFrom = 0, every = CHECKPOINT_EVERY) {
		this.initial = initial;
		this.liveFrom = liveFrom;
		this.#every = every;
		this.#runner = new StepRunner(initial, 0, liveFrom);
		this.#last = this.#runner.snapshot();
		this.#checkpoints.set(0, this.#last);
	}

	get length(): number {
		return this.#steps.length;
	}
	get steps(): readonly HistoryStep[] {
		return this.#steps;
	}
	/** The state after every step. */
	get state(): GameState {
		return this.#last;
	}

	/**
	 * Brings the replay up to `steps`; `onStep` hears each step replayed now. Returns the index of
	 * the first step replayed now (0 after a full restart).
	 */
	sync(steps: readonly HistoryStep[], onStep?: OnStep): number {
		let same = 0;
		while (same < this.#steps.length && same < steps.length && this.#steps[same].id === steps[same].id) same += 1;
		if (same < this.#steps.length) this.#rewind(same);
		const from = this.#steps.length;
		for (let i = from; i < steps.length; i++) {
			const step = steps[i];
			const before = this.#last;
			const error = this.#runner.apply(step);
			const after = this.#runner.snapshot();
			this.#steps.push(step);
			this.#last = after;
			if (this.#steps.length % this.#every === 0) this.#checkpoints.set(this.#steps.length, after);
			onStep?.(step, i, before, after, error);
		}
		return from;
	}

	/** Drops the steps from `keep` on: resumes from the latest checkpoint at or before it. */
	#rewind(keep: number): void {
		const base = Math.floor(keep / this.#every) * this.#every;
		for (const n of [...this.#checkpoints.keys()]) if (n > base) this.#checkpoints.delete(n);
		const kept = this.#steps.slice(0, keep);
		this.#steps = this.#steps.slice(0, base);
		this.#block = null;
		this.#runner = new StepRunner(this.#checkpoints.get(base) as GameState, base, this.liveFrom);
		this.#last = this.#checkpoints.get(base) as GameState;
		// The steps between the checkpoint and `keep` were replayed before: no one hears them again.
		this.sync(kept);
	}

	/** The position after `n` steps (clamped to the history). */
	stateAt(n: number): GameState {
		const at = Math.max(0, Math.min(this.#steps.length, Math.floor(n)));
		if (at === this.#steps.length) return this.#last;
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
