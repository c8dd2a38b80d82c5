/**
 * Figures over a whole game, for the end screen's value chart and the spreadsheet (issue 8): each
 * player's value at every round boundary, and each company's revenue in every operating round.
 *
 * The figures are gathered as a replay applies the actions (`StatsGatherer`): the page's live game
 * feeds them from the one replay it keeps for its log and history; any other list of actions is
 * replayed here once, and kept, so that a new action costs one more step, not a second replay
 * (`GameStatsTracker`). Pure: no clock, no DOM, no runes.
 *
 * Value is the engine's own final score (`scores`: cash, shares at market value, concessions,
 * the Tax Haven, less debt; rules digest 11), asked at each boundary; nothing here re-counts it.
 */
import { Game, scores, type Action, type GameState } from '../engine';
import type { ReplayListener } from './history-replay';

/** A player as the chart names them, in the game's seating order (not the turn order). */
export interface StatsPlayer {
	readonly id: number;
	readonly name: string;
}

export interface RevenueChange {
	readonly corp: string;
	readonly or: string;
	readonly revenue: number;
	/** Actions applied when the figure was set. */
	readonly at: number;
}

/** Every player's value at one moment: the end of a round, the start, or the last action. */
export interface ValuePoint {
	/** "Start", or the round that ended here: "SR 1", "OR 1.2". */
	readonly label: string;
	/** Actions applied when the values were taken. */
	readonly after: number;
	/** Values in the order of `GameStats.players`. */
	readonly values: readonly number[];
}

export interface GameStats {
	readonly players: readonly StatsPlayer[];
	/** The start, then one point per round that ended, then the last position (if not already a point). */
	readonly points: readonly ValuePoint[];
	/** Operating rounds seen, in order: "OR 1.1", "OR 1.2", "OR 2.1"… */
	readonly operatingRounds: readonly string[];
	/**
	 * Revenue by company then by operating round label: what its routes earned in that round's
	 * turn (0 for a turn taken without running). A company absent from a round did not operate in it.
	 */
	readonly revenue: Readonly<Record<string, Readonly<Record<string, number>>>>;
	/**
	 * How `revenue` came to be, oldest first: each figure as it was set (a turn shows 0 from its
	 * start, then its run), with the number of actions applied by then. Cuts a past position out.
	 */
	readonly revenueChanges: readonly RevenueChange[];
	/** Actions replayed. */
	readonly applied: number;
	/** The action the replay could not apply (the figures then stop before it); null when all applied. */
	readonly stopped: { readonly index: number; readonly code: string; readonly message: string } | null;
}

/**
 * A round's short label, or null for the P9 choice round between a stock round and the operating
 * rounds (too short for a point of its own: it belongs to the stock round before it).
 */
export function roundLabel(state: GameState): string | null {
	switch (state.round.kind) {
		case 'stock':
			return `SR ${state.turn}`;
		case 'operating':
			return `OR ${state.turn}.${state.round.num}`;
		case 'choices':
			return null;
	}
}

function valuesOf(state: Readonly<GameState>, players: readonly StatsPlayer[]): number[] {
	const s = scores(state as GameState);
	return players.map((p) => s[String(p.id)] ?? 0);
}

/** The revenue a run_routes action claims: its routes plus any extra revenue recorded beside them. */
function claimedRevenue(action: Action): number | null {
	if (action.type !== 'run_routes' || !Array.isArray(action.routes)) return null;
	let total = 0;
	for (const r of action.routes) total += typeof r.revenue === 'number' ? r.revenue : 0;
	return total + (typeof action.extra_revenue === 'number' ? action.extra_revenue : 0);
}

/** How many of the latest actions are compared to decide that a new list extends the one replayed. */
const TAIL_CHECK = 8;

/** The company operating and its round label, or null outside an operating round. */
export interface OperatingNow {
	readonly corp: string;
	readonly or: string;
}

