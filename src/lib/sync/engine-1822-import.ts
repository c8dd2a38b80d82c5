/**
 * Continuing a game imported from 18xx.games (issue 11): the actions that replayed become part of
 * the genesis entry, signed by the importer, and the game goes on from where they stopped.
 *
 * Genesis setup of such a game: `{ title, options, imported: { seed, players, actions } }` where
 * `seed` is the site's seed (the company stacks were shuffled with it, so the commit-reveal seed
 * of live games is not used), `players` the site's players in their order ({id, name}, kept for
 * the record and for export), and `actions` the surviving actions, undo and redo resolved.
 *
 * Player ids: in the log, seat n acts as player id n + 1 (engine-1822.ts). The imported actions
 * are rewritten once, at import, so that the site's i-th player is player id i + 1 and seat i;
 * the engine uses player ids only as names, so the replay is the same (checked for every shared
 * recorded game in tests/unit/sync/engine-1822-import.test.ts).
 *
 * The prefix is replayed as the site loads a log (mode 'import': recorded revenue kept); from then
 * on the game is live play and the engine enforces the full rules.
 */
import { Game, LATEST_RULES, type Action, type GameState, type RulesVersion } from '../engine';
import type { RuleError } from '../engine/core/result';
import type { JsonValue } from './canonical';
import type { JsonObject } from './entry';

export interface ImportedPrefix {
	/** The name of the player who imported the game (absent in games imported before it was recorded). */
	readonly importer?: string;
	readonly seed: number;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly actions: readonly JsonObject[];
}

function isObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rewrites the site's player ids to 1..n in the players' order; drops the site's `user`. */
export function remapPlayerIds(action: JsonObject, ids: ReadonlyMap<number, number>): JsonObject {
	const out: JsonObject = {};
	for (const [k, v] of Object.entries(action)) {
		if (k === 'user') continue;
		if (k === 'entity' && typeof v === 'number') out[k] = ids.get(v) ?? v;
		else if (k === 'auto_actions' && Array.isArray(v)) out[k] = v.map((a) => (isObject(a) ? remapPlayerIds(a as JsonObject, ids) : a));
		else out[k] = v;
	}
	return out;
}

/**
 * The genesis setup of an imported game. `actions` are the surviving actions with the site's
 * player ids; they are rewritten here. JSON round trip: genesis is canonical JSON, so nothing it
 * carries may be undefined.
 */
export function importedSetupJson(
	title: string,
	options: readonly string[],
	seed: number,
	players: readonly { readonly id: number; readonly name: string }[],
	actions: readonly Action[],
	/** Who imported it, shown to every seat before it claims (issue 17). */
	importer?: string
): JsonObject {
	const ids = new Map(players.map((p, i) => [p.id, i + 1] as const));
	const clean = JSON.parse(JSON.stringify(actions)) as JsonObject[];
	return {
		title,
		options: [...options],
		imported: {
			...(importer === undefined ? {} : { importer: importer.slice(0, 64) }),
			seed,
			players: players.map((p) => ({ id: p.id, name: p.name })),
			actions: clean.map((a) => remapPlayerIds(a, ids))
		}
	};
}

/** The imported prefix of a genesis setup; null when the game was not imported. */
export function readImportedPrefix(setup: JsonValue): ImportedPrefix | null {
	if (!isObject(setup) || !isObject(setup.imported)) return null;
	const { seed, players, actions, importer } = setup.imported;
	if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0) return null;
	if (importer !== undefined && (typeof importer !== 'string' || importer.length > 64)) return null;
	if (!Array.isArray(players) || !players.every((p) => isObject(p) && typeof p.id === 'number' && typeof p.name === 'string')) return null;
	if (!Array.isArray(actions) || !actions.every(isObject)) return null;
	return { importer: importer ?? '', seed, players: players as unknown as ImportedPrefix['players'], actions: actions as JsonObject[] };
}

/**
 * Why a genesis setup that says it was imported cannot be played, or null (issue 17). An imported
 * game takes the site's seed instead of the players' commit and reveal (seed.ts), which is fair
 * only because the imported actions were played under that seed: with no actions, "imported" would
 * let the creator pick the seed, and so the company stacks, alone.
 */
