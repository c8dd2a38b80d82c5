/**
 * Presence over Yjs awareness: who is online, which seats they hold, and where their replay stands.
 * Each peer publishes its head and state hash; peers at the same head must agree on the hash, so a
 * peer whose replay diverges (a stale app version, a bug) is flagged identically by everyone.
 */
import { canonicalJson, isJsonObject } from './canonical';
import { keyId, signText, verifyText, type PublicKeyInfo } from './identity';
import type { SeatSecret } from './key-store';
import type { OrderResult } from './order';

/**
 * One seat's signature over what a device says of itself (issue 17): its awareness client id,
 * the seats it holds, its head and state hash. Awareness carries no authentication (any peer may
 * send a state for any client id), so a claim counts only with a valid signature by each seat's
 * key over this very client id; anything else is shown as a spectator's and compared with nobody.
 */
export interface PresenceProof {
	readonly seat: number;
	readonly sig: string;
}

export interface Presence {
	readonly seats: readonly number[];
	readonly name: string;
	readonly head: string | null;
	readonly stateHash: string | null;
	readonly appVersion: string;
	readonly rules: string;
	readonly proofs?: readonly PresenceProof[];
}

export interface Peer extends Presence {
	readonly clientId: number;
}

const MAX_PRESENCE_SEATS = 64;

export function parsePresence(value: unknown): Presence | null {
	if (!isJsonObject(value)) return null;
	const { seats, name, head, stateHash, appVersion, rules, proofs } = value;
	if (!Array.isArray(seats) || seats.length > MAX_PRESENCE_SEATS || !seats.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 0)) return null;
	if (typeof name !== 'string' || typeof appVersion !== 'string' || typeof rules !== 'string') return null;
	if (name.length > 200 || appVersion.length > 200 || rules.length > 200) return null;
	if ((head !== null && typeof head !== 'string') || (stateHash !== null && typeof stateHash !== 'string')) return null;
	if ((head?.length ?? 0) > 200 || (stateHash?.length ?? 0) > 200) return null;
	let checked: PresenceProof[] | undefined;
	if (proofs !== undefined) {
		if (!Array.isArray(proofs) || proofs.length > MAX_PRESENCE_SEATS) return null;
		checked = [];
		for (const x of proofs) {
			if (!isJsonObject(x) || typeof x.seat !== 'number' || !Number.isInteger(x.seat) || typeof x.sig !== 'string' || x.sig.length > 200) return null;
			checked.push({ seat: x.seat, sig: x.sig });
		}
	}
	return { seats: seats as number[], name, head, stateHash, appVersion, rules, ...(checked ? { proofs: checked } : {}) };
}

/** Awareness states (client id → state) as peers, ignoring anything that is not a presence. */
export function peersFrom(states: ReadonlyMap<number, unknown>): Peer[] {
	const out: Peer[] = [];
	for (const [clientId, state] of states) {
		const presence = parsePresence(isJsonObject(state) ? state.presence : undefined);
		if (presence) out.push({ clientId, ...presence });
	}
	return out.sort((a, b) => a.clientId - b.clientId);
}

/** The text each seat signs: the claim without its proofs, bound to the game and the client id. */
export function presenceText(game: string, clientId: number, p: Presence): string {
	const text = canonicalJson({
		kind: 'rails-1822/presence/v1',
		game,
		client: clientId,
		seats: [...p.seats],
		name: p.name,
		head: p.head,
		stateHash: p.stateHash,
		appVersion: p.appVersion,
		rules: p.rules
	});
	if (text === undefined) throw new Error('presence is not JSON');
	return text;
}

/** A presence signed by the key of each seat it names (the secrets this device holds for them). */
export async function signPresence(game: string, clientId: number, p: Presence, secrets: readonly SeatSecret[]): Promise<Presence> {
	const text = presenceText(game, clientId, p);
	const proofs: PresenceProof[] = [];
	for (const seat of p.seats) {
		const secret = secrets.find((s) => s.seat === seat);
		if (secret) proofs.push({ seat, sig: await signText(secret.identity, text) });
	}
	return { ...p, proofs };
}

/**
 * Peers as the log vouches for them: a peer's seats are those whose proof verifies under a key
 * the log gives that seat (the seated claim's; in the lobby, any claim on it). A peer with none
 * is a spectator: its head and hash are shown nowhere and compared with nobody. Verdicts are
 * cached; `changed` is called when one that was pending is known.
 */
export class PresenceVerifier {
	readonly #verdicts = new Map<string, Promise<readonly number[]>>();
	readonly #done = new Map<string, readonly number[]>();

	constructor(
		readonly game: string,
		readonly changed: () => void
	) {}

