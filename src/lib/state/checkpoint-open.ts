/**
 * Browser only: checkpoints at the opening of a game (issue 11), in IndexedDB.
 * - An imported game: before the log is replayed, a verified checkpoint of its prefix is
 *   restored; a prefix that had to be replayed in full is written as a new checkpoint.
 * - A game played here: every session of the 1822 engine uses the same store for the log
 *   orderer's resume points (checkpoint-play.ts, sync/resume.ts): it begins its walk at the
 *   furthest one proven valid, and writes new ones every RESUME_EVERY (25) entries of play once
 *   the view is shown.
 */
import type { GameState } from '../engine';
import { RULES_1822 } from '../sync/engine-1822';
import { setDefaultResumeStore } from '../sync/resume';
import { IndexedDbCheckpointStore } from './checkpoint-store';
import { CheckpointResumeStore } from './checkpoint-play';
import { keepPrefixCheckpoints, restorePrefixCheckpoint, type PrefixRestore } from './prefix-checkpoint';

let store: IndexedDbCheckpointStore<GameState> | null = null;

/** Starts keeping checkpoints in this tab (idempotent); null without IndexedDB. */
export function keepCheckpoints(): IndexedDbCheckpointStore<GameState> | null {
	if (typeof indexedDB === 'undefined') return null;
	if (!store) {
		store = new IndexedDbCheckpointStore<GameState>();
		keepPrefixCheckpoints(store);
		setDefaultResumeStore(RULES_1822, new CheckpointResumeStore(store) as CheckpointResumeStore<unknown>);
	}
	return store;
}

export async function prepareCheckpoints(game: string): Promise<PrefixRestore> {
	const s = keepCheckpoints();
	return s ? restorePrefixCheckpoint(s, game) : 'none';
}
