/**
 * Issue 8, history: every recorded game replays from its true start through the log builder's
 * replay (imported actions and their automatic actions as separate steps), and any past position
 * asked of it equals a plain replay of that many actions; the last position gives the file's
 * final scores. The games are read from ../shared/reference (relative to the project root);
 * without it this suite is skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import { scores, stateHash, type GameState } from '../../src/lib/engine';
import { HistoryReplay } from '../../src/lib/state/history-replay';
import { importedSteps, StepRunner, type HistoryStep } from '../../src/lib/state/history-steps';
import { LogBuilder } from '../../src/lib/state/log-sentences';
import type { JsonObject } from '../../src/lib/sync/entry';
import { batchOf, newReferenceGame, referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';

function stepsOf(g: ReferenceGame): HistoryStep[] {
	return importedSteps({ seed: g.parsed.seed, players: g.parsed.players, actions: g.surviving as unknown as JsonObject[] });
}

/** State hashes after each executed action, by a plain replay with no checkpoints (index 0: the start). */
function plainHashes(g: ReferenceGame): string[] {
	const game = newReferenceGame(g);
	const out = [stateHash(game.state as GameState)];
	for (const a of g.surviving) for (const s of batchOf(a)) {
		expect(game.process(s).ok).toBe(true);
		out.push(stateHash(game.state as GameState));
	}
	return out;
}

describe.skipIf(!referencePresent)('history of a recorded game: any position equals a plain replay to it', () => {
	for (const g of referenceGames()) {
		it(g.name, () => {
			const steps = stepsOf(g);
			const initial = newReferenceGame(g).snapshot();
			// No live steps: the whole game is the imported prefix (its mode stays 'import').
			const log = new LogBuilder(initial, 0);
			const t0 = performance.now();
			const lines = log.update(steps);
			const built = performance.now() - t0;
			const t1 = performance.now();
			log.replay.stateAt(steps.length - 1);
			console.log(`${g.name}: ${steps.length} steps, log built in ${Math.round(built)} ms, one step back in ${Math.round(performance.now() - t1)} ms`);
			const hashes = plainHashes(g);
			expect(steps.length).toBe(hashes.length - 1);
			expect(lines.filter((l) => l.kind === 'action').map((l) => l.position)).toEqual(steps.map((_, i) => i + 1));
			// Automatic actions are marked (the log's "hide automatic passes" filter relies on it).
			const autos = g.surviving.reduce((n, a) => n + (a.auto_actions?.length ?? 0), 0);
			expect(lines.filter((l) => l.kind === 'action' && l.source === 'auto').length).toBe(autos);
			const last = steps.length;
			const probes = [0, 1, 49, 50, 51, Math.floor(last / 2), last - 1, last, Math.floor(last / 3), 2];
			for (const n of probes.filter((p) => p <= last)) expect(stateHash(log.replay.stateAt(n)), `position ${n}`).toBe(hashes[n]);
			// Stepping back one at a time from the end stays exact.
			for (let n = last; n > last - 60 && n >= 0; n--) expect(stateHash(log.replay.stateAt(n))).toBe(hashes[n]);
			const final = log.replay.stateAt(last);
			if (g.parsed.result) {
				const byId = Object.fromEntries(Object.entries(g.parsed.result).map(([k, v]) => [k, v]));
				expect(scores(final)).toEqual(byId);
			}
		});
	}
});

describe.skipIf(!referencePresent)('history after an undo: the replay resumes from a checkpoint', () => {
	it('dropping the last 70 steps and adding others gives the states of a fresh replay', () => {
		const g = referenceGames().find((x) => x.name === '1822NRS/128129.json') ?? referenceGames()[0];
		const steps = stepsOf(g);
		const initial = newReferenceGame(g).snapshot();
		const replay = new HistoryReplay(initial, 0, 50);
		replay.sync(steps.slice(0, 200));
		const heard: number[] = [];
		// Steps 130.. are "taken back"; the same actions come again under new ids (a redo).
		const redone = [...steps.slice(0, 130), ...steps.slice(130, 210).map((s) => ({ ...s, id: `${s.id}-again` }))];
		replay.sync(redone, (_s, i) => heard.push(i));
		expect(heard[0]).toBe(130);
		expect(heard.length).toBe(80);
		const fresh = new HistoryReplay(initial, 0, 50);
		fresh.sync(steps.slice(0, 210));
		for (const n of [100, 129, 130, 150, 199, 209, 210]) expect(stateHash(replay.stateAt(n))).toBe(stateHash(fresh.stateAt(n)));
	});
});

describe.skipIf(!referencePresent)('an imported prefix replays in import mode and live play follows it', () => {
	it('the position where the prefix ends is in live mode, the ones before it in import mode', () => {
		const g = referenceGames().find((x) => x.name === '1822MRS/2227.json') ?? referenceGames()[0];
		const steps = stepsOf(g).slice(0, 10);
		const initial = newReferenceGame(g).snapshot();
		const replay = new HistoryReplay(initial, 6, 4);
		replay.sync(steps);
		expect(replay.stateAt(5).setup.mode).toBe('import');
		expect(replay.stateAt(6).setup.mode).toBe('live');
		expect(replay.stateAt(9).setup.mode).toBe('live');
		// A runner started from a checkpoint past the prefix plays live too.
		const runner = new StepRunner(replay.stateAt(8), 8, 6);
		expect(runner.state.setup.mode).toBe('live');
	});
});
