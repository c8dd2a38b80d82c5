/**
 * Route-finder timings on late-game positions of the shared reference games, each rebuilt from
 * the trace just before a recorded run:
 * - the three named in the route-finder issue: 1822 action 1499 (LYR), 1822NRS action 868 (MR),
 *   1822MRS action 768 (LNWR);
 * - the five costliest `run_routes` positions of each shared game (found by timing one search of
 *   every recorded run).
 * Each position: one warm-up, then the median and the worst of several runs (wall and CPU), with
 * the revenue found and what the players recorded. Printed as JSON; no assertion on time. Without
 * ../shared/reference (relative to the project root) it says so.
 *
 *   npx tsx scripts/bench-router.ts [--runs N]    (also part of `npm run bench`)
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findBestRoutes } from '../src/lib/router/best-routes';
import { RouteGraph } from '../src/lib/router/steps';
import { referenceRoot } from '../tests/unit/map-reference';
import { RECORDED_GAMES, recordedRuns, runContext, type RecordedGame, type RecordedRun } from '../tests/unit/routes-reference';
import { stopHexes } from '../src/lib/engine/core/route';

const NAMED: readonly [game: string, action: number][] = [
	['1822_game_end_stock_market', 1499],
	['1822NRS_game_end_bank', 868],
	['1822MRS_game_end_bank', 768]
];
const COSTLIEST_PER_GAME = 5;

export interface RouterTiming {
	readonly game: string;
	readonly action: number;
	readonly corporation: string;
	readonly why: 'named' | 'costliest';
	readonly trains: string[];
	readonly candidates: number;
	readonly medianMs: number;
	readonly worstMs: number;
	readonly medianCpuMs: number;
	readonly best: number;
	readonly bestRoutes: string[];
	readonly recorded: number;
}

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function solver(g: RecordedGame, run: RecordedRun) {
	return () => {
		const { rb, ctx } = runContext(g, run);
		return findBestRoutes(ctx, new RouteGraph(rb, g.special));
	};
}

function time(g: RecordedGame, run: RecordedRun, why: RouterTiming['why'], runs: number): RouterTiming {
	const solve = solver(g, run);
	const first = solve();
	const wall: number[] = [];
	const cpu: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		const c0 = process.cpuUsage();
		solve();
		const c = process.cpuUsage(c0);
		wall.push(performance.now() - t0);
		cpu.push((c.user + c.system) / 1000);
	}
	return {
		game: g.game,
		action: run.actionId,
		corporation: run.corporation,
		why,
		trains: run.trains.map((t) => `${t.id}:${t.name}${t.kind === 'pullman' ? '+' : ''}`),
		candidates: first.candidates,
		medianMs: Math.round(median(wall)),
		worstMs: Math.round(Math.max(...wall)),
		// CPU time of this process: steadier than wall time on a shared machine
		medianCpuMs: Math.round(median(cpu)),
		best: first.revenue.total,
		bestRoutes: first.routes.map((r) => `${r.train}:${stopHexes(r).join('-')}`),
		recorded: run.routes.reduce((s, r) => s + r.revenue, 0)
	};
}

/** The positions' timings; null without the reference games. */
export function benchRouter(runs = 9): { positions: RouterTiming[]; costliest: { game: string; action: number; medianMs: number } } | null {
	if (!existsSync(path.join(referenceRoot, 'traces'))) return null;
	const positions: RouterTiming[] = [];
	for (const [game, action] of NAMED) {
		const g = RECORDED_GAMES.find((x) => x.game === game)!;
		positions.push(time(g, recordedRuns(g).find((r) => r.actionId === action)!, 'named', runs));
	}
	for (const g of RECORDED_GAMES) {
		const all = recordedRuns(g).map((run) => {
			const solve = solver(g, run);
			const t0 = performance.now();
			solve();
			return { run, ms: performance.now() - t0 };
		});
		all.sort((a, b) => b.ms - a.ms || a.run.actionId - b.run.actionId);
		for (const { run } of all.slice(0, COSTLIEST_PER_GAME)) {
			if (positions.some((p) => p.game === g.game && p.action === run.actionId)) continue;
			positions.push(time(g, run, 'costliest', runs));
		}
	}
	const worst = positions.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
	return { positions, costliest: { game: worst.game, action: worst.action, medianMs: worst.medianMs } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const runsArg = process.argv.indexOf('--runs');
	const result = benchRouter(runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9);
	console.log(result ? JSON.stringify(result, null, 2) : 'reference games not found at ../shared/reference: nothing to measure');
}
