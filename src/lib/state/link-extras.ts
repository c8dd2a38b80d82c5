// The relay and the STUN/TURN servers of a game, carried in its link so a friend who opens it
// needs no settings: `<origin>/game/<id>#<secret>&relay=<wss URL>&ice=<server line>…`. They sit in
// the fragment after the secret, so, like the secret, they never reach a server; the sync layer
// (src/lib/sync/links.ts) still sees only `#<secret>`, as this module splits them off first.
// `relay` may appear once or more (ws:// or wss:// URLs), `ice` once per server, in the settings'
// line form (ice-servers.ts: `turn:host:port?username=…&credential=…`). Values are URL-encoded.
// Anything unreadable is dropped, never fatal: the secret alone still opens the game.
import { parseIceServerLines, type IceServer } from './ice-servers';
import { parseSignalingUrls } from './signaling-urls';

export interface LinkExtras {
	/** Relays named by the link, first first (its first is the game's mailbox). */
	readonly relays: readonly string[];
	/** STUN/TURN servers as lines (ice-servers.ts). */
	readonly ice: readonly string[];
}

export const NO_EXTRAS: LinkExtras = { relays: [], ice: [] };

/** Splits a fragment (with or without its `#`) into the secret and the extras. */
export function splitFragment(fragment: string): { readonly secret: string; readonly extras: LinkExtras } {
	const text = fragment.replace(/^#/, '');
	const amp = text.indexOf('&');
	if (amp < 0) return { secret: text, extras: NO_EXTRAS };
	const params = new URLSearchParams(text.slice(amp + 1));
	return {
		secret: text.slice(0, amp),
		extras: { relays: parseSignalingUrls(params.getAll('relay')), ice: parseIceServerLines(params.getAll('ice')).lines }
	};
}

/** The extras as a fragment suffix (`&relay=…&ice=…`), empty when there are none. */
export function extrasSuffix(extras: LinkExtras): string {
	const params = new URLSearchParams();
	for (const r of parseSignalingUrls([...extras.relays])) params.append('relay', r);
	for (const line of parseIceServerLines([...extras.ice]).lines) params.append('ice', line);
	const text = params.toString();
	return text === '' ? '' : `&${text}`;
}

/** Both lists, the first's entries first, duplicates dropped. */
export function mergeExtras(a: LinkExtras, b: LinkExtras): LinkExtras {
	return { relays: parseSignalingUrls([...a.relays, ...b.relays]), ice: parseIceServerLines([...a.ice, ...b.ice]).lines };
}

/** A game link (`…#<secret>`) with the extras appended. */
export function linkWithExtras(link: string, extras: LinkExtras): string {
	return link + extrasSuffix(extras);
}

/** What a game is opened with: the link's relays and servers before this browser's own. */
export function transportWith(
	own: { readonly signaling: readonly string[]; readonly iceServers: readonly IceServer[] },
	extras: LinkExtras
): { signaling: string[]; iceServers: IceServer[] } {
	const linkServers = parseIceServerLines([...extras.ice]).servers;
	const iceServers = [...linkServers];
	for (const s of own.iceServers) if (!iceServers.some((x) => JSON.stringify(x) === JSON.stringify(s))) iceServers.push(s);
	return { signaling: parseSignalingUrls([...extras.relays, ...own.signaling]), iceServers };
}
