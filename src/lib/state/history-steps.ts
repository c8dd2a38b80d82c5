/**
 * The steps of a game's history (issue 8): every engine action from the true start, imported ones
 * included, and how to replay them.
 *
 * An imported game (issue 11) carries the actions it had on 18xx.games in its genesis entry; each
 * of them and each of its `auto_actions` is one step here, so that the history, the log and the
 * stats see the game from its real beginning. Those steps replay as the site loads a log (mode
 * 'import': recorded revenue kept); the game switches to live play where they end, exactly as
 * the log's own replay does (sync/engine-1822-import.ts stateAfterPrefix).
 */
import { createGame, Game, type Action, type GameEvent, type GameState, type RuleError } from '../engine';
import type { SessionView } from '../sync';
import { readSetup1822, playerIdOfSeat } from '../sync/engine-1822';
import { readImportedPrefix, type ImportedPrefix } from '../sync/engine-1822-import';

/** Where a step came from: the imported prefix, an imported automatic action, or live play here. */
export type StepSource = 'imported' | 'auto' | 'live';

export interface HistoryStep {
	/** The log entry id of a live action; `imported:<n>` / `imported:<n>.<k>` for the prefix. */
	readonly id: string;
	readonly action: Action;
	readonly source: StepSource;
}

/** The start of a game and the steps that lead from it to the live position. */
export interface HistoryBase {
	readonly initial: GameState;
	/** How many of the steps are the imported prefix (they replay in import mode). */
	readonly liveFrom: number;
	readonly imported: readonly HistoryStep[];
}

/** One imported action and its automatic follow-ups as separate steps (auto_actions stripped). */
export function importedSteps(prefix: ImportedPrefix | null): HistoryStep[] {
	const out: HistoryStep[] = [];
	for (const [i, raw] of (prefix?.actions ?? []).entries()) {
		const { auto_actions: autos, ...main } = raw;
		out.push({ id: `imported:${i}`, action: main as unknown as Action, source: 'imported' });
		if (Array.isArray(autos)) {
			for (const [k, auto] of autos.entries()) {
				out.push({ id: `imported:${i}.${k}`, action: auto as unknown as Action, source: 'auto' });
			}
		}
	}
	return out;
}

/** The live actions in effect: play entries on the chain, less those an undo took back. */
export function liveSteps(view: SessionView<GameState>): HistoryStep[] {
	const undone = new Set(view.undos.filter((u) => u.status === 'undone').flatMap((u) => u.takesBack));
	const out: HistoryStep[] = [];
	for (const e of view.chain) {
		if (e.kind.kind === 'game' && !undone.has(e.id)) out.push({ id: e.id, action: e.kind.action as unknown as Action, source: 'live' });
	}
	return out;
}

/**
 * Whether `actions` are the actions of `steps`, the very same objects, none of them carrying
 * automatic actions of its own (a replay of the steps then applied exactly `actions`).
 */
export function stepsAre(steps: readonly HistoryStep[], actions: readonly Action[]): boolean {
	if (actions.length !== steps.length) return false;
	for (let i = 0; i < steps.length; i++) {
		const a = steps[i].action;
		if (actions[i] !== a || (Array.isArray(a.auto_actions) && a.auto_actions.length > 0)) return false;
	}
	return true;
}

/**
 * The true start of a started game: before its imported prefix, if it has one. Null before the
 * seed is known or when the setup is not one this app reads.
 */
export function historyBase(view: SessionView<GameState>): HistoryBase | null {
	if (view.genesis?.kind.kind !== 'genesis' || !view.seats || view.seed === null) return null;
	const setup = readSetup1822(view.genesis.kind.setup);
	if (!setup) return null;
	const players = [...view.seats].sort((a, b) => a.seat - b.seat).map((s) => ({ id: playerIdOfSeat(s.seat), name: s.name }));
	const prefix = readImportedPrefix(view.genesis.kind.setup);
	const made = createGame({
		title: setup.title,
		players,
		// An imported game was shuffled with the site's seed (engine-1822-import.ts).
		seed: prefix ? prefix.seed : view.seed,
		optionalRules: setup.options,
		mode: prefix ? 'import' : 'live'
	});
	if (!made.ok) return null;
	const imported = importedSteps(prefix);
	return { initial: made.value, liveFrom: imported.length, imported };
}

/** The state as live play sees it: the imported prefix is over, the full rules apply. */
function switchedToLive(state: GameState): GameState {
	return { ...state, setup: { ...state.setup, mode: 'live' } };
}

/**
 * A replaying game that knows where the imported prefix ends. `applied` counts steps from the
 * true start.
 */
export class StepRunner {
	#game: Game;
	#applied: number;
	readonly #liveFrom: number;

	constructor(state: GameState, applied: number, liveFrom: number) {
		this.#applied = applied;
		this.#liveFrom = liveFrom;
		this.#game = new Game(applied >= liveFrom && liveFrom > 0 ? switchedToLive(state) : state);
	}

	get applied(): number {
		return this.#applied;
	}
	get state(): Readonly<GameState> {
		return this.#game.state;
	}
	snapshot(): GameState {
		return this.#game.snapshot();
	}

	/**
	 * Applies the next step. An error is the engine's refusal: the state is then unchanged but the
	 * step still counts, so that positions keep naming the same steps (the log accepted each one
	 * from this very position, so a refusal here means a replay mismatch, shown in the log).
	 */
	apply(step: HistoryStep): string | null {
		return this.run(step)?.message ?? null;
	}

	/** What the last step run with `events` did, as the engine reports it (none after a refusal). */
	lastEvents: readonly GameEvent[] = [];

	/** `apply`, with the engine's refusal whole (its code too); with `events`, the engine's events are kept in `lastEvents`. */
	run(step: HistoryStep, events = false): RuleError | null {
		let r: { ok: true } | { ok: false; error: RuleError };
		if (events) {
			const e = this.#game.processWithEvents(step.action);
			this.lastEvents = e.ok ? e.value : [];
			r = e;
		} else r = this.#game.process(step.action);
		this.#applied += 1;
		if (!r.ok) return r.error;
		// The prefix's last step: from here on the game is live play, as the log replays it.
		if (this.#applied === this.#liveFrom) this.#game = new Game(switchedToLive(this.#game.state as GameState));
		return null;
	}
}
