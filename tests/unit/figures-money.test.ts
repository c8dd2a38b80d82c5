/**
 * Where money leaves a player, shown before the click (issue 18): a forced train purchase split
 * between the treasury, the director and a bank loan (rules digest 9.1: the loan adds debt of
 * loan + 50% rounded up), what each emergency sale raises, and the price of taking a private
 * (nothing: 10.1). Values worked by hand; the cheapest train in phase 1 is an L at £60 (6.1).
 */
import { describe, expect, it } from 'vitest';
import { emergencySaleProceeds, forcedBuyPlan, privateAcquisitions } from '../../src/lib/engine/index';
import { player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { acquireTurn, majorTurn } from './or-support';

/** NBR (player 1's, operated twice) must buy a train in phase 1 with £`treasury`; player 1 has £`cash`. */
function crisis(treasury: number, cash: number): GameState {
	const s = majorTurn('NBR', 'buy_train', { phase: '1' });
	s.corporations.NBR.cash = treasury;
	player(s, 1).cash = cash;
	return s;
}

describe('a forced train purchase says who pays what (rules digest 9.1)', () => {
	it('£30 in the treasury, £20 with the director, nothing to sell: the treasury pays £30, the director £20, the bank lends £10 (debt £15)', () => {
		expect(forcedBuyPlan(crisis(30, 20))).toEqual({
			corporation: 'NBR',
			director: 1,
			price: 60,
			treasury: 30,
			president: 20,
			loan: 10,
			debtAdded: 15,
			mustSellFirst: false,
			missing: 10
		});
	});

	it('a loan of £25 adds £38 of debt (50% of £25 rounded up is £13)', () => {
		expect(forcedBuyPlan(crisis(35, 0))).toMatchObject({ treasury: 35, president: 0, loan: 25, debtAdded: 38 });
	});

	it('a director with a share to sell must sell it first: no loan is offered yet', () => {
		const s = crisis(0, 0);
		startMajor(s, 'LNWR', 2, 100, 1);
		s.corporations.LNWR.shares[1].owner = 'player:1';
		expect(forcedBuyPlan(s)).toMatchObject({ mustSellFirst: true, loan: 0, missing: 60 });
		// One LNWR share at £100 raises £100, enough for the £60 L; a bigger sale would not be allowed.
		expect(emergencySaleProceeds(s)).toEqual([{ corporation: 'LNWR', shares: ['LNWR_1'], percent: 10, proceeds: 100 }]);
	});

	it('a company that can pay for its train has no forced purchase', () => {
		expect(forcedBuyPlan(crisis(60, 0))).toBeNull();
		expect(emergencySaleProceeds(crisis(60, 0))).toEqual([]);
	});
});

describe('taking a private costs nothing, and names the player who gives it up (rules digest 10.1)', () => {
	it('LNWR in phase 5 may take P2 from player 2 for £0', () => {
		expect(privateAcquisitions(acquireTurn('LNWR', 'P2'))).toEqual([{ company: 'P2', from: 2, price: 0 }]);
	});
});
