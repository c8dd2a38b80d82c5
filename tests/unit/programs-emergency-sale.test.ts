/**
 * The emergency-sale panel's figures (rules digest 9.1): shown only when the engine offers the
 * director share sales for a train that is due; each offered sale with what it brings at today's
 * price; and what the treasury and the director together still lack for the cheapest train.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices } from '../../src/lib/engine/index';
import { player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { emergencySaleView } from '../../src/lib/components/game/operating/emergency-sale';
import { majorTurn } from './or-support';

/** NBR (player 1) at its buy-train step with no train and £10; player 1 has £5 and 10% of LNWR at £100 (player 2 presides). */
function crisis() {
	const s = majorTurn('NBR', 'buy_train', { phase: '1' });
	s.corporations.NBR.cash = 10;
	player(s, 1).cash = 5;
	startMajor(s, 'LNWR', 2, 100, 1);
	s.corporations.LNWR.shares[1].owner = 'player:1';
	return s;
}

describe('emergency sale panel figures (rules digest 9.1)', () => {
	it('lists the sale the engine offers at today’s price, and the amount still missing for the cheapest train', () => {
		const s = crisis();
		const choices = operatingChoices(s)!;
		const view = emergencySaleView(s, choices);
		// The cheapest train on sale is an L at £60 in phase 1: £60 − £10 − £5 = £45 missing.
		expect(view).toMatchObject({ corporation: 'NBR', director: 1, trainPrice: 60, treasury: 10, directorCash: 5, missing: 45 });
		expect(view!.options).toEqual([{ corporation: 'LNWR', shares: ['LNWR_1'], percent: 10, price: 100, proceeds: 100 }]);
	});

	it('is not shown when there is no emergency', () => {
		const s = crisis();
		s.corporations.NBR.cash = 500;
		expect(emergencySaleView(s, operatingChoices(s)!)).toBeNull();
	});
});
