/**
 * Replay time of each shared reference game: warm-up runs (twenty by default: on a busy machine
 * the JIT takes a dozen or more replays of the longest game to settle), then the median of
 * several runs, printed as JSON. `cpuMedianMs` is the median CPU time of the same runs (all of
 * the process's threads), which a busy machine inflates less than the wall-clock `medianMs`.
 * No assertion on time. The games are read from ../shared/reference (relative to the project
 * root); without it the benchmark says so and exits.
 *
 * For the longest game it also records a CPU profile of further replays (the V8 inspector's
 * Profiler domain, in this process) and prints the three largest self times by function
 * (`profile.top`): where the replay spends its time. Profiling slows the replay, so the
 * medians are measured before it starts.
 *
 * `fresh` (scripts/bench-fresh.ts): the longest game replayed once in each of a few fresh child
 * processes (cold JIT): the median replay time there, module loading excluded, and apart the
 * median time to load the modules. Part of `games`.
 *
 * `shipped` (scripts/bench-shipped.ts): the longest game replayed by the engine bundled as the app
 * ships it (no development loader): in process, in fresh Node processes and in fresh Chromium
 * pages (`--page-runs N`, when Chromium is installed). Part of `games`.
 *
 * `--reference-ms MS` (or the environment's BENCH_REFERENCE_MS): the reference engine's time to
 * load the longest game, measured elsewhere; the benchmark then also prints how many times faster
 * our replay is, in process and in a fresh process. Without it only our figures are printed.
 *
 * `sync` (scripts/bench-sync.ts): the median time for an action to reach the other peer over 50
 * actions on loopback, and the time to verify the signatures of a 1500-action log.
 * `open` (scripts/bench-open.ts): opening the longest game with and without checkpoints, and a
 * game played here (signed entries, every signature checked) with and without resume points.
 * `router` (scripts/bench-router.ts): the route finder's median and worst time on the named
 * late-game positions and the five costliest `run_routes` positions of each game.
 * `ui` (scripts/bench-ui.ts): the game page's log, history and figures of each game.
 * `mailbox` (scripts/bench-mailbox.ts): a late joiner receiving a 1,500-entry game from the relay's
 * encrypted mailbox, nobody else online (fetch and apply, and until its view has the head).
 *
 *   npm run bench [-- --runs N] [--warmup N] [--profile-runs N] [--fresh-runs N] [--page-runs N] [--reference-ms MS]
 *                    [--only games,open,sync,router,ui,mailbox]
 *
 * `--only` runs just the named parts (e.g. `npm run bench -- --only router`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { replayExport } from '../src/lib/interop/replay';
import { benchOpen, benchOpenNative } from './bench-open';
import { benchSync } from './bench-sync';
import { benchRouter } from './bench-router';
import { benchUi } from './bench-ui';
import { benchMailbox, type MailboxBench } from './bench-mailbox';
import { benchFresh, type FreshReplay } from './bench-fresh';
import { benchShipped, type ShippedReplay } from './bench-shipped';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.resolve(projectRoot, '../shared/reference/fixtures');

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function numberArg(name: string, fallback: number): number {
	const i = process.argv.indexOf(name);
	if (i < 0) return fallback;
	const n = Number(process.argv[i + 1]);
	if (!Number.isInteger(n) || n < 1) usage(`${name} needs a whole number of at least 1, not "${process.argv[i + 1] ?? ''}".`);
	return n;
}

const PARTS = ['games', 'open', 'sync', 'router', 'ui', 'mailbox'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `usage: npm run bench [-- --runs N] [--warmup N] [--profile-runs N] [--fresh-runs N] [--page-runs N] [--reference-ms MS] [--only ${PARTS.join(',')}]`;

/** A wrong argument prints the usage and exits, without a stack trace. */
function usage(problem: string): never {
	console.error(`${problem}\n${USAGE}`);
	process.exit(2);
}

/** The reference engine's time for the longest game, from `--reference-ms` or BENCH_REFERENCE_MS (null without). */
function referenceMs(): number | null {
	const i = process.argv.indexOf('--reference-ms');
	const raw = i >= 0 ? process.argv[i + 1] : process.env.BENCH_REFERENCE_MS;
	if (raw === undefined || raw === '') return null;
	const n = Number(raw);
	if (!Number.isFinite(n) || n <= 0) usage(`--reference-ms (or BENCH_REFERENCE_MS) needs a time in milliseconds above 0, not "${raw}".`);
	return n;
}

