/**
 * Game-end triggers and their timing (rules digest 11) [g_1822/game.rb GAME_END_CHECK;
 * base.rb game_end_check]. The first trigger seen fixes the timing for good.
 * - bank broken in an OR: after the last OR of the set ("full_or");
 * - bank broken in an SR, or a price entering an E cell in an SR: after the next OR;
 * - a price entering an E cell in an OR: after the current OR; from version 4, a bank broken by
 *   the same action is the trigger instead (market-ops.ts moveCorporation).
 */
import type { GameState } from './state';

export function triggerGameEnd(state: GameState, reason: 'bank' | 'stock_market'): void {
	if (state.end.trigger !== null) return;
	state.end.trigger = reason;
	const inOr = state.round.kind === 'operating';
	if (!inOr) state.end.timing = 'next_or';
	else state.end.timing = reason === 'bank' ? 'full_or' : 'current_or';
}

/** Called after every action: a broken bank is a trigger. */
export function checkBank(state: GameState): void {
	if (state.bank.cash < 0 || state.bank.broken) {
		state.bank.broken = true;
		triggerGameEnd(state, 'bank');
	}
}

/** At the end of an OR: does the game end now? `lastOfSet` tells whether the set is over. */
export function endsAfterThisOr(state: GameState, lastOfSet: boolean): boolean {
	switch (state.end.timing) {
		case 'current_or':
		case 'next_or':
			return true;
		case 'full_or':
			return lastOfSet;
		default:
			return false;
	}
}

export function finishGame(state: GameState): void {
	state.end.finished = true;
	state.end.reason = state.end.trigger;
}
