/**
 * Chat, kept in its own array so that talk never touches the game's order. A message is signed
 * by a seated key like a log entry; messages that fail to verify are dropped. Spectators, who
 * hold no seat, cannot chat (they can read).
 */
import { canonicalJson, isJsonObject } from './canonical';
import { sha256Hex } from './bytes';
import { signText, verifyText, type PublicKeyInfo } from './identity';
import type { SeatSecret } from './key-store';
import type { SeatClaim } from './order';

export interface WireChat {
	readonly body: string;
	readonly sig: string;
}

export interface ChatMessage {
	readonly id: string;
	readonly seat: number;
	readonly name: string;
	readonly text: string;
	/** The author's clock (ms since epoch): for display order only, never trusted for anything else. */
	readonly at: number;
}

export const CHAT_MAX = 500;
/** A message's whole body: its text (at most CHAT_MAX characters, some escaped) and the envelope. */
const CHAT_BODY_MAX = 6 * CHAT_MAX + 300;

export async function makeChat(secret: SeatSecret, text: string, at: number): Promise<WireChat> {
	const body = canonicalJson({ v: 1, game: secret.game, seat: secret.seat, text: text.slice(0, CHAT_MAX), at });
	if (body === undefined) throw new Error('chat body is not JSON');
	return { body, sig: await signText(secret.identity, body) };
}

export async function readChat(
	items: readonly unknown[],
	game: string,
	seats: readonly SeatClaim[],
	/** The keys holding each seat (devices.ts); by default the claim's. */
	keysOf: (seat: number) => readonly PublicKeyInfo[] = (seat) => [seats[seat].key]
): Promise<ChatMessage[]> {
	const out = new Map<string, ChatMessage>();
	for (const item of items) {
		if (!isJsonObject(item) || typeof item.body !== 'string' || typeof item.sig !== 'string') continue;
		// The limit holds on reading too (issue 17h): a patched client may write anything.
		if (item.body.length > CHAT_BODY_MAX || item.sig.length > 200) continue;
		let parsed: unknown;
		try {
			parsed = JSON.parse(item.body);
		} catch {
			continue;
		}
		if (!isJsonObject(parsed) || canonicalJson(parsed) !== item.body) continue;
		const { game: g, seat, text, at } = parsed;
		if (g !== game || typeof seat !== 'number' || typeof text !== 'string' || typeof at !== 'number') continue;
		if (text.length > CHAT_MAX || Object.keys(parsed).length !== 5 || parsed.v !== 1) continue;
		const claim = Number.isInteger(seat) && seat >= 0 && seat < seats.length ? seats[seat] : undefined;
		if (!claim) continue;
		let signed = false;
		for (const key of keysOf(seat)) if ((signed = await verifyText(key, item.body, item.sig))) break;
		if (!signed) continue;
		const id = await sha256Hex(item.body);
		out.set(id, { id, seat, name: claim.name, text, at });
	}
	return [...out.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
