// The user's settings that outlive a game: for now, the signaling relays used
// to find the other players. Persisted in localStorage; an empty list means
// "the relay of this app's own origin".
import { defaultSignalingUrl, parseSignalingUrls, type OriginLocation } from './signaling-urls';

export const SETTINGS_STORAGE_KEY = 'rails-1822:settings';

/** The slice of the Web Storage API settings need, so tests can pass a map. */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredSettings {
	signalingUrls?: unknown;
}

function readStored(storage: SettingsStorage | null): string[] {
	if (!storage) return [];
	try {
		const raw = storage.getItem(SETTINGS_STORAGE_KEY);
		if (raw === null) return [];
		const parsed = JSON.parse(raw) as StoredSettings | null;
		return Array.isArray(parsed?.signalingUrls) ? parseSignalingUrls(parsed.signalingUrls) : [];
	} catch {
		// Unreadable or corrupt settings fall back to the defaults rather than break the app.
		return [];
	}
}

export class Settings {
	#customSignalingUrls = $state<string[]>([]);
	readonly #storage: SettingsStorage | null;
	readonly #origin: OriginLocation;

	constructor(origin: OriginLocation, storage: SettingsStorage | null) {
		this.#origin = origin;
		this.#storage = storage;
		this.#customSignalingUrls = readStored(storage);
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

	#save(): void {
		if (!this.#storage) return;
		try {
			if (this.#customSignalingUrls.length === 0) this.#storage.removeItem(SETTINGS_STORAGE_KEY);
			else
				this.#storage.setItem(
					SETTINGS_STORAGE_KEY,
					JSON.stringify({ signalingUrls: this.#customSignalingUrls } satisfies StoredSettings)
				);
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