/** The company operating in `state` and its round label, or null outside an operating round. */
export function operatingNow(state: Readonly<GameState>): OperatingNow | null {
	if (state.round.kind !== 'operating' || state.end.finished) return null;
	const corp = state.round.order[state.round.current];
	return corp === undefined ? null : { corp, or: `OR ${state.turn}.${state.round.num}` };
}

/** What the gatherer had after n steps, to go back there when an undo drops the steps after. */
interface Mark {
	readonly points: number;
	readonly ors: number;
	readonly changes: number;
	readonly label: string;
}

/**
 * The figures gathered from steps as a replay applies them: by the stats' own replay
 * (`StatsBuilder`) or by the one replay the page keeps for its log and history
 * (game-view.svelte.ts), which hears every step once. Read-only on the states it is given.
 */
export class StatsGatherer {
	readonly players: readonly StatsPlayer[];
	readonly #points: ValuePoint[] = [];
	readonly #ors: string[] = [];
	#revenue: Record<string, Record<string, number>> = {};
	readonly #changes: RevenueChange[] = [];
	/** The label of the round in progress (a choice round keeps the label of the one before). */
	#label: string;
	#applied = 0;
	#stopped: GameStats['stopped'] = null;
	/** `#marks[n]`: the figures after n steps. */
	#marks: Mark[] = [];

	constructor(initial: Readonly<GameState>) {
		this.players = initial.setup.players.map((p) => ({ id: p.id, name: p.name }));
		this.#label = roundLabel(initial as GameState) ?? 'Start';
		this.#points.push({ label: 'Start', after: 0, values: valuesOf(initial, this.players) });
		this.#observe(initial);
		this.#mark();
	}

	get applied(): number {
		return this.#applied;
	}
	get stopped(): GameStats['stopped'] {
		return this.#stopped;
	}

	/** The step after the ones applied was refused: the figures stop before it. */
	refused(code: string, message: string): void {
		this.#stopped ??= { index: this.#applied, code, message };
	}

