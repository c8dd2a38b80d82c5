/**
 * Browser transport and storage, kept thin: y-webrtc for peers, y-indexeddb for this device.
 * The logic they carry (room derivation, presence, ordering) lives in pure modules with tests.
 *
 * - Signaling URLs are always passed explicitly (y-webrtc otherwise falls back to public relays).
 *   The default is this app's own origin, where `npm start` serves a relay at `/signal`.
 * - y-webrtc removes a room from its registry only after an internal promise resolves, so opening
 *   the same room again right after `destroy()` throws "room already exists". `close()` waits for
 *   that teardown, and `openTransport` waits for any teardown of the same room still under way.
 * - Sleep and network changes: disconnect when the browser goes offline (WebRTC data channels
 *   outlive a lost network, and offline moves must stay local until the merge), reconnect when it
 *   comes back online or the tab becomes visible again with no peer connected; this device's
 *   presence is published again on reconnect.
 */
import type * as Y from 'yjs';
import { WebrtcProvider } from 'y-webrtc';
import { PendingRecovery, syncStep1Message } from './pending';
import { IndexeddbPersistence, clearDocument } from 'y-indexeddb';
import type { Awareness } from 'y-protocols/awareness';
import { deriveRoom } from './links';

export interface TransportSettings {
	/** Extra relays from settings; the app's own relay is always first. */
	readonly signaling: readonly string[];
	/**
	 * STUN/TURN servers from settings; none when absent. Always passed to the peer library, which
	 * would otherwise use public STUN servers of its own.
	 */
	readonly iceServers?: readonly RTCIceServer[];
}

export function defaultSignalingUrl(origin: string): string {
	const url = new URL('/signal', origin);
	url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	return url.toString();
}

export function signalingUrls(origin: string, settings: TransportSettings): string[] {
	return [...new Set([defaultSignalingUrl(origin), ...settings.signaling])];
}

const closing = new Map<string, Promise<void>>();

export interface Transport {
	readonly awareness: Awareness;
	readonly peerCount: () => number;
	onPeers(listener: () => void): () => void;
	close(): Promise<void>;
}

export async function openTransport(
	doc: Y.Doc,
	game: string,
	secret: string,
	origin: string,
	settings: TransportSettings
): Promise<Transport> {
	const { room, password } = await deriveRoom(secret, game);
	await closing.get(room);
	const peerOpts = { config: { iceServers: [...(settings.iceServers ?? [])] } };
	const provider = new WebrtcProvider(room, doc, { signaling: signalingUrls(origin, settings), password, peerOpts });

	const peerCount = () => provider.room?.webrtcConns.size ?? 0;
	// Updates left pending (a message lost on a link): ask every peer for what this device lacks
	// (pending.ts); y-webrtc answers a sync step 1 on each connection with the missing updates.
	const recovery = new PendingRecovery(doc, () => {
		const message = syncStep1Message(doc);
		provider.room?.webrtcConns.forEach((conn) => {
			try {
				conn.peer.send(message);
			} catch {
				// A closing connection: the next ask, or its reconnection's own sync, covers it.
			}
		});
	});
	const onPeersChanged = () => recovery.poke();
	provider.on('peers', onPeersChanged);
	// y-webrtc's disconnect() clears this device's awareness state and connect() does not restore
	// it, so the presence (seats, head, state hash) is kept here and set again on reconnect.
	let presence: Record<string, unknown> | null = null;
	const disconnect = () => {
		presence = provider.awareness.getLocalState() ?? presence;
		provider.disconnect();
	};
	const reconnect = () => {
		disconnect();
		provider.connect();
		if (presence && provider.awareness.getLocalState() === null) provider.awareness.setLocalState(presence);
	};
	const onOffline = () => disconnect();
	const onVisible = () => {
		if (document.visibilityState === 'visible' && navigator.onLine && peerCount() === 0) reconnect();
	};
	window.addEventListener('offline', onOffline);
	window.addEventListener('online', reconnect);
	document.addEventListener('visibilitychange', onVisible);

	return {
		awareness: provider.awareness,
		peerCount,
		onPeers(listener) {
			provider.on('peers', listener);
			return () => provider.off('peers', listener);
		},
		async close() {
			window.removeEventListener('offline', onOffline);
			window.removeEventListener('online', reconnect);
			document.removeEventListener('visibilitychange', onVisible);
			provider.off('peers', onPeersChanged);
			recovery.stop();
			const done = (async () => {
				await provider.key;
				provider.destroy();
				// destroy() queues the room's removal on `key`; this await runs after it.
				await provider.key;
			})();
			closing.set(room, done);
			await done;
			if (closing.get(room) === done) closing.delete(room);
		}
	};
}

export function indexedDbName(game: string): string {
	return `rails-1822-game-${game}`;
}

export interface Storage {
	/** False until IndexedDB has loaded what this device holds: only then can we say a game is unknown. */
	readonly whenSynced: Promise<void>;
	close(): Promise<void>;
}

export function openStorage(doc: Y.Doc, game: string): Storage {
	const persistence = new IndexeddbPersistence(indexedDbName(game), doc);
	return {
		whenSynced: persistence.whenSynced.then(() => undefined),
		close: () => persistence.destroy()
	};
}

/** Deleting a game clears its database (y-indexeddb's clearData deletes the whole store). */
export async function deleteGameData(game: string): Promise<void> {
	await clearDocument(indexedDbName(game));
}
