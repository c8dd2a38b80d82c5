/**
 * Stock-round actions in 18xx.games' JSON (engine/core/actions.ts), as the page sends them, and
 * the sentence that says what the player to act may do now.
 */
import { tableFigures, type GameState, type StockChoices } from '../engine';
import type { JsonObject } from '../sync/entry';

const player = (id: number) => ({ entity: id, entity_type: 'player' });

export function bidAction(id: number, company: string, price: number): JsonObject {
	return { type: 'bid', ...player(id), company, price };
}

export function passAction(id: number): JsonObject {
	return { type: 'pass', ...player(id) };
}

export function buyAction(id: number, share: string): JsonObject {
	return { type: 'buy_shares', ...player(id), shares: [share] };
}

export function sellAction(id: number, shares: readonly string[], percent: number): JsonObject {
	return { type: 'sell_shares', ...player(id), shares: [...shares], percent };
}

export function parAction(id: number, corporation: string, sharePrice: string): JsonObject {
	return { type: 'par', ...player(id), corporation, share_price: sharePrice };
}

export function payoffAction(id: number): JsonObject {
	return { type: 'payoff_player_debt', ...player(id) };
}

/** A repayment of part of the player's debt: `amount` pounds [g_1822/step/buy_sell_par_shares.rb process_payoff_player_debt_partial]. */
export function payoffPartAction(id: number, amount: number): JsonObject {
	return { type: 'payoff_player_debt_partial', ...player(id), amount };
}

/** The Choices round's answer: one of the engine's choices (P9: "double"). */
export function chooseAction(id: number, choice: string): JsonObject {
	return { type: 'choose', ...player(id), choice };
}

/** Bids made in the turn under way (the engine's count). */
export function bidsThisTurn(state: GameState): number {
	return tableFigures(state).bidsThisTurn;
}

/** What the player to act may do, in one line. */
export function stockTask(state: GameState, choices: StockChoices): string {
	if (choices.mustSell) return 'is over the certificate limit and must sell shares first';
	const figures = tableFigures(state);
	if (figures.bidsThisTurn > 0) {
		const left = figures.bidsLeftThisTurn;
		const sell = choices.sell.length > 0 ? ', sell shares' : '';
		return `may bid ${left} more time${left === 1 ? '' : 's'} this turn${sell} or end the turn`;
	}
	const can: string[] = [];
	if (choices.bidBoxes.length > 0) can.push(`bid on up to ${figures.bidsPerTurn} companies`);
	if (choices.buy.length > 0) can.push('buy a share');
	if (choices.par.length > 0) can.push('start a major');
	if (choices.sell.length > 0) can.push('sell shares');
	if (choices.canRepay) can.push('repay the loan');
	return can.length > 0 ? `may ${can.join(', ')} — or pass` : 'can only pass';
}
