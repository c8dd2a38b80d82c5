/**
 * The Choices round after every stock round (rules digest 4) [g_1822/round/choices.rb]: the
 * player holding P9 may double their cash for the coming re-order, or pass. Without a player
 * holding P9 it ends at once. Then players are re-ordered by cash (3.1) and the ORs begin.
 */
import { refuse, ok, type Result } from '../../core/result';
import type { Action } from '../../core/actions';
import type { ResolvedConfig } from './config';
import { DOUBLE_CASH } from './data/constants';
import { ownerPlayerId } from './entities';
import type { ChoicesRound, GameState } from './state';
import { startOperatingRound } from './operating/flow';

/** Most cash first; P9's double counts ×2; ties keep the previous order [reorder_players]. */
export function reorderPlayers(state: GameState): void {
	const keyed = state.players.map((p, i) => ({ p, i, cash: p.id === state.doubleCash ? p.cash * 2 : p.cash }));
	keyed.sort((a, b) => b.cash - a.cash || a.i - b.i);
	state.players = keyed.map((k) => k.p);
	state.doubleCash = null;
}

export function startChoicesRound(state: GameState, config: ResolvedConfig): void {
	const c = state.companies[DOUBLE_CASH];
	const holder = c && !c.closed ? ownerPlayerId(c.owner) : null;
	if (holder === null) {
		finishChoicesRound(state, config);
		return;
	}
	state.round = { kind: 'choices', entities: [holder], current: 0 };
}

function finishChoicesRound(state: GameState, config: ResolvedConfig): void {
	reorderPlayers(state);
	// The number of ORs in the set is read from the phase now.
	startOperatingRound(state, config, 1, config.phases[state.phase].operatingRounds);
}

/** What the Choices round offers now: the P9 holder, its cash and what the re-order would count if doubled. */
export interface DoubleCashOffer {
	readonly player: number;
	readonly company: string;
	readonly cash: number;
	readonly countedIfDoubled: number;
	readonly choices: readonly string[];
}

export function doubleCashOffer(state: GameState): DoubleCashOffer | null {
	const round = state.round;
	if (round.kind !== 'choices' || state.end.finished) return null;
	const player = round.entities[round.current];
	const p = state.players.find((x) => x.id === player);
	if (!p) return null;
	return { player, company: DOUBLE_CASH, cash: p.cash, countedIfDoubled: p.cash * 2, choices: ['double'] };
}

export function validateChoices(state: GameState, round: ChoicesRound, action: Action): Result<void> {
	const expected = round.entities[round.current];
	if (action.entity !== expected)
		return refuse('not_your_turn', `It is player ${expected}'s turn to choose.`);
	if (action.type === 'pass') return ok(undefined);
	if (action.type === 'choose') {
		if (action.choice !== 'double') return refuse('invalid_choice', 'The only choice is "double".');
		return ok(undefined);
	}
	return refuse('action_not_allowed', `"${action.type}" is not possible in the Choices round.`);
}

export function applyChoices(state: GameState, config: ResolvedConfig, round: ChoicesRound, action: Action): void {
	if (action.type === 'choose') state.doubleCash = round.entities[round.current];
	round.current += 1;
	if (round.current >= round.entities.length) finishChoicesRound(state, config);
}
