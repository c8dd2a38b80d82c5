/**
 * A fixed-seed sample of whole random games (issue 12): a seeded player picks only among the
 * actions the engine's queries offer, in 1822, 1822NRS and 1822MRS at 2–7 players with option
 * sets, checking the invariants after every action. Every game must reach a real end (the bank
 * broken or the top of the market, rules digest 11) with no offered action refused, no invariant
 * broken and never a position where nothing is offered. `npm run fuzz -- --games N --seed S`
 * plays more of them.
 */
import { describe, expect, it } from 'vitest';
import { legalCandidates, playRandomGame, runRandomGames, setupFor } from '../support/random-player';
import { Game, legalActionTypes } from '../../src/lib/engine/index';
import { Prng } from '../support/fuzz/prng';

const SAMPLE_SEED = 12;
const SAMPLE_GAMES = 6;

describe('random whole games end by the rules, offering something at every step', () => {
	it(`fixed-seed sample of ${SAMPLE_GAMES} games (seed ${SAMPLE_SEED})`, () => {
		const summary = runRandomGames(SAMPLE_GAMES, SAMPLE_SEED);
		expect(summary.failures).toEqual([]);
		expect(summary.stalled).toEqual([]);
		const ended = Object.entries(summary.outcomes).filter(([reason]) => ['bank', 'stock_market', 'dnf'].includes(reason));
		expect(ended.reduce((n, [, k]) => n + k, 0)).toBe(SAMPLE_GAMES);
		// The sample covers every title, and whole games take hundreds of actions each.
		expect(new Set(Object.keys(summary.byTitle).map((k) => k.split('/')[0]))).toEqual(new Set(['1822', '1822NRS', '1822MRS']));
		expect(summary.actions).toBeGreaterThan(SAMPLE_GAMES * 150);
	}, 120_000);

	it('a game seed always plays the same game', () => {
		const a = playRandomGame(3, { stopAfter: 60 });
		const b = playRandomGame(3, { stopAfter: 60 });
		expect(a.log.length).toBe(60);
		expect(b.log).toEqual(a.log);
	});

	it('the offered actions of a fresh game are the first stock round’s bids and pass, by the active player', () => {
		const setup = setupFor(5);
		const created = Game.create({ ...setup, mode: 'live' });
		expect(created.ok).toBe(true);
		if (!created.ok) return;
		const state = created.value.snapshot();
		const candidates = legalCandidates(state, new Prng(1));
		const types = new Set(candidates.map((c) => c.action.type));
		expect([...types].every((t) => legalActionTypes(state).includes(t))).toBe(true);
		expect(types.has('bid')).toBe(true);
		expect(types.has('pass')).toBe(true);
	});
});
