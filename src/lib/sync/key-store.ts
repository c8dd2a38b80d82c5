/**
 * Where a device keeps its seat identities (and the seed nonces it committed to). The private key is
 * a non-extractable CryptoKey: IndexedDB stores it by structured clone without ever exposing its bytes.
 */
import type { Identity } from './identity';

/** One seat held by this device in one game. */
export interface SeatSecret {
	readonly game: string;
	readonly seat: number;
	readonly identity: Identity;
	/** The seed contribution whose hash went into the claim; revealed once the start entry fixes seats. */
	readonly nonce: string;
	readonly claimId: string;
	/** Fresh nonces of restarted seed rounds (restart.ts), by restart entry id, kept until revealed. */
	readonly restarts?: Readonly<Record<string, string>>;
}

export interface KeyStore {
	get(game: string, seat: number): Promise<SeatSecret | undefined>;
	put(secret: SeatSecret): Promise<void>;
	list(game: string): Promise<SeatSecret[]>;
	deleteGame(game: string): Promise<void>;
	/** The creator's key of a game, kept apart from seats: the creator need not sit at the table. */
	getCreator(game: string): Promise<Identity | undefined>;
	putCreator(game: string, identity: Identity): Promise<void>;
}

export function seatKey(game: string, seat: number): string {
	return `${game}/${seat}`;
}

export class MemoryKeyStore implements KeyStore {
	readonly #seats = new Map<string, SeatSecret>();
	readonly #creators = new Map<string, Identity>();

	async get(game: string, seat: number): Promise<SeatSecret | undefined> {
		return this.#seats.get(seatKey(game, seat));
	}
	async put(secret: SeatSecret): Promise<void> {
		this.#seats.set(seatKey(secret.game, secret.seat), secret);
	}
	async list(game: string): Promise<SeatSecret[]> {
		return [...this.#seats.values()].filter((s) => s.game === game).sort((a, b) => a.seat - b.seat);
	}
	async deleteGame(game: string): Promise<void> {
		for (const [k, v] of this.#seats) if (v.game === game) this.#seats.delete(k);
		this.#creators.delete(game);
	}
	async getCreator(game: string): Promise<Identity | undefined> {
		return this.#creators.get(game);
	}
	async putCreator(game: string, identity: Identity): Promise<void> {
		this.#creators.set(game, identity);
	}
}