	/**
	 * One engine action applied (a step, or one of the automatic actions recorded inside it):
	 * `before` is the company that was operating when it began.
	 */
	ran(action: Action, before: OperatingNow | null, after: Readonly<GameState>): void {
		if (this.#stopped) return;
		const claimed = claimedRevenue(action);
		if (claimed === null || !before) return;
		// A run whose turn ended within the same action (nothing left to do after it) is no longer in
		// the state afterwards: its revenue is the figure the engine just accepted for it (computed
		// and checked in live play; the recorded one in an imported log, as the site does).
		const now = operatingNow(after);
		if (now && now.corp === before.corp && now.or === before.or) return;
		this.#record(before.corp, before.or, claimed);
	}

	/** A step is over (after its `ran` calls): the operating company's turn so far, and a point when a round has ended. */
	stepped(after: Readonly<GameState>): void {
		if (this.#stopped) return;
		this.#applied += 1;
		this.#observe(after);
		this.#mark();
	}

	/** Forgets the steps from `n` on (an undo): the figures are those after the first n steps. */
	rewind(n: number): void {
		if (n >= this.#applied) return;
		const m = this.#marks[n];
		this.#marks = this.#marks.slice(0, n + 1);
		this.#applied = n;
		this.#stopped = null;
		this.#points.length = m.points;
		this.#ors.length = m.ors;
		this.#changes.length = m.changes;
		this.#label = m.label;
		this.#revenue = {};
		for (const c of this.#changes) (this.#revenue[c.corp] ??= {})[c.or] = c.revenue;
	}

	#mark(): void {
		this.#marks[this.#applied] = { points: this.#points.length, ors: this.#ors.length, changes: this.#changes.length, label: this.#label };
	}

	#record(corp: string, or: string, revenue: number): void {
		if (!this.#ors.includes(or)) this.#ors.push(or);
		const byOr = (this.#revenue[corp] ??= {});
		if (byOr[or] === revenue) return;
		byOr[or] = revenue;
		this.#changes.push({ corp, or, revenue, at: this.#applied });
	}

	#observe(state: Readonly<GameState>): void {
		const op = operatingNow(state);
		if (op && state.round.kind === 'operating') {
			const known = this.#revenue[op.corp]?.[op.or];
			// Shown as 0 until it runs: a turn taken without a run earned nothing.
			this.#record(op.corp, op.or, state.round.turn.revenue ?? known ?? 0);
		}
		const label = roundLabel(state as GameState);
		if (label !== null && label !== this.#label) {
			this.#points.push({ label: this.#label, after: this.#applied, values: valuesOf(state, this.players) });
			this.#label = label;
		}
	}

	/** The figures; `current` is the position after the steps applied (for the last point's values). */
	stats(current: () => Readonly<GameState>): GameStats {
		const points = [...this.#points];
		if (points[points.length - 1].after !== this.#applied) {
			points.push({ label: this.#label, after: this.#applied, values: valuesOf(current(), this.players) });
		}
		const revenue: Record<string, Record<string, number>> = {};
		for (const [corp, byOr] of Object.entries(this.#revenue)) revenue[corp] = { ...byOr };
		return {
			players: this.players,
			points,
			operatingRounds: [...this.#ors],
			revenue,
			revenueChanges: [...this.#changes],
			applied: this.#applied,
			stopped: this.#stopped
		};
	}
}

/** Feeds `gatherer` from a replay that hears each step once (the log's: log-sentences.ts). */
export function statsListener(gatherer: StatsGatherer): ReplayListener {
	return {
		step: (step, _index, before, after, error) => {
			if (error) return gatherer.refused(error.code, error.message);
			gatherer.ran(step.action, operatingNow(before), after);
			gatherer.stepped(after);
		},
		rewound: (base) => gatherer.rewind(base)
	};
}

/** The stats' own replay, for a list of actions no other replay has heard. */
class StatsBuilder {
	#game: Game;
	readonly #liveFrom: number;
	readonly #gatherer: StatsGatherer;
	/** JSON of the latest actions applied, newest last, to recognise an extended list. */
	readonly #tail: string[] = [];

	constructor(initial: GameState, liveFrom: number) {
		this.#game = new Game(initial);
		this.#liveFrom = liveFrom;
		this.#gatherer = new StatsGatherer(this.#game.state);
	}

	get applied(): number {
		return this.#gatherer.applied;
	}

	/** Whether `actions` begins with the actions applied so far (checked on the latest few). */
	extends(actions: readonly Action[]): boolean {
		const applied = this.applied;
		if (actions.length < applied) return false;
		const from = applied - this.#tail.length;
		return this.#tail.every((json, i) => JSON.stringify(actions[from + i]) === json);
	}

	/** Applies `action` (and the automatic actions the site records inside it); false once refused. */
	apply(action: Action): boolean {
		if (this.#gatherer.stopped) return false;
		const batch: readonly Action[] = [action, ...(Array.isArray(action.auto_actions) ? action.auto_actions : [])];
		for (const a of batch) {
			const before = operatingNow(this.#game.state);
			const r = this.#game.process(a);
			if (!r.ok) {
				this.#gatherer.refused(r.error.code, r.error.message);
				return false;
			}
			this.#gatherer.ran(a, before, this.#game.state);
		}
		if (this.applied + 1 === this.#liveFrom) this.#switchToLive();
		this.#gatherer.stepped(this.#game.state);
		this.#tail.push(JSON.stringify(action));
		if (this.#tail.length > TAIL_CHECK) this.#tail.shift();
		return true;
	}

	/**
	 * An imported game's prefix replays as the site loads a log; play here goes on under the full
	 * rules, as the log's own replay does (sync/engine-1822-import.ts stateAfterPrefix).
	 */
	#switchToLive(): void {
		const state = this.#game.snapshot();
		this.#game = new Game({ ...state, setup: { ...state.setup, mode: 'live' } });
	}

	stats(): GameStats {
		return this.#gatherer.stats(() => this.#game.state);
	}
}

/**
 * Replays `actions` from `initial` once and gathers the figures. `liveFrom` is the number of
 * leading actions that are an imported prefix (replayed in the mode of `initial`, 'import' for such
 * a game); from there on the replay is live play. 0: every action in the mode of `initial`.
 */
export function computeGameStats(initial: GameState, actions: readonly Action[], liveFrom = 0): GameStats {
	const b = new StatsBuilder(initial, liveFrom);
	for (const a of actions) if (!b.apply(a)) break;
	return b.stats();
}

/**
 * The figures as they stood after the first `n` actions, cut from those of a longer replay (a
 * past position of the history): the points and revenue known by then (a turn under way at `n`
 * that runs later shows 0, as it did then).
 */
export function statsAt(stats: GameStats, n: number): GameStats {
	if (n >= stats.applied) return stats;
	const changes = stats.revenueChanges.filter((c) => c.at <= n);
	const revenue: Record<string, Record<string, number>> = {};
	const ors: string[] = [];
	for (const c of changes) {
		(revenue[c.corp] ??= {})[c.or] = c.revenue;
		if (!ors.includes(c.or)) ors.push(c.or);
	}
	return {
		players: stats.players,
		points: stats.points.filter((p) => p.after <= n),
		operatingRounds: ors,
		revenue,
		revenueChanges: changes,
		applied: n,
		stopped: stats.stopped && stats.stopped.index < n ? stats.stopped : null
	};
}

/** The figures of `actions` if this replay has heard exactly them, else null. */
export type StatsSource = (key: string, actions: readonly Action[], liveFrom: number) => GameStats | null;

/**
 * The figures of one game, kept up to date as actions are added: a list that extends the one
 * already replayed costs only its new actions; anything else (an undo, another game) replays
 * from the start. Ask again with the same list and the answer is the cached one.
 */
export class GameStatsTracker {
	#key: string | null = null;
	#builder: StatsBuilder | null = null;
	#cached: GameStats | null = null;
	#source: StatsSource | null = null;

	/**
	 * Answers from another replay that has heard the same actions, when it can (the page's live
	 * game keeps one replay for its log, its history and these figures: game-view.svelte.ts).
	 */
	follow(source: StatsSource | null): void {
		this.#source = source;
	}

	/**
	 * `key` names the game (its id); `initial` gives its start position, and is only called when
	 * the replay must begin again; `liveFrom` as for `computeGameStats`. Null when there is no start
	 * position.
	 */
	update(key: string, initial: () => GameState | null, actions: readonly Action[], liveFrom = 0): GameStats | null {
		const given = this.#source?.(key, actions, liveFrom);
		if (given) return given;
		const fullKey = `${key}|${liveFrom}`;
		let b = this.#builder;
		if (b && this.#key === fullKey && this.#cached && b.applied === actions.length && b.extends(actions)) return this.#cached;
		if (!b || this.#key !== fullKey || !b.extends(actions)) {
			const start = initial();
			if (!start) return null;
			b = new StatsBuilder(start, liveFrom);
			this.#builder = b;
			this.#key = fullKey;
		}
		for (let i = b.applied; i < actions.length; i++) if (!b.apply(actions[i])) break;
		this.#cached = b.stats();
		return this.#cached;
	}
}

/**
 * One tracker per game object (the page's live game), shared by the end screen and the
 * spreadsheet so that the game is replayed once for both.
 */
const shared = new WeakMap<object, GameStatsTracker>();
export function sharedStatsTracker(owner: object): GameStatsTracker {
	let t = shared.get(owner);
	if (!t) {
		t = new GameStatsTracker();
		shared.set(owner, t);
	}
	return t;
}
