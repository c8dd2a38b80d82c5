/**
 * The end screen's and the spreadsheet's figures (issue 8), against recorded games: replaying a
 * game from its start gives, at the last point, the site's final scores (`result`), one point per
 * round in the order the reference engine went through them (trace `r`), and for every executed
 * run the revenue the site recorded in that run_routes action, filed under the operating round the
 * reference was in (../shared/reference/fixtures and traces).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from '../../src/lib/engine';
import { parseExport, type ParsedExport } from '../../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../../src/lib/interop/undo-redo';
import { computeGameStats, GameStatsTracker, statsAt, type GameStats } from '../../src/lib/state/game-stats';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const reference = path.resolve(projectRoot, '../shared/reference');
const haveReference = existsSync(path.join(reference, 'fixtures')) && existsSync(path.join(reference, 'traces'));

/** Every shared recorded game, and whether any company ran in it (one ended by hand before any did). */
const GAMES = [
	['1822MRS/2227', true],
	['1822MRS/1822MRS_game_end_bank', true],
	['1822NRS/1822NRS_game_end_bank', true],
	['1822NRS/128129', true],
	['1822/discard_trains_after_sr_export', true],
	['1822/1822_game_end_stock_market', true],
	['1822/hs_lxemeslq_30797', false]
] as const;

interface TraceLine {
	readonly id: number;
	readonly t: string;
	readonly e: string | number;
	readonly ap: number;
	readonly r: string;
}

interface Recorded {
	readonly ex: ParsedExport;
	readonly initial: GameState;
	readonly actions: readonly Action[];
	readonly trace: readonly TraceLine[];
	readonly raw: readonly Record<string, unknown>[];
}

function load(name: string): Recorded {
	const json = JSON.parse(readFileSync(path.join(reference, 'fixtures', `${name}.json`), 'utf8')) as { actions: Record<string, unknown>[] };
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	// Loaded the way the site loads a log: recorded revenue kept (interop/replay.ts does the same).
	const created = createGame({ title: ex.title, players: ex.players, seed: ex.seed, optionalRules: ex.optionalRules, mode: 'import' });
	if (!created.ok) throw new Error(created.error.message);
	const trace = readFileSync(path.join(reference, 'traces', `${name}.jsonl`), 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as TraceLine);
	return { ex, initial: created.value, actions: resolveUndoRedo(ex.actions).surviving, trace, raw: json.actions };
}

/** "Operating Round 3.1" → "OR 3.1", "Stock Round 2" → "SR 2"; the choice round has no label. */
function shortRound(r: string): string | null {
	const or = /^Operating Round (\d+\.\d+)$/.exec(r);
	if (or) return `OR ${or[1]}`;
	const sr = /^Stock Round (\d+)$/.exec(r);
	return sr ? `SR ${sr[1]}` : null;
}

