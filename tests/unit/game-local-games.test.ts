import { describe, expect, it } from 'vitest';
import { GAMES_STORAGE_KEY, LocalGames, parseGames, type LocalGame } from '../../src/lib/state/local-games.svelte';

class MapStorage {
	readonly map = new Map<string, string>();
	getItem(k: string) {
		return this.map.get(k) ?? null;
	}
	setItem(k: string, v: string) {
		this.map.set(k, v);
	}
}

const game = (id: string, opened: number): LocalGame => ({
	id,
	secret: 's',
	title: '1822NRS',
	options: [],
	players: ['Ada', 'Brunel'],
	round: 'Stock Round 1',
	turn: 'Ada',
	hotseat: true,
	created: 1,
	opened
});

describe('games on this device (localStorage index)', () => {
	it('keeps games across instances, most recently opened first', () => {
		const storage = new MapStorage();
		const a = new LocalGames(storage);
		a.upsert(game('a', 10));
		a.upsert(game('b', 20));
		expect(new LocalGames(storage).games.map((g) => g.id)).toEqual(['b', 'a']);
		a.upsert({ id: 'a', opened: 30, round: 'Operating Round 1.1', turn: 'LNWR' });
		const again = new LocalGames(storage);
		expect(again.games.map((g) => g.id)).toEqual(['a', 'b']);
		expect(again.get('a')).toMatchObject({ round: 'Operating Round 1.1', turn: 'LNWR', players: ['Ada', 'Brunel'] });
	});

	it('a partial update of an unknown game adds nothing', () => {
		const list = new LocalGames(new MapStorage());
		list.upsert({ id: 'x', round: 'Stock Round 2' });
		expect(list.games).toEqual([]);
	});

	it('removing a game takes it out of storage', () => {
		const storage = new MapStorage();
		const list = new LocalGames(storage);
		list.upsert(game('a', 1));
		list.upsert(game('b', 2));
		list.remove('a');
		expect(parseGames(storage.getItem(GAMES_STORAGE_KEY)).map((g) => g.id)).toEqual(['b']);
	});

	it('a corrupt index loses only the bad entries, and unreadable JSON gives an empty list', () => {
		expect(parseGames('{not json')).toEqual([]);
		expect(parseGames(JSON.stringify([game('a', 1), { id: 3 }, null])).map((g) => g.id)).toEqual(['a']);
		expect(new LocalGames(null).games).toEqual([]);
	});
});
