import { describe, expect, it } from 'vitest';
import { configOf } from '../config';
import { floatMinorFor, newGame, player, priceOf, startMajor } from '../testing';
import { payMajor, payMinor } from './dividend';
import { onTrainAcquired, onTwoAcquired } from '../trains-ops';
import { applyEmergencyFunding, emergencyFunding } from './emergency';
import { companyRevenue } from './or-start';
import { endsAfterThisOr, triggerGameEnd } from '../game-end';
import { TITLES } from '../config';
import type { GameState } from '../state';

function give(s: GameState, company: string, owner: `player:${number}` | `corporation:${string}`): void {
	s.companies[company].owner = owner;
	if (owner.startsWith('corporation:')) s.corporations[owner.slice(12)].companies.push(company);
	else player(s, Number(owner.slice(7))).companies.push(company);
}

describe('minor dividends (rules digest 8.1)', () => {
	it('a minor keeps half its revenue rounded down, its owner gets the rest, and the price moves right', () => {
		const s = newGame();
		floatMinorFor(s, '5', 1, 50);
		s.corporations['5'].cash = 100;
		payMinor(s, configOf(s.setup), s.corporations['5'], 35);
		expect(s.corporations['5'].cash).toBe(117);
		expect(player(s, 1).cash).toBe(525 + 18);
		expect(priceOf(s, '5')).toBe(60);
	});
	it('no revenue moves a minor left', () => {
		const s = newGame();
		floatMinorFor(s, '5', 1, 50);
		payMinor(s, configOf(s.setup), s.corporations['5'], 0);
		expect(priceOf(s, '5')).toBe(45);
	});
});

describe('major dividends (rules digest 8.2)', () => {
	/** GWR at £100: player 1 30%, player 2 10%, Tax Haven 10%, market 10%, treasury 40%. */
	function gwr(): GameState {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		const c = s.corporations.GWR;
		c.cash = 0;
		c.shares[1].owner = 'player:1';
		c.shares[2].owner = 'player:2';
		c.shares[3].owner = 'taxhaven';
		c.shares[4].owner = 'pool';
		return s;
	}
	it('payout: each holder is paid its shares × revenue/10 rounded up, the Tax Haven rounded down, the market nothing', () => {
		const s = gwr();
		const bank = s.bank.cash;
		payMajor(s, configOf(s.setup), s.corporations.GWR, 75, 'payout');
		expect(player(s, 1).cash).toBe(525 + 23);
		expect(player(s, 2).cash).toBe(525 + 8);
		expect(s.taxHaven.cash).toBe(7);
		expect(s.corporations.GWR.cash).toBe(30);
		expect(s.bank.cash).toBe(bank - 68);
		expect(priceOf(s, 'GWR')).toBe(100);
	});
	it('half: the treasury keeps half rounded down to £10 and the rest is paid out', () => {
		const s = gwr();
		payMajor(s, configOf(s.setup), s.corporations.GWR, 75, 'half');
		expect(s.corporations.GWR.cash).toBe(30 + 18);
		expect(player(s, 1).cash).toBe(525 + 14);
	});
	it('price: paid at least the price moves right once, at least twice the price twice; withholding moves left', () => {
		const a = gwr();
		payMajor(a, configOf(a.setup), a.corporations.GWR, 150, 'payout');
		expect(priceOf(a, 'GWR')).toBe(110);
		const b = gwr();
		payMajor(b, configOf(b.setup), b.corporations.GWR, 200, 'payout');
		expect(priceOf(b, 'GWR')).toBe(120);
		const c = gwr();
		payMajor(c, configOf(c.setup), c.corporations.GWR, 150, 'withhold');
		expect(priceOf(c, 'GWR')).toBe(90);
		expect(c.corporations.GWR.cash).toBe(150);
	});
	it('a mail-contract subsidy goes to the treasury whatever the dividend', () => {
		const s = gwr();
		payMajor(s, configOf(s.setup), s.corporations.GWR, 0, 'withhold', 40);
		expect(s.corporations.GWR.cash).toBe(40);
	});
});

