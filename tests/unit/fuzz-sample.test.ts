/**
 * A fixed-seed sample of the action fuzzer (issue 12): a few thousand mutated actions against
 * states of the shared recorded games (when ../shared/reference is present) and fresh games of
 * every title. Every fuzzed action must be refused with a code and leave the state unchanged (by
 * hash), or be accepted with every invariant holding; the engine must never throw.
 *
 * Every bug the fuzzer found is fixed in the engine and pinned in fuzz-regressions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { referenceGames } from '../support/reference-games';
import { runFuzz } from '../support/fuzz/runner';

const SAMPLE_SEED = 20260601;
const SAMPLE_ACTIONS = 3000;

describe('fuzzed actions are refused with a code and change nothing, or keep every invariant', () => {
	it(`fixed-seed sample of ${SAMPLE_ACTIONS} actions (seed ${SAMPLE_SEED})`, () => {
		const summary = runFuzz({ actions: SAMPLE_ACTIONS, seed: SAMPLE_SEED, games: referenceGames(), every: 25, freshSeeds: [1] });
		expect(summary.failures).toEqual([]);
		expect(summary.actionsTried).toBe(SAMPLE_ACTIONS);
		// The sample must exercise both outcomes, or it tests nothing.
		expect(summary.accepted).toBeGreaterThan(100);
		expect(Object.values(summary.refusedByCode).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
	});
});
