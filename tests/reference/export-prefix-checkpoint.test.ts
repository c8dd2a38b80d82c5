/**
 * Issue 11, fast opening of an imported game: the state after the imported prefix is kept as a
 * checkpoint keyed by the game (its genesis) and rules version, restored only when its state hash
 * verifies, and otherwise deleted and replayed from the start.
 * The games live in ../shared/reference (relative to the project root); without it this suite is
 * skipped with one line saying so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stateHash, type GameState } from '../../src/lib/engine/index';
import { engine1822 } from '../../src/lib/sync/engine-1822';
import { forgetPrefixState, importedSetupJson, onPrefixComputed } from '../../src/lib/sync/engine-1822-import';
import { MemoryCheckpointStore } from '../../src/lib/state/checkpoints';
import { keepPrefixCheckpoints, restorePrefixCheckpoint } from '../../src/lib/state/prefix-checkpoint';
import { referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';

const GAME = 'a'.repeat(64);

function setupOf(g: ReferenceGame) {
	return {
		game: GAME,
		setup: importedSetupJson(g.parsed.title, g.parsed.optionalRules, g.parsed.seed, g.parsed.players, g.surviving.slice(0, 100)),
		seats: g.parsed.players.map((p, seat) => ({ seat, name: p.name })),
		seed: 7
	};
}

function open(g: ReferenceGame): GameState {
	const made = engine1822.initialState(setupOf(g));
	if (!made.ok) throw new Error(made.error.message);
	return made.state;
}

afterEach(() => {
	onPrefixComputed(null);
	forgetPrefixState(GAME);
});

describe.skipIf(!referencePresent)('checkpoint of an imported prefix', () => {
	const g = () => referenceGames().find((x) => x.name === '1822MRS/2227.json')!;

	it('is written when the prefix is replayed, and restored on the next opening', async () => {
		const store = new MemoryCheckpointStore<GameState>();
		keepPrefixCheckpoints(store);
		const first = open(g());
		const [cp] = await store.list(GAME);
		expect(cp).toMatchObject({ gameId: GAME, head: GAME, rulesVersion: engine1822.rules, actionIndex: 1 });
		expect(cp.hash).toBe(stateHash(first));

		forgetPrefixState(GAME);
		expect(await restorePrefixCheckpoint(store, GAME)).toBe('restored');
		const again = open(g());
		expect(again).toBe(cp.state);
		expect(stateHash(again)).toBe(stateHash(first));
	});

	it('a checkpoint with a wrong hash is deleted and the prefix is replayed from the start', async () => {
		const store = new MemoryCheckpointStore<GameState>();
		keepPrefixCheckpoints(store);
		const good = open(g());
		const goodHash = stateHash(good);
		forgetPrefixState(GAME);
		onPrefixComputed(null);
		const [cp] = await store.list(GAME);
		const tampered: GameState = { ...cp.state, bank: { ...cp.state.bank, cash: cp.state.bank.cash + 1000 } };
		await store.put({ ...cp, state: tampered });

		expect(await restorePrefixCheckpoint(store, GAME)).toBe('discarded');
		expect(store.size).toBe(0);
		const replayed = open(g());
		expect(replayed.bank.cash).toBe(good.bank.cash);
		expect(stateHash(replayed)).toBe(goodHash);
	});

	it('a checkpoint of another rules version is stale', async () => {
		const store = new MemoryCheckpointStore<GameState>();
		keepPrefixCheckpoints(store, 'g1822/0');
		open(g());
		forgetPrefixState(GAME);
		expect(await restorePrefixCheckpoint(store, GAME)).toBe('discarded');
		expect(store.size).toBe(0);
	});

	it('a state known for other seats is not reused', () => {
		const base = open(g());
		const renamed = { ...setupOf(g()), seats: g().parsed.players.map((p, seat) => ({ seat, name: `${p.name}!` })) };
		const made = engine1822.initialState(renamed);
		expect(made.ok).toBe(true);
		if (!made.ok) return;
		expect(made.state).not.toBe(base);
		// Players keep the engine's order (priority moves them); by id, seat n is player n + 1.
		expect([...made.state.players].sort((a, b) => a.id - b.id).map((p) => p.name)).toEqual(g().parsed.players.map((p) => `${p.name}!`));
	});
});
