/**
 * Programmed actions: setting and cancelling them, the bookkeeping that lets a conditional
 * program notice what other players did, and dropping programs when the round changes.
 * Firing them is in program-fire.ts.
 *
 * In import mode the engine keeps the same bookkeeping but never acts by itself: the recorded
 * `auto_actions` of the site are replayed instead (interop/replay.ts).
 */
import { ok, refuse, type Result } from '../../../core/result';
import type { Action, ProgramAction } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import type { GameState, RoundState, StockRound, StockTurn } from '../state';
import { winningBids } from '../entities';
import { currentPlayerId } from './turn';
import { OFFERED_PROGRAMS, isOfferedProgram, type Program, type ProgramType, type ProgramsState, type TrackedKind } from './program-types';

function emptyPrograms(): ProgramsState {
	return { seq: 0, active: {}, history: {}, winning: {}, auto: [] };
}

const key = (player: number) => String(player);

/** Handles a `program_*` action from a player (any time: it is not a turn action). */
export function applyProgramAction(state: GameState, config: ResolvedConfig, action: ProgramAction): Result<void> {
	const player = state.players.find((p) => p.id === action.entity);
	if (!player) return refuse('unknown_player', `Only a player can set up automatic actions.`);
	if (config.mode === 'import') {
		// The site's log is taken as it was recorded: settings it accepted are kept when we understand them.
		if (action.type === 'program_disable') disableProgram(state, player.id);
		else if (isOfferedProgram(action.type)) {
			const p = readProgram(state, action, action.type, false);
			if (p.ok) enableProgram(state, player.id, p.value);
		}
		return ok(undefined);
	}
	if (action.type === 'program_disable') {
		disableProgram(state, player.id);
		return ok(undefined);
	}
	if (!isOfferedProgram(action.type))
		return refuse('program_not_offered', `1822 offers no "${action.type.replace('program_', '').replaceAll('_', ' ')}" program.`);
	const p = readProgram(state, action, action.type, true);
	if (!p.ok) return p;
	enableProgram(state, player.id, p.value);
	return ok(undefined);
}

type Unstamped<T> = T extends Program ? Omit<T, 'seq'> : never;

function readProgram(state: GameState, action: ProgramAction, type: ProgramType, strict: boolean): Result<Unstamped<Program>> {
	switch (type) {
		case 'program_share_pass':
			return ok({ type, unconditional: action.unconditional === true, indefinite: action.indefinite === true });
		case 'program_buy_shares': {
			const corporation = typeof action.corporation === 'string' ? action.corporation : '';
			const corp = state.corporations[corporation];
			if (strict && (!corp || corp.type !== 'major'))
				return refuse('program_bad_corporation', `Automatic buying needs a major company to buy.`);
			const u = action.until_condition;
			const until = u === 'float' ? 'float' : typeof u === 'number' && Number.isInteger(u) && u > 0 ? u : null;
			// [step/program.rb process_program_buy_shares] "Until condition is unset"
			if (until === null) {
				if (strict) return refuse('program_incomplete', 'Say when automatic buying stops: when the company floats, or at a number of shares.');
				return refuse('program_incomplete', 'No stop condition.');
			}
			return ok({ type, corporation, until, fromMarket: action.from_market === true, autoPassAfter: action.auto_pass_after === true });
		}
	}
}

function programsOf(state: GameState): ProgramsState {
	if (!state.programs) state.programs = emptyPrograms();
	return state.programs;
}

/** A new program replaces the player's current one [step/program.rb process_program_enable]. */
function enableProgram(state: GameState, player: number, program: Unstamped<Program>): void {
	const ps = programsOf(state);
	ps.seq++;
	ps.active[key(player)] = [{ ...program, seq: ps.seq } as Program];
	// Bids lost before the program was set do not count against it [g_1822/round/stock.rb player_enabled_program].
	if (state.round.kind === 'stock') ps.winning[key(player)] = winningBids(state.round, player);
}

