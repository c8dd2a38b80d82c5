/**
 * Checkpoints of the engine's state for fast opening (issue 11). Every N actions the state is kept
 * outside the Yjs document (checkpoint-store.ts, IndexedDB), keyed by the log entry it follows and
 * the rules version. Opening a game restores the nearest valid checkpoint and replays the rest.
 *
 * A checkpoint is only a cache: it is trusted for nothing. It is used only if
 * - it is of this game and of the rules version the game is replayed with (another engine may
 *   replay the same log differently),
 * - its head is an entry of the current chain (entry ids are hashes of their ancestry, so the same
 *   head means the same actions before it), at the position it claims,
 * - the stored state still has the stored hash (a corrupted record fails this).
 * Anything else is stale or corrupt: it is ignored, reported for deletion, and the game replays
 * from the nearest valid checkpoint or from the start.
 *
 * Pure: the store and the engine are passed in.
 */
import type { UndoStatus } from '../sync/undo-status';
import type { Refusal } from '../sync/refusal';

export interface Checkpoint<S> {
	readonly gameId: string;
	/** The log entry after which `state` holds. */
	readonly head: string;
	readonly rulesVersion: string;
	/** How many actions of the chain `state` includes (the head's position + 1). */
	readonly actionIndex: number;
	readonly state: S;
	readonly hash: string;
	/**
	 * Only for a checkpoint of play (a game played here, checkpoint-play.ts): what the log orderer
	 * needs to prove it may begin its walk there (sync/resume.ts). A checkpoint of an imported
	 * game's prefix has none.
	 */
	readonly play?: PlayProof;
}

/** The orderer's proof fields of a resume point (sync/resume.ts ResumePoint). */
export interface PlayProof {
	readonly inputs: string;
	readonly refused: readonly Refusal[];
	/** Undo requests off the chain before the head; absent in records written before issue 17. */
	readonly sideUndos?: readonly UndoStatus[];
	readonly seal: string;
}

/** Where checkpoints are kept; IndexedDB in the browser, a Map in tests. */
export interface CheckpointStore<S> {
	list(gameId: string): Promise<readonly Checkpoint<S>[]>;
	put(checkpoint: Checkpoint<S>): Promise<void>;
	delete(gameId: string, head: string): Promise<void>;
}

/** Keep a checkpoint every this many actions by default: opening replays at most this many. */
export const CHECKPOINT_EVERY = 100;

export type CheckpointVerdict = 'ok' | 'other_game' | 'rules_changed' | 'off_chain' | 'wrong_position' | 'wrong_hash';

export interface ChainInfo {
	readonly gameId: string;
	readonly rulesVersion: string;
	/** The ids of the actions in order, the position of each being its index. */
	readonly ids: readonly string[];
}

/** Why a checkpoint may not be used for this chain ('ok' when it may). */
export function checkCheckpoint<S>(cp: Checkpoint<S>, chain: ChainInfo, hash: (state: S) => string): CheckpointVerdict {
	if (cp.gameId !== chain.gameId) return 'other_game';
	if (cp.rulesVersion !== chain.rulesVersion) return 'rules_changed';
	const at = chain.ids.indexOf(cp.head);
	if (at < 0) return 'off_chain';
	if (at + 1 !== cp.actionIndex) return 'wrong_position';
	let actual: string;
	try {
		actual = hash(cp.state);
	} catch {
		// A record too damaged to hash is as corrupt as one with the wrong hash.
		return 'wrong_hash';
	}
	return actual === cp.hash ? 'ok' : 'wrong_hash';
}

export interface CheckpointChoice<S> {
	/** The valid checkpoint furthest along the chain, or null: replay from the start. */
	readonly use: Checkpoint<S> | null;
	/** Corrupt or stale checkpoints, to be deleted. */
	readonly discard: readonly { readonly checkpoint: Checkpoint<S>; readonly verdict: CheckpointVerdict }[];
}

