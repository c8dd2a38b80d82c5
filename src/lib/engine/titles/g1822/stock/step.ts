/**
 * The stock-round step [g_1822/step/buy_sell_par_shares.rb]: what the active player may do and
 * the handlers. Every handler validates completely before mutating.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { Action } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import type { GameState, StockRound } from '../state';
import { applyBid, validateBid } from './bid';
import { currentPlayerId, endTurn, markActed, passTurn } from './turn';
import { BIDS_PER_TURN } from '../data/constants';
import { finishStockRound } from './sr-end';
import { startChoicesRound } from '../choices-round';
import { applyBuyShares, validateBuyShares } from './buy';
import { applySellShares, validateSellShares } from './sell';
import { applyPar, validatePar } from './par';
import { applyPayoff, validatePayoff } from './loans';
import { applyTaxHaven, validateTaxHaven } from './tax-haven';
import { mustSellFirst } from './queries';
import { isHelpless, skipHelplessPlayers } from './helpless';

export const STOCK_ACTIONS = [
	'bid',
	'pass',
	'buy_shares',
	'sell_shares',
	'par',
	'payoff_player_debt',
	'payoff_player_debt_partial',
	'choose_ability'
] as const;

/** A function that applies an already validated action. */
type Apply = () => void;

export function validateStock(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	action: Action
): Result<Apply> {
	const playerId = currentPlayerId(state, round);
	// P16's purchase is a choose_ability on the company; its owner must be the active player.
	if (action.type === 'choose_ability') {
		const r = validateTaxHaven(state, config, round, playerId, action);
		if (!r.ok) return r;
		return ok(() => {
			applyTaxHaven(state, config, round, playerId, r.value);
			markActed(round, playerId);
			endTurnAndMaybeFinish(state, config, round);
		});
	}
	if (action.entity !== playerId)
		return refuse('not_your_turn', `It is player ${playerId}'s turn, not ${String(action.entity)}'s.`);
	if (mustSellFirst(state, config, playerId) && action.type !== 'sell_shares')
		return refuse('must_sell', 'You are over the certificate limit and must sell first.');
	switch (action.type) {
		case 'bid': {
			const r = validateBid(state, config, round, playerId, action);
			if (!r.ok) return r;
			return ok(() => {
				applyBid(state, round, playerId, action);
				markActed(round, playerId);
				if (round.turn.bids >= BIDS_PER_TURN) endTurnAndMaybeFinish(state, config, round);
			});
		}
		case 'pass':
			return ok(() => {
				if (passTurn(state, round) || skipHelplessPlayers(state, config, round)) finish(state, config, round);
			});
		case 'buy_shares': {
			const r = validateBuyShares(state, config, round, playerId, action);
			if (!r.ok) return r;
			return ok(() => {
				applyBuyShares(state, config, playerId, r.value);
				markActed(round, playerId);
				endTurnAndMaybeFinish(state, config, round);
			});
		}
		case 'sell_shares': {
			const r = validateSellShares(state, config, round, playerId, action);
			if (!r.ok) return r;
			return ok(() => {
				applySellShares(state, config, round, playerId, r.value);
				markActed(round, playerId);
			});
		}
		case 'par': {
			const r = validatePar(state, config, round, playerId, action);
			if (!r.ok) return r;
			return ok(() => {
				applyPar(state, config, playerId, r.value);
				markActed(round, playerId);
				endTurnAndMaybeFinish(state, config, round);
			});
		}
		case 'payoff_player_debt':
		case 'payoff_player_debt_partial': {
			const r = validatePayoff(state, playerId, action);
			if (!r.ok) return r;
			return ok(() => {
				applyPayoff(state, playerId, r.value);
				markActed(round, playerId);
				// Left with no cash, still in debt and nothing to sell, the player has nothing more to do:
				// the turn ends by itself (rules version 2) [step/base.rb blocking?; round/base.rb skip_steps].
				// It acted, so this is no pass: the players' passes so far still need everyone's.
				if (config.blockingSteps && isHelpless(state, config, playerId)) endTurnAndMaybeFinish(state, config, round);
			});
		}
		default:
			return refuse('action_not_allowed', `"${action.type}" is not possible in a stock round.`);
	}
}

/**
 * A stock round in which no player has anything to do ends as it begins (rules version 2): the
 * reference skips every player's empty turn and the round finishes [round/base.rb skip_steps;
 * round/stock.rb finished?].
 */
export function finishIfNobodyActs(state: GameState, config: ResolvedConfig): void {
	const round = state.round;
	if (!config.blockingSteps || round.kind !== 'stock' || round.passed.length < state.players.length) return;
	finish(state, config, round);
}

function finish(state: GameState, config: ResolvedConfig, round: StockRound): void {
	if (finishStockRound(state, config, round)) return;
	startChoicesRound(state, config);
}

function endTurnAndMaybeFinish(state: GameState, config: ResolvedConfig, round: StockRound): void {
	if (endTurn(state, round) || skipHelplessPlayers(state, config, round)) finish(state, config, round);
}
