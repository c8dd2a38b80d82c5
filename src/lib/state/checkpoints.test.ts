/**
 * Issue 11, fast opening: a checkpoint is used only for this game, this rules version, a head on
 * the current chain at the position it claims, and a state that still has its hash; anything else
 * is ignored and deleted, and the game replays from the start. A counting toy state keeps the
 * expected values independent of the code under test.
 */
import { describe, expect, it } from 'vitest';
import { chooseCheckpoint, MemoryCheckpointStore, restoreWithCheckpoints, type Checkpoint, type ChainInfo } from './checkpoints';

/** A toy state: the list of applied numbers; its hash is their sum and count. */
type Toy = readonly number[];
const hash = (s: Toy) => `${s.length}:${s.reduce((a, b) => a + b, 0)}`;
const apply = (s: Toy, n: number): Toy => [...s, n];

const ids = Array.from({ length: 10 }, (_, i) => `e${i}`);
const chain: ChainInfo = { gameId: 'g', rulesVersion: 'r1', ids };
const actions = ids.map((_, i) => i + 1);
const after = (n: number): Toy => actions.slice(0, n);

function cp(n: number, patch: Partial<Checkpoint<Toy>> = {}): Checkpoint<Toy> {
	const state = after(n);
	return { gameId: 'g', head: ids[n - 1], rulesVersion: 'r1', actionIndex: n, state, hash: hash(state), ...patch };
}

describe('checkpoints: which one opening may use', () => {
	it('the valid checkpoint furthest along the chain is restored', () => {
		const choice = chooseCheckpoint([cp(3), cp(6), cp(4)], chain, hash);
		expect(choice.use?.actionIndex).toBe(6);
		expect(choice.discard).toEqual([]);
	});

	it('a checkpoint with a wrong hash is ignored and discarded; the next valid one is used', () => {
		const corrupt = cp(8, { hash: 'nonsense' });
		const choice = chooseCheckpoint([corrupt, cp(5)], chain, hash);
		expect(choice.use?.actionIndex).toBe(5);
		expect(choice.discard).toEqual([{ checkpoint: corrupt, verdict: 'wrong_hash' }]);
	});

	it('a state altered in storage no longer matches its hash', () => {
		const tampered = cp(7, { state: [1, 2, 3, 4, 5, 6, 99] });
		expect(chooseCheckpoint([tampered], chain, hash).discard[0]?.verdict).toBe('wrong_hash');
	});

	it('another rules version, another game, a head off the chain or at another position are stale', () => {
		const verdicts = chooseCheckpoint(
			[cp(9, { rulesVersion: 'r0' }), cp(8, { gameId: 'h' }), cp(7, { head: 'lost-branch' }), cp(6, { actionIndex: 5 })],
			chain,
			hash
		).discard.map((d) => d.verdict);
		expect(verdicts).toEqual(['rules_changed', 'other_game', 'off_chain', 'wrong_position']);
	});
});

describe('checkpoints: opening restores the nearest checkpoint and replays the rest', () => {
	it('without checkpoints every action is replayed, and new ones are written every N', async () => {
		const store = new MemoryCheckpointStore<Toy>();
		const r = await restoreWithCheckpoints(store, { chain, actions, initial: () => [], apply, hash, every: 4 });
		expect(r.state).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(r.replayed).toBe(10);
		expect(r.from).toBeNull();
		expect((await store.list('g')).map((c) => c.actionIndex).sort()).toEqual([4, 8]);
	});

	it('with a checkpoint only the tail is replayed, to the same state', async () => {
		const store = new MemoryCheckpointStore<Toy>();
		await store.put(cp(8));
		const r = await restoreWithCheckpoints(store, { chain, actions, initial: () => [], apply, hash, every: 4 });
		expect(r.replayed).toBe(2);
		expect(r.state).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
	});

	it('a corrupted checkpoint is deleted and the game replays from the start', async () => {
		const store = new MemoryCheckpointStore<Toy>();
		await store.put(cp(8, { hash: 'bad' }));
		const r = await restoreWithCheckpoints(store, { chain, actions, initial: () => [], apply, hash, every: 0 });
		expect(r.from).toBeNull();
		expect(r.replayed).toBe(10);
		expect(r.discarded).toBe(1);
		expect(r.state).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(store.size).toBe(0);
	});
});
