/**
 * Why a game ended, in words (rules digest 11) [g_1822/game.rb GAME_END_CHECK]. The engine keeps
 * the reason ("bank", "stock_market", "manually_ended", "dnf") and, for a triggered end, when it
 * was due (`timing`), which is what tells a bank broken in an OR from one broken in an SR.
 */
import type { GameState } from '$lib/engine';

export interface EndReasonWords {
	/** A few words: "The bank broke". */
	readonly headline: string;
	/** The whole story: what happened and when the game ended because of it. */
	readonly sentence: string;
}

type End = GameState['end'];

function when(timing: End['timing']): string {
	switch (timing) {
		case 'full_or':
			return 'so the game ended after the last operating round of that set';
		case 'current_or':
			return 'so the game ended with that operating round';
		case 'next_or':
			return 'so the game ended after the next operating round';
		case null:
			return 'so the game ended';
	}
}

export function endReasonWords(end: End): EndReasonWords {
	switch (end.reason) {
		case 'bank':
			return {
				headline: 'The bank broke',
				sentence: `The bank ran out of money ${end.timing === 'next_or' ? 'in a stock round' : 'in an operating round'}, ${when(end.timing)}.`
			};
		case 'stock_market':
			return {
				headline: 'A share price reached the end of the market',
				sentence: `A share price reached the end of the market ${end.timing === 'next_or' ? 'in a stock round' : 'in an operating round'}, ${when(end.timing)}.`
			};
		case 'manually_ended':
			return { headline: 'Ended by the players', sentence: 'The players ended the game by hand before it reached its end.' };
		case 'dnf':
			return { headline: 'The game did not finish', sentence: 'Nobody bid in the first stock round, so the game did not finish.' };
		default:
			return { headline: 'The game is over', sentence: 'The game has ended.' };
	}
}
