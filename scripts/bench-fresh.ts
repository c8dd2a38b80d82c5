/**
 * The replay of one game in a fresh process (cold JIT), as a player's first opening of a game
 * or `npm run replay` meets it: `runs` child processes, each loading the engine and replaying
 * the game once. Reports the median of the children's replay times (from reading the parsed
 * export to the end of the replay, module loading excluded) and, apart, the median time to load
 * the modules. Used by scripts/bench.ts; no assertion on time.
 *
 * A child is this file run with `--child FILE`: it prints one JSON line
 * `{ "loadMs": …, "replayMs": …, "applied": … }`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

export interface FreshReplay {
	readonly game: string;
	readonly runs: number;
	/** Median replay time in a fresh process (module loading excluded). */
	readonly replayMedianMs: number;
	readonly replayMs: readonly number[];
	/** Median time to load the engine's modules (the loader's transform included). */
	readonly loadMedianMs: number;
}

interface ChildAnswer {
	readonly loadMs: number;
	readonly replayMs: number;
	readonly applied: number;
}

function median(xs: readonly number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** Spawns `runs` fresh processes replaying `file` once each (`name` labels the answer). */
export function benchFresh(file: string, name: string, runs: number): FreshReplay {
	const self = fileURLToPath(import.meta.url);
	const replay: number[] = [];
	const load: number[] = [];
	for (let r = 0; r < runs; r++) {
		// The same node and loader flags as this process (tsx), so the child loads TypeScript too.
		const child = spawnSync(process.execPath, [...process.execArgv, self, '--child', file], { encoding: 'utf8' });
		if (child.status !== 0) throw new Error(`fresh replay child failed (${child.status}): ${child.stderr.trim()}`);
		const lines = child.stdout.trim().split('\n');
		const answer = JSON.parse(lines[lines.length - 1]) as ChildAnswer;
		replay.push(round(answer.replayMs));
		load.push(answer.loadMs);
	}
	return { game: name, runs, replayMedianMs: round(median(replay)), replayMs: replay, loadMedianMs: round(median(load)) };
}

async function child(file: string): Promise<void> {
	const t0 = performance.now();
	const { replayExport } = await import('../src/lib/interop/replay');
	const loadMs = performance.now() - t0;
	const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
	const report = replayExport(json, { now: () => performance.now() });
	if (report.error || report.stoppedAt) throw new Error(`the replay stopped: ${JSON.stringify(report.stoppedAt ?? report.error)}`);
	const answer: ChildAnswer = { loadMs, replayMs: report.ms, applied: report.applied };
	process.stdout.write(JSON.stringify(answer) + '\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const i = process.argv.indexOf('--child');
	const file = i >= 0 ? process.argv[i + 1] : undefined;
	if (!file) {
		process.stderr.write('usage: tsx scripts/bench-fresh.ts --child FILE (run by scripts/bench.ts)\n');
		process.exit(2);
	}
	await child(file);
}
