/**
 * Players with nothing legal to do in a stock round (in debt, no cash, nothing to sell) are
 * passed automatically (rules digest 3.7), so the turn skips them.
 */
import type { ResolvedConfig } from '../config';
import type { GameState, StockRound } from '../state';
import { sellOptions } from './queries';
import { endTurn } from './turn';

export function isHelpless(state: GameState, config: ResolvedConfig, playerId: number): boolean {
	const p = state.players.find((x) => x.id === playerId);
	return !!p && p.debt > 0 && p.cash <= 0 && sellOptions(state, config, p.id).length === 0;
}

/** Skips helpless players from the current one on; returns true when everyone has passed. */
export function skipHelplessPlayers(state: GameState, config: ResolvedConfig, round: StockRound): boolean {
	for (let k = 0; k < state.players.length; k++) {
		const p = state.players[round.current];
		if (!isHelpless(state, config, p.id)) return false;
		if (!round.passed.includes(p.id)) round.passed.push(p.id);
		if (endTurn(state, round)) return true;
	}
	return round.passed.length >= state.players.length;
}
