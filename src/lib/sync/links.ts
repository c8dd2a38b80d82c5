/**
 * Shared links: `<origin>/game/<game id>#<secret>`. The secret lives in the fragment, which browsers
 * never send to a server; the y-webrtc room name and password are derived from it (HKDF-SHA256,
 * domain-separated, bound to the game id), so neither the signaling relay nor anyone who sees the
 * room name learns the secret. A link without the secret cannot join.
 */
import { fromBase64Url, randomBytes, toBase64Url, utf8 } from './bytes';
import { isEntryId } from './entry';

export interface GameLink {
	readonly origin: string;
	readonly game: string;
	readonly secret: string;
}

export const LINK_ERRORS = ['not_a_url', 'not_a_game_link', 'bad_game_id', 'missing_secret', 'bad_secret'] as const;
export type LinkError = (typeof LINK_ERRORS)[number];

export type ParsedLink = { readonly ok: true; readonly link: GameLink } | { readonly ok: false; readonly error: LinkError };

const SECRET_BYTES = 32;
const GAME_PATH = /^\/game\/([0-9a-f]{64})\/?$/;

export function makeSecret(): string {
	return toBase64Url(randomBytes(SECRET_BYTES));
}

function isSecret(secret: string): boolean {
	const bytes = fromBase64Url(secret);
	return bytes !== null && bytes.length === SECRET_BYTES;
}

export function makeGameLink(origin: string, game: string, secret: string): string {
	if (!isEntryId(game)) throw new Error('game id expected');
	if (!isSecret(secret)) throw new Error('secret expected');
	return `${origin.replace(/\/+$/, '')}/game/${game}#${secret}`;
}

export function parseGameLink(url: string): ParsedLink {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return { ok: false, error: 'not_a_url' };
	}
	const path = GAME_PATH.exec(parsed.pathname);
	if (!path) {
		return { ok: false, error: parsed.pathname.startsWith('/game/') ? 'bad_game_id' : 'not_a_game_link' };
	}
	const secret = parsed.hash.replace(/^#/, '');
	if (secret === '') return { ok: false, error: 'missing_secret' };
	if (!isSecret(secret)) return { ok: false, error: 'bad_secret' };
	return { ok: true, link: { origin: parsed.origin, game: path[1], secret } };
}

export interface RoomKeys {
	readonly room: string;
	readonly password: string;
}

async function hkdf(secret: string, info: string): Promise<string> {
	const bytes = fromBase64Url(secret);
	if (!bytes || bytes.length !== SECRET_BYTES) throw new Error('secret expected');
	const key = await crypto.subtle.importKey('raw', bytes, 'HKDF', false, ['deriveBits']);
	const bits = await crypto.subtle.deriveBits(
		{ name: 'HKDF', hash: 'SHA-256', salt: utf8('rails-1822/room/v1'), info: utf8(info) },
		key,
		256
	);
	return toBase64Url(new Uint8Array(bits));
}

/** Two independent derivations, so the room name (seen by the relay) says nothing of the password. */
export async function deriveRoom(secret: string, game: string): Promise<RoomKeys> {
	const [room, password] = await Promise.all([hkdf(secret, `room-name\n${game}`), hkdf(secret, `room-password\n${game}`)]);
	return { room: `rails-1822-${room}`, password };
}

/** The link as an SVG QR code, for a phone across the table. */
export async function linkQrSvg(link: string): Promise<string> {
	const { default: QRCode } = await import('qrcode');
	return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
