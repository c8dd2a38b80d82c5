/**
 * Issues 8 and 11, one replay for the log, the history and the figures: a long game opens before
 * its log is written (the log is then written in slices), and the end screen's and spreadsheet's
 * figures gathered on the log's replay equal those of a replay of their own, after an undo too.
 * The games are read from ../shared/reference (relative to the project root); without it this
 * suite is skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import { processWithEvents, type GameState } from '../../src/lib/engine';
import { GameView, LOG_AT_ONCE } from '../../src/lib/state/game-view.svelte';
import { computeGameStats, sharedStatsTracker, StatsGatherer, statsListener } from '../../src/lib/state/game-stats';
import { importedSteps, type HistoryStep } from '../../src/lib/state/history-steps';
import { describeAction, LogBuilder } from '../../src/lib/state/log-sentences';
import type { JsonObject } from '../../src/lib/sync/entry';
import { importedSession } from '../support/imported-session';
import { newReferenceGame, referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';

function stepsOf(g: ReferenceGame): HistoryStep[] {
	return importedSteps({ seed: g.parsed.seed, players: g.parsed.players, actions: g.surviving as unknown as JsonObject[] });
}

function game(name: string): ReferenceGame {
	const g = referenceGames().find((x) => x.name === name);
	if (!g) throw new Error(`${name} not found`);
	return g;
}

/** A hotseat game imported from a recorded one (as the import page makes it), opened in a game view. */
async function importedView(g: ReferenceGame): Promise<GameView> {
	const session = await importedSession(g);
	return new GameView(session);
}

describe.skipIf(!referencePresent)('a long game opens before its log is written', () => {
	it('the log of a 900-step import is written in slices after opening, and then reads as a log written at once', async () => {
		const g = game('1822MRS/1822MRS_game_end_bank.json');
		const view = await importedView(g);
		expect(view.stage).toBe('playing');
		const steps = view.steps.length;
		expect(steps).toBeGreaterThan(LOG_AT_ONCE);
		// Open: the live position and the steps are there, the log is still to be written.
		expect(view.state?.end.finished).toBe(true);
		expect(view.logPending).toBeGreaterThan(0);
		await view.logReady();
		expect(view.logPending).toBe(0);
		const atOnce = new LogBuilder(view.initialState as GameState, view.importedCount).update(view.steps);
		expect(view.log).toEqual(atOnce);
		expect(view.log.filter((l) => l.kind === 'action')).toHaveLength(steps);
		view.close();
	});

	it('the end screen’s figures come from the same replay and equal a replay of their own', async () => {
		const g = game('1822NRS/1822NRS_game_end_bank.json');
		const view = await importedView(g);
		// Asked before the log is complete: the replay finishes at once for them.
		expect(view.logPending).toBeGreaterThan(0);
		const tracker = sharedStatsTracker(view);
		const stats = tracker.update(view.game, () => view.initialState, view.actions, view.importedCount);
		const own = computeGameStats(view.initialState as GameState, view.actions, view.importedCount);
		expect(stats).toEqual(own);
		expect(stats?.applied).toBe(view.steps.length);
		// The game's final values: one point per player, the last point at the last step.
		expect(stats?.points.at(-1)?.after).toBe(view.steps.length);
		view.close();
	});
});

describe.skipIf(!referencePresent)('the figures gathered on the log’s replay follow an undo', () => {
	it('dropping the last 70 steps and replaying others gives the figures of a fresh replay of the new steps', () => {
		const g = game('1822NRS/128129.json');
		const steps = stepsOf(g);
		const initial = newReferenceGame(g).snapshot();
		const gatherer = new StatsGatherer(initial);
		const builder = new LogBuilder(initial, 0, { also: statsListener(gatherer) });
		builder.update(steps.slice(0, 200));
		// Steps 133.. are taken back; the same actions come again under new ids (a redo), then ten more.
		const redone = [...steps.slice(0, 133), ...steps.slice(133, 210).map((s) => ({ ...s, id: `${s.id}-again` }))];
		builder.update(redone);
		const fresh = computeGameStats(initial, redone.map((s) => s.action));
		expect(gatherer.stats(() => builder.replay.stateAt(gatherer.applied))).toEqual(fresh);
		// And cut short: back to step 90 only.
		builder.update(redone.slice(0, 90));
		expect(gatherer.stats(() => builder.replay.stateAt(gatherer.applied))).toEqual(computeGameStats(initial, redone.slice(0, 90).map((s) => s.action)));
	});
});

describe.skipIf(!referencePresent)('each sentence reads the position before its action, though only parts of it are copied', () => {
	for (const name of ['1822MRS/2227.json', '1822NRS/128129.json', '1822MRS/1822MRS_game_end_bank.json']) {
		it(`${name}: every action line equals the sentence read against whole copies of the positions before and after`, () => {
			const g = game(name);
			const steps = stepsOf(g);
			const initial = newReferenceGame(g).snapshot();
			const lines = new LogBuilder(initial, steps.length).update(steps).filter((l) => l.kind === 'action');
			expect(lines).toHaveLength(steps.length);
			// The pure engine: a new state per action, nothing shared with the one before.
			let state = initial;
			for (const [i, step] of steps.entries()) {
				const next = processWithEvents(state, step.action);
				if (!next.ok) throw new Error(`${name} step ${i}: ${next.error.message}`);
				expect(lines[i].text, `step ${i}`).toBe(describeAction(state, step.action, next.value.state, next.value.events));
				state = next.value.state;
			}
		});
	}
});
