/**
 * Stepping through a game's history (issue 8): which past position the page shows, if any.
 * Placeholder until the history view lands: always shows the live position.
 */
import type { GameState } from '../engine';
import type { GameView } from './game-view.svelte';
import type { PlayTarget } from './play-target';

export class HistoryCursor {
	readonly live: GameView;
	constructor(live: GameView) {
		this.live = live;
	}
	/** True while a past position is shown instead of the live one. */
	get viewing(): boolean {
		return false;
	}
	/** The position shown while `viewing`. */
	get state(): GameState | null {
		return null;
	}
	/** A target that offers nothing to click, for the past position. */
	get target(): PlayTarget | null {
		return null;
	}
	close(): void {}
}
