// Forks shown to every player (issue 17): a seat that wrote two entries on the same head (two of
// its devices, or one that was offline) is told to everyone with both moves in words, the
// player's name, which one the game kept, and that no one else's moves were lost — the orderer
// keeps the branch the other seats built on (sync/order.ts), so nothing they wrote is dropped.
import type { Action, GameState } from '../engine';
import type { SessionView } from '../sync';
import type { Entry } from '../sync/entry';
import { describeAction } from './log-sentences';
import { seatName } from './undo-request';

export interface ForkMove {
	readonly id: string;
	readonly text: string;
	readonly kept: boolean;
}

export interface ForkNotice {
	/** The fork's parent and seat: stable while the fork is shown. */
	readonly key: string;
	readonly seat: number;
	readonly name: string;
	readonly moves: readonly ForkMove[];
	/** The words of the move the game follows. */
	readonly keptText: string;
}

function entryText(e: Entry | undefined, state: GameState | null): string {
	if (!e) return 'an entry not yet received';
	const k = e.kind;
	switch (k.kind) {
		case 'game':
			if (!state) return 'a move';
			try {
				return describeAction(state, k.action as unknown as Action);
			} catch {
				// A move the rules never accepted may name nothing the state knows.
				return `a ${String(k.action.type ?? 'move')} move`;
			}
		case 'undo':
			return 'a request to take back';
		case 'consent':
			return k.accept ? 'an acceptance of a request to take back' : 'a refusal of a request to take back';
		case 'device_add':
			return k.name ? `adding the device “${k.name}”` : 'adding a device';
		case 'device_remove':
			return 'removing a device';
		case 'genesis':
		case 'claim':
		case 'start':
		case 'reveal':
			return `a ${k.kind}`;
		case 'restart':
			return 'a request to restart the seed';
		case 'recommit':
			return 'a fresh seed commitment';
		default: {
			const never: never = k;
			return String(never);
		}
	}
}

/** The forks play has reached (one of its entries is part of the game), in the order of the log. */
export function forkNotices(view: SessionView<GameState> | null, entryOf: (id: string) => Entry | undefined, state: GameState | null): ForkNotice[] {
	if (!view || view.stage !== 'playing') return [];
	const out: ForkNotice[] = [];
	for (const f of view.forks) {
		if (f.seat === null || f.kept === null) continue;
		const moves = f.ids.map((id) => ({ id, text: entryText(entryOf(id), state), kept: id === f.kept }));
		out.push({ key: `${f.parent}/${f.seat}`, seat: f.seat, name: seatName(view, f.seat), moves, keptText: moves.find((m) => m.kept)!.text });
	}
	return out;
}
