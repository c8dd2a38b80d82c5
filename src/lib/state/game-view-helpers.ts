/**
 * What the game view (game-view.svelte.ts) shows besides the replay: the shapes it hands the page
 * and the small readings of the session behind them. Pure: no runes.
 */
import { activeEntities, type GameState } from '../engine';
import type { Refusal, SessionView } from '../sync';
import { controllingSeat, playerIdOfSeat, seatOfPlayerId } from '../sync/engine-1822';
import { keyFingerprint } from '../sync/seats';
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

/** One claim as the lobby shows it (issue 17e): its name, its key's fingerprint, whose it is. */
export interface LobbyClaim {
	readonly id: string;
	readonly name: string;
	readonly fingerprint: string;
	/** Written from this device. */
	readonly mine: boolean;
	/** Another claim (on any seat) has the same name: only the fingerprint tells them apart. */
	readonly duplicateName: boolean;
}

/** One seat as the lobby shows it: who has claimed it, and whether this device holds it. */
export interface LobbySeat {
	readonly seat: number;
	/** Names of the claims on this seat, lowest claim id first. */
	readonly names: readonly string[];
	readonly mine: boolean;
	/** Every claim on the seat; with more than one the creator chooses (never by id). */
	readonly claims: readonly LobbyClaim[];
}

const sameName = (name: string) => name.trim().toLocaleLowerCase('en');

/** The seats of the lobby: every claim with its fingerprint, duplicate names flagged. */
export function lobbySeats(view: SessionView<GameState>, seatCount: number, own: readonly string[]): LobbySeat[] {
	const ownClaims = new Set(own);
	const counts = new Map<string, number>();
	for (const c of view.claims) if (c.kind.kind === 'claim') counts.set(sameName(c.kind.name), (counts.get(sameName(c.kind.name)) ?? 0) + 1);
	return Array.from({ length: seatCount }, (_, seat) => {
		const claims = view.claims
			.filter((c) => c.body.seat === seat && c.kind.kind === 'claim')
			.sort((a, b) => (a.id < b.id ? -1 : 1))
			.map((c) => {
				const k = c.kind.kind === 'claim' ? c.kind : null;
				const name = k?.name ?? '';
				return { id: c.id, name, fingerprint: k ? keyFingerprint(k.key) : '', mine: ownClaims.has(c.id), duplicateName: (counts.get(sameName(name)) ?? 0) > 1 };
			});
		return { seat, names: claims.map((c) => c.name), mine: view.claimed.includes(seat), claims };
	});
}

/**
 * The claims the start should seat: the creator's choice where a seat has rivals, else the only
 * claim (or this device's own); undefined where a seat has rivals and no choice was made.
 */
export function startChoice(seats: readonly LobbySeat[], chosen: ReadonlyMap<number, string>): (string | undefined)[] {
	return seats.map((s) => {
		const pick = chosen.get(s.seat);
		if (pick && s.claims.some((c) => c.id === pick)) return pick;
		if (s.claims.length === 1) return s.claims[0].id;
		const own = s.claims.filter((c) => c.mine);
		return own.length === 1 ? own[0].id : undefined;
	});
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
