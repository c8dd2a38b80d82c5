/**
 * Opening time of the longest shared reference game, with and without checkpoints (issue 11):
 * - without: the whole log replayed from the initial state;
 * - with: the nearest checkpoint restored from its stored form (JSON text, as a stand-in for the
 *   IndexedDB record), its hash verified, then the tail replayed.
 * Median of several runs after a warm-up, printed as JSON. No assertion on time. The games are
 * read from ../shared/reference (relative to the project root); without it the benchmark says so.
 *
 *   npx tsx scripts/bench-open.ts [--runs N] [--every N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Game, stateHash, type Action, type GameState } from '../src/lib/engine/index';
import { parseExport, type ParsedExport } from '../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../src/lib/interop/undo-redo';
import { chooseCheckpoint, CHECKPOINT_EVERY, type Checkpoint } from '../src/lib/state/checkpoints';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.resolve(projectRoot, '../shared/reference/fixtures');

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function newGame(p: ParsedExport): Game {
	const g = Game.create({ title: p.title, players: p.players, seed: p.seed, optionalRules: p.optionalRules, mode: 'import' });
	if (!g.ok) throw new Error(g.error.message);
	return g.value;
}

function run(game: Game, actions: readonly Action[], from: number, to = actions.length): void {
	for (let i = from; i < to; i++) {
		for (const a of [actions[i], ...(actions[i].auto_actions ?? [])]) {
			const r = game.process(a);
			if (!r.ok) throw new Error(`action ${actions[i].id}: ${r.error.message}`);
		}
	}
}

function longestGame(): { name: string; parsed: ParsedExport; actions: Action[] } | null {
	if (!existsSync(fixtures)) return null;
	let best: { name: string; parsed: ParsedExport; actions: Action[] } | null = null;
	for (const title of readdirSync(fixtures).sort())
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const parsed = parseExport(JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8')));
			if (!parsed.ok) continue;
			const actions = [...resolveUndoRedo(parsed.value.actions).surviving];
			if (!best || actions.length > best.actions.length) best = { name: `${title}/${f}`, parsed: parsed.value, actions };
		}
	return best;
}

export function benchOpen(runs = 5, every = CHECKPOINT_EVERY): Record<string, unknown> {
	const g = longestGame();
	if (!g) return { skipped: 'reference games not found at ../shared/reference' };
	const ids = g.actions.map((a, i) => `${i}:${a.id ?? ''}`);
	const chain = { gameId: g.name, rulesVersion: 'bench', ids };

	// Checkpoints as a device would have written them while the game was played, kept as text.
	const stored: string[] = [];
	const writer = newGame(g.parsed);
	for (let i = 0; i < g.actions.length; i++) {
		run(writer, g.actions, i, i + 1);
		if ((i + 1) % every === 0) {
			const state = writer.snapshot();
			const cp: Checkpoint<GameState> = { gameId: g.name, head: ids[i], rulesVersion: 'bench', actionIndex: i + 1, state, hash: stateHash(state) };
			stored.push(JSON.stringify(cp));
		}
	}
	const finalHash = stateHash(writer.state);

	const full = (): string => {
		const game = newGame(g.parsed);
		run(game, g.actions, 0);
		return stateHash(game.state);
	};
	const restored = (): { hash: string; tail: number } => {
		// Reading every record and checking the chosen one's hash is part of opening.
		const candidates = stored.map((t) => JSON.parse(t) as Checkpoint<GameState>);
		const { use } = chooseCheckpoint(candidates, chain, stateHash);
		const game = use ? new Game(use.state) : newGame(g.parsed);
		const from = use?.actionIndex ?? 0;
		run(game, g.actions, from);
		return { hash: stateHash(game.state), tail: g.actions.length - from };
	};

	if (full() !== finalHash || restored().hash !== finalHash) throw new Error('a restored game differs from a full replay');
	const tFull: number[] = [];
	const tCp: number[] = [];
	for (let r = 0; r < runs; r++) {
		let t0 = performance.now();
		full();
		tFull.push(performance.now() - t0);
		t0 = performance.now();
		restored();
		tCp.push(performance.now() - t0);
	}
	return {
		game: g.name,
		actions: g.actions.length,
		checkpointEvery: every,
		checkpoints: stored.length,
		tailReplayed: restored().tail,
		withoutCheckpointsMs: round2(median(tFull)),
		withCheckpointsMs: round2(median(tCp)),
		runs
	};
}

function main(): void {
	const arg = (name: string, dflt: number) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || dflt) : dflt;
	};
	process.stdout.write(JSON.stringify({ node: process.version, open: benchOpen(arg('--runs', 5), arg('--every', CHECKPOINT_EVERY)) }, null, 2) + '\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
