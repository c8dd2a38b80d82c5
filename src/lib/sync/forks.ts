/**
 * Forks (issue 9): one seat (or one claim key, or the creator) signing two different entries on
 * the same parent. Both may be valid entries (only one can be chosen), but a seat that does it
 * has played two moves at once, and the players are told.
 *
 * Kept as an index that grows with the log (issue 17, speed): entries are grouped by parent and
 * signer as they arrive, and a group's verdict is recomputed only when the group changed. Only
 * the first `limit` entries of a group by id are read (the orderer refuses the rest unread,
 * `too_many`), so that spam cannot make the index verify unboundedly many signatures.
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

interface Group {
	readonly parent: string;
	readonly seat: number | null;
	/** 'claim' groups carry their key; 'creator' is the start's signer; 'seat' any seated entry. */
	readonly signer: { readonly kind: 'claim'; readonly key: PublicKeyInfo } | { readonly kind: 'creator' } | { readonly kind: 'seat' };
	readonly entries: Entry[];
	fork: Fork | null;
	dirty: boolean;
}

/** The group an entry belongs to; null for genesis. A reveal is not a rival to its seat's first action. */
function groupOf(e: Entry): { key: string; group: Omit<Group, 'entries' | 'fork' | 'dirty'> } | null {
	const parent = e.body.parent;
	if (parent === null) return null;
	switch (e.kind.kind) {
		case 'genesis':
			return null;
		case 'claim':
			return { key: `${parent}|claim|${keyId(e.kind.key)}`, group: { parent, seat: e.body.seat, signer: { kind: 'claim', key: e.kind.key } } };
		case 'start':
			return { key: `${parent}|creator`, group: { parent, seat: null, signer: { kind: 'creator' } } };
		case 'restart':
		case 'recommit':
			// A seat's own entries of a restarted seed round: two on one parent are its fork.
			return { key: `${parent}|seed|${e.body.seat}`, group: { parent, seat: e.body.seat, signer: { kind: 'seat' } } };
		case 'reveal':
		case 'undo':
		case 'consent':
		case 'device_add':
		case 'device_remove':
		case 'game':
			return {
				key: `${parent}|${e.kind.kind === 'reveal' ? 'reveal' : 'seat'}|${e.body.seat}`,
				group: { parent, seat: e.body.seat, signer: { kind: 'seat' } }
			};
		default: {
			const never: never = e.kind;
			throw new Error(`unhandled entry kind ${JSON.stringify(never)}`);
		}
	}
}

export class ForkIndex {
	readonly #groups = new Map<string, Group>();
	/** Groups with two entries or more. */
	readonly #multi = new Set<string>();
	#out: Fork[] | null = null;
	#seats: readonly SeatClaim[] | null = null;
	#keys = '';

	constructor(readonly limit: number) {}

	/** Adds an entry of the game (each id once). */
	add(e: Entry): void {
		const g = groupOf(e);
		if (!g) return;
		let group = this.#groups.get(g.key);
		if (!group) {
			group = { ...g.group, entries: [], fork: null, dirty: true };
			this.#groups.set(g.key, group);
		}
		const list = group.entries;
		let lo = 0;
		let hi = list.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (list[mid].id < e.id) lo = mid + 1;
			else hi = mid;
		}
		if (list[lo]?.id === e.id) return;
		list.splice(lo, 0, e);
		// Beyond the limit, an entry changes the group only if it is among the first `limit`.
		if (lo < this.limit) {
			group.dirty = true;
			this.#out = null;
		}
		if (list.length >= 2) this.#multi.add(g.key);
	}

	/** An entry's signature is to be read again (a valid copy may have arrived). */
	touch(e: Entry): void {
		const g = groupOf(e);
		const group = g ? this.#groups.get(g.key) : undefined;
		if (group) {
			group.dirty = true;
			this.#out = null;
		}
	}

	/** Two different, validly signed entries of one signer on one parent: that signer forked. */
	async forks(
		seats: readonly SeatClaim[],
		creator: PublicKeyInfo,
		/** True if any stored copy of the entry carries a valid signature by the key (the orderer's cached check). */
		verify: (id: string, key: PublicKeyInfo) => Promise<boolean>,
		/** Every key that held a seat (devices.ts); by default the claim's alone. */
		keysOf: (seat: number) => readonly PublicKeyInfo[] = (seat) => [seats[seat].key]
	): Promise<Fork[]> {
		const keys = seats.map((_, seat) => keysOf(seat).map(keyId).join(','));
		const keysText = keys.join('|');
		if (this.#seats !== seats || this.#keys !== keysText) {
			this.#seats = seats;
			this.#keys = keysText;
			this.#out = null;
			for (const key of this.#multi) this.#groups.get(key)!.dirty = true;
		}
		if (this.#out) return this.#out;
		const out: Fork[] = [];
		for (const k of this.#multi) {
			const g = this.#groups.get(k)!;
			if (g.dirty) {
				g.dirty = false;
				g.fork = null;
				const seated = g.signer.kind === 'seat' && g.seat !== null && g.seat < seats.length;
				const key = g.signer.kind === 'claim' ? g.signer.key : g.signer.kind === 'creator' ? creator : seated ? seats[g.seat!].key : null;
				// A seat's entries may be signed by any of its devices: two of them on one parent are still one seat's fork.
				const candidates = g.signer.kind === 'seat' && seated ? keysOf(g.seat!) : key ? [key] : [];
				if (key) {
					const signed: string[] = [];
					for (const e of g.entries.slice(0, this.limit)) {
						for (const k of candidates) {
							if (await verify(e.id, k)) {
								signed.push(e.id);
								break;
							}
						}
					}
					if (signed.length >= 2) g.fork = { seat: g.seat, key: keyId(key), parent: g.parent, ids: signed, kept: null };
				}
			}
			if (g.fork) out.push(g.fork);
		}
		this.#out = out.sort((a, b) => cmp(a.parent, b.parent) || cmp(a.key, b.key));
		return this.#out;
	}
}
