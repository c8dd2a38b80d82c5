/**
 * Browser only: checkpoints (checkpoints.ts) kept in IndexedDB, in a database of their own and
 * never in the game's Yjs document, so that they are never synced, never signed, and can be lost
 * at any time without losing anything but opening speed.
 *
 * One record per (game, head). Records are stored as the structured clone of the engine state;
 * whatever comes back is checked by its hash before use (checkpoints.ts), so a damaged database
 * only costs a replay from the start.
 */
import type { Checkpoint, CheckpointStore } from './checkpoints';

export const CHECKPOINT_DB = 'rails-1822-checkpoints';
const STORE = 'checkpoints';
const BY_GAME = 'byGame';

function request<T>(r: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		r.onsuccess = () => resolve(r.result);
		r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
	});
}

function done(tx: IDBTransaction): Promise<void> {
	return new Promise((resolve, reject) => {
		tx.oncomplete = () => resolve();
		tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
	});
}

function isCheckpoint(x: unknown): x is Checkpoint<unknown> {
	if (typeof x !== 'object' || x === null) return false;
	const c = x as Record<string, unknown>;
	return (
		typeof c.gameId === 'string' &&
		typeof c.head === 'string' &&
		typeof c.rulesVersion === 'string' &&
		typeof c.actionIndex === 'number' &&
		typeof c.hash === 'string' &&
		'state' in c
	);
}

export class IndexedDbCheckpointStore<S> implements CheckpointStore<S> {
	#db: Promise<IDBDatabase> | null = null;

	constructor(readonly factory: IDBFactory = indexedDB) {}

	#open(): Promise<IDBDatabase> {
		this.#db ??= new Promise((resolve, reject) => {
			const r = this.factory.open(CHECKPOINT_DB, 1);
			r.onupgradeneeded = () => {
				const store = r.result.createObjectStore(STORE, { keyPath: ['gameId', 'head'] });
				store.createIndex(BY_GAME, 'gameId');
			};
			r.onsuccess = () => resolve(r.result);
			r.onerror = () => reject(r.error ?? new Error('the checkpoint database could not be opened'));
		});
		return this.#db;
	}

	async list(gameId: string): Promise<readonly Checkpoint<S>[]> {
		try {
			const db = await this.#open();
			const tx = db.transaction(STORE, 'readonly');
			const all = await request(tx.objectStore(STORE).index(BY_GAME).getAll(gameId));
			// A record of another shape (an older app, a damaged database) is skipped, not trusted.
			return (all as unknown[]).filter(isCheckpoint) as Checkpoint<S>[];
		} catch {
			return [];
		}
	}

	async put(checkpoint: Checkpoint<S>): Promise<void> {
		try {
			const db = await this.#open();
			const tx = db.transaction(STORE, 'readwrite');
			tx.objectStore(STORE).put(checkpoint);
			await done(tx);
		} catch {
			// Out of quota or blocked: the game still opens, only more slowly next time.
		}
	}

	async delete(gameId: string, head: string): Promise<void> {
		try {
			const db = await this.#open();
			const tx = db.transaction(STORE, 'readwrite');
			tx.objectStore(STORE).delete([gameId, head]);
			await done(tx);
		} catch {
			// Nothing to do: a stale record is ignored on the next opening anyway.
		}
	}

	/** Every checkpoint of a game, when the game itself is deleted. */
	async deleteGame(gameId: string): Promise<void> {
		for (const cp of await this.list(gameId)) await this.delete(gameId, cp.head);
	}
}
