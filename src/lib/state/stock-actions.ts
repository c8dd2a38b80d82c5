/**
 * Stock-round actions in 18xx.games' JSON (engine/core/actions.ts), as the page sends them, and
 * the sentence that says what the player to act may do now.
 */
import type { GameState, StockChoices } from '../engine';
import type { JsonObject } from '../sync/entry';

/** Bids one turn may hold before it ends by itself (rules digest 3.2). */
export const BIDS_PER_TURN = 3;
/** Bids rise in steps of £5 (rules digest 3.3). */
export const BID_STEP = 5;

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

/** Bid amounts offered between the engine's minimum and maximum, in £5 steps. */
export function bidSteps(min: number, max: number): number[] {
	const out: number[] = [];
	for (let p = min; p <= max; p += BID_STEP) out.push(p);
	return out;
}

export function bidsThisTurn(state: GameState): number {
	return state.round.kind === 'stock' ? state.round.turn.bids : 0;
}

/** What the player to act may do, in one line. */
export function stockTask(state: GameState, choices: StockChoices): string {
	if (choices.mustSell) return 'is over the certificate limit and must sell shares first';
	const bids = bidsThisTurn(state);
	if (bids > 0) {
		const left = BIDS_PER_TURN - bids;
		const sell = choices.sell.length > 0 ? ', sell shares' : '';
		return `may bid ${left} more time${left === 1 ? '' : 's'} this turn${sell} or end the turn`;
	}
	const can: string[] = [];
	if (choices.bidBoxes.length > 0) can.push('bid on up to 3 companies');
	if (choices.buy.length > 0) can.push('buy a share');
	if (choices.par.length > 0) can.push('start a major');
	if (choices.sell.length > 0) can.push('sell shares');
	if (choices.canRepay) can.push('repay the loan');
	return can.length > 0 ? `may ${can.join(', ')} — or pass` : 'can only pass';
}