/** How many times faster than the reference, to one decimal. */
interface Reference {
	ms: number;
	inProcessTimes: number;
	freshTimes: number | null;
	shipped: { inProcessTimes: number; freshTimes: number; pageTimes: number | null } | null;
}

function timesFaster(reference: number, ours: number): number {
	return Math.round((10 * reference) / ours) / 10;
}

/** The parts asked for with `--only a,b` (all of them by default). */
function partsAsked(): ReadonlySet<Part> {
	const i = process.argv.indexOf('--only');
	if (i < 0) return new Set(PARTS);
	const named = (process.argv[i + 1] ?? '').split(',').filter(Boolean);
	const unknown = named.filter((n) => !(PARTS as readonly string[]).includes(n));
	if (named.length === 0) usage(`--only needs a list of parts: some of ${PARTS.join(', ')}.`);
	if (unknown.length > 0) usage(`--only: no part named "${unknown.join('", "')}"; the parts are ${PARTS.join(', ')}.`);
	return new Set(named as Part[]);
}

/** What bench-open.ts reports of one way of opening a game (absent: skipped). */
interface OpenFigures {
	readonly game?: string;
	readonly withoutCheckpointsMs?: number;
	readonly withCheckpointsMs?: number;
}

/** A few lines a person reads at the end, after the JSON a script reads. */
export function summary(out: {
	games?: Record<string, unknown>;
	sync?: { actionToPeerMs: { median: number }; verify1500Ms: number };
	router?: { positions: readonly { medianMs: number; worstMs: number }[] } | null;
	ui?: readonly { game: string; onePassMs: { warm: number } }[];
	open?: unknown;
	mailbox?: MailboxBench;
	fresh?: FreshReplay | null;
	shipped?: ShippedReplay | null;
	reference?: Reference | null;
	skipped?: string;
}): string {
	const lines = ['Summary:'];
	if (out.skipped) lines.push(`  ${out.skipped}: only the sync and mailbox figures were measured.`);
	const games = Object.entries(out.games ?? {}) as [string, { medianMs: number; actions: number }][];
	if (games.length > 0) {
		const slowest = games.reduce((a, b) => (b[1].medianMs > a[1].medianMs ? b : a));
		const total = games.reduce((a, [, g]) => a + g.medianMs, 0);
		lines.push(`  replay: ${games.length} recorded games in ${Math.round(total)} ms in all; slowest ${slowest[0]} (${slowest[1].actions} actions) in ${slowest[1].medianMs} ms`);
	}
	if (out.fresh)
		lines.push(
			`  fresh process: ${out.fresh.game} replays in ${out.fresh.replayMedianMs} ms (median of ${out.fresh.runs}; loading the modules took ${out.fresh.loadMedianMs} ms more)`
		);
	if (out.shipped) {
		const s = out.shipped;
		lines.push(
			`  shipped engine (bundled, ${s.bundleKiB} KiB): ${s.game} replays in ${s.inProcess.medianMs} ms in process, ${s.freshProcess.medianMs} ms in a fresh process (a second replay there: ${s.freshProcess.secondReplayMedianMs} ms)` +
				(s.freshPage ? `, ${s.freshPage.medianMs} ms in a fresh ${s.freshPage.browser} page` : ' (no Chromium: no page figure)')
		);
	}
	if (out.reference) {
		const r = out.reference;
		lines.push(
			`  against the reference's ${r.ms} ms: ${r.inProcessTimes}x faster in process` +
				(r.freshTimes !== null ? `, ${r.freshTimes}x in a fresh process` : '') +
				(r.shipped ? `; shipped engine ${r.shipped.inProcessTimes}x in process, ${r.shipped.freshTimes}x in a fresh process` : '') +
				(r.shipped?.pageTimes ? `, ${r.shipped.pageTimes}x in a fresh page` : '')
		);
	}
	const open = out.open as { imported?: OpenFigures; native?: OpenFigures & { entries?: number } } | undefined;
	if (open?.imported?.withoutCheckpointsMs !== undefined && open.native?.withoutCheckpointsMs !== undefined)
		lines.push(
			`  open: ${open.imported.game} in ${open.imported.withoutCheckpointsMs} ms, ${open.imported.withCheckpointsMs} ms from a checkpoint; ` +
				`a game played here (${open.native.entries} entries) in ${open.native.withoutCheckpointsMs} ms, ${open.native.withCheckpointsMs} ms from a resume point`
		);
	else if (out.open) lines.push('  open: see "open" above');
	if (out.sync) lines.push(`  sync: an action reaches the other peer in ${out.sync.actionToPeerMs.median} ms (median); a 1500-action log verifies in ${out.sync.verify1500Ms} ms`);
	if (out.mailbox) {
		const m = out.mailbox;
		lines.push(`  mailbox: a late joiner gets a ${m.entries}-entry game (${m.records} records, ${Math.round(m.bytes / 1024)} KiB) in ${m.fetchApplyMs} ms, and shows it in ${m.toViewMs} ms`);
	}
	if (out.router && out.router.positions.length > 0) {
		const worst = Math.max(...out.router.positions.map((p) => p.worstMs));
		const med = median(out.router.positions.map((p) => p.medianMs));
		lines.push(`  router: ${out.router.positions.length} positions, median of medians ${Math.round(med)} ms, worst run ${Math.round(worst)} ms`);
	}
	if (out.ui && out.ui.length > 0) {
		const worst = out.ui.reduce((a, b) => (b.onePassMs.warm > a.onePassMs.warm ? b : a));
		lines.push(`  ui: ${out.ui.length} games; slowest page pass ${worst.game} in ${worst.onePassMs.warm} ms (warm)`);
	}
	return lines.join('\n');
}

