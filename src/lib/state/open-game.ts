/**
 * Browser only: creating a hotseat game and opening a game through the sync layer, with this
 * browser's relays and STUN/TURN servers passed explicitly (settings.svelte.ts) and this app's
 * version for presence.
 */
import { version } from '$app/environment';
import { createGame, deleteGame as deleteGameLog, openGame, type OpenGame, type SessionView } from '../sync';
import { engine1822, setupJson, type Setup1822 } from '../sync/engine-1822';
import type { GameState } from '../engine';
import { browserSettings } from './settings.svelte';
import { keepCheckpoints, prepareCheckpoints } from './checkpoint-open';
import { mailboxCarrier } from './mailbox-carrier';
import type { MailboxClient } from './mailbox';
import { mergeExtras, NO_EXTRAS, transportWith, type LinkExtras } from './link-extras';

/** The relays and STUN/TURN servers of this browser's settings (none by default). */
function transport() {
	return browserSettings().transport;
}

export interface OpenOptions {
	/** The relays and STUN/TURN servers the game's link carries (link-extras.ts), used before this browser's own. */
	readonly extras?: LinkExtras;
	/** Handed the game's mailbox client (mailbox-carrier.ts) as soon as it exists, for its status. */
	readonly onMailbox?: (client: MailboxClient) => void;
}

export async function openGame1822(game: string, secret: string, options: OpenOptions = {}): Promise<OpenGame<GameState>> {
	// An imported game starts from a verified checkpoint of its prefix when this device kept one;
	// from here on every game's session also keeps and uses checkpoints of play (checkpoint-open.ts).
	await prepareCheckpoints(game);
	return openGame({
		game,
		secret,
		origin: location.origin,
		adapter: engine1822,
		appVersion: version,
		settings: transportWith(transport(), options.extras ?? NO_EXTRAS),
		// The relay's encrypted mailbox: moves reach players who open the game later, with nobody online.
		// It is the one beside the link's relay when the link names one, else the app's own.
		carriers: [mailboxCarrier({ relay: options.extras?.relays[0] ?? null, ...(options.onMailbox ? { onClient: options.onMailbox } : {}) })]
	});
}

/**
 * What a link this browser shares carries: the game's own extras, then this browser's chosen relays
 * and STUN/TURN servers, so a friend who opens it needs no settings.
 */
export function sharedExtras(extras: LinkExtras): LinkExtras {
	const settings = browserSettings();
	return mergeExtras(extras, { relays: settings.customSignalingUrls, ice: settings.iceServerLines });
}

/** Resolves once the session's view satisfies `done`, or rejects after `ms`. */
export function until(opened: OpenGame<GameState>, done: (v: SessionView<GameState>) => boolean, ms: number): Promise<void> {
	return new Promise((resolve, reject) => {
		let unsubscribe: () => void = () => {};
		const timer = setTimeout(() => {
			unsubscribe();
			reject(new Error('the game did not start in time'));
		}, ms);
		unsubscribe = opened.session.subscribe((v) => {
			if (!done(v)) return;
			clearTimeout(timer);
			queueMicrotask(() => unsubscribe());
			resolve();
		});
	});
}

export interface CreatedGame {
	readonly game: string;
	readonly secret: string;
}

/**
 * A hotseat game: genesis, a claim for every seat (each with its own key, all kept on this
 * device), the start entry, and the automatic seed reveals, after which the first stock round
 * is on. The game is closed again; the game page opens it from IndexedDB.
 */
export async function createHotseatGame(setup: Setup1822, names: readonly string[]): Promise<CreatedGame> {
	const created = await createGame({
		setup: setupJson(setup),
		seats: names.length,
		origin: location.origin,
		adapter: engine1822,
		appVersion: version,
		settings: transport(),
		carriers: [mailboxCarrier()]
	});
	try {
		for (const [seat, name] of names.entries()) {
			const r = await created.session.claim(seat, name);
			if (!r.ok) throw new Error(r.message);
		}
		const started = await created.session.start();
		if (!started.ok) throw new Error(started.message);
		await until(created, (v) => v.stage === 'playing' || v.stage === 'broken', 15_000);
		const view = created.session.view;
		if (view?.stage === 'broken') throw new Error(view.setupError ?? 'the game could not be set up');
		return { game: created.session.game, secret: created.secret };
	} finally {
		await created.close();
	}
}

/**
 * A game for players on their own devices: genesis, and the creator's claim of seat 1 (its key
 * kept in this browser). The other seats stay open until someone with the link claims them; the
 * creator starts the game from the lobby once every seat is claimed.
 */
export async function createFriendsGame(setup: Setup1822, seats: number, name: string): Promise<CreatedGame> {
	const created = await createGame({
		setup: setupJson(setup),
		seats,
		origin: location.origin,
		adapter: engine1822,
		appVersion: version,
		settings: transport(),
		carriers: [mailboxCarrier()]
	});
	try {
		const r = await created.session.claim(0, name);
		if (!r.ok) throw new Error(r.message);
		return { game: created.session.game, secret: created.secret };
	} finally {
		await created.close();
	}
}

/** Deletes everything this device keeps of a game: its log database, seat keys and checkpoints. */
export async function deleteGame(game: string): Promise<void> {
	await deleteGameLog(game);
	await keepCheckpoints()?.deleteGame(game);
}
