/**
 * Where fuzzing starts: states at many points of the shared recorded games (with the real action
 * that came next) and fresh games of every title, player count 2–7 and option set. Every base
 * state has an `origin` from which it can be rebuilt, so a failure can be reproduced from a log.
 */
import { createGame, type Action, type GameState } from '../../../src/lib/engine/index';
import { TITLES } from '../../../src/lib/engine/titles/g1822/config';
import type { EngineMode } from '../../../src/lib/engine/titles/g1822/config';
import type { TitleId } from '../../../src/lib/engine/titles/g1822/title-def';
import { batchOf, newReferenceGame, type ReferenceGame } from '../reference-games';

export type Origin =
	| { readonly kind: 'recorded'; readonly game: string; readonly afterLoggedActions: number }
	| {
			readonly kind: 'fresh';
			readonly title: TitleId;
			readonly players: readonly { readonly id: number; readonly name: string }[];
			readonly seed: number;
			readonly optionalRules: readonly string[];
			readonly mode: EngineMode;
	  };

export interface BaseState {
	readonly origin: Origin;
	readonly state: GameState;
	/** The real action that followed in the recorded game (null for fresh games). */
	readonly real: Action | null;
	/** Name of the game the state comes from ("" for fresh games). */
	readonly game: string;
}

export interface Corpus {
	readonly bases: readonly BaseState[];
	/** Executed actions of each recorded game, auto actions included. */
	readonly actionsByGame: ReadonlyMap<string, readonly Action[]>;
	readonly games: readonly ReferenceGame[];
}

/** Option sets to try for a title: none, each option alone, and all of them (when valid). */
function optionSets(title: TitleId): string[][] {
	const syms = TITLES[title].optionalRules.map((r) => r.sym);
	return [[], ...syms.map((s) => [s]), syms, ['plus_expansion', 'plus_expansion_no_removals'], ['plus_expansion', 'plus_expansion_single_stack']];
}

function freshOrigins(seeds: readonly number[]): Extract<Origin, { kind: 'fresh' }>[] {
	const out: Extract<Origin, { kind: 'fresh' }>[] = [];
	for (const title of Object.keys(TITLES) as TitleId[])
		for (let n = 2; n <= 7; n++)
			for (const optionalRules of optionSets(title))
				for (const seed of seeds) {
					// Player ids as the site has them (large, unordered) and as local games make them (1..n).
					const players = Array.from({ length: n }, (_, i) => ({ id: seed % 2 === 0 ? i + 1 : 1000 + ((seed * 7919 + i * 104729) % 90000), name: `P${i + 1}` }));
					out.push({ kind: 'fresh', title, players, seed, optionalRules, mode: seed % 3 === 0 ? 'import' : 'live' });
				}
	return out;
}

/** The state an origin stands for (null when it cannot be built: an invalid option set). */
export function originState(origin: Origin, games: readonly ReferenceGame[]): GameState | null {
	if (origin.kind === 'fresh') {
		const r = createGame({ title: origin.title, players: origin.players, seed: origin.seed, optionalRules: origin.optionalRules, mode: origin.mode });
		return r.ok ? r.value : null;
	}
	const g = games.find((x) => x.name === origin.game);
	if (!g) return null;
	const game = newReferenceGame(g);
	for (let i = 0; i < origin.afterLoggedActions; i++) for (const a of batchOf(g.surviving[i])) if (!game.process(a).ok) return null;
	return game.snapshot();
}

/**
 * Base states: every `every`-th point of each recorded game (as far as the engine replays it)
 * and fresh games for each title × player count × option set × seed.
 */
export function buildCorpus(games: readonly ReferenceGame[], every: number, freshSeeds: readonly number[]): Corpus {
	const bases: BaseState[] = [];
	const actionsByGame = new Map<string, Action[]>();
	for (const g of games) {
		const game = newReferenceGame(g);
		const executed: Action[] = [];
		for (let i = 0; i < g.surviving.length; i++) {
			if (i % every === 0 && !game.state.end.finished)
				bases.push({ origin: { kind: 'recorded', game: g.name, afterLoggedActions: i }, state: game.snapshot(), real: g.surviving[i], game: g.name });
			let stopped = false;
			for (const a of batchOf(g.surviving[i])) {
				if (!game.process(a).ok) {
					stopped = true;
					break;
				}
				executed.push(a);
			}
			if (stopped) break;
		}
		actionsByGame.set(g.name, executed);
	}
	for (const origin of freshOrigins(freshSeeds)) {
		const state = originState(origin, games);
		if (state) bases.push({ origin, state, real: null, game: '' });
	}
	return { bases, actionsByGame, games };
}
