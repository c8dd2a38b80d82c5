// The user's settings that outlive a game: the signaling relays used to find
// the other players, and the STUN/TURN servers their browsers use to reach each
// other. Persisted in localStorage; an empty relay list means "the relay of this
// app's own origin", an empty server list means none (enough on one network).
import { parseIceServerLines, type IceServer } from './ice-servers';
import { defaultSignalingUrl, parseSignalingUrls, type OriginLocation } from './signaling-urls';

export const SETTINGS_STORAGE_KEY = 'rails-1822:settings';

/** The slice of the Web Storage API settings need, so tests can pass a map. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredSettings {
	signalingUrls?: unknown;
	/** One line per server, as parseIceServer normalises it. */
	iceServers?: unknown;
}

function readStored(storage: SettingsStorage | null): { signalingUrls: string[]; iceServers: string[] } {
	const none = { signalingUrls: [], iceServers: [] };
	if (!storage) return none;
	try {
		const raw = storage.getItem(SETTINGS_STORAGE_KEY);
		if (raw === null) return none;
		const parsed = JSON.parse(raw) as StoredSettings | null;
		return {
			signalingUrls: Array.isArray(parsed?.signalingUrls) ? parseSignalingUrls(parsed.signalingUrls) : [],
			iceServers: Array.isArray(parsed?.iceServers) ? parseIceServerLines(parsed.iceServers).lines : []
		};
	} catch {
		// Unreadable or corrupt settings fall back to the defaults rather than break the app.
		return none;
	}
}

/** What a game is opened with (sync/providers.ts TransportSettings). */
export interface TransportChoice {
	readonly signaling: string[];
	readonly iceServers: IceServer[];
}

export class Settings {
	#customSignalingUrls = $state<string[]>([]);
	#iceServerLines = $state<string[]>([]);
	readonly #storage: SettingsStorage | null;
	readonly #origin: OriginLocation;

	constructor(origin: OriginLocation, storage: SettingsStorage | null) {
		this.#origin = origin;
		this.#storage = storage;
		const stored = readStored(storage);
		this.#customSignalingUrls = stored.signalingUrls;
		this.#iceServerLines = stored.iceServers;
	}

	/** The relays the user chose; empty when they use the default. */
	get customSignalingUrls(): readonly string[] {
		return this.#customSignalingUrls;
	}

	/** The relays to pass to y-webrtc, never empty. */
	get signalingUrls(): readonly string[] {
		return this.#customSignalingUrls.length > 0
			? this.#customSignalingUrls
			: [defaultSignalingUrl(this.#origin)];
	}

	/**
	 * Replaces the chosen relays. Returns the entries that were refused (not
	 * ws:// or wss:// URLs) so the settings form can point at them.
	 */
	setSignalingUrls(values: readonly string[]): string[] {
		const accepted = parseSignalingUrls(values);
		const refused = values.filter((v) => v.trim() !== '' && parseSignalingUrls([v]).length === 0);
		this.#customSignalingUrls = accepted;
		this.#save();
		return refused;
	}

	resetSignalingUrls(): void {
		this.#customSignalingUrls = [];
		this.#save();
	}

	/** The STUN/TURN servers as the settings form shows them, one per line. */
	get iceServerLines(): readonly string[] {
		return this.#iceServerLines;
	}

	/** The servers to pass to y-webrtc; empty by default. */
	get iceServers(): IceServer[] {
		return parseIceServerLines(this.#iceServerLines).servers;
	}

	/**
	 * Replaces the STUN/TURN servers with the accepted lines. Returns the refused lines with the
	 * reason, so the form can say what is wrong.
	 */
	setIceServers(values: readonly string[]): { line: string; reason: string }[] {
		const parsed = parseIceServerLines(values);
		this.#iceServerLines = parsed.lines;
		this.#save();
		return parsed.refused;
	}

	/**
	 * The transport every game is opened with. The server list is always passed, even empty:
	 * left out, y-webrtc's peer library falls back to public STUN servers of its own choosing.
	 */
	get transport(): TransportChoice {
		return { signaling: [...this.signalingUrls], iceServers: this.iceServers };
	}

	#save(): void {
		if (!this.#storage) return;
		try {
			const stored: StoredSettings = {
				...(this.#customSignalingUrls.length > 0 ? { signalingUrls: this.#customSignalingUrls } : {}),
				...(this.#iceServerLines.length > 0 ? { iceServers: this.#iceServerLines } : {})
			};
			if (Object.keys(stored).length === 0) this.#storage.removeItem(SETTINGS_STORAGE_KEY);
			else this.#storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(stored));
		} catch {
			// Storage can be full or disabled (private browsing); the settings still apply to this visit.
		}
	}
}

/** The settings of this browser: its origin and its localStorage (when it has one). */
export function browserSettings(): Settings {
	const storage = (() => {
		try {
			return globalThis.localStorage ?? null;
		} catch {
			return null;
		}
	})();
	return new Settings(globalThis.location, storage);
}
