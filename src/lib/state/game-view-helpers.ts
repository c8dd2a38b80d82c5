/**
 * What the game view (game-view.svelte.ts) shows besides the replay: the shapes it hands the page
 * and the small readings of the session behind them. Pure: no runes.
 */
import { activeEntities, type GameState } from '../engine';
import type { Refusal, SessionView } from '../sync';
import { controllingSeat, playerIdOfSeat, seatOfPlayerId } from '../sync/engine-1822';
import { playerName } from './stock-view';

export interface GameSummary {
	readonly title: string;
	readonly options: readonly string[];
	readonly players: readonly string[];
	readonly round: string;
	readonly turn: string;
	readonly hotseat: boolean;
}

export interface ActiveEntity {
	readonly id: number | string;
	readonly name: string;
	readonly seat: number | null;
	/** True for a player, false for a corporation acting through its president. */
	readonly isPlayer: boolean;
}

/** One seat as the lobby shows it: who has claimed it, and whether this device holds it. */
export interface LobbySeat {
	readonly seat: number;
	/** Names of the claims on this seat, lowest claim id first (the one the start will take). */
	readonly names: readonly string[];
	readonly mine: boolean;
}

/** Someone online in the game's room, by the seats they hold. */
export interface OnlinePeer {
	readonly clientId: number;
	readonly label: string;
	readonly you: boolean;
	readonly spectator: boolean;
	readonly divergent: boolean;
}

/**
 * A refusal as its author reads it. Most reasons are the log's own words; losing a race is the
 * common case after playing offline, so it gets a plain sentence (rule: lowest valid id wins).
 */
export function refusalSentence(r: Refusal): string {
	if (r.code === 'superseded') {
		return 'Another move made at the same moment reached the game first, so this one was dropped (every browser picks the same one).';
	}
	if (r.code === 'not_seated') return 'Your claim on this seat was not the one the game started with.';
	if (r.code === 'undo_pending') return 'This move was made while a request to take back was open, so it was not played.';
	return r.message;
}

export function claimNames(view: SessionView<GameState>, seat: number): string[] {
	return view.claims
		.filter((c) => c.body.seat === seat)
		.sort((a, b) => (a.id < b.id ? -1 : 1))
		.map((c) => (c.kind.kind === 'claim' ? c.kind.name : ''));
}

export function activeOf(state: GameState): ActiveEntity[] {
	return activeEntities(state).map((id) =>
		typeof id === 'number'
			? { id, name: playerName(state, id), seat: seatOfPlayerId(id), isPlayer: true }
			: { id, name: corporationLabel(state, id), seat: controllingSeat(state, id), isPlayer: false }
	);
}

/** "Minor 16 (Ada)", "LNWR (Brunel)": a corporation with the player who acts for it. */
function corporationLabel(state: GameState, id: string): string {
	const corp = state.corporations[id];
	const label = corp?.type === 'minor' ? `Minor ${id}` : id;
	const seat = controllingSeat(state, id);
	return seat === null ? label : `${label} (${playerName(state, playerIdOfSeat(seat))})`;
}
