/**
 * Route-finder timings on three late-game positions of the shared reference games, each
 * rebuilt from the trace just before a recorded run: 1822 action 1499 (LYR), 1822NRS
 * action 868 (MR), 1822MRS action 768 (LNWR). One warm-up, then the median of several
 * runs, printed as JSON with the best run found and what the players recorded. Without
 * ../shared/reference (relative to the project root) it says so and exits.
 *
 *   npx tsx scripts/bench-router.ts [--runs N]
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { findBestRoutes } from '../src/lib/router/best-routes';
import { RouteGraph } from '../src/lib/router/steps';
import { referenceRoot } from '../tests/unit/map-reference';
import { RECORDED_GAMES, recordedRuns, runContext } from '../tests/unit/routes-reference';
import { stopHexes } from '../src/lib/engine/core/route';

const POSITIONS: readonly [game: string, action: number][] = [
	['1822_game_end_stock_market', 1499],
	['1822NRS_game_end_bank', 868],
	['1822MRS_game_end_bank', 768]
];

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

if (!existsSync(path.join(referenceRoot, 'traces'))) {
	console.log('reference games not found at ../shared/reference: nothing to measure');
	process.exit(0);
}
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9;

const results = [];
for (const [game, action] of POSITIONS) {
	const g = RECORDED_GAMES.find((x) => x.game === game)!;
	const run = recordedRuns(g).find((r) => r.actionId === action)!;
	const solve = () => {
		const { rb, ctx } = runContext(g, run);
		return findBestRoutes(ctx, new RouteGraph(rb, g.special));
	};
	const first = solve();
	const times: number[] = [];
	const cpu: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		const c0 = process.cpuUsage();
		solve();
		const c = process.cpuUsage(c0);
		times.push(performance.now() - t0);
		cpu.push((c.user + c.system) / 1000);
	}
	results.push({
		game,
		action,
		corporation: run.corporation,
		trains: run.trains.map((t) => `${t.id}:${t.name}${t.kind === 'pullman' ? '+' : ''}`),
		candidates: first.candidates,
		medianMs: Math.round(median(times)),
		// CPU time of this process: steadier than wall time on a shared machine
		medianCpuMs: Math.round(median(cpu)),
		best: first.revenue.total,
		bestRoutes: first.routes.map((r) => `${r.train}:${stopHexes(r).join('-')}`),
		recorded: run.routes.reduce((s, r) => s + r.revenue, 0)
	});
}
console.log(JSON.stringify(results, null, 2));