	peers(states: ReadonlyMap<number, unknown>, keysOf: (seat: number) => readonly PublicKeyInfo[]): Peer[] {
		return peersFrom(states).map((p) => {
			const verified = this.#verified(p, keysOf);
			// Unsigned or badly signed: a spectator's claim, whatever it says.
			return verified.length === 0 ? { ...p, seats: [], head: null, stateHash: null } : { ...p, seats: verified };
		});
	}

	/** Verifies every claim not verified yet; `peers` then answers from the verdicts. */
	async settle(states: ReadonlyMap<number, unknown>, keysOf: (seat: number) => readonly PublicKeyInfo[]): Promise<void> {
		await Promise.all(peersFrom(states).map((p) => this.#check(p, keysOf)));
	}

	#cacheKey(p: Peer, keysOf: (seat: number) => readonly PublicKeyInfo[]): { text: string; key: string } {
		const text = presenceText(this.game, p.clientId, p);
		const keys = p.seats.map((seat) => keysOf(seat).map(keyId).join(','));
		return { text, key: JSON.stringify([text, p.proofs ?? null, keys]) };
	}

	#check(p: Peer, keysOf: (seat: number) => readonly PublicKeyInfo[]): Promise<readonly number[]> {
		if (!p.proofs || p.seats.length === 0) return Promise.resolve([]);
		const { text, key } = this.#cacheKey(p, keysOf);
		const known = this.#verdicts.get(key);
		if (known) return known;
		const run = (async () => {
			const ok: number[] = [];
			for (const seat of p.seats) {
				const proof = p.proofs?.find((x) => x.seat === seat);
				if (!proof) continue;
				for (const k of keysOf(seat)) {
					if (await verifyText(k, text, proof.sig)) {
						ok.push(seat);
						break;
					}
				}
			}
			this.#done.set(key, ok);
			return ok;
		})();
		this.#verdicts.set(key, run);
		if (this.#verdicts.size > 512) {
			const oldest = this.#verdicts.keys().next().value as string;
			this.#verdicts.delete(oldest);
			this.#done.delete(oldest);
		}
		void run.then((ok) => ok.length > 0 && this.changed());
		return run;
	}

	#verified(p: Peer, keysOf: (seat: number) => readonly PublicKeyInfo[]): readonly number[] {
		if (!p.proofs || p.seats.length === 0) return [];
		const { key } = this.#cacheKey(p, keysOf);
		const done = this.#done.get(key);
		if (done) return done;
		void this.#check(p, keysOf);
		return [];
	}
}

export interface Divergence {
	readonly clientId: number;
	readonly head: string;
	readonly stateHash: string;
	/** The hash most peers at that head agree on (lowest hash on a tie, so every peer picks the same). */
	readonly expected: string;
}

/**
 * Peers whose state hash differs from the majority of peers at the same head. Peers at other
 * heads are merely behind or ahead and are not compared. With a tie, every side is flagged.
 */
export function divergentPeers(peers: readonly Peer[]): Divergence[] {
	const byHead = new Map<string, Peer[]>();
	for (const p of peers) {
		if (p.head === null || p.stateHash === null) continue;
		const list = byHead.get(p.head);
		if (list) list.push(p);
		else byHead.set(p.head, [p]);
	}
	const out: Divergence[] = [];
	for (const [head, group] of byHead) {
		const counts = new Map<string, number>();
		for (const p of group) counts.set(p.stateHash!, (counts.get(p.stateHash!) ?? 0) + 1);
		if (counts.size < 2) continue;
		const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
		const tie = ranked[0][1] === ranked[1][1];
		const expected = ranked[0][0];
		for (const p of group) {
			if (tie || p.stateHash !== expected) out.push({ clientId: p.clientId, head, stateHash: p.stateHash!, expected });
		}
	}
	return out.sort((a, b) => a.clientId - b.clientId);
}

/** Seats of this device that must act now: the engine's turn, or an undo request awaiting their answer. */
export function seatsToAct<S>(view: OrderResult<S>, mine: readonly number[]): number[] {
	const waiting = view.pendingUndo?.waiting ?? [];
	return mine.filter((s) => view.expected.includes(s) || waiting.includes(s));
}

/** True when it has just become this device's turn: worth a notification and a changed tab title. */
export function becameMyTurn<S>(before: OrderResult<S> | null, after: OrderResult<S>, mine: readonly number[]): boolean {
	const now = seatsToAct(after, mine);
	if (now.length === 0) return false;
	if (!before) return true;
	return seatsToAct(before, mine).length === 0;
}

export function tabTitle(base: string, myTurn: boolean): string {
	return myTurn ? `▶ Your turn — ${base}` : base;
}
