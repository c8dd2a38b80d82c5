/**
 * Opening time of the longest shared reference game, with and without checkpoints (issue 11).
 *
 * `imported` (the engine alone, as for a game imported from 18xx.games):
 * - without: the whole log replayed from the initial state;
 * - with: the nearest checkpoint restored from its stored form (JSON text, as a stand-in for the
 *   IndexedDB record), its hash verified, then the tail replayed.
 *
 * `native` (a game played here): a game of the same title, options and seats written as signed
 * log entries as a session writes them (genesis, claims, start, reveals, then one entry per move of
 * the seeded random player, each signed by the seat that acts; see `nativeLog`), opened by the log
 * orderer as a session does:
 * - without: decoding, every signature checked, every action through the engine (live rules);
 * - with: the orderer's resume points (every RESUME_EVERY entries, the newest RESUME_KEEP) as
 *   the session keeps them, copied by structured clone as IndexedDB would, then proven and used
 *   (sync/resume.ts): only the tail after the newest point is checked and replayed.
 *
 * Median of several runs after a warm-up, printed as JSON. No assertion on time. The games are
 * read from ../shared/reference (relative to the project root); without it the benchmark says so.
 *
 *   npx tsx scripts/bench-open.ts [--runs N] [--every N]   (--every: both; defaults 100 and RESUME_EVERY)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Game, stateHash, type Action, type GameState } from '../src/lib/engine/index';
import { parseExport, type ParsedExport } from '../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../src/lib/interop/undo-redo';
import { chooseCheckpoint, CHECKPOINT_EVERY, type Checkpoint } from '../src/lib/state/checkpoints';
import { makeClaim, makeGenesis, makePlay, makeReveal, makeStart } from '../src/lib/sync/author';
import type { JsonObject } from '../src/lib/sync/entry';
import { controllingSeat, engine1822, RULES_1822, setupJson, type Setup1822 } from '../src/lib/sync/engine-1822';
import { LogOrderer } from '../src/lib/sync/order';
import { RESUME_EVERY, RESUME_KEEP, type ResumePoint } from '../src/lib/sync/resume';
import { Prng } from '../tests/support/fuzz/prng';
import { legalCandidates, pickWeighted } from '../tests/support/random-player';

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

interface RecordedGame {
	readonly name: string;
	readonly parsed: ParsedExport;
	readonly actions: Action[];
}

function recordedGames(): RecordedGame[] {
	if (!existsSync(fixtures)) return [];
	const out: RecordedGame[] = [];
	for (const title of readdirSync(fixtures).sort())
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const parsed = parseExport(JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8')));
			if (!parsed.ok) continue;
			out.push({ name: `${title}/${f}`, parsed: parsed.value, actions: [...resolveUndoRedo(parsed.value.actions).surviving] });
		}
	return out;
}

function longestGame(): RecordedGame | null {
	let best: RecordedGame | null = null;
	for (const g of recordedGames()) if (!best || g.actions.length > best.actions.length) best = g;
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

/** A cap on the native game's moves, should a random game run long (the longest recorded game has 1,163). */
const NATIVE_MAX_PLAYS = 1500;
/** The random player's seed for the native game's moves. */
const NATIVE_SEED = 1822;

/**
 * A game played here, as a session writes it: genesis (the longest recorded game's title, options
 * and number of seats, no imported prefix), claims, start and reveals, so that the seed comes from
 * every seat's nonce; then the random player's moves under live rules, each signed by the seat
 * that controls its entity, to the end of the game or `NATIVE_MAX_PLAYS`. (A recorded game cannot
 * be written this way: its seed would be the creator's choice, which the log refuses, and its
 * older routes stop under live rules.) The nonces are new each run, so the game is too; its number
 * of entries is printed with the figures.
 */
