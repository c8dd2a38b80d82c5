/** Starting a stock round: fresh bids and tokens, refilled minor boxes, boxed companies to the bank. */
import type { ResolvedConfig } from '../config';
import type { GameState } from '../state';
import { allBidBoxes, refillMinorBoxes } from './bidboxes';
import { skipHelplessPlayers } from './helpless';

export function startStockRound(state: GameState, config: ResolvedConfig): void {
	state.round = {
		kind: 'stock',
		current: 0,
		passed: [],
		bids: {},
		tokensUsed: {},
		turn: { bids: 0, acted: false },
		sold: {},
		taxHavenUsed: false
	};
	refillMinorBoxes(state, config);
	// [g_1822/game.rb setup_bidboxes]: boxed companies are held by the bank during the round.
	for (const c of allBidBoxes(state, config)) state.companies[c].owner = 'bank';
	if (state.round.kind === 'stock') skipHelplessPlayers(state, config, state.round);
}