/** Cancels the player's program (the latest one, as the site does). */
export function disableProgram(state: GameState, player: number): void {
	const list = state.programs?.active[key(player)];
	if (list && list.length > 0) list.pop();
}

export function activePrograms(state: GameState, player: number): readonly Program[] {
	return state.programs?.active[key(player)] ?? [];
}

/** What the UI may offer a player now: the program types, and the ones in force. */
export interface ProgramStatus {
	readonly offered: readonly ProgramType[];
	readonly active: readonly Program[];
}

export function programStatus(state: GameState, config: ResolvedConfig, player: number): ProgramStatus {
	const isPlayer = state.players.some((p) => p.id === player);
	const offered = isPlayer && config.mode === 'live' && !state.end.finished ? OFFERED_PROGRAMS : [];
	return { offered, active: activePrograms(state, player) };
}

/** The round and turn before an action, to see afterwards whether the turn or the round ended. */
export interface TurnWatch {
	readonly round: RoundState;
	readonly turn: StockTurn | null;
	readonly actor: number | null;
}

export function watchTurn(state: GameState): TurnWatch {
	const r = state.round;
	return { round: r, turn: r.kind === 'stock' ? r.turn : null, actor: r.kind === 'stock' ? currentPlayerId(state, r) : null };
}

function trackedKind(action: Action): { kind: TrackedKind; target: string } | null {
	switch (action.type) {
		case 'bid':
			return { kind: 'bid', target: action.company };
		case 'par':
			return { kind: 'par', target: action.corporation };
		case 'buy_shares':
		case 'sell_shares': {
			const share = String(action.shares[0] ?? '');
			const i = share.lastIndexOf('_');
			return { kind: action.type === 'buy_shares' ? 'buy' : 'sell', target: i > 0 ? share.slice(0, i) : share };
		}
		default:
			// Loan repayments are not tracked; P16's purchase cannot change a presidency
			// [g_1822/step/buy_sell_par_shares.rb action_is_shenanigan?].
			return null;
	}
}

/**
 * Bookkeeping after an action was applied (only once some program exists): records the actor's
 * stock-round action, stores the bids they were winning when their turn ended, starts the next
 * player's history afresh, and drops programs that do not survive a change of round.
 */
export function noteAction(state: GameState, action: Action, before: TurnWatch): void {
	const ps = state.programs;
	if (!ps) return;
	const old = before.round;
	if (old.kind === 'stock' && before.actor !== null && action.entity === before.actor) {
		const t = trackedKind(action);
		if (t) {
			ps.seq++;
			(ps.history[key(before.actor)] ??= []).push({ seq: ps.seq, kind: t.kind, target: t.target });
		}
	}
	const roundChanged = state.round !== old;
	const turnEnded = roundChanged || (state.round.kind === 'stock' && state.round.turn !== before.turn);
	if (old.kind === 'stock' && before.actor !== null && turnEnded) {
		ps.winning[key(before.actor)] = winningBids(old as StockRound, before.actor);
	}
	if (roundChanged) {
		// A stock round never follows a stock round: a new one means an operating round (perhaps
		// with nobody to operate) came and went within this action.
		dropOnRoundChange(ps, state.round.kind === 'stock' && old.kind !== 'stock');
		if (state.round.kind === 'stock') {
			ps.history = {};
			ps.winning = {};
		}
	}
	if (turnEnded && state.round.kind === 'stock') ps.history[key(currentPlayerId(state, state.round))] = [];
}

/** [action/program_share_pass.rb, program_buy_shares.rb disable?; game/base.rb check_programmed_actions] */
function dropOnRoundChange(ps: ProgramsState, intoStockOnly: boolean): void {
	if (intoStockOnly) return;
	for (const k of Object.keys(ps.active)) {
		ps.active[k] = ps.active[k].filter((p) => p.type === 'program_share_pass' && p.indefinite);
	}
}

/** Clears the record of automatic actions at the start of a new action. */
export function resetAuto(state: GameState): void {
	if (state.programs && state.programs.auto.length > 0) state.programs.auto = [];
}
