/**
 * Programmed actions ("auto actions" on 18xx.games): standing orders a player gives so that the
 * engine acts for them on their stock-round turns. 1822 offers the two stock-round programs of
 * the base game [game/base.rb available_programmed_actions]: pass, and buy shares of one major
 * until a condition is met. Only one program per player is active at a time
 * [game/base.rb ALLOW_MULTIPLE_PROGRAMS]: a new one replaces the old one.
 */
import type { Action } from '../../../core/actions';

export const OFFERED_PROGRAMS = ['program_share_pass', 'program_buy_shares'] as const;
export type ProgramType = (typeof OFFERED_PROGRAMS)[number];

export function isOfferedProgram(t: string): t is ProgramType {
	return (OFFERED_PROGRAMS as readonly string[]).includes(t);
}

interface ProgramBase {
	/** Order stamp: only other players' actions stamped later can switch a program off. */
	readonly seq: number;
}

/** Pass on every stock-round turn [action/program_share_pass.rb]. */
export interface SharePassProgram extends ProgramBase {
	readonly type: 'program_share_pass';
	/** Keep passing whatever the other players do. */
	readonly unconditional: boolean;
	/** Survive the end of the stock round (otherwise it is dropped when the round changes). */
	readonly indefinite: boolean;
}

/** Buy one share of a major per turn until a condition is met [action/program_buy_shares.rb]. */
export interface BuySharesProgram extends ProgramBase {
	readonly type: 'program_buy_shares';
	readonly corporation: string;
	/** "float", or the number of shares (tenths) the player wants to hold. */
	readonly until: 'float' | number;
	/** Buy from the open market rather than the treasury. */
	readonly fromMarket: boolean;
	/** When the condition is met, switch to auto-pass. */
	readonly autoPassAfter: boolean;
}

export type Program = SharePassProgram | BuySharesProgram;

/** What another player did that may make a conditional program stop [step/buy_sell_par_shares.rb players_history]. */
export const TRACKED_KINDS = ['bid', 'buy', 'sell', 'par'] as const;
export type TrackedKind = (typeof TRACKED_KINDS)[number];

export interface TrackedAction {
	readonly seq: number;
	readonly kind: TrackedKind;
	/** The corporation, or the company bid on. */
	readonly target: string;
}

/**
 * Kept in the game state only once some player has set a program, so that games without any
 * stay exactly as they were.
 */
export interface ProgramsState {
	/** Stamp counter shared by programs and tracked actions. */
	seq: number;
	/** Active programs by player id (at most one each). */
	active: Record<string, Program[]>;
	/** Each player's stock-round actions since the start of their latest turn. */
	history: Record<string, TrackedAction[]>;
	/**
	 * Companies each player was winning the auction for when their latest turn ended (or when
	 * they set their program) [g_1822/round/stock.rb stored_winning_bids].
	 */
	winning: Record<string, string[]>;
	/** The actions the engine took automatically after the last action processed. */
	auto: Action[];
}
