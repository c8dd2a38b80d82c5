/** Repaying player loans (rules digest 9.2) [base.rb payoff_player_loan]. Repaying does not end the turn. */
import { refuse, ok, type Result } from '../../../core/result';
import type { Action } from '../../../core/actions';
import { findPlayer } from '../entities';
import type { GameState } from '../state';

export function validatePayoff(state: GameState, playerId: number, action: Action): Result<number> {
	const p = findPlayer(state, playerId);
	if (!p) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (p.debt <= 0) return refuse('no_debt', 'You have no debt to repay.');
	if (p.cash <= 0) return refuse('insufficient_cash', 'You have no cash to repay with.');
	const most = Math.min(p.cash, p.debt);
	if (action.type === 'payoff_player_debt_partial') {
		const amount = action.amount;
		if (!Number.isInteger(amount) || amount <= 0) return refuse('invalid_amount', 'Repay a positive whole number of pounds.');
		return ok(Math.min(amount, most));
	}
	return ok(most);
}

export function applyPayoff(state: GameState, playerId: number, amount: number): void {
	const p = findPlayer(state, playerId);
	if (!p) return;
	p.cash -= amount;
	p.debt -= amount;
	state.bank.cash += amount;
}
