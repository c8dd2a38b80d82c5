import { describe, expect, it } from 'vitest';
import { configOf } from '../config';
import { allBidBoxes, minorBoxes } from './bidboxes';
import { stockChoices } from './queries';
import { bid, giveCompany, newGame, play, player, startMajor } from '../testing';
import type { GameState } from '../state';

function choices(s: GameState, id: number) {
	if (s.round.kind !== 'stock') throw new Error('not a stock round');
	return stockChoices(s, configOf(s.setup), s.round, id);
}

describe('what the active stock-round player may do (queries for the UI)', () => {
	it('every bid box is open at the start: minimum = face value, maximum = cash in £5 steps', () => {
		const s = newGame();
		const c = choices(s, 1);
		expect(c.bidBoxes.map((b) => b.company)).toEqual(allBidBoxes(s, configOf(s.setup)));
		for (const b of c.bidBoxes) {
			expect(b.min).toBe(b.company.startsWith('P') ? 0 : 100);
			expect(b.max).toBe(525);
		}
	});

	it('after a bid: its box is closed to the highest bidder (live) and the maximum elsewhere drops by the committed cash', () => {
		const s = newGame();
		const [m, m2] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 150));
		const c = choices(s, 1);
		expect(c.bidBoxes.find((b) => b.company === m)).toBeUndefined();
		expect(c.bidBoxes.find((b) => b.company === m2)).toEqual({ company: m2, min: 100, max: 375 });
		expect(c.buy).toEqual([]);
	});

	it('a player in debt is offered no bids, buys or pars, but may repay', () => {
		const s = newGame();
		player(s, 1).debt = 30;
		const c = choices(s, 1);
		expect(c.bidBoxes).toEqual([]);
		expect(c.par).toEqual([]);
		expect(c.canRepay).toBe(true);
	});

	it('shares for sale are offered from the treasury and the market at the market price', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 90);
		s.corporations.GWR.shares[5].owner = 'pool';
		const c = choices(s, 1);
		expect(c.buy).toEqual([
			{ corporation: 'GWR', share: 'GWR_1', from: 'treasury', price: 90 },
			{ corporation: 'GWR', share: 'GWR_5', from: 'pool', price: 90 }
		]);
	});

	it('sales offered: growing bundles of a major that has operated', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		s.corporations.GWR.shares[1].owner = 'player:1';
		s.corporations.GWR.shares[2].owner = 'player:1';
		expect(choices(s, 1).sell).toEqual([
			{ corporation: 'GWR', shares: ['GWR_1'], percent: 10 },
			{ corporation: 'GWR', shares: ['GWR_1', 'GWR_2'], percent: 20 }
		]);
	});

	it('concessions convertible from phase 2, at each major par with its cost', () => {
		const s = newGame();
		if (s.companies.C2.owner === 'bank') s.companies.C2.owner = null;
		giveCompany(s, 1, 'C2');
		expect(choices(s, 1).par).toEqual([]);
		s.phase = 1;
		expect(choices(s, 1).par).toEqual([
			{
				corporation: 'GWR',
				concession: 'C2',
				pars: [
					{ price: 100, sharePrice: '100,4,4', cost: 100 },
					{ price: 90, sharePrice: '90,5,4', cost: 80 },
					{ price: 80, sharePrice: '80,6,4', cost: 60 },
					{ price: 70, sharePrice: '70,7,4', cost: 40 },
					{ price: 60, sharePrice: '60,8,4', cost: 20 }
				]
			}
		]);
	});
});
