/**
 * The replay of one game by the engine as the app ships it: bundled by esbuild (the transform
 * Vite applies to the app's TypeScript), with no development loader in between. Three figures,
 * none asserted:
 *
 * - in process: warm-up replays, then the median of further replays (as the `games` figures);
 * - fresh process: the median over `freshRuns` plain Node processes, each loading the bundle and
 *   replaying the game once (cold JIT), module loading apart; beside it, the median of a second
 *   replay in each of those processes, which shows how much of the first is first-run cost
 *   (compiling, warming the inline caches, filling the engine's caches);
 * - fresh page: the median over `pageRuns` headless Chromium browsers (Debian's, when installed),
 *   each loading the bundle into an empty page and replaying the game once, as a player's first
 *   opening of a game meets it.
 *
 * A replay's time is the report's `ms`: from the parsed export to the end of the replay.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

export interface ShippedReplay {
	readonly game: string;
	readonly bundleKiB: number;
	readonly inProcess: { readonly medianMs: number; readonly runs: number; readonly warmups: number };
	readonly freshProcess: {
		readonly medianMs: number;
		readonly replayMs: readonly number[];
		readonly loadMedianMs: number;
		/** Median of a second replay in each fresh process: the first replay's time less its first-run cost. */
		readonly secondReplayMedianMs: number;
	};
	/** Null when Chromium is not installed. */
	readonly freshPage: { readonly medianMs: number; readonly replayMs: readonly number[]; readonly browser: string } | null;
}

interface ReplayModule {
	replayExport(json: unknown, options: { now: () => number }): { ms: number; applied: number; error: unknown; stoppedAt: unknown };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'src/lib/interop/replay.ts');

function median(xs: readonly number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** The child of a fresh-process run: loads the bundle, replays the game once, prints one JSON line. */
const CHILD = `import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const [bundle, file] = process.argv.slice(2);
const t0 = performance.now();
const { replayExport } = await import(bundle);
const loadMs = performance.now() - t0;
const json = JSON.parse(readFileSync(file, 'utf8'));
const r = replayExport(json, { now: () => performance.now() });
if (r.error || r.stoppedAt) { console.error(JSON.stringify(r.stoppedAt ?? r.error)); process.exit(1); }
// The same game once more in the same process: the code is compiled and its caches are filled,
// so the difference to the first replay is what a first run costs.
const again = replayExport(json, { now: () => performance.now() });
console.log(JSON.stringify({ loadMs, replayMs: r.ms, againMs: again.ms }));
`;

export async function benchShipped(
	file: string,
	name: string,
	opts: { runs: number; warmups: number; freshRuns: number; pageRuns: number }
): Promise<ShippedReplay> {
	const dir = mkdtempSync(path.join(tmpdir(), 'rails-bench-'));
	try {
		const esm = path.join(dir, 'engine.mjs');
		const iife = path.join(dir, 'engine.js');
		const common = { entryPoints: [entry], bundle: true, minify: true, target: 'es2022', logLevel: 'error' } as const;
		await build({ ...common, format: 'esm', platform: 'browser', outfile: esm });
		await build({ ...common, format: 'iife', globalName: 'RailsEngine', platform: 'browser', outfile: iife });
		const json: unknown = JSON.parse(readFileSync(file, 'utf8'));

		const mod = (await import(pathToFileURL(esm).href)) as ReplayModule;
		const now = () => performance.now();
		for (let w = 0; w < opts.warmups; w++) mod.replayExport(json, { now });
		const warm: number[] = [];
		for (let r = 0; r < opts.runs; r++) warm.push(mod.replayExport(json, { now }).ms);

		const child = path.join(dir, 'child.mjs');
		writeFileSync(child, CHILD);
		const fresh: number[] = [];
		const load: number[] = [];
		const again: number[] = [];
		for (let r = 0; r < opts.freshRuns; r++) {
			const c = spawnSync(process.execPath, [child, pathToFileURL(esm).href, file], { encoding: 'utf8' });
			if (c.status !== 0) throw new Error(`shipped-engine child failed (${c.status}): ${c.stderr.trim()}`);
			const answer = JSON.parse(c.stdout.trim().split('\n').pop()!) as { loadMs: number; replayMs: number; againMs: number };
			fresh.push(round(answer.replayMs));
			load.push(answer.loadMs);
			again.push(answer.againMs);
		}

		const page = opts.pageRuns > 0 && existsSync(CHROMIUM_PATH) ? await freshPages(readFileSync(iife, 'utf8'), readFileSync(file, 'utf8'), opts.pageRuns) : null;
		return {
			game: name,
			bundleKiB: Math.round(readFileSync(esm).length / 1024),
			inProcess: { medianMs: round(median(warm)), runs: opts.runs, warmups: opts.warmups },
			freshProcess: { medianMs: round(median(fresh)), replayMs: fresh, loadMedianMs: round(median(load)), secondReplayMedianMs: round(median(again)) },
			freshPage: page
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** One new browser per run, so no run meets code compiled or cached by another. */
async function freshPages(bundle: string, game: string, runs: number): Promise<NonNullable<ShippedReplay['freshPage']>> {
	const { chromium } = await import('@playwright/test');
	const times: number[] = [];
	let version = '';
	for (let r = 0; r < runs; r++) {
		const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
		try {
			version = browser.version();
			const page = await browser.newPage();
			await page.setContent('<!doctype html><title>bench</title>');
			await page.addScriptTag({ content: bundle });
			await page.addScriptTag({ content: `globalThis.GAME_TEXT = ${JSON.stringify(game)};` });
			// A string, not a function: the development loader would add helpers the page lacks.
			const ms = (await page.evaluate(`(() => {
				const r = RailsEngine.replayExport(JSON.parse(GAME_TEXT), { now: () => performance.now() });
				if (r.error || r.stoppedAt) throw new Error('the replay stopped: ' + JSON.stringify(r.stoppedAt ?? r.error));
				return r.ms;
			})()`)) as number;
			times.push(round(ms));
		} finally {
			await browser.close();
		}
	}
	return { medianMs: round(median(times)), replayMs: times, browser: `Chromium ${version}` };
}
