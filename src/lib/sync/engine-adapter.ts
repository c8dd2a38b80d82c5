/**
 * The sync layer's view of a rules engine. Small on purpose: the log decides order and conflicts,
 * the engine only says whose turn it is, whether an action is legal, and what the state hash is.
 * The 1822 engine will be wrapped in one of these; tests use a toy game.
 */
import type { RuleError } from '../engine/core/result';
import type { JsonObject } from './entry';
import type { JsonValue } from './canonical';

export interface SeatInfo {
	readonly seat: number;
	readonly name: string;
}

export interface GameSetup {
	/** The game id (genesis entry id). */
	readonly game: string;
	/** Title, scenario and options as the creator wrote them in genesis. */
	readonly setup: JsonValue;
	readonly seats: readonly SeatInfo[];
	/** Derived from every seat's contribution; see seed.ts. Below 2^31 like the reference's seeds. */
	readonly seed: number;
	/** The rules version genesis recorded; an engine replays a game by the rules it was played under. */
	readonly rules?: string;
}

export type Applied<S> = { readonly ok: true; readonly state: S } | { readonly ok: false; readonly error: RuleError };

export interface EngineAdapter<S> {
	/** The rules version this engine implements; genesis fixes one per game. */
	readonly rules: string;
	initialState(setup: GameSetup): Applied<S>;
	/** Seats that may act now (empty when the game is over). */
	expectedSeats(state: S): readonly number[];
	/**
	 * Must not modify `state`: the log keeps earlier states for undo and for choosing between
	 * conflicting children of one entry.
	 */
	apply(state: S, action: JsonObject, seat: number): Applied<S>;
	hash(state: S): string;
	/** Actions a seat may make out of turn (still only for what it controls): settings such as auto-pass. */
	anyTime?(action: JsonObject): boolean;
	/**
	 * Null when the action carries only fields its type has; otherwise why not. The log refuses an
	 * action with stray fields before the engine sees it, so that nobody can grind an entry's id by
	 * padding it.
	 */
	fieldsProblem?(action: JsonObject): string | null;
	/**
	 * Null when genesis's setup can be played; otherwise why not. Asked when genesis is read, before
	 * any claim: a game that can never be set up fairly (an "imported" game with no imported
	 * actions, whose seed would be its creator's choice) is refused before anyone joins it.
	 */
	setupProblem?(setup: JsonValue): string | null;
}
