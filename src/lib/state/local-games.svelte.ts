/**
 * The games on this device, for the home page: title, players, round, whose turn, last opened.
 *
 * Kept in localStorage under `rails-1822:games` as one JSON array. It is only an index: the games
 * themselves live in IndexedDB (one database per game, see sync/providers.ts), so a lost or
 * corrupt index loses no game, only the list. The link's secret is kept with each game, because
 * the home page must be able to open it again; it is as private as the seat keys this browser
 * already holds for the game.
 */
export const GAMES_STORAGE_KEY = 'rails-1822:games';

export interface LocalGame {
	readonly id: string;
	readonly secret: string;
	/** The link's relay and STUN/TURN part after the secret (`&relay=…&ice=…`, link-extras.ts), if it had one. */
	readonly extras?: string;
	readonly title: string;
	readonly options: readonly string[];
	readonly players: readonly string[];
	/** "Stock Round 1"; empty until the game has begun. */
	readonly round: string;
	/** Who must act now, by name; empty when nobody (not begun, or over). */
	readonly turn: string;
	/** True when every seat is held by this device. */
	readonly hotseat: boolean;
	readonly created: number;
	readonly opened: number;
}

export type GamesStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isLocalGame(x: unknown): x is LocalGame {
	if (typeof x !== 'object' || x === null) return false;
	const g = x as Record<string, unknown>;
	return (
		typeof g.id === 'string' &&
		typeof g.secret === 'string' &&
		(g.extras === undefined || (typeof g.extras === 'string' && g.extras.startsWith('&'))) &&
		typeof g.title === 'string' &&
		Array.isArray(g.options) &&
		Array.isArray(g.players) &&
		g.players.every((p) => typeof p === 'string') &&
		typeof g.round === 'string' &&
		typeof g.turn === 'string' &&
		typeof g.created === 'number' &&
		typeof g.opened === 'number'
	);
}

export function parseGames(raw: string | null): LocalGame[] {
	if (raw === null) return [];
	try {
		const parsed: unknown = JSON.parse(raw);
		// Skip bad entries one by one rather than drop the whole list.
		return Array.isArray(parsed) ? parsed.filter(isLocalGame).map((g) => ({ ...g, hotseat: g.hotseat === true })) : [];
	} catch {
		return [];
	}
}

/** Most recently opened first; ties by id so the order is stable. */
function sorted(games: readonly LocalGame[]): LocalGame[] {
	return [...games].sort((a, b) => b.opened - a.opened || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export class LocalGames {
	#games = $state.raw<LocalGame[]>([]);
	readonly #storage: GamesStorage | null;

	constructor(storage: GamesStorage | null) {
		this.#storage = storage;
		this.#games = sorted(parseGames(this.#read()));
	}

	#read(): string | null {
		try {
			return this.#storage?.getItem(GAMES_STORAGE_KEY) ?? null;
		} catch {
			return null;
		}
	}

	get games(): readonly LocalGame[] {
		return this.#games;
	}

	get(id: string): LocalGame | undefined {
		return this.#games.find((g) => g.id === id);
	}

	/** Adds a game or updates the fields given; re-reads storage first, as another tab may have written. */
	upsert(game: Partial<LocalGame> & { readonly id: string }): void {
		const current = parseGames(this.#read());
		const old = current.find((g) => g.id === game.id);
		const merged: LocalGame | null = old
			? { ...old, ...game }
			: isLocalGame(game)
				? { ...game, hotseat: game.hotseat === true }
				: null;
		if (!merged) return;
		this.#write(sorted([...current.filter((g) => g.id !== game.id), merged]));
	}

	remove(id: string): void {
		this.#write(parseGames(this.#read()).filter((g) => g.id !== id));
	}

	#write(games: LocalGame[]): void {
		this.#games = sorted(games);
		try {
			this.#storage?.setItem(GAMES_STORAGE_KEY, JSON.stringify(this.#games));
		} catch {
			// Full or disabled storage: the list still holds for this visit; the games are in IndexedDB.
		}
	}
}

export function browserLocalGames(): LocalGames {
	let storage: GamesStorage | null = null;
	try {
		storage = globalThis.localStorage ?? null;
	} catch {
		storage = null;
	}
	return new LocalGames(storage);
}
