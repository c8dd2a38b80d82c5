/**
 * Browser only: checkpoints at the opening of a game (issue 11). Before the log is replayed, a
 * verified checkpoint of an imported game's prefix is restored from IndexedDB; while it is
 * replayed, a prefix that had to be replayed in full is written as a new checkpoint.
 */
import type { GameState } from '../engine';
import { IndexedDbCheckpointStore } from './checkpoint-store';
import { keepPrefixCheckpoints, restorePrefixCheckpoint, type PrefixRestore } from './prefix-checkpoint';

let store: IndexedDbCheckpointStore<GameState> | null = null;

/** Starts writing checkpoints of prefixes replayed in this tab (idempotent); null without IndexedDB. */
export function keepCheckpoints(): IndexedDbCheckpointStore<GameState> | null {
	if (typeof indexedDB === 'undefined') return null;
	if (!store) {
		store = new IndexedDbCheckpointStore<GameState>();
		keepPrefixCheckpoints(store);
	}
	return store;
}

export async function prepareCheckpoints(game: string): Promise<PrefixRestore> {
	const s = keepCheckpoints();
	return s ? restorePrefixCheckpoint(s, game) : 'none';
}