/** The parts of a V8 CPU profile (Profiler.stop) read here. */
interface CpuProfile {
	readonly nodes: readonly {
		readonly id: number;
		readonly callFrame: { readonly functionName: string; readonly url: string };
		readonly children?: readonly number[];
	}[];
	readonly samples?: readonly number[];
	readonly timeDeltas?: readonly number[];
}

export interface ProfileCost {
	/** Function name and file, relative to the project root for the project's own code. */
	readonly fn: string;
	readonly selfMs: number;
	readonly percent: number;
}

/**
 * Self time by function: each sample's interval is charged to the function on top of the
 * stack, summed over every place that function appears. Only samples taken inside the
 * replay (`within` on the stack) count, plus garbage collection, which the replay's
 * allocations cause; the profiler's own work and idle time are left out.
 */
export function selfTimes(profile: CpuProfile, within: string): ProfileCost[] {
	const frameOf = new Map<number, string>();
	const parentOf = new Map<number, number>();
	for (const n of profile.nodes) {
		const { functionName, url } = n.callFrame;
		const file = url.startsWith('file://') ? path.relative(projectRoot, fileURLToPath(url)) : url;
		frameOf.set(n.id, file ? `${functionName || '(anonymous)'} ${file}` : functionName);
		for (const c of n.children ?? []) parentOf.set(c, n.id);
	}
	// Only the replay counts: samples with `within` on the stack, and garbage collection.
	const counted = new Map<number, boolean>();
	const inReplay = (id: number): boolean => {
		let known = counted.get(id);
		if (known === undefined) {
			const parent = parentOf.get(id);
			known = frameOf.get(id) === within || (parent !== undefined && inReplay(parent));
			counted.set(id, known);
		}
		return known;
	};
	const micros = new Map<string, number>();
	let total = 0;
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let k = 0; k < samples.length; k++) {
		const fn = frameOf.get(samples[k]) ?? '?';
		if (fn !== '(garbage collector)' && !inReplay(samples[k])) continue;
		const dt = Math.max(0, deltas[k] ?? 0);
		micros.set(fn, (micros.get(fn) ?? 0) + dt);
		total += dt;
	}
	return [...micros]
		.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
		.map(([fn, us]) => ({ fn, selfMs: Math.round(us / 10) / 100, percent: total ? Math.round((1000 * us) / total) / 10 : 0 }));
}

/** Profiles `runs` replays of one game and returns the largest self times. */
async function profileReplays(json: unknown, runs: number): Promise<{ runs: number; sampledMs: number; top: ProfileCost[] }> {
	const session = new Session();
	session.connect();
	try {
		await session.post('Profiler.enable');
		// 100 µs: fine enough for a replay of a few tens of milliseconds.
		await session.post('Profiler.setSamplingInterval', { interval: 100 });
		await session.post('Profiler.start');
		for (let r = 0; r < runs; r++) replayExport(json);
		const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
		const costs = selfTimes(profile, `replayExport ${path.join('src', 'lib', 'interop', 'replay.ts')}`);
		const sampledMs = Math.round(costs.reduce((a, c) => a + c.selfMs, 0));
		return { runs, sampledMs, top: costs.slice(0, 3) };
	} finally {
		session.disconnect();
	}
}

