/**
 * What the game page builds besides the engine state when a long game opens (issues 8 and 11):
 * the log sentences with the history's saved states (`LogBuilder`, state/log-sentences.ts), the
 * end screen / spreadsheet figures on a replay of their own (`computeGameStats`,
 * state/game-stats.ts), and all three on the one replay the game page keeps (`onePassMs`), for
 * each shared reference game imported as the app imports it (every action a step of the
 * imported prefix). The page itself replays a long log in slices after it opens (issue 11).
 *
 * CPU time of the first run and the median of several more, printed as JSON. No assertion on time. The games are
 * read from ../shared/reference (relative to the project root); without it the benchmark says so.
 *
 *   npx tsx scripts/bench-ui.ts [--runs N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGame, type GameState } from '../src/lib/engine/index';
import { parseExport } from '../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../src/lib/interop/undo-redo';
import { importedSetupJson, readImportedPrefix } from '../src/lib/sync/engine-1822-import';
import { computeGameStats, StatsGatherer, statsListener } from '../src/lib/state/game-stats';
import { importedSteps, type HistoryStep } from '../src/lib/state/history-steps';
import { LogBuilder } from '../src/lib/state/log-sentences';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.resolve(projectRoot, '../shared/reference/fixtures');

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const round1 = (x: number) => Math.round(x * 10) / 10;

interface ImportedGame {
	readonly name: string;
	readonly initial: GameState;
	readonly steps: readonly HistoryStep[];
}

function importedGames(): ImportedGame[] {
	const out: ImportedGame[] = [];
	for (const title of readdirSync(fixtures).sort())
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const parsed = parseExport(JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8')));
			if (!parsed.ok) continue;
			const p = parsed.value;
			const setup = importedSetupJson(p.title, p.optionalRules, p.seed, p.players, resolveUndoRedo(p.actions).surviving);
			const prefix = readImportedPrefix(setup);
			const players = p.players.map((pl, i) => ({ id: i + 1, name: pl.name }));
			const made = createGame({ title: p.title, players, seed: p.seed, optionalRules: p.optionalRules, mode: 'import' });
			if (!made.ok || !prefix) continue;
			out.push({ name: `${title}/${f}`, initial: made.value, steps: importedSteps(prefix) });
		}
	return out;
}

/**
 * CPU time (ms) of the first run (cold: what a page pays when it opens), then the median of
 * `runs` more: CPU time, which a busy machine inflates less than the wall clock.
 */
function time(fn: () => void, runs: number): { cold: number; warm: number } {
	const cpu = () => {
		const u = process.cpuUsage();
		return (u.user + u.system) / 1000;
	};
	const t = cpu();
	fn();
	const cold = round1(cpu() - t);
	const ms: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = cpu();
		fn();
		ms.push(cpu() - t0);
	}
	return { cold, warm: round1(median(ms)) };
}

export interface UiBenchRow {
	readonly game: string;
	readonly steps: number;
	/** The log lines and the history's saved states, from the true start: first run, then median. */
	readonly logMs: { cold: number; warm: number };
	/** The end screen's and the spreadsheet's figures on a replay of their own: first run, then median. */
	readonly statsMs: { cold: number; warm: number };
	/** The log, the history and the figures on one replay, as the game page builds them. */
	readonly onePassMs: { cold: number; warm: number };
}

export function benchUi(runs = 5): UiBenchRow[] {
	if (!existsSync(fixtures)) return [];
	return importedGames()
		.sort((a, b) => b.steps.length - a.steps.length)
		.map((g) => ({
			game: g.name,
			steps: g.steps.length,
			// First, so that its first run is the cold one a page pays.
			onePassMs: time(() => {
				const gatherer = new StatsGatherer(g.initial);
				const builder = new LogBuilder(g.initial, g.steps.length, { also: statsListener(gatherer) });
				builder.update(g.steps);
				gatherer.stats(() => builder.replay.state);
			}, runs),
			logMs: time(() => new LogBuilder(g.initial, g.steps.length).update(g.steps), runs),
			statsMs: time(() => computeGameStats(g.initial, g.steps.map((s) => s.action), g.steps.length), runs)
		}));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	if (!existsSync(fixtures)) {
		console.log('../shared/reference is absent: no games to measure.');
	} else {
		const i = process.argv.indexOf('--runs');
		console.log(JSON.stringify(benchUi(i > 0 ? Number(process.argv[i + 1]) : 5), null, 2));
	}
}
