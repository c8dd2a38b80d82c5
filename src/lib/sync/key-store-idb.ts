/**
 * The browser's key store: a tiny key-value store on the plain IndexedDB API (one database, two
 * object stores). Browser-only; the logic it serves is tested with MemoryKeyStore.
 */
import type { Identity } from './identity';
import { seatKey, type KeyStore, type SeatSecret } from './key-store';

const DB_NAME = 'rails-1822-keys';
const SEATS = 'seats';
const CREATORS = 'creators';

function request<T>(req: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		req.onsuccess = () => resolve(req.result);
		req.onerror = () => reject(req.error);
	});
}

function openDb(): Promise<IDBDatabase> {
	const req = indexedDB.open(DB_NAME, 1);
	req.onupgradeneeded = () => {
		req.result.createObjectStore(SEATS);
		req.result.createObjectStore(CREATORS);
	};
	return request(req);
}

export class IndexedDbKeyStore implements KeyStore {
	#db: Promise<IDBDatabase> | null = null;

	async #store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
		this.#db ??= openDb();
		return (await this.#db).transaction(name, mode).objectStore(name);
	}

	async get(game: string, seat: number): Promise<SeatSecret | undefined> {
		return request((await this.#store(SEATS, 'readonly')).get(seatKey(game, seat)));
	}
	async put(secret: SeatSecret): Promise<void> {
		await request((await this.#store(SEATS, 'readwrite')).put(secret, seatKey(secret.game, secret.seat)));
	}
	async list(game: string): Promise<SeatSecret[]> {
		// Keys are `${game}/${seat}`: a key range over the game's prefix lists its seats.
		const range = IDBKeyRange.bound(`${game}/`, `${game}/\uffff`);
		const all = (await request((await this.#store(SEATS, 'readonly')).getAll(range))) as SeatSecret[];
		return all.sort((a, b) => a.seat - b.seat);
	}
	async deleteGame(game: string): Promise<void> {
		await request((await this.#store(SEATS, 'readwrite')).delete(IDBKeyRange.bound(`${game}/`, `${game}/\uffff`)));
		await request((await this.#store(CREATORS, 'readwrite')).delete(game));
	}
	async getCreator(game: string): Promise<Identity | undefined> {
		return request((await this.#store(CREATORS, 'readonly')).get(game));
	}
	async putCreator(game: string, identity: Identity): Promise<void> {
		await request((await this.#store(CREATORS, 'readwrite')).put(identity, game));
	}
}
