/**
 * Forks (issue 9): one key signing two different entries on the same parent. Both may be valid
 * entries (only one can be chosen), but a seat that does it has played two moves at once, and the
 * players are told.
 */
import type { Entry } from './entry';
import { keyId, type PublicKeyInfo } from './identity';
import type { SeatClaim } from './seats';

export interface Fork {
	readonly seat: number | null;
	readonly key: string;
	readonly parent: string;
	readonly ids: readonly string[];
	/** The one of `ids` the game follows (null: none of them, or play has not reached the fork). */
	readonly kept: string | null;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Two different, validly signed children of one parent by one key: that seat forked. */
export async function findForks(
	eligible: readonly Entry[],
	copies: ReadonlyMap<string, Entry[]>,
	seats: readonly SeatClaim[],
	creator: PublicKeyInfo,
	/** True if any of the copies carries a valid signature by the key (the orderer's cached check). */
	verify: (copies: readonly Entry[], key: PublicKeyInfo) => Promise<boolean>
): Promise<Fork[]> {
	const groups = new Map<string, { seat: number | null; key: PublicKeyInfo; parent: string; entries: Entry[] }>();
	for (const e of eligible) {
		const key = signerKey(e, seats, creator);
		if (!key || e.body.parent === null) continue;
		// A reveal hangs off the start entry beside the seat's first action; it is not a rival to it.
		const k = `${e.body.parent}|${keyId(key)}|${e.kind.kind === 'reveal'}`;
		const g = groups.get(k);
		if (g) g.entries.push(e);
		else groups.set(k, { seat: e.body.seat, key, parent: e.body.parent, entries: [e] });
	}
	const forks: Fork[] = [];
	for (const g of groups.values()) {
		if (g.entries.length < 2) continue;
		const signed: string[] = [];
		for (const e of g.entries) if (await verify(copies.get(e.id) ?? [e], g.key)) signed.push(e.id);
		if (signed.length >= 2) forks.push({ seat: g.seat, key: keyId(g.key), parent: g.parent, ids: signed.sort(), kept: null });
	}
	return forks.sort((a, b) => cmp(a.parent, b.parent) || cmp(a.key, b.key));
}

function signerKey(e: Entry, seats: readonly SeatClaim[], creator: PublicKeyInfo): PublicKeyInfo | null {
	switch (e.kind.kind) {
		case 'genesis':
			return null;
		case 'claim':
			return e.kind.key;
		case 'start':
			return creator;
		case 'reveal':
		case 'undo':
		case 'consent':
		case 'game':
			return e.body.seat !== null && e.body.seat < seats.length ? seats[e.body.seat].key : null;
		default: {
			const never: never = e.kind;
			throw new Error(`unhandled entry kind ${JSON.stringify(never)}`);
		}
	}
}
