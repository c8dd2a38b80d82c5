/**
 * Checkpoints of games played here (issue 11): the log orderer's resume points (sync/resume.ts)
 * kept as checkpoint records (checkpoints.ts) in the same store as the prefixes of imported games,
 * keyed by game, head entry and rules version. A record of play carries the orderer's proof
 * fields; the orderer checks them, and the state by its hash, before it begins a walk there.
 *
 * `actionIndex` of such a record is the length of the chain up to its head: genesis, the start
 * entry, then `position` entries of play.
 */
import type { ResumePoint, ResumeStore } from '../sync/resume';
import type { Checkpoint, CheckpointStore } from './checkpoints';

/** Chain entries before the first entry of play: genesis and start. */
const BEFORE_PLAY = 2;

export function checkpointOfPoint<S>(p: ResumePoint<S>): Checkpoint<S> {
	return {
		gameId: p.game,
		head: p.head,
		rulesVersion: p.rules,
		actionIndex: p.position + BEFORE_PLAY,
		state: p.state,
		hash: p.stateHash,
		play: { inputs: p.inputs, refused: p.refused, sideUndos: p.sideUndos, seal: p.seal }
	};
}

/** The resume point a record holds; null for a prefix checkpoint or a record of another shape. */
export function pointOfCheckpoint<S>(c: Checkpoint<S>): ResumePoint<S> | null {
	const play = c.play;
	if (!play || typeof play.inputs !== 'string' || typeof play.seal !== 'string' || !Array.isArray(play.refused)) return null;
	return {
		game: c.gameId,
		head: c.head,
		position: c.actionIndex - BEFORE_PLAY,
		rules: c.rulesVersion,
		state: c.state,
		stateHash: c.hash,
		inputs: play.inputs,
		refused: play.refused,
		// Records written before issue 17 have none; their seal then fails and they are replaced.
		sideUndos: Array.isArray(play.sideUndos) ? play.sideUndos : [],
		seal: play.seal
	};
}

/** A checkpoint store seen as the orderer's resume store. */
export class CheckpointResumeStore<S> implements ResumeStore<S> {
	constructor(readonly store: CheckpointStore<S>) {}

	async load(game: string): Promise<readonly ResumePoint<S>[]> {
		const out: ResumePoint<S>[] = [];
		for (const c of await this.store.list(game)) {
			if (c.head === game) continue;
			const p = pointOfCheckpoint(c);
			// A damaged record of play is deleted: it can never be used.
			if (p) out.push(p);
			else await this.store.delete(game, c.head);
		}
		return out;
	}

	save(point: ResumePoint<S>): Promise<void> {
		return this.store.put(checkpointOfPoint(point));
	}

	discard(game: string, head: string): Promise<void> {
		return this.store.delete(game, head);
	}
}
