/**
 * Stock-round turn flow [round/stock.rb; step/buy_sell_par_shares.rb pass!]: the turn passes
 * round the table; a player whose turn ends with no action is marked passed, a player who acted
 * is un-marked; the round ends when every player is marked passed.
 */
import type { GameState, StockRound } from '../state';

export function currentPlayerId(state: GameState, round: StockRound): number {
	return state.players[round.current].id;
}

/** Records that the current player did something this turn (un-marks a pass). */
export function markActed(round: StockRound, playerId: number): void {
	round.turn.acted = true;
	const i = round.passed.indexOf(playerId);
	if (i >= 0) round.passed.splice(i, 1);
}

/** Ends the current turn and hands it to the next player. Returns true when all have passed. */
export function endTurn(state: GameState, round: StockRound): boolean {
	round.turn = { bids: 0, acted: false };
	round.current = (round.current + 1) % state.players.length;
	return round.passed.length >= state.players.length;
}

/** A pass: marks the player passed only if the turn held no action. */
export function passTurn(state: GameState, round: StockRound): boolean {
	const id = currentPlayerId(state, round);
	if (!round.turn.acted) {
		if (!round.passed.includes(id)) round.passed.push(id);
	}
	return endTurn(state, round);
}
