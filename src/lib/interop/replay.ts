/**
 * Replaying an 18xx.games export: parse, resolve undo/redo, run each surviving action and its
 * `auto_actions`, and optionally compare the state after every executed action with a trace of
 * the reference engine. Pure: the caller reads the files.
 */
import { Game, scores } from '../engine/index';
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
}

export interface ReplayStop {
	readonly actionId: number | null;
	readonly type: string;
	readonly code: string;
	readonly message: string;
}

export interface ReplayReport {
	readonly title: string;
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
	readonly error: ReplayStop | null;
	readonly ms: number;
	readonly game: Game | null;
}

function sameScores(a: Record<string, number>, b: Readonly<Record<string, number>>): boolean {
	const ka = Object.keys(a).sort();
	const kb = Object.keys(b).sort();
	return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

export function replayExport(json: unknown, options: ReplayOptions = {}): ReplayReport {
	const now = options.now ?? (() => 0);
	const t0 = now();
	const parsed = parseExport(json);
	const empty = (error: ReplayStop): ReplayReport => ({
		title: '',
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
		mode: 'import'
	});
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
	outer: for (const action of surviving) {
		if (options.until !== undefined && (action.id ?? 0) > options.until) break;
		const batch: Action[] = [action, ...(action.auto_actions ?? [])];
		for (const a of batch) {
			const r = game.process(a);
			if (!r.ok) {
				stop = { actionId: action.id ?? null, type: a.type, code: r.error.code, message: r.error.message };
				break outer;
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
		error: null,
		ms: now() - t0,
		game
	};
}
