/** Starting a stock round: fresh bids and tokens, refilled minor boxes, boxed companies to the bank. */
import type { ResolvedConfig } from '../config';
import type { GameState, StockRound } from '../state';
import { allBidBoxes, refillMinorBoxes } from './bidboxes';
import { skipHelplessPlayers } from './helpless';

/** A stock round before anyone acts: the first player in turn order to act. */
export function freshStockRound(): StockRound {
	return {
		kind: 'stock',
		current: 0,
		passed: [],
		bids: {},
		tokensUsed: {},
		turn: { bids: 0, acted: false },
		sold: {},
		taxHavenUsed: false
	};
}

export function startStockRound(state: GameState, config: ResolvedConfig): void {
	state.round = freshStockRound();
	refillMinorBoxes(state, config);
	// [g_1822/game.rb setup_bidboxes]: boxed companies are held by the bank during the round.
	for (const c of allBidBoxes(state, config)) state.companies[c].owner = 'bank';
	if (state.round.kind === 'stock') skipHelplessPlayers(state, config, state.round);
}
