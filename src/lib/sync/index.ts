/**
 * The sync layer's public face. The rest of the app opens a game and talks to the returned
 * session (append, undo, consent, subscribe, peers, chat); nothing outside this folder imports
 * yjs or its providers.
 */
import * as Y from 'yjs';
import { makeGenesis } from './author';
import type { JsonValue } from './canonical';
import type { EngineAdapter } from './engine-adapter';
import { IndexedDbKeyStore } from './key-store-idb';
import type { KeyStore } from './key-store';
import { makeGameLink, makeSecret } from './links';
import { LOCAL_ORIGIN, LogDoc } from './log-doc';
import { yjsMailboxDoc, type UpdateDoc } from './mailbox-doc';
import { deleteGameData, openStorage, openTransport, signalingUrls, type TransportSettings } from './providers';
import { GameSession } from './session';

export type { EngineAdapter, GameSetup, SeatInfo, Applied } from './engine-adapter';
export type { SessionView, AppendResult } from './session';
export type { Refusal, RefusalCode } from './refusal';
export type { OrderResult, UndoStatus, Fork, SeatClaim, Stage } from './order';
export type { Peer, Divergence } from './presence';
export type { ChatMessage } from './chat';
export type { TransportSettings } from './providers';
export type { UpdateDoc } from './mailbox-doc';
export { GameSession } from './session';
export { parseGameLink, makeGameLink, linkQrSvg } from './links';
export { becameMyTurn, tabTitle, divergentPeers } from './presence';
export { deleteGameData } from './providers';
export { showTurn, askNotificationPermission } from './turn-notice';

export interface OpenGameOptions<S> {
	readonly game: string;
	readonly secret: string;
	readonly origin: string;
	readonly adapter: EngineAdapter<S>;
	readonly appVersion: string;
	readonly name?: string;
	readonly settings?: TransportSettings;
	readonly keys?: KeyStore;
	/**
	 * Further carriers of the document's updates beside WebRTC, such as the relay's mailbox
	 * (src/lib/state/mailbox.ts). Each is attached once IndexedDB has loaded and the session is
	 * open, and closed (before storage) when the game is closed. None by default.
	 */
	readonly carriers?: readonly DocCarrierFactory[];
}

/** What a carrier is given: the document, the game, its link secret and the relays in use (first first). */
export interface CarrierContext {
	readonly doc: UpdateDoc;
	readonly game: string;
	readonly secret: string;
	readonly signaling: readonly string[];
}

export interface DocCarrier {
	close(): Promise<void>;
}

export type DocCarrierFactory = (ctx: CarrierContext) => DocCarrier | Promise<DocCarrier>;

export interface OpenGame<S> {
	readonly session: GameSession<S>;
	/** True if this device held any entry of the game once IndexedDB had loaded. */
	readonly knownLocally: boolean;
	readonly link: string;
	close(): Promise<void>;
}

/** Browser only. Loads the game from IndexedDB, waits for it, then joins its room. */
export async function openGame<S>(opts: OpenGameOptions<S>): Promise<OpenGame<S>> {
	const doc = new Y.Doc();
	const storage = openStorage(doc, opts.game);
	await storage.whenSynced;
	const log = new LogDoc(doc);
	const knownLocally = log.entries().length > 0;
	const transport = await openTransport(doc, opts.game, opts.secret, opts.origin, opts.settings ?? { signaling: [] });
	const session = await GameSession.open({
		game: opts.game,
		adapter: opts.adapter,
		keys: opts.keys ?? new IndexedDbKeyStore(),
		log,
		appVersion: opts.appVersion,
		name: opts.name,
		awareness: transport.awareness
	});
	const signaling = signalingUrls(opts.origin, opts.settings ?? { signaling: [] });
	const carrierDoc = yjsMailboxDoc(doc, (origin) => origin === LOCAL_ORIGIN || origin === null || origin === undefined);
	const carriers = await Promise.all((opts.carriers ?? []).map((attach) => attach({ doc: carrierDoc, game: opts.game, secret: opts.secret, signaling })));
	return {
		session,
		knownLocally,
		link: makeGameLink(opts.origin, opts.game, opts.secret),
		async close() {
			await session.close();
			for (const carrier of carriers) await carrier.close().catch(() => {});
			await transport.close();
			await storage.close();
			doc.destroy();
		}
	};
}

export interface CreateGameOptions<S> extends Omit<OpenGameOptions<S>, 'game' | 'secret'> {
	/** Title, scenario and options, handed to the engine when play begins. */
	readonly setup: JsonValue;
	readonly seats: number;
}

/** Browser only. Writes genesis, keeps the creator's key, and opens the new game. */
export async function createGame<S>(opts: CreateGameOptions<S>): Promise<OpenGame<S> & { readonly secret: string }> {
	const keys = opts.keys ?? new IndexedDbKeyStore();
	const { genesis, creator } = await makeGenesis(opts.setup, opts.seats, opts.adapter.rules);
	await keys.putCreator(genesis.id, creator);
	const secret = makeSecret();
	const opened = await openGame({ ...opts, keys, game: genesis.id, secret });
	opened.session.appendGenesis(genesis.wire);
	await opened.session.refresh();
	return { ...opened, secret };
}

/** Deletes the game's local database and this device's keys for it. */
export async function deleteGame(game: string, keys: KeyStore = new IndexedDbKeyStore()): Promise<void> {
	await deleteGameData(game);
	await keys.deleteGame(game);
}
