/**
 * Comparing engine states. `stateHash` is the definition of "the same state", but hashing a full
 * state costs about a millisecond; the plain JSON text is much cheaper and equal texts always
 * hash equal, so it is tried first and the hash only decides when the texts differ (for example
 * when only the order of keys differs, which the hash ignores).
 */
import { stateHash, type GameState } from '../../src/lib/engine/index';

/** A cheap fingerprint of a state, to compare later with `unchangedSince`. */
export interface Fingerprint {
	readonly text: string;
	hash: string | null;
}

export function fingerprint(state: Readonly<GameState>): Fingerprint {
	return { text: JSON.stringify(state), hash: null };
}

/** Whether the state still has the fingerprinted content (by `stateHash` when the texts differ). */
export function unchangedSince(state: Readonly<GameState>, before: Fingerprint): boolean {
	if (JSON.stringify(state) === before.text) return true;
	// The JSON text keeps exactly what the hash reads (non-finite numbers as null, no undefined keys).
	if (before.hash === null) before.hash = stateHash(JSON.parse(before.text));
	return stateHash(state) === before.hash;
}

export function sameState(a: Readonly<GameState>, b: Readonly<GameState>): boolean {
	return JSON.stringify(a) === JSON.stringify(b) || stateHash(a) === stateHash(b);
}
