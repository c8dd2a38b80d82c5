/**
 * A fixed-seed sample of the action fuzzer (issue 12): a few thousand mutated actions against
 * states of the shared recorded games (when ../shared/reference is present) and fresh games of
 * every title. Every fuzzed action must be refused with a code and leave the state unchanged (by
 * hash), or be accepted with every invariant holding; the engine must never throw.
 *
 * Engine bugs the fuzzer has found and that are not fixed yet are listed in KNOWN_ENGINE_BUGS,
 * each matched narrowly and printed when met, so a new failure still fails this test. When the
 * engine fixes one, delete its entry here: from then on the sample pins the fix.
 */
import { describe, expect, it } from 'vitest';
import { referenceGames, referencePresent } from '../support/reference-games';
import { runFuzz, type FuzzFailure } from '../support/fuzz/runner';

const SAMPLE_SEED = 20260601;
const SAMPLE_ACTIONS = 3000;

interface KnownBug {
	readonly id: string;
	readonly matches: (f: FuzzFailure) => boolean;
}

const typeOf = (f: FuzzFailure): unknown => (f.action && typeof f.action === 'object' ? (f.action as { type?: unknown }).type : undefined);

/** Open engine bugs (see the fuzzing report); each entry names the cause it stands for. */
const KNOWN_ENGINE_BUGS: readonly KnownBug[] = [
	{
		// stock/buy.ts findCert reads state.corporations[name] for a share id like "toString_1" or
		// "__proto___1" and gets an Object.prototype member, then throws on `.shares.find`.
		id: 'share id naming an Object.prototype member throws',
		matches: (f) => (typeOf(f) === 'buy_shares' || typeOf(f) === 'sell_shares') && f.reason.startsWith("internal_error: Engine error: Cannot read properties of undefined (reading 'find')")
	},
	{
		// operating/issue.ts iterates `action.shares ?? []`, which throws when shares is a number or
		// any other non-iterable.
		id: 'issue/redeem with a non-array "shares" throws',
		matches: (f) => (typeOf(f) === 'buy_shares' || typeOf(f) === 'sell_shares') && /^internal_error: Engine error: .* is not iterable/.test(f.reason)
	},
	{
		// operating/dividend.ts validateRunRoutes adds any number in `extra_revenue` (negative,
		// fractional, NaN, huge) and trusts a numeric `subsidy`, so money becomes negative or non-integer.
		id: 'run_routes trusts extra_revenue and subsidy',
		matches: (f) => typeOf(f) === 'run_routes' && f.reason.startsWith('invariant:')
	},
	{
		// core/board.ts tileIdAvailable reads the index with Number(), so "57" (index ""), "57-00",
		// "57-0.0" or "57- 0" pass as copy 0 and are stored under that spelling: a copy can then be
		// laid again as "57-0", beyond the manifest.
		id: 'tile id spellings other than "<name>-<index>" are accepted',
		matches: (f) => typeOf(f) === 'lay_tile' && f.reason.startsWith('accepted_must_refuse: accepted an unknown tile')
	},
	{
		// operating/trains.ts validateBuyTrain: with `exchange` (L → 2 upgrade) the `train` field is
		// never read, so any train id is accepted (recorded logs always have train === exchange).
		id: 'L → 2 upgrade ignores the train id',
		matches: (f) => typeOf(f) === 'buy_train' && f.reason.startsWith('accepted_must_refuse: accepted an unknown train') && typeof (f.action as { exchange?: unknown }).exchange === 'string'
	}
];

describe('fuzzed actions are refused with a code and change nothing, or keep every invariant', () => {
	it(`fixed-seed sample of ${SAMPLE_ACTIONS} actions (seed ${SAMPLE_SEED})`, () => {
		if (!referencePresent) console.log('reference games not found at ../shared/reference; sample fuzzes fresh games only');
		const summary = runFuzz({ actions: SAMPLE_ACTIONS, seed: SAMPLE_SEED, games: referenceGames(), every: 25, freshSeeds: [1] });
		const known = summary.failures.filter((f) => KNOWN_ENGINE_BUGS.some((b) => b.matches(f)));
		for (const f of known)
			console.log(`known engine bug met: ${KNOWN_ENGINE_BUGS.find((b) => b.matches(f))!.id}: ${f.reason} — ${JSON.stringify(f.log)}`);
		const unknown = summary.failures.filter((f) => !known.includes(f));
		expect(unknown).toEqual([]);
		expect(summary.actionsTried).toBe(SAMPLE_ACTIONS);
		// The sample must exercise both outcomes, or it tests nothing.
		expect(summary.accepted).toBeGreaterThan(100);
		expect(Object.values(summary.refusedByCode).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
	});
});