async function main(): Promise<void> {
	const runs = numberArg('--runs', 5);
	const warmups = numberArg('--warmup', 20);
	const profileRuns = numberArg('--profile-runs', 20);
	const freshRuns = numberArg('--fresh-runs', 5);
	const pageRuns = numberArg('--page-runs', 3);
	const refMs = referenceMs();
	const only = partsAsked();
	if (!existsSync(fixtures)) {
		// The sync figures need no reference games (bench-sync.ts).
		const out = {
			skipped: 'reference games not found at ../shared/reference',
			...(only.has('sync') ? { sync: await benchSync() } : {}),
			...(only.has('mailbox') ? { mailbox: await benchMailbox() } : {})
		};
		process.stdout.write(JSON.stringify(out) + '\n' + summary(out) + '\n');
		return;
	}
	const games: Record<string, unknown> = {};
	let longest: { name: string; file: string; actions: number; medianMs: number; json: unknown } | null = null;
	for (const title of only.has('games') ? readdirSync(fixtures).sort() : [])
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const json = JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8'));
			const now = () => performance.now();
			const warm = replayExport(json, { now });
			for (let w = 1; w < warmups; w++) replayExport(json, { now });
			const times: number[] = [];
			const cpu: number[] = [];
			for (let r = 0; r < runs; r++) {
				const before = process.cpuUsage();
				times.push(replayExport(json, { now }).ms);
				const used = process.cpuUsage(before);
				cpu.push((used.user + used.system) / 1000);
			}
			const medianMs = Math.round(median(times) * 100) / 100;
			games[`${title}/${f}`] = {
				medianMs,
				cpuMedianMs: Math.round(median(cpu) * 100) / 100,
				runs,
				warmups,
				actions: warm.actions,
				applied: warm.applied,
				stoppedAt: warm.stoppedAt ? warm.stoppedAt.actionId : null
			};
			if (!longest || warm.actions > longest.actions)
				longest = { name: `${title}/${f}`, file: path.join(fixtures, title, f), actions: warm.actions, medianMs, json };
		}
	const profile = longest ? { game: longest.name, ...(await profileReplays(longest.json, profileRuns)) } : null;
	// The longest game once in each of a few fresh processes (bench-fresh.ts).
	const fresh = longest ? benchFresh(longest.file, longest.name, freshRuns) : null;
	// The same game by the engine bundled as the app ships it (bench-shipped.ts).
	const shipped = longest ? await benchShipped(longest.file, longest.name, { runs, warmups, freshRuns, pageRuns }) : null;
	const reference: Reference | null =
		refMs !== null && longest
			? {
					ms: refMs,
					inProcessTimes: timesFaster(refMs, longest.medianMs),
					freshTimes: fresh ? timesFaster(refMs, fresh.replayMedianMs) : null,
					shipped: shipped
						? {
								inProcessTimes: timesFaster(refMs, shipped.inProcess.medianMs),
								freshTimes: timesFaster(refMs, shipped.freshProcess.medianMs),
								pageTimes: shipped.freshPage ? timesFaster(refMs, shipped.freshPage.medianMs) : null
							}
						: null
				}
			: null;
	// Opening the longest game with and without checkpoints (bench-open.ts); an action's time to
	// reach the other peer and a 1500-entry log's signature check (bench-sync.ts).
	const sync = only.has('sync') ? await benchSync() : undefined;
	// The route finder on the late-game positions of the route-finder issue (bench-router.ts).
	const router = only.has('router') ? benchRouter(runs) : undefined;
	// The game page's log, history and figures of each game (bench-ui.ts).
	const ui = only.has('ui') ? benchUi(runs) : undefined;
	const open = only.has('open') ? { imported: benchOpen(runs), native: await benchOpenNative(runs) } : undefined;
	// A late joiner receiving a 1,500-entry game from the mailbox (bench-mailbox.ts).
	const mailbox = only.has('mailbox') ? await benchMailbox() : undefined;
	const out = { node: process.version, ...(only.has('games') ? { games, profile, fresh, shipped, reference } : {}), open, sync, router, ui, mailbox };
	process.stdout.write(JSON.stringify(out, null, 2) + '\n');
	process.stdout.write(summary(out) + '\n');
}

await main();
