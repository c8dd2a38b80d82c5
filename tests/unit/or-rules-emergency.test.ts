/**
 * Money crises in the operating round (issue 5; rules digest 9.1, 5.1): a company that must buy
 * a train but cannot pay gets what its director can add; the director must sell shares first —
 * a director's certificate of another company included, and a sale that hands another company
 * to a new director is allowed — but never a sale that would change the director of the company
 * now operating. Each sale drops the price a row per share as it is made, and re-sorts the
 * companies still to operate. Only when nothing may be sold does the bank lend.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { player, priceOf, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { dropFromDepot, majorTurn, refusedInPlace, run } from './or-support';

const CORP = 'NBR';

const buy = (train: string, price: number): Action => ({ type: 'buy_train', entity: CORP, entity_type: 'corporation', train, price });
const sell = (playerId: number, ...shares: string[]): Action => ({ type: 'sell_shares', entity: playerId, entity_type: 'player', shares });

/** Owner of a certificate ("LNWR_0"). */
function ownerOf(s: GameState, share: string): string | null {
	const [corp, index] = share.split('_');
	return s.corporations[corp].shares.find((c) => c.index === Number(index))?.owner ?? null;
}

/** NBR (player 1, operated twice) at its buy-train step with no train and an empty treasury; player 1 has no cash. */
function crisis(): GameState {
	const s = majorTurn(CORP, 'buy_train', { phase: '1' });
	s.corporations[CORP].cash = 0;
	player(s, 1).cash = 0;
	return s;
}

/** LNWR at £100 with player 1 as director (its certificate LNWR_0) and `holdings` of ordinary shares by player. */
function lnwr(s: GameState, holdings: Record<number, number[]>): void {
	startMajor(s, 'LNWR', 1, 100, 1);
	for (const [p, indexes] of Object.entries(holdings)) for (const i of indexes) s.corporations.LNWR.shares[i].owner = `player:${Number(p)}`;
}

describe('the sale of a director’s certificate forced in a money crisis (rules digest 9.1 level 3)', () => {
	it('a director whose only sellable holding is another company’s director certificate must sell it before the bank lends', () => {
		const s = crisis();
		lnwr(s, { 2: [3] });
		// Player 2 (10%) can take LNWR's director certificate, so it may be sold: no loan yet.
		expect(refusedInPlace(s, buy('L-0', 60))).toBe('must_sell_first');
		expect(operatingChoices(s)!.trains?.emergency?.sellable).toEqual([{ corporation: 'LNWR', shares: ['LNWR_0'], percent: 10 }]);
		const after = run(s, sell(1, 'LNWR_0'));
		// The certificate passes to player 2 (EBUY_PRES_SWAP), player 1 gets £100 and the price drops one row.
		expect(ownerOf(after, 'LNWR_0')).toBe('player:2');
		expect(player(after, 1).cash).toBe(100);
		expect(priceOf(after, 'LNWR')).toBe(90);
		const bought = run(after, buy('L-0', 60));
		expect(bought.corporations[CORP].trains.map((t) => t.name)).toEqual(['L']);
		expect(player(bought, 1)).toMatchObject({ cash: 40, debt: 0 });
	});

	it('sales are made one at a time: each drops the price one row, so the next share sells lower; another company’s director may change', () => {
		const s = crisis();
		// The next depot train is a 3 at £200, the cheapest on sale.
		dropFromDepot(s, 'L');
		lnwr(s, { 1: [1, 2], 2: [3, 4] });
		let t = run(s, sell(1, 'LNWR_1'));
		expect(player(t, 1).cash).toBe(100);
		expect(priceOf(t, 'LNWR')).toBe(90);
		t = run(t, sell(1, 'LNWR_2'));
		expect(player(t, 1).cash).toBe(190);
		expect(priceOf(t, 'LNWR')).toBe(80);
		// Player 2 now holds more LNWR than player 1 and becomes its director: allowed, it is not the operating company.
		expect(ownerOf(t, 'LNWR_0')).toBe('player:2');
		// Still £10 short: player 1's last LNWR share must go before any loan.
		expect(refusedInPlace(t, buy('3-0', 200))).toBe('must_sell_first');
		const last = t.corporations.LNWR.shares.find((c) => c.owner === 'player:1')!;
		t = run(t, sell(1, `LNWR_${last.index}`));
		expect(player(t, 1).cash).toBe(270);
		expect(priceOf(t, 'LNWR')).toBe(70);
		t = run(t, buy('3-0', 200));
		expect(player(t, 1)).toMatchObject({ cash: 70, debt: 0 });
		expect(t.corporations[CORP].trains.map((x) => x.id)).toEqual(['3-0']);
	});

	it('each sale must be needed: a bundle is refused when one share fewer would raise enough (EBUY_SELL_MORE_THAN_NEEDED false)', () => {
		const s = crisis();
		lnwr(s, { 1: [1, 2], 2: [3] });
		// £60 is missing; one LNWR share raises £100, so selling two at once is more than needed.
		expect(refusedInPlace(s, sell(1, 'LNWR_1', 'LNWR_2'))).toBe('more_than_needed');
		expect(operatingChoices(s)!.trains?.emergency?.sellable.map((o) => o.shares)).toEqual([['LNWR_1']]);
		const t = run(s, sell(1, 'LNWR_1'));
		expect(player(t, 1).cash).toBe(100);
		// The need is met: no further sale is allowed.
		expect(refusedInPlace(t, sell(1, 'LNWR_2'))).toBe('no_emergency');
	});

	it('a bundle is allowed when one share fewer would not raise enough', () => {
		const s = crisis();
		dropFromDepot(s, 'L');
		lnwr(s, { 1: [1, 2], 2: [3] });
		// £200 is missing: one share raises £100, two £200.
		const t = run(s, sell(1, 'LNWR_1', 'LNWR_2'));
		expect(player(t, 1).cash).toBe(200);
		expect(priceOf(t, 'LNWR')).toBe(80);
	});

	it('a sale that would change the director of the company now operating is refused; one that keeps the director is allowed', () => {
		const s = crisis();
		const nbr = s.corporations[CORP].shares;
		// NBR's director certificate is 20%: player 1 holds 30%, player 2 30%.
		expect(nbr[0].percent).toBe(20);
		nbr[1].owner = 'player:1';
		for (const i of [2, 3, 4]) nbr[i].owner = 'player:2';
		// Selling 10% would leave player 1 behind player 2 and hand NBR over.
		expect(refusedInPlace(s, sell(1, 'NBR_1'))).toBe('director_change');
		expect(refusedInPlace(s, sell(1, 'NBR_0'))).toBe('director_change');
		expect(operatingChoices(s)!.trains?.emergency?.sellable).toEqual([]);
		// With player 2 at 20%, player 1 keeps NBR on a tie (20% each) and may sell.
		nbr[4].owner = 'treasury';
		const t = run(s, sell(1, 'NBR_1'));
		expect(ownerOf(t, 'NBR_0')).toBe('player:1');
		expect(player(t, 1).cash).toBe(100);
		expect(priceOf(t, CORP)).toBe(90);
	});

	it('no sale is allowed when no train is due (rules digest 9.1)', () => {
		const s = crisis();
		lnwr(s, { 1: [1] });
		s.corporations[CORP].trains.push({ id: 'L-21', name: 'L' });
		s.depot.upcoming = s.depot.upcoming.filter((t) => t !== 'L-21');
		expect(refusedInPlace(s, sell(1, 'LNWR_1'))).toBe('no_emergency');
	});

	it('with nothing left to sell the bank lends the shortfall: debt = loan + 50% rounded up, the director ends with £0', () => {
		const s = crisis();
		player(s, 1).cash = 25;
		const bank = s.bank.cash;
		const t = run(s, buy('L-0', 60));
		// £35 lent; debt £35 + ceil(£17.50) = £53.
		expect(player(t, 1)).toMatchObject({ cash: 0, debt: 53 });
		expect(t.corporations[CORP].cash).toBe(0);
		// The bank lends £35 and is paid £60 for the train.
		expect(t.bank.cash).toBe(bank - 35 + 60);
	});

	it('with the director’s help only the cheapest depot train may be bought, at no more than its price', () => {
		const s = crisis();
		player(s, 1).cash = 500;
		expect(refusedInPlace(s, { ...buy('L-0', 120), variant: '2' } as Action)).toBe('must_buy_cheapest');
		expect(refusedInPlace(s, buy('L-0', 61))).toBe('invalid_price');
	});
});

