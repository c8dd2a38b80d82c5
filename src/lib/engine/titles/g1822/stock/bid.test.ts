import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../core/state-hash';
import type { Action } from '../../../core/actions';
import { applyAction } from '../process';
import { configOf } from '../config';
import { allBidBoxes, minorBoxes, privateBoxes, concessionBoxes } from './bidboxes';
import { activePlayer, bid, giveCompany, newGame, pass, play, player } from '../testing';
import type { GameState } from '../state';

function expectRefused(state: GameState, action: Action, code: string): void {
	const before = stateHash(state);
	const r = applyAction(state, action);
	expect(r.ok ? 'accepted' : r.error.code).toBe(code);
	expect(stateHash(state)).toBe(before);
}

describe('bid-box auctions (rules digest 3.3)', () => {
	it('a first bid on a minor or concession is at least its £100 face value', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		expectRefused(s, bid(1, m, 95), 'bid_below_minimum');
		play(s, bid(1, m, 100));
		expect(s.round.kind === 'stock' && s.round.bids[m]).toEqual([{ player: 1, price: 100 }]);
	});

	it('a first bid on a private may be £0', () => {
		const s = newGame();
		const [p] = privateBoxes(s, configOf(s.setup));
		play(s, bid(1, p, 0));
		expect(s.round.kind === 'stock' && s.round.bids[p]).toEqual([{ player: 1, price: 0 }]);
	});

	it('a raise must be at least £5 over the highest bid, in £5 steps', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 100), pass(1));
		expectRefused(s, bid(2, m, 100), 'bid_below_minimum');
		expectRefused(s, bid(2, m, 107), 'bid_increment');
		play(s, bid(2, m, 110));
	});

	it('a bid may not exceed cash not already committed to winning bids', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const [m] = minorBoxes(s, cfg);
		const [p] = privateBoxes(s, cfg);
		play(s, bid(1, m, 500));
		expectRefused(s, bid(1, p, 30), 'bid_exceeds_available_cash');
		play(s, bid(1, p, 25));
	});

	it('losing bids commit no cash', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const [m] = minorBoxes(s, cfg);
		const [c] = concessionBoxes(s, cfg);
		play(s, bid(1, m, 100), pass(1), bid(2, m, 105), pass(2), pass(3), pass(4));
		expect(activePlayer(s)).toBe(1);
		play(s, bid(1, c, 525));
	});

	it('the turn ends after the third bid', () => {
		const s = newGame();
		const [a, b, c] = allBidBoxes(s, configOf(s.setup)).filter((x) => x.startsWith('P') || x.startsWith('C'));
		play(s, bid(1, a, 100 * Number(a.startsWith('C'))), bid(1, b, 100 * Number(b.startsWith('C'))));
		expect(activePlayer(s)).toBe(1);
		play(s, bid(1, c, 100 * Number(c.startsWith('C'))));
		expect(activePlayer(s)).toBe(2);
	});

	it('bids only on companies in a bid box', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const outside = s.companyOrder.find((c) => !allBidBoxes(s, cfg).includes(c))!;
		expectRefused(s, bid(1, outside, 100), 'not_in_bid_box');
	});

	it('an unknown company is refused', () => {
		const s = newGame();
		expectRefused(s, bid(1, 'P99', 100), 'unknown_company');
	});

	it('acting out of turn is refused', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		expectRefused(s, bid(2, m, 100), 'not_your_turn');
		expectRefused(s, pass(3), 'not_your_turn');
	});

	it('live play: a second raise while still the highest bidder is refused (raise only when outbid)', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 100));
		expectRefused(s, bid(1, m, 105), 'already_highest_bidder');
	});

	it('import: the reference engine accepts a raise by the highest bidder (a UI-only rule)', () => {
		const s = newGame({ mode: 'import' });
		const [m] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 100), bid(1, m, 105));
		expect(s.round.kind === 'stock' && s.round.bids[m]).toEqual([{ player: 1, price: 105 }]);
	});

	it('live play: a bid on a new company needs a free bidding token', () => {
		// 7 players have 3 tokens each (rules digest 1.1).
		const s = newGame({ players: 7 });
		const boxes = allBidBoxes(s, configOf(s.setup)).reverse(); // three privates at £0, then a concession
		const minPrice = (c: string) => (c.startsWith('P') ? 0 : 100);
		play(s, ...boxes.slice(0, 3).map((c) => bid(1, c, minPrice(c))));
		for (let p = 2; p <= 7; p++) play(s, pass(p));
		expect(activePlayer(s)).toBe(1);
		expectRefused(s, bid(1, boxes[3], minPrice(boxes[3])), 'no_bidding_tokens');
	});

	it('import: bidding tokens are not checked by the reference engine', () => {
		const s = newGame({ players: 7, mode: 'import' });
		const boxes = allBidBoxes(s, configOf(s.setup)).reverse(); // three privates at £0, then a concession
		const minPrice = (c: string) => (c.startsWith('P') ? 0 : 100);
		play(s, ...boxes.slice(0, 3).map((c) => bid(1, c, minPrice(c))));
		for (let p = 2; p <= 7; p++) play(s, pass(p));
		play(s, bid(1, boxes[3], minPrice(boxes[3])));
	});

	it('live play: certificates plus winning bids may not reach the certificate limit', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const boxed = allBidBoxes(s, cfg);
		const spare = s.companyOrder.filter((c) => !boxed.includes(c) && c !== 'P16').slice(0, cfg.certLimit);
		for (const c of spare) giveCompany(s, 1, c);
		const [p] = privateBoxes(s, cfg);
		expectRefused(s, bid(1, p, 0), 'bid_cert_limit');
	});

	it('a player in debt may not bid until the loan is repaid, and repaying does not end the turn', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		player(s, 1).debt = 50;
		expectRefused(s, bid(1, m, 100), 'player_in_debt');
		play(s, { type: 'payoff_player_debt', entity: 1 });
		expect(player(s, 1).debt).toBe(0);
		expect(player(s, 1).cash).toBe(475);
		expect(activePlayer(s)).toBe(1);
		play(s, bid(1, m, 100));
	});

	it('a partial repayment pays the chosen amount', () => {
		const s = newGame();
		player(s, 1).debt = 50;
		play(s, { type: 'payoff_player_debt_partial', entity: 1, amount: 20 });
		expect(player(s, 1).debt).toBe(30);
		expectRefused(s, { type: 'payoff_player_debt_partial', entity: 1, amount: 0 }, 'invalid_amount');
	});
});
