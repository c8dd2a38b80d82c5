/**
 * The dividend card's figures come from the engine (issue 18), checked against the rules digest's
 * arithmetic worked by hand (8.1 minors, 8.2 majors; the 1822 market grid of 3.9: par £100 is row 4
 * column 4, with £110 and £120 to its right and £90 to its left; a minor's £50 par has £60 right, £45 left).
 */
import { describe, expect, it } from 'vitest';
import { dividendFigures, minorSplit } from '../../src/lib/engine/index';
import { floatMinorFor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { majorTurn, operatingTurn } from './or-support';

/** LNWR at £100: player 1 holds the 10% director certificate, player 2 three shares, one share in the market, five in the treasury. */
function lnwrDividend(revenue: number): GameState {
	const s = majorTurn('LNWR', 'dividend');
	const shares = s.corporations.LNWR.shares;
	for (const i of [1, 2, 3]) shares[i].owner = 'player:2';
	shares[4].owner = 'pool';
	if (s.round.kind === 'operating') s.round.turn.revenue = revenue;
	return s;
}

const byKind = (s: GameState) => Object.fromEntries(dividendFigures(s).map((f) => [f.kind, f]));

describe('a major’s dividend choices, each with per share, receivers and price move (rules digest 8.2)', () => {
	it('pay out £150: £15 a share; 1, 3 and 5 shares get £15, £45 and £75; the market share pays nobody; D ≥ P moves one right to £110', () => {
		const f = byKind(lnwrDividend(150)).payout;
		expect(f).toMatchObject({ revenue: 150, kept: 0, distributed: 150, perShare: 15, priceBefore: 100, priceAfter: 110, moves: 1 });
		expect(f.receivers).toEqual([
			{ holder: 'treasury', player: null, shares: 5, amount: 75 },
			{ holder: 'player', player: 2, shares: 3, amount: 45 },
			{ holder: 'player', player: 1, shares: 1, amount: 15 }
		]);
	});

	it('pay half of £150: the treasury keeps £70 (half, down to £10), £80 is shared at £8; D < P leaves the price at £100', () => {
		const f = byKind(lnwrDividend(150)).half;
		expect(f).toMatchObject({ kept: 70, distributed: 80, perShare: 8, priceAfter: 100, moves: 0 });
		expect(f.receivers.map((r) => r.amount)).toEqual([40, 24, 8]);
	});

	it('withhold: nothing is shared and the price moves one left to £90', () => {
		const f = byKind(lnwrDividend(150)).withhold;
		expect(f).toMatchObject({ kept: 150, distributed: 0, perShare: 0, priceAfter: 90, moves: -1 });
		expect(f.receivers.map((r) => r.amount)).toEqual([0, 0, 0]);
	});

	it('pay out £205: £20.50 a share, each holder rounded up (£103, £62, £21); D ≥ 2P moves two right to £120', () => {
		const f = byKind(lnwrDividend(205)).payout;
		expect(f.perShare).toBe(20.5);
		expect(f.receivers.map((r) => r.amount)).toEqual([103, 62, 21]);
		expect(f).toMatchObject({ priceAfter: 120, moves: 2 });
	});

	it('the figures leave the game as it was', () => {
		const s = lnwrDividend(150);
		const before = JSON.stringify(s);
		dividendFigures(s);
		expect(JSON.stringify(s)).toBe(before);
	});

	it('outside the dividend step there are no choices to show', () => {
		expect(dividendFigures(majorTurn('LNWR', 'buy_train'))).toEqual([]);
	});
});

describe('a minor’s fixed split (rules digest 8.1)', () => {
	function minorAt50(): GameState {
		const s = majorTurn('LNWR', 'buy_train');
		floatMinorFor(s, '7', 3, 50);
		operatingTurn(s, '7', 'route');
		return s;
	}

	it('£75: the minor keeps £37 (half, rounded down), its owner gets £38; any revenue moves it right to £60', () => {
		expect(minorSplit(minorAt50(), '7', 75)).toEqual({ revenue: 75, treasury: 37, owner: 38, ownerId: 3, priceBefore: 50, priceAfter: 60 });
	});

	it('£0: nobody is paid and the price moves left to £45', () => {
		expect(minorSplit(minorAt50(), '7', 0)).toMatchObject({ treasury: 0, owner: 0, priceAfter: 45 });
	});

	it('a major has no minor split, and a bad revenue gets none', () => {
		const s = minorAt50();
		expect(minorSplit(s, 'LNWR', 100)).toBeNull();
		expect(minorSplit(s, '7', -5)).toBeNull();
		expect(minorSplit(s, '7', 2.5)).toBeNull();
	});
});
