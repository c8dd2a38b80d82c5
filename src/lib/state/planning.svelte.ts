/**
 * A private planning branch (issue 8): moves tried from the current position, on this device
 * only, never written to the game's log. Placeholder until the planning view lands.
 */
import type { Action, GameState } from '../engine';
import type { JsonObject } from '../sync/entry';
import type { LogLine } from './log-sentences';
import type { PlayTarget, ShownRefusal } from './play-target';

export class PlanningBranch implements PlayTarget {
	readonly game: string;
	readonly state: GameState;
	readonly actionCount = 0;
	readonly actions: readonly Action[] = [];
	readonly toAct: readonly number[] = [];
	readonly busy = false;
	readonly refusal: ShownRefusal | null = null;
	readonly pendingUndo = null;
	readonly roundName = '';
	readonly log: readonly LogLine[] = [];
	constructor(game: string, state: GameState) {
		this.game = game;
		this.state = state;
	}
	async act(_action: JsonObject): Promise<boolean> {
		return false;
	}
	clearRefusal(): void {}
}