export function importProblem(setup: JsonValue): string | null {
	if (!isObject(setup) || setup.imported === undefined) return null;
	const prefix = readImportedPrefix(setup);
	if (!prefix) return 'the imported game in genesis cannot be read';
	if (prefix.actions.length === 0) return "an imported game must carry the actions it imported; this one carries none, so its seed would be its creator's choice";
	return null;
}

export type PrefixStart = { readonly ok: true; readonly state: GameState } | { readonly ok: false; readonly error: RuleError };

/**
 * States after the imported prefix of recently opened games, by game id. A long prefix costs a
 * full replay; the orderer and the game's log view both ask for it, and a checkpoint restored
 * from this device's storage (state/prefix-checkpoint.ts) is handed in here before the game
 * opens. A state is used only for the same game (whose id is the hash of its genesis, prefix
 * included) and the same players, seed, title and options; the caller has verified its hash.
 */
const known = new Map<string, GameState>();
const KEEP = 4;
let onComputed: ((game: string, state: GameState, actions: number) => void) | null = null;

export function rememberPrefixState(game: string, state: GameState): void {
	known.delete(game);
	known.set(game, state);
	// Only a few games are open in one tab; forget the oldest.
	while (known.size > KEEP) known.delete(known.keys().next().value as string);
}

export function forgetPrefixState(game: string): void {
	known.delete(game);
}

/** Called once per game when the prefix had to be replayed, so that the caller may keep a checkpoint. */
export function onPrefixComputed(listener: ((game: string, state: GameState, actions: number) => void) | null): void {
	onComputed = listener;
}

function fits(state: GameState, title: string, options: readonly string[], players: readonly { id: number; name: string }[], seed: number): boolean {
	const s = state.setup;
	return (
		s.title === title &&
		s.seed === seed &&
		s.mode === 'live' &&
		s.optionalRules.length === options.length &&
		s.optionalRules.every((o, i) => o === options[i]) &&
		s.players.length === players.length &&
		s.players.every((p, i) => p.id === players[i].id && p.name === players[i].name)
	);
}

/**
 * The state after the imported prefix, switched to live play. `players` are the seats' players
 * (ids 1..n in seat order); the site's seed is used.
 */
export function stateAfterPrefix(
	title: GameState['setup']['title'],
	options: readonly string[],
	players: readonly { readonly id: number; readonly name: string }[],
	prefix: ImportedPrefix,
	/** The game id, to reuse a state already known for it (see rememberPrefixState). */
	gameId?: string,
	/** The rules version the game continues under once the imported actions are replayed. */
	rulesVersion: RulesVersion = LATEST_RULES
): PrefixStart {
	const cached = gameId === undefined ? undefined : known.get(gameId);
	if (cached && fits(cached, title, options, players, prefix.seed)) return { ok: true, state: cached };
	if (players.length !== prefix.players.length) {
		return { ok: false, error: { code: 'bad_import', message: `The imported game has ${prefix.players.length} players, the table ${players.length} seats.` } };
	}
	const created = Game.create({ title, players, seed: prefix.seed, optionalRules: options, mode: 'import', rulesVersion });
	if (!created.ok) return { ok: false, error: created.error };
	const engine = created.value;
	for (const [i, a] of prefix.actions.entries()) {
		const batch = [a, ...(Array.isArray(a.auto_actions) ? (a.auto_actions as JsonObject[]) : [])];
		for (const step of batch) {
			const r = engine.process(step as unknown as Action);
			if (!r.ok) {
				const id = typeof a.id === 'number' ? a.id : i + 1;
				return { ok: false, error: { code: 'bad_import', message: `Imported action ${id} (${String(step.type)}) was refused: ${r.error.message}` } };
			}
		}
	}
	const replayed = engine.snapshot();
	const state: GameState = { ...replayed, setup: { ...replayed.setup, mode: 'live' } };
	// Version 1 states carry no version (config.ts RULES_VERSIONS).
	if (rulesVersion === 1) delete (state.setup as { rulesVersion?: RulesVersion }).rulesVersion;
	if (gameId !== undefined) {
		rememberPrefixState(gameId, state);
		onComputed?.(gameId, state, prefix.actions.length);
	}
	return { ok: true, state };
}
