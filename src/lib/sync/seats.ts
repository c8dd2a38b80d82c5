/**
 * Seats as the start entry fixes them: one valid claim per seat, each with its own key.
 */
import type { Entry } from './entry';
import { keyId, type PublicKeyInfo } from './identity';

export interface SeatClaim {
	readonly seat: number;
	readonly name: string;
	readonly key: PublicKeyInfo;
	readonly claim: string;
	readonly commit: string;
}

export function startProblem(ids: readonly string[], claims: ReadonlyMap<string, Entry>, seatCount: number): string | null {
	if (ids.length !== seatCount) return `start must fix all ${seatCount} seats`;
	const keys = new Set<string>();
	for (let seat = 0; seat < ids.length; seat++) {
		const claim = claims.get(ids[seat]);
		if (!claim || claim.kind.kind !== 'claim') return `seat ${seat + 1}'s claim is missing or invalid`;
		if (claim.body.seat !== seat) return `the claim fixed for seat ${seat + 1} is for another seat`;
		keys.add(keyId(claim.kind.key));
	}
	// One key per seat even on a shared device, so that a fork is always one seat's doing.
	return keys.size === ids.length ? null : 'two seats share one key';
}

export function seatClaim(e: Entry, seat: number): SeatClaim {
	if (e.kind.kind !== 'claim') throw new Error('seat claim expected');
	return { seat, name: e.kind.name, key: e.kind.key, claim: e.id, commit: e.kind.commit };
}

/**
 * A short, stable label of a seat key for the lobby (issue 17e): two claims under one name are
 * told apart by it. FNV-1a over the key text, as 4 groups of 4 hex digits; a label, not a proof.
 */
export function keyFingerprint(key: PublicKeyInfo): string {
	const text = keyId(key);
	let h1 = 0x811c9dc5;
	let h2 = 0x01000193;
	for (let i = 0; i < text.length; i++) {
		h1 = Math.imul(h1 ^ text.charCodeAt(i), 0x01000193) >>> 0;
		h2 = Math.imul(h2 ^ text.charCodeAt(i), 0x811c9dc5) >>> 0;
	}
	const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).toUpperCase();
	return hex.match(/.{4}/g)!.join(' ');
}
