/**
 * Replaying an 18xx.games export: parse, resolve undo/redo, run each surviving action and its
 * `auto_actions`, and optionally compare the state after every executed action with a trace of
 * the reference engine. Pure: the caller reads the files.
 *
 * In 'live' mode the engine plays the log as it plays a game at the table: every live check is
 * on, route revenue is computed, and the engine's programs run the automatic actions themselves;
 * those must then be the ones the file carries (as the site's server checks them).
 */
import { Game, autoActions, scores, type EngineMode, type GameState } from '../engine/index';
import type { Action } from '../engine/core/actions';
import { parseExport } from './parse-export';
import { resolveUndoRedo } from './undo-redo';
import { compareWithTrace, type TraceDiff, type TraceLine } from './trace';

export interface ReplayOptions {
	/** Trace lines of the reference engine, one per raw action. */
	readonly trace?: readonly TraceLine[];
	/** Stop after the action with this id. */
	readonly until?: number;
	/** Clock for timing (injected, so this module stays free of host APIs). */
	readonly now?: () => number;
	/** 'import' (default): the log as the site loaded it; 'live': as the engine plays at the table. */
	readonly mode?: EngineMode;
}

export interface ReplayStop {
	readonly actionId: number | null;
	readonly type: string;
	readonly code: string;
	readonly message: string;
}

export interface ReplayReport {
	readonly title: string;
	readonly mode: EngineMode;
	readonly players: readonly number[];
	readonly actions: number;
	readonly applied: number;
	readonly result: Record<string, number> | null;
	readonly expected: Readonly<Record<string, number>> | null;
	readonly match: boolean;
	readonly finished: boolean;
	readonly endReason: string | null;
	readonly expectedEndReason: string | null;
	readonly traceMismatches: number;
	readonly traceCompared: number;
	readonly firstMismatch: (TraceDiff & { actionId: number }) | null;
	/** The first differing field of every mismatching line, in order. */
	readonly mismatches: readonly (TraceDiff & { actionId: number })[];
	readonly stoppedAt: ReplayStop | null;
	/** Live mode: the first action whose automatic actions differ from the file's (null otherwise). */
	readonly autoMismatch: ReplayStop | null;
	readonly error: ReplayStop | null;
	readonly ms: number;
	readonly game: Game | null;
}

function sameScores(a: Record<string, number>, b: Readonly<Record<string, number>>): boolean {
	const ka = Object.keys(a).sort();
	const kb = Object.keys(b).sort();
	return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/** Automatic actions compared as the site compares them: every field but the bookkeeping ones. */
export function sameAutoActions(ran: readonly Action[], recorded: readonly Action[]): boolean {
	const strip = (a: Action) => {
		const { created_at: _t, id: _i, user: _u, entity_type: _e, ...rest } = a as Action & { user?: unknown };
		return JSON.stringify(Object.fromEntries(Object.entries(rest).sort(([x], [y]) => (x < y ? -1 : 1))));
	};
	return ran.length === recorded.length && ran.every((a, i) => strip(a) === strip(recorded[i]));
}

export function replayExport(json: unknown, options: ReplayOptions = {}): ReplayReport {
	const now = options.now ?? (() => 0);
	const t0 = now();
	const parsed = parseExport(json);
	const empty = (error: ReplayStop): ReplayReport => ({
		title: '',
		mode: options.mode ?? 'import',
		players: [],
		actions: 0,
		applied: 0,
		result: null,
		expected: null,
		match: false,
		finished: false,
		endReason: null,
		expectedEndReason: null,
		traceMismatches: 0,
		traceCompared: 0,
		firstMismatch: null,
		mismatches: [],
		stoppedAt: error,
		autoMismatch: null,
		error,
		ms: now() - t0,
		game: null
	});
	if (!parsed.ok) return empty({ actionId: null, type: 'export', ...parsed.error });
	const ex = parsed.value;
	const created = Game.create({
		title: ex.title,
		players: ex.players,
		seed: ex.seed,
		optionalRules: ex.optionalRules,
		mode: options.mode ?? 'import'
	});
	const live = options.mode === 'live';
	if (!created.ok) return empty({ actionId: null, type: 'setup', ...created.error });
	const game = created.value;
	const { surviving } = resolveUndoRedo(ex.actions);
	const traceById = new Map<number, TraceLine>();
	for (const line of options.trace ?? []) traceById.set(line.id, line);

	let applied = 0;
	let mismatches = 0;
	let compared = 0;
	let first: (TraceDiff & { actionId: number }) | null = null;
	const all: (TraceDiff & { actionId: number })[] = [];
	let stop: ReplayStop | null = null;
	let autoMismatch: ReplayStop | null = null;
	outer: for (const action of surviving) {
		if (options.until !== undefined && (action.id ?? 0) > options.until) break;
		const batch: Action[] = live ? [action] : [action, ...(action.auto_actions ?? [])];
		for (const a of batch) {
			const r = game.process(a);
			if (!r.ok) {
				stop = { actionId: action.id ?? null, type: a.type, code: r.error.code, message: r.error.message };
				break outer;
			}
		}
		const ran = live ? autoActions(game.state as GameState) : [];
		if (live && !sameAutoActions(ran, action.auto_actions ?? [])) {
			const names = (xs: readonly Action[]) => xs.map((a) => `${a.type} ${a.entity}`).join(', ') || 'none';
			const message = `Automatic actions do not match the file's: the engine ran ${names(ran)}, the file has ${names(action.auto_actions ?? [])}.`;
			autoMismatch ??= { actionId: action.id ?? null, type: action.type, code: 'auto_actions_mismatch', message };
			// The engine ran none: follow the file, as on import, so the comparison goes on.
			if (ran.length > 0) {
				stop = autoMismatch;
				break;
			}
			for (const a of action.auto_actions ?? []) {
				const r = game.process(a);
				if (!r.ok) {
					stop = { actionId: action.id ?? null, type: a.type, code: r.error.code, message: r.error.message };
					break outer;
				}
			}
		}
		applied += 1;
		const line = action.id !== undefined ? traceById.get(action.id) : undefined;
		if (line && line.ap === 1) {
			compared += 1;
			const d = compareWithTrace(game.state, line);
			if (d) {
				mismatches += 1;
				all.push({ actionId: action.id as number, ...d });
				if (!first) first = { actionId: action.id as number, ...d };
			}
		}
	}
	const state = game.state;
	const result = scores(state);
	const expected = ex.result;
	const finished = state.end.finished;
	const match =
		stop === null && finished && expected !== null && sameScores(result, expected) &&
		(ex.gameEndReason === null || ex.gameEndReason === state.end.reason);
	return {
		title: ex.title,
		mode: options.mode ?? 'import',
		players: ex.players.map((p) => p.id),
		actions: ex.actions.length,
		applied,
		result,
		expected,
		match,
		finished,
		endReason: state.end.reason,
		expectedEndReason: ex.gameEndReason,
		traceMismatches: mismatches,
		traceCompared: compared,
		firstMismatch: first,
		mismatches: all,
		stoppedAt: stop,
		autoMismatch,
		error: null,
		ms: now() - t0,
		game
	};
}
