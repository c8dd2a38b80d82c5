/**
 * Fast opening of an imported game (issue 11): the state after its imported prefix (which lives in
 * genesis, sync/engine-1822-import.ts) is kept as a checkpoint, keyed by the genesis entry (the
 * game id) and the rules version, and verified by its state hash before use. The orderer then
 * starts from it instead of replaying hundreds of imported actions; the actions played here are
 * replayed as usual (the orderer keeps its own in-memory checkpoints for those).
 *
 * A checkpoint of another rules version, or whose state no longer has its hash, is deleted and the
 * prefix is replayed from the start (and a fresh checkpoint written).
 */
import { stateHash, type GameState } from '../engine';
import { RULES_1822 } from '../sync/engine-1822';
import { onPrefixComputed, rememberPrefixState } from '../sync/engine-1822-import';
import { chooseCheckpoint, type CheckpointStore } from './checkpoints';

export type PrefixRestore = 'restored' | 'none' | 'discarded';

/**
 * Looks for a valid checkpoint of the game's imported prefix and hands it to the 1822 adapter.
 * `rules` is the version the game will be replayed with (this app's, by default).
 */
export async function restorePrefixCheckpoint(store: CheckpointStore<GameState>, game: string, rules = RULES_1822): Promise<PrefixRestore> {
	const candidates = (await store.list(game)).filter((c) => c.head === game);
	if (candidates.length === 0) return 'none';
	// The prefix is one entry: genesis, so the chain this checkpoint may sit on is [genesis].
	const { use, discard } = chooseCheckpoint(candidates, { gameId: game, rulesVersion: rules, ids: [game] }, stateHash);
	for (const d of discard) await store.delete(d.checkpoint.gameId, d.checkpoint.head);
	if (!use) return 'discarded';
	rememberPrefixState(game, use.state);
	return 'restored';
}

/** From now on, every prefix this tab has to replay is written as a checkpoint. */
export function keepPrefixCheckpoints(store: CheckpointStore<GameState>, rules = RULES_1822): void {
	onPrefixComputed((game, state) => {
		// actionIndex 1: the state follows the first entry of the chain, genesis.
		void store.put({ gameId: game, head: game, rulesVersion: rules, actionIndex: 1, state, hash: stateHash(state) });
	});
}