describe('an emergency sale re-sorts the companies still to operate (rules digest 5.1)', () => {
	it('LNWR dropping below GWR moves behind it in the rest of the operating order', () => {
		const s = crisis();
		lnwr(s, { 1: [1], 2: [3] });
		startMajor(s, 'GWR', 3, 90, 1);
		if (s.round.kind !== 'operating') throw new Error('not an operating round');
		s.round.order = [CORP, 'LNWR', 'GWR'];
		const t = run(s, sell(1, 'LNWR_1'));
		// LNWR now shares GWR's £90 cell and arrived there later, so GWR operates first.
		expect(priceOf(t, 'LNWR')).toBe(90);
		expect(t.round.kind === 'operating' && t.round.order).toEqual([CORP, 'GWR', 'LNWR']);
	});
});

describe('an emergency sale belongs to the buy-train step (rules version 3) [g_1822/step/buy_train.rb actions; round/base.rb process_action]', () => {
	/**
	 * LNWR (player 1, operated twice, no train, empty treasury, director without cash) at a step of
	 * its turn; player 1 also holds a share of NBR to sell. At its track step LNWR has lays to make,
	 * so that step is really under way.
	 */
	function crisisAt(step: 'track' | 'buy_train', rulesVersion: 2 | 3 = 3): GameState {
		const s = majorTurn('LNWR', step, { rulesVersion });
		placeHome(s, 'LNWR');
		s.corporations.LNWR.cash = 0;
		player(s, 1).cash = 0;
		startMajor(s, 'NBR', 2, 100, 1);
		s.corporations.NBR.shares[1].owner = 'player:1';
		return s;
	}
	const sellNbr: Action = sell(1, 'NBR_1');

	it('the position is a crisis at a track step with lays to make', () => {
		const c = operatingChoices(crisisAt('track'))!;
		expect(c.step).toBe('track');
		expect(c.tileLays.length).toBeGreaterThan(0);
	});

	it('a director’s sale during the track step is refused step_pending and changes nothing', () => {
		expect(refusedInPlace(crisisAt('track'), sellNbr)).toBe('step_pending');
	});

	it('the same sale is taken once the buy-train step is reached', () => {
		const after = run(crisisAt('buy_train'), sellNbr);
		expect(player(after, 1).cash).toBe(100);
		expect(ownerOf(after, 'NBR_1')).toBe('pool');
	});

	it('a game started under rules version 2 keeps taking the sale at any step with a train due', () => {
		const after = run(crisisAt('track', 2), sellNbr);
		expect(player(after, 1).cash).toBe(100);
	});

	it('the operating choices offer the sale only at the buy-train step', () => {
		expect(operatingChoices(crisisAt('track'))!.actions).not.toContain('sell_shares');
		expect(operatingChoices(crisisAt('buy_train'))!.actions).toContain('sell_shares');
	});
});
