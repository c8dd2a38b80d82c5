/**
 * Browser only: an imported 18xx.games game continued on this device as a hotseat game (issue 11).
 * Genesis carries the actions that replayed (engine-1822-import.ts), signed by the importer; each
 * of the site's players gets a seat on this device, in the site's order, and the game opens where
 * the import stopped; a finished game (its `end_game` included) opens on its end screen, kept for
 * review with its whole history. A game file of this app is stored as it is (a new game, or merged into the
 * same game already on this device).
 */
import { version } from '$app/environment';
import type { Action } from '$lib/engine';
import { parseExport } from '$lib/interop/parse-export';
import { resolveUndoRedo } from '$lib/interop/undo-redo';
import { createGame } from '$lib/sync';
import { engine1822 } from '$lib/sync/engine-1822';
import { importedSetupJson } from '$lib/sync/engine-1822-import';
import { readGameFile, type RejectedEntry } from '$lib/sync/game-file';
import { storeGameFile } from '$lib/sync/game-file-store';
import { makeSecret } from '$lib/sync/links';
import { browserLocalGames } from '$lib/state/local-games.svelte';
import { browserSettings } from '$lib/state/settings.svelte';
import { keepCheckpoints } from '$lib/state/checkpoint-open';
import { until } from '$lib/state/open-game';

/** An imported game takes the site's seed; with no actions that seed would be the importer's choice (engine-1822-import.ts importProblem). */
const NO_ACTIONS = 'This export has no actions to continue from: start a new game instead.';

export interface ImportedGame {
	readonly game: string;
	readonly secret: string;
}

/**
 * `json` is the site's export; `applied` how many of its surviving actions replayed (the import
 * report's count): those, and only those, go into genesis.
 */
export async function playImportedHere(json: unknown, applied: number, names: readonly string[]): Promise<ImportedGame> {
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	const prefix: Action[] = resolveUndoRedo(ex.actions).surviving.slice(0, applied);
	if (prefix.length === 0) throw new Error(NO_ACTIONS);
	const setup = importedSetupJson(ex.title, ex.optionalRules, ex.seed, ex.players, prefix, names[0] ?? '');
	// The prefix is replayed once while the game is set up: kept as a checkpoint for every later opening.
	keepCheckpoints();
	const created = await createGame({
		setup,
		seats: ex.players.length,
		origin: location.origin,
		adapter: engine1822,
		appVersion: version,
		settings: browserSettings().transport
	});
	try {
		for (const [seat, name] of names.entries()) {
			const r = await created.session.claim(seat, name);
			if (!r.ok) throw new Error(r.message);
		}
		const started = await created.session.start();
		if (!started.ok) throw new Error(started.message);
		await until(created, (v) => v.stage === 'playing' || v.stage === 'broken', 30_000);
		const view = created.session.view;
		if (view?.stage === 'broken') throw new Error(view.setupError ?? 'the game could not be set up');
		const now = Date.now();
		browserLocalGames().upsert({
			id: created.session.game,
			secret: created.secret,
			title: ex.title,
			options: [...ex.optionalRules],
			players: [...names],
			round: '',
			turn: '',
			hotseat: true,
			created: now,
			opened: now
		});
		return { game: created.session.game, secret: created.secret };
	} finally {
		await created.close();
	}
}

/**
 * The same game for players on their own devices: genesis with the imported actions, and this
 * device's claim of `seat` (the site's player it plays as). The other seats are claimed through
 * the game's link; the creator starts the game from the lobby, as for any game among friends.
 */
export async function inviteImportedHere(json: unknown, applied: number, seat: number, name: string): Promise<ImportedGame> {
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	const prefix: Action[] = resolveUndoRedo(ex.actions).surviving.slice(0, applied);
	if (prefix.length === 0) throw new Error(NO_ACTIONS);
	keepCheckpoints();
	const created = await createGame({
		setup: importedSetupJson(ex.title, ex.optionalRules, ex.seed, ex.players, prefix, name),
		seats: ex.players.length,
		origin: location.origin,
		adapter: engine1822,
		appVersion: version,
		settings: browserSettings().transport
	});
	try {
		const r = await created.session.claim(seat, name);
		if (!r.ok) throw new Error(r.message);
		const now = Date.now();
		browserLocalGames().upsert({
			id: created.session.game,
			secret: created.secret,
			title: ex.title,
			options: [...ex.optionalRules],
			players: [name],
			round: '',
			turn: '',
			hotseat: false,
			created: now,
			opened: now
		});
		return { game: created.session.game, secret: created.secret };
	} finally {
		await created.close();
	}
}

export type GameFileImport =
	| { readonly ok: true; readonly game: string; readonly secret: string; readonly added: number; readonly known: number; readonly rejected: readonly RejectedEntry[] }
	| { readonly ok: false; readonly message: string };

/**
 * Stores a game file of this app. A game this device already lists keeps its link; a new one takes
 * the link secret the file carries, so it joins the same game, or, from an older file without one,
 * gets a fresh secret and opens here without joining the original room.
 */
export async function importGameFile(text: string): Promise<GameFileImport> {
	const read = await readGameFile(text);
	if (!read.ok) return { ok: false, message: read.message };
	const merged = await storeGameFile(read);
	if (!merged.ok) return { ok: false, message: merged.message };
	const games = browserLocalGames();
	const known = games.get(read.game);
	const secret = known?.secret ?? read.secret ?? makeSecret();
	if (!known) {
		const now = Date.now();
		games.upsert({ id: read.game, secret, title: '', options: [], players: [], round: '', turn: '', hotseat: false, created: now, opened: now });
	}
	return { ok: true, game: read.game, secret, added: merged.added, known: merged.known, rejected: merged.rejected };
}

/** True if the text is a game file of this app rather than an 18xx.games export. */
export function looksLikeGameFile(text: string): boolean {
	return /^\s*\{\s*"format"\s*:\s*"rails-1822-game"/.test(text);
}
