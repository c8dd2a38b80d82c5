/**
 * Property: any mangled action is either accepted or refused with a code, never thrown, and a
 * refusal leaves the state exactly as it was (same hash). Seeded, so failures reproduce.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stateHash } from '../../../core/state-hash';
import type { Action } from '../../../core/actions';
import { applyAction } from '../process';
import { configOf } from '../config';
import { allBidBoxes } from './bidboxes';
import { bid, newGame, pass, play, startMajor } from '../testing';

const TYPES = ['bid', 'pass', 'buy_shares', 'sell_shares', 'par', 'payoff_player_debt', 'payoff_player_debt_partial', 'choose_ability', 'choose', 'buy_train', 'lay_tile'] as const;
const COMPANIES = ['M1', 'M24', 'M99', 'C1', 'C2', 'C11', 'P1', 'P16', 'P22', '', 'LNWR'];
const SHARES = ['GWR_0', 'GWR_1', 'GWR_9', 'GWR_10', 'LNWR_1', 'MR_3', 'XX_1', 'GWR', '1_0'];
const CORPS = ['GWR', 'LNWR', 'MR', '1', 'XYZ'];
const PRICES = ['100,4,4', '90,5,4', '110,4,5', '1,1,1', 'junk'];

const mangled = fc.record({
	type: fc.constantFrom(...TYPES),
	entity: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('P16', 'GWR', '1')),
	company: fc.constantFrom(...COMPANIES),
	price: fc.oneof(fc.integer({ min: -50, max: 700 }), fc.constant(0.5)),
	shares: fc.array(fc.constantFrom(...SHARES), { maxLength: 3 }),
	corporation: fc.constantFrom(...CORPS),
	share_price: fc.constantFrom(...PRICES),
	amount: fc.integer({ min: -10, max: 600 }),
	choice: fc.constantFrom('GWR_ipo', 'GWR_market', 'double', 'nonsense')
});

function position() {
	const s = newGame({ seed: 777 });
	startMajor(s, 'GWR', 2, 100);
	s.players[2].debt = 40;
	const boxes = allBidBoxes(s, configOf(s.setup));
	play(s, bid(1, boxes[0], 100), pass(1));
	return s;
}

describe('refused actions change nothing', () => {
	for (const mode of ['live', 'import'] as const)
		it(`every mangled stock-round action is accepted or refused with a code and an unchanged state (${mode})`, () => {
			fc.assert(
				fc.property(fc.array(mangled, { minLength: 1, maxLength: 12 }), (actions) => {
					const s = position();
					(s.setup as { mode: string }).mode = mode;
					for (const a of actions) {
						const before = stateHash(s);
						const r = applyAction(s, a as unknown as Action);
						if (!r.ok) {
							expect(r.error.code).toMatch(/^[a-z_]+$/);
							expect(r.error.code).not.toBe('internal_error');
							expect(r.error.message.length).toBeGreaterThan(0);
							expect(stateHash(s)).toBe(before);
						}
					}
				}),
				{ seed: 1822, numRuns: 300 }
			);
		});
});