export async function nativeLog(): Promise<{ name: string; game: string; items: unknown[]; plays: number; finished: boolean } | null> {
	const g = longestGame();
	if (!g) return null;
	const seats = g.parsed.players.length;
	const setup = setupJson({ title: g.parsed.title as Setup1822['title'], options: [...g.parsed.optionalRules] });
	const { genesis, creator } = await makeGenesis(setup, seats, RULES_1822);
	const claims = await Promise.all(g.parsed.players.map((p, seat) => makeClaim(genesis.id, RULES_1822, seat, p.name)));
	const start = await makeStart(genesis.id, RULES_1822, claims.map((c) => c.entry.id), creator);
	const reveals = await Promise.all(claims.map((c) => makeReveal(RULES_1822, start.id, c.secret)));
	const items: unknown[] = [genesis.wire, ...claims.map((c) => c.entry.wire), start.wire, ...reveals.map((r) => r.wire)];
	const opened = await new LogOrderer(engine1822, genesis.id).order(items);
	if (opened.state === null) throw new Error(`the native game does not start: ${opened.setupError ?? opened.stage}`);
	let state = opened.state;
	const rng = new Prng(NATIVE_SEED);
	let parent = start.id;
	let plays = 0;
	while (!state.end.finished && plays < NATIVE_MAX_PLAYS) {
		const candidates = legalCandidates(state, rng);
		if (candidates.length === 0) throw new Error(`the random player has no move after ${plays} moves`);
		const action = candidates[pickWeighted(rng, candidates)].action as unknown as JsonObject;
		const seat = controllingSeat(state, action.entity);
		const applied = seat === null ? null : engine1822.apply(state, action, seat);
		if (seat === null || !applied?.ok) {
			const why = applied && !applied.ok ? applied.error.message : 'no seat controls the entity';
			throw new Error(`move ${plays + 1} (${String(action.type)}) of the native game is refused: ${why}`);
		}
		const entry = await makePlay(RULES_1822, parent, action, claims[seat].secret);
		items.push(entry.wire);
		parent = entry.id;
		state = applied.state;
		plays++;
	}
	return { name: `random ${g.parsed.title} game, ${seats} seats`, game: genesis.id, items, plays, finished: state.end.finished };
}

/** Opening a native game by the log orderer, from genesis and from the session's resume points. */
export async function benchOpenNative(runs = 5, every = RESUME_EVERY): Promise<Record<string, unknown>> {
	const log = await nativeLog();
	if (!log) return { skipped: 'reference games not found at ../shared/reference' };
	// Points as the session writes them after the view is shown: the newest few, every N entries.
	const writer = new LogOrderer(engine1822, log.game);
	const reference = await writer.order(log.items);
	// Every move must be on the chain (genesis and start come first), or the figures time a broken log.
	if (reference.chain.length - 2 !== log.plays) {
		throw new Error(`the native game's ${log.plays} moves order to a chain of ${reference.chain.length - 2} (${reference.stage})`);
	}
	const { points } = await writer.resumePoints(every, RESUME_KEEP);
	const full = async () => {
		const r = await new LogOrderer(engine1822, log.game).order(log.items);
		return { hash: r.stateHash, chain: r.chain.length, resumedAt: null as number | null };
	};
	const resumed = async () => {
		const o = new LogOrderer(engine1822, log.game);
		// What IndexedDB hands back is a structured clone of what was put.
		o.offerResumePoints(structuredClone(points) as ResumePoint<GameState>[]);
		const r = await o.order(log.items);
		return { hash: r.stateHash, chain: r.chain.length, resumedAt: o.resumedAt?.position ?? null };
	};
	const [a, b] = [await full(), await resumed()];
	if (a.hash !== reference.stateHash || b.hash !== reference.stateHash || a.chain !== b.chain) {
		throw new Error('a native game opened from a resume point differs from a full walk');
	}
	// Warm-up: the first walks also compile the engine's code paths.
	for (let w = 0; w < 2; w++) {
		await full();
		await resumed();
	}
	const tFull: number[] = [];
	const tCp: number[] = [];
	for (let r = 0; r < runs; r++) {
		let t0 = performance.now();
		await full();
		tFull.push(performance.now() - t0);
		t0 = performance.now();
		await resumed();
		tCp.push(performance.now() - t0);
	}
	const entries = reference.chain.length - 2;
	return {
		game: log.name,
		entries,
		finished: log.finished,
		resumeEvery: every,
		resumePoints: points.length,
		tailReplayed: entries - (b.resumedAt ?? 0),
		withoutCheckpointsMs: round2(median(tFull)),
		withCheckpointsMs: round2(median(tCp)),
		runs,
		warmups: 2
	};
}

async function main(): Promise<void> {
	const arg = (name: string, dflt: number) => {
		const i = process.argv.indexOf(name);
		return i > 0 ? Math.max(1, Number(process.argv[i + 1]) || dflt) : dflt;
	};
	const runs = arg('--runs', 5);
	const open = {
		imported: benchOpen(runs, arg('--every', CHECKPOINT_EVERY)),
		native: await benchOpenNative(runs, arg('--every', RESUME_EVERY))
	};
	process.stdout.write(JSON.stringify({ node: process.version, open }, null, 2) + '\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
