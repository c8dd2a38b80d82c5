/**
 * Route-finder timings on late-game positions of the shared reference games, each rebuilt from
 * the trace just before a recorded run:
 * - the three named in the route-finder issue: 1822 action 1499 (LYR), 1822NRS action 868 (MR),
 *   1822MRS action 768 (LNWR);
 * - the five costliest `run_routes` positions of each shared game (found by timing one search of
 *   every recorded run).
 * First, one search of every recorded run (which picks the costliest positions and warms up the
 * JIT, as in a worker that has answered a few questions; the very first search of the process is
 * reported apart, as `coldFirstMs`). Then each position: one warm-up, then the median and the
 * worst of several runs (wall and CPU), with the candidates, the revenue found and what the
 * players recorded. A run is what the app does for one search: the route board and context of
 * the position, then the search to its end. The result names the costliest position (by median and by worst run) and the machine's load
 * average before and after, since other work on the machine inflates wall times. No assertion on
 * time. Without ../shared/reference (relative to the project root) it says so.
 *
 *   npx tsx scripts/bench-router.ts [--runs N] [--json]   (a table, or JSON; also part of `npm run bench`)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
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
	readonly worstCpuMs: number;
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
		worstCpuMs: Math.round(Math.max(...cpu)),
		best: first.revenue.total,
		bestRoutes: first.routes.map((r) => `${r.train}:${stopHexes(r).join('-')}`),
		recorded: run.routes.reduce((s, r) => s + r.revenue, 0)
	};
}

interface Costliest {
	readonly game: string;
	readonly action: number;
	readonly corporation: string;
	readonly medianMs: number;
	readonly worstMs: number;
}

export interface RouterBench {
	readonly runs: number;
	/** One-minute load average before and after: a loaded machine inflates wall times. */
	readonly loadAverage: readonly [before: number, after: number];
	/** The first search of the process (the first named position), before the JIT has warmed up. */
	readonly coldFirstMs: number;
	readonly positions: RouterTiming[];
	/** The position with the highest median, and the one with the worst single run. */
	readonly costliest: Costliest;
	readonly worstRun: Costliest;
}

/** The positions' timings; null without the reference games. */
export function benchRouter(runs = 9): RouterBench | null {
	if (!existsSync(path.join(referenceRoot, 'traces'))) return null;
	const loadBefore = loadavg()[0];
	const named = NAMED.map(([game, action]) => {
		const g = RECORDED_GAMES.find((x) => x.game === game)!;
		return { g, run: recordedRuns(g).find((r) => r.actionId === action)! };
	});
	// the process's first search, the JIT still cold: what a fresh worker's first answer costs
	const t0 = performance.now();
	solver(named[0].g, named[0].run)();
	const coldFirstMs = Math.round(performance.now() - t0);
	// one search of every recorded run: finds each game's costliest positions, and warms the
	// JIT as a worker that has answered a few questions is
	const costly: { g: RecordedGame; run: RecordedRun }[] = [];
	for (const g of RECORDED_GAMES) {
		const all = recordedRuns(g).map((run) => {
			const solve = solver(g, run);
			const t = performance.now();
			solve();
			return { run, ms: performance.now() - t };
		});
		all.sort((a, b) => b.ms - a.ms || a.run.actionId - b.run.actionId);
		for (const { run } of all.slice(0, COSTLIEST_PER_GAME)) {
			if (!named.some((n) => n.g.game === g.game && n.run.actionId === run.actionId)) costly.push({ g, run });
		}
	}
	const positions: RouterTiming[] = [
		...named.map(({ g, run }) => time(g, run, 'named', runs)),
		...costly.map(({ g, run }) => time(g, run, 'costliest', runs))
	];
	const name = (p: RouterTiming): Costliest => ({ game: p.game, action: p.action, corporation: p.corporation, medianMs: p.medianMs, worstMs: p.worstMs });
	const costliest = positions.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
	const worstRun = positions.reduce((a, b) => (b.worstMs > a.worstMs ? b : a));
	const round = (x: number) => Math.round(x * 100) / 100;
	return {
		runs,
		loadAverage: [round(loadBefore), round(loadavg()[0])],
		coldFirstMs,
		positions,
		costliest: name(costliest),
		worstRun: name(worstRun)
	};
}

/** The timings as a text table, one position a line. */
export function routerTable(b: RouterBench): string {
	const head = ['game', 'action', 'corp', 'trains', 'candidates', 'median ms', 'worst ms', 'cpu median', 'cpu worst', 'best £', 'played £'];
	const rows = b.positions.map((p) => [
		p.game,
		String(p.action),
		p.corporation,
		p.trains.join(' '),
		String(p.candidates),
		String(p.medianMs),
		String(p.worstMs),
		String(p.medianCpuMs),
		String(p.worstCpuMs),
		String(p.best),
		String(p.recorded)
	]);
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
	const line = (r: string[]) => r.map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
	const c = b.costliest;
	const w = b.worstRun;
	return [
		`route finder: ${b.positions.length} positions, ${b.runs} runs each after a warm-up; load average ${b.loadAverage[0]} before, ${b.loadAverage[1]} after`,
		line(head),
		...rows.map(line),
		`costliest by median: ${c.game} action ${c.action} (${c.corporation}) median ${c.medianMs} ms, worst ${c.worstMs} ms`,
		`worst single run: ${w.game} action ${w.action} (${w.corporation}) ${w.worstMs} ms`,
		`first search of the process (JIT cold): ${b.positions[0].game} action ${b.positions[0].action}: ${b.coldFirstMs} ms`
	].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const runsArg = process.argv.indexOf('--runs');
	const result = benchRouter(runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9);
	if (!result) console.log('reference games not found at ../shared/reference: nothing to measure');
	else console.log(process.argv.includes('--json') ? JSON.stringify(result, null, 2) : routerTable(result));
}
