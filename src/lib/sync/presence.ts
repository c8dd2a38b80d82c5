/**
 * Presence over Yjs awareness: who is online, which seats they hold, and where their replay stands.
 * Each peer publishes its head and state hash; peers at the same head must agree on the hash, so a
 * peer whose replay diverges (a stale app version, a bug) is flagged identically by everyone.
 */
import { isJsonObject } from './canonical';
import type { OrderResult } from './order';

export interface Presence {
	readonly seats: readonly number[];
	readonly name: string;
	readonly head: string | null;
	readonly stateHash: string | null;
	readonly appVersion: string;
	readonly rules: string;
}

export interface Peer extends Presence {
	readonly clientId: number;
}

export function parsePresence(value: unknown): Presence | null {
	if (!isJsonObject(value)) return null;
	const { seats, name, head, stateHash, appVersion, rules } = value;
	if (!Array.isArray(seats) || !seats.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 0)) return null;
	if (typeof name !== 'string' || typeof appVersion !== 'string' || typeof rules !== 'string') return null;
	if ((head !== null && typeof head !== 'string') || (stateHash !== null && typeof stateHash !== 'string')) return null;
	return { seats: seats as number[], name, head, stateHash, appVersion, rules };
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