/**
 * The nearest valid checkpoint. A checkpoint of a branch that lost (off the chain) is only
 * discarded when it is of another rules version or corrupt; an off-chain one may be an
 * abandoned branch of this device, harmless but useless, and is discarded too, since entry ids
 * never come back onto a chain once a rival was chosen.
 */
export function chooseCheckpoint<S>(candidates: readonly Checkpoint<S>[], chain: ChainInfo, hash: (state: S) => string): CheckpointChoice<S> {
	const sorted = [...candidates].sort((a, b) => b.actionIndex - a.actionIndex || (a.head < b.head ? -1 : a.head > b.head ? 1 : 0));
	const discard: { checkpoint: Checkpoint<S>; verdict: CheckpointVerdict }[] = [];
	let use: Checkpoint<S> | null = null;
	for (const cp of sorted) {
		// Checking a hash costs a serialisation of the state: only until the first valid one.
		if (use) {
			if (cp.gameId !== chain.gameId || cp.rulesVersion !== chain.rulesVersion || !chain.ids.includes(cp.head)) {
				discard.push({ checkpoint: cp, verdict: checkCheckpoint(cp, chain, () => cp.hash) });
			}
			continue;
		}
		const verdict = checkCheckpoint(cp, chain, hash);
		if (verdict === 'ok') use = cp;
		else discard.push({ checkpoint: cp, verdict });
	}
	return { use, discard };
}

export interface Restored<S> {
	readonly state: S;
	/** Actions replayed after the checkpoint (all of them without one). */
	readonly replayed: number;
	readonly from: Checkpoint<S> | null;
	readonly discarded: number;
}

export interface RestoreOptions<S, A> {
	readonly chain: ChainInfo;
	/** The actions of the chain, aligned with `chain.ids`. */
	readonly actions: readonly A[];
	readonly initial: () => S;
	/** Must not modify its input (a restored state may be shared with the store's cache). */
	readonly apply: (state: S, action: A) => S;
	readonly hash: (state: S) => string;
	/** Keep a new checkpoint every this many actions while replaying (0: none). */
	readonly every?: number;
}

/**
 * Opens a game: the nearest valid checkpoint from the store, then the rest of the chain. Stale and
 * corrupt checkpoints are deleted; new ones are written every `every` actions replayed.
 */
export async function restoreWithCheckpoints<S, A>(store: CheckpointStore<S>, opts: RestoreOptions<S, A>): Promise<Restored<S>> {
	const { use, discard } = chooseCheckpoint(await store.list(opts.chain.gameId), opts.chain, opts.hash);
	for (const d of discard) await store.delete(d.checkpoint.gameId, d.checkpoint.head);
	let state = use ? use.state : opts.initial();
	const start = use ? use.actionIndex : 0;
	const every = opts.every ?? CHECKPOINT_EVERY;
	for (let i = start; i < opts.actions.length; i++) {
		state = opts.apply(state, opts.actions[i]);
		const count = i + 1;
		if (every > 0 && count % every === 0 && count > start) {
			await store.put({
				gameId: opts.chain.gameId,
				head: opts.chain.ids[i],
				rulesVersion: opts.chain.rulesVersion,
				actionIndex: count,
				state,
				hash: opts.hash(state)
			});
		}
	}
	return { state, replayed: opts.actions.length - start, from: use, discarded: discard.length };
}

/** A store in memory: for tests, and for the Node benchmark. */
export class MemoryCheckpointStore<S> implements CheckpointStore<S> {
	readonly #items = new Map<string, Checkpoint<S>>();
	async list(gameId: string): Promise<readonly Checkpoint<S>[]> {
		return [...this.#items.values()].filter((c) => c.gameId === gameId);
	}
	async put(checkpoint: Checkpoint<S>): Promise<void> {
		this.#items.set(`${checkpoint.gameId}|${checkpoint.head}`, checkpoint);
	}
	async delete(gameId: string, head: string): Promise<void> {
		this.#items.delete(`${gameId}|${head}`);
	}
	get size(): number {
		return this.#items.size;
	}
}