describe('trains and phases (rules digest 6)', () => {
	it('the first 3 goes straight to phase 3 and rusts every L, including those left in the depot', () => {
		const s = newGame();
		floatMinorFor(s, '5', 1, 50);
		s.corporations['5'].trains.push({ id: 'L-5', name: 'L' });
		onTrainAcquired(s, configOf(s.setup), '3-0', '3');
		expect(configOf(s.setup).phases[s.phase].name).toBe('3');
		expect(s.corporations['5'].trains).toEqual([]);
		expect(s.depot.upcoming.some((t) => t.startsWith('L-'))).toBe(false);
	});
	it('in phase 1 a 2 (bought or upgraded from an L) starts phase 2', () => {
		const s = newGame();
		onTwoAcquired(s, configOf(s.setup));
		expect(configOf(s.setup).phases[s.phase].name).toBe('2');
	});
	it('the L→2 upgrade costs £80 in 1822, and £70 from phase 2 in NRS and MRS', () => {
		expect(TITLES['1822'].lToTwoUpgradeCost(0)).toBe(80);
		expect(TITLES['1822'].lToTwoUpgradeCost(3)).toBe(80);
		expect(TITLES['1822NRS'].lToTwoUpgradeCost(0)).toBe(80);
		expect(TITLES['1822NRS'].lToTwoUpgradeCost(1)).toBe(70);
		expect(TITLES['1822MRS'].lToTwoUpgradeCost(1)).toBe(70);
	});
});

describe('emergency train buying (rules digest 9.1)', () => {
	it('the director pays what the company lacks; with nothing to sell the bank lends the rest at 50% interest', () => {
		const s = newGame();
		floatMinorFor(s, '5', 1, 50);
		const m = s.corporations['5'];
		m.cash = 20;
		player(s, 1).cash = 30;
		const f = emergencyFunding(s, configOf(s.setup), m, 60);
		expect(f.ok && f.value).toEqual({ fromPresident: 40, loan: 10 });
		if (!f.ok) return;
		applyEmergencyFunding(s, m, f.value);
		expect(player(s, 1).cash).toBe(0);
		expect(player(s, 1).debt).toBe(15);
		expect(m.cash).toBe(60);
	});
});

describe('company income (rules digest 2, 10.1)', () => {
	it('privates held by corporations pay nothing, except P2, P11, P12 and P9 by phase', () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		for (const c of ['P6', 'P2', 'P9']) if (s.companies[c]?.owner === 'bank') s.companies[c].owner = null;
		give(s, 'P6', 'corporation:GWR');
		give(s, 'P2', 'corporation:GWR');
		give(s, 'P9', 'corporation:GWR');
		const cfg = configOf(s.setup);
		expect(companyRevenue(s, cfg, 'P6')).toBe(0);
		expect(companyRevenue(s, cfg, 'P2')).toBe(10);
		s.phase = 4; // phase 5
		expect(companyRevenue(s, cfg, 'P9')).toBe(40);
	});
	it('P15 held by a player pays £10 per phase number', () => {
		const s = newGame();
		if (s.companies.P15?.owner === 'bank') s.companies.P15.owner = null;
		give(s, 'P15', 'player:1');
		s.phase = 2;
		expect(companyRevenue(s, configOf(s.setup), 'P15')).toBe(30);
	});
});

describe('game end timing (rules digest 11)', () => {
	it('a bank broken during an OR ends the game after the last OR of the set', () => {
		const s = newGame();
		s.round = { kind: 'operating', num: 1, total: 2, order: [], current: 0, turn: s.round.kind === 'operating' ? s.round.turn : ({} as never) };
		triggerGameEnd(s, 'bank');
		expect(s.end.timing).toBe('full_or');
		expect(endsAfterThisOr(s, false)).toBe(false);
		expect(endsAfterThisOr(s, true)).toBe(true);
	});
	it('a trigger during a stock round ends the game after the next OR; the first trigger is locked', () => {
		const s = newGame();
		triggerGameEnd(s, 'stock_market');
		triggerGameEnd(s, 'bank');
		expect(s.end).toMatchObject({ trigger: 'stock_market', timing: 'next_or' });
		expect(endsAfterThisOr(s, false)).toBe(true);
	});
});

describe('minor acquisition payment (rules digest 5.7)', () => {
	it('money needs twice the minor price; shares settle the difference with whichever side owes it', async () => {
		const { paymentOptions } = await import('./minor-acquisition');
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		floatMinorFor(s, '5', 1, 50);
		const gwr = s.corporations.GWR;
		const cfg = configOf(s.setup);
		// V = 2 × £50 = £100, S = £100: one share settles exactly, two shares need the owner to pay £100.
		gwr.cash = 99;
		expect(paymentOptions(s, cfg, gwr, s.corporations['5'])).toEqual(['one_share', 'two_shares']);
		gwr.cash = 100;
		player(s, 1).cash = 99;
		expect(paymentOptions(s, cfg, gwr, s.corporations['5'])).toEqual(['money', 'one_share']);
	});
});

describe('issuing shares (rules digest 5.8)', () => {
	it('the issue price is the price reached by dropping once per share issued', async () => {
		const { issuePrice } = await import('./issue');
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		// £100 at row 4: down one row is £90, two rows £80.
		expect(issuePrice(configOf(s.setup), s.corporations.GWR, 1)).toBe(90);
		expect(issuePrice(configOf(s.setup), s.corporations.GWR, 2)).toBe(80);
	});
});
