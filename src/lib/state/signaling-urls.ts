// Pure helpers for the list of signaling relays the app uses to find peers.
// The default is the relay of the server that served the app: `npm start`
// serves both on one port, at /signal (architecture: "a small Node server ...
// serves the built app and a y-webrtc-compatible signaling endpoint on the same
// port").

export const SIGNALING_PATH = '/signal';

/** The parts of `window.location` the default depends on. */
export interface OriginLocation {
	readonly protocol: string;
	readonly host: string;
}

/** `wss://<host>/signal` for a page served over https, `ws://<host>/signal` otherwise. */
export function defaultSignalingUrl(location: OriginLocation): string {
	const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
	return `${scheme}//${location.host}${SIGNALING_PATH}`;
}

/**
 * Normalises one user-entered relay address, or returns null when it is not a
 * WebSocket URL (y-webrtc only speaks to ws:// and wss:// relays).
 */
export function normaliseSignalingUrl(text: string): string | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
	if (url.username || url.password) return null;
	url.hash = '';
	return url.toString();
}

/**
 * Parses a stored or typed list of relays: invalid entries and duplicates are
 * dropped, order is kept (the first relay is tried first).
 */
export function parseSignalingUrls(values: readonly unknown[]): string[] {
	const seen = new Set<string>();
	for (const value of values) {
		if (typeof value !== 'string') continue;
		const url = normaliseSignalingUrl(value);
		if (url !== null) seen.add(url);
	}
	return [...seen];
}
