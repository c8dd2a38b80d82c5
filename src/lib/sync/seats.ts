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