describe.skipIf(!haveReference)('game stats against recorded games', () => {
	for (const [name, ran] of GAMES) {
		describe(name, () => {
			const g = haveReference ? load(name) : null;
			let cached: GameStats | null = null;
			const figures = (): GameStats => (cached ??= computeGameStats(g!.initial, g!.actions));

			it('the last value point is the final score of every player (result)', () => {
				const stats = figures();
				expect(stats.stopped).toBeNull();
				expect(stats.applied).toBe(g!.actions.length);
				const last = stats.points[stats.points.length - 1];
				expect(last.after).toBe(g!.actions.length);
				const byId = Object.fromEntries(stats.players.map((p, i) => [String(p.id), last.values[i]]));
				expect(byId).toEqual(g!.ex.result);
			});

			it('the first point is the start: every player holds the starting cash only', () => {
				const stats = figures();
				const start = stats.points[0];
				expect(start.label).toBe('Start');
				expect(start.after).toBe(0);
				expect(start.values).toEqual(g!.initial.players.map((p) => p.cash));
			});


			it('one point per round, in the order the reference went through them', () => {
				const stats = figures();
				const rounds: string[] = [];
				for (const line of g!.trace) {
					const label = shortRound(line.r);
					if (label !== null && rounds[rounds.length - 1] !== label) rounds.push(label);
				}
				expect(stats.points.slice(1).map((p) => p.label)).toEqual(rounds);
			});

			if (!ran) {
				it('a game ended before anyone ran has no revenue at all', () => {
					expect(figures().revenue).toEqual({});
					expect(figures().operatingRounds).toEqual([]);
				});
				return;
			}

			it('each run earns in its operating round the revenue the site recorded for it', () => {
				const stats = figures();
				// The round before each action is the one on the previous trace line (an undone
				// action leaves the state as it was, so its line repeats the round).
				const byId = new Map(g!.raw.map((a) => [a.id as number, a]));
				let checked = 0;
				for (const [i, line] of g!.trace.entries()) {
					if (line.t !== 'run_routes' || line.ap !== 1 || i === 0) continue;
					const or = shortRound(g!.trace[i - 1].r);
					const action = byId.get(line.id) as { routes: { revenue: number }[]; extra_revenue?: number };
					const recorded = action.routes.reduce((s, r) => s + r.revenue, 0) + (action.extra_revenue ?? 0);
					expect(or).not.toBeNull();
					expect(stats.revenue[String(line.e)]?.[or!], `${line.e} in ${or} (action ${line.id})`).toBe(recorded);
					checked++;
				}
				expect(checked).toBeGreaterThan(0);
				expect(stats.operatingRounds.length).toBeGreaterThan(0);
			});
		});
	}

	it('a 1,200-action game replays for its figures in well under a few seconds', () => {
		const g = load('1822/1822_game_end_stock_market');
		const t0 = performance.now();
		const stats = computeGameStats(g.initial, g.actions);
		const ms = performance.now() - t0;
		console.log(`game-stats: ${stats.applied} actions replayed for the figures in ${Math.round(ms)} ms`);
		expect(stats.applied).toBe(g.actions.length);
		expect(ms).toBeLessThan(5000);
	});

	describe('a past position (statsAt)', () => {
		it('cut at a round boundary, the figures are those of a replay that stops there', () => {
			for (const name of ['1822MRS/2227', '1822NRS/1822NRS_game_end_bank'] as const) {
				const g = load(name);
				const full = computeGameStats(g.initial, g.actions);
				// Every boundary of the short game; the first, a middle and the next-to-last of the long one.
				const inner = full.points.slice(1, -1);
				const cuts = name.endsWith('2227') ? inner : [inner[0], inner[Math.floor(inner.length / 2)], inner[inner.length - 1]];
				expect(cuts.length).toBeGreaterThan(1);
				for (const p of cuts) {
					const cut = statsAt(full, p.after);
					const replayed = computeGameStats(g.initial, g.actions.slice(0, p.after));
					expect(cut.revenue, `${name} at ${p.label}`).toEqual(replayed.revenue);
					expect(cut.operatingRounds).toEqual(replayed.operatingRounds);
					expect(cut.points).toEqual(replayed.points);
					expect(cut.revenueChanges).toEqual(replayed.revenueChanges);
				}
			}
		});
	});

	describe('GameStatsTracker', () => {
		const g = haveReference ? load('1822MRS/2227') : null;

		it('extending the actions one at a time gives the same figures as one replay from the start', () => {
			const tracker = new GameStatsTracker();
			let starts = 0;
			const initial = () => {
				starts++;
				return g!.initial;
			};
			for (let n = 0; n <= g!.actions.length; n++) tracker.update('game', initial, g!.actions.slice(0, n));
			expect(starts).toBe(1);
			expect(tracker.update('game', initial, g!.actions)).toEqual(computeGameStats(g!.initial, g!.actions));
		});

		it('a shorter or different list (an undo) replays from the start', () => {
			const tracker = new GameStatsTracker();
			let starts = 0;
			const initial = () => {
				starts++;
				return g!.initial;
			};
			tracker.update('game', initial, g!.actions);
			const undone = g!.actions.slice(0, 50);
			expect(tracker.update('game', initial, undone)).toEqual(computeGameStats(g!.initial, undone));
			expect(starts).toBe(2);
			// The same list again is answered from the cache.
			tracker.update('game', initial, undone);
			expect(starts).toBe(2);
		});
	});
});
