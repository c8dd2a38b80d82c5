import { describe, expect, it } from 'vitest';
import { configOf } from '../config';
import { minorBoxes, privateBoxes } from './bidboxes';
import { bid, giveCompany, newGame, pass, play, player, priceOf } from '../testing';
import { applyAction } from '../process';
import type { GameState } from '../state';

const corpOf = (minor: string) => minor.slice(1);
const lCount = (s: GameState) => s.depot.upcoming.filter((t) => t.startsWith('L-')).length;

describe('end of the stock round (rules digest 3.8)', () => {
	it('if no bid at all was placed in the first stock round, the game ends at once (did not finish)', () => {
		const s = newGame();
		play(s, pass(1), pass(2), pass(3), pass(4));
		expect(s.end).toMatchObject({ finished: true, reason: 'dnf' });
		expect(s.round.kind).toBe('stock');
		expect(applyAction(s, pass(1)).ok).toBe(false);
	});

	it('phase 1: minors float at £50 with £100 treasury, the winner pays the whole bid and the rest goes to the bank', () => {
		const s = newGame();
		const boxes = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, boxes[1], 150), pass(1), bid(2, boxes[0], 100), pass(2), pass(3), pass(4), pass(1), pass(2));
		const a = s.corporations[corpOf(boxes[1])];
		expect(a.floated).toBe(true);
		expect(priceOf(s, a.id)).toBe(50);
		expect(a.cash).toBe(100);
		expect(a.shares[0].owner).toBe('player:1');
		expect(player(s, 1).cash).toBe(525 - 150);
		// 9900 after starting cash, + £50 of the £150 bid; the £100 bid all went to the treasury.
		expect(s.bank.cash).toBe(9950);
		expect(s.companies[boxes[1]]).toBeUndefined();
	});

	it('one L train leaves the depot per unbid minor, and an unbid box-1 minor closes and exports the next train', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const boxes = minorBoxes(s, cfg);
		const [p] = privateBoxes(s, cfg);
		play(s, bid(1, p, 0), pass(1), pass(2), pass(3), pass(4), pass(1));
		// 4 unbid minors remove 4 Ls, then box 1's train is exported: 22 − 5.
		expect(lCount(s)).toBe(17);
		expect(s.corporations[corpOf(boxes[0])].closed).toBe(true);
		expect(s.companies[boxes[0]]).toBeUndefined();
		expect(s.companies[boxes[1]]).toBeDefined();
		expect(s.phase).toBe(0);
	});

	it('minors float in order of bid, highest first; equal bids go to the lower box', () => {
		const s = newGame();
		const boxes = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, boxes[2], 100), pass(1), bid(2, boxes[1], 100), pass(2), bid(3, boxes[3], 120), pass(3), pass(4), pass(1), pass(2), pass(3));
		expect(s.round.kind).toBe('operating');
		if (s.round.kind !== 'operating') return;
		expect(s.round.order).toEqual([corpOf(boxes[3]), corpOf(boxes[1]), corpOf(boxes[2])]);
		// The first operator's home token is placed at the start of its turn.
		expect(s.board.tokens.filter((t) => t.corporation === corpOf(boxes[3])).length).toBe(1);
		expect(s.board.tokens.filter((t) => t.corporation === corpOf(boxes[1])).length).toBe(0);
	});

	it('phase 2: a minor floats at the par cell at or below half its bid, with twice that par in its treasury', () => {
		const s = newGame();
		s.phase = 1;
		const boxes = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, boxes[0], 150), pass(1), pass(2), pass(3), pass(4), pass(1));
		const m = s.corporations[corpOf(boxes[0])];
		expect(priceOf(s, m.id)).toBe(70);
		expect(m.cash).toBe(140);
	});

	it('phase 3 on: a minor keeps the whole winning bid as treasury', () => {
		const s = newGame();
		s.phase = 2;
		const boxes = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, boxes[0], 215), pass(1), pass(2), pass(3), pass(4), pass(1));
		const m = s.corporations[corpOf(boxes[0])];
		expect(priceOf(s, m.id)).toBe(100);
		expect(m.cash).toBe(215);
	});

	it('won concessions and privates go to the highest bidder, who pays the bank', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const [p] = privateBoxes(s, cfg);
		play(s, bid(1, p, 20), pass(1), bid(2, p, 25), pass(2), pass(3), pass(4), pass(1), pass(2));
		expect(s.companies[p].owner).toBe('player:2');
		expect(player(s, 2).companies).toEqual([p]);
	});

	it('loans grow by 50% (rounded up) at the end of every stock round', () => {
		const s = newGame();
		const [p] = privateBoxes(s, configOf(s.setup));
		player(s, 4).debt = 15;
		play(s, bid(1, p, 0), pass(1), pass(2), pass(3), pass(4), pass(1));
		expect(player(s, 4).debt).toBe(23);
	});

	it('turn order for the next round: most cash first, ties keep the previous order', () => {
		const s = newGame();
		const boxes = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, boxes[0], 150), pass(1), bid(2, boxes[1], 100), pass(2), pass(3), pass(4), pass(1), pass(2));
		// Cash after the round: 1 → 375, 2 → 425, 3 and 4 → 525.
		expect(s.players.map((p) => p.id)).toEqual([3, 4, 2, 1]);
	});

	it("P9's double cash makes its holder's cash count twice for the re-order", () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		const boxes = minorBoxes(s, cfg);
		if (s.companies.P9.owner === 'bank') s.companies.P9.owner = null;
		giveCompany(s, 1, 'P9');
		play(s, bid(1, boxes[0], 300), pass(1), pass(2), pass(3), pass(4), pass(1));
		expect(s.round.kind).toBe('choices');
		play(s, { type: 'choose', entity: 1, choice: 'double' });
		// 225 × 2 = 450 < 525: player 1 still goes after 2, 3 and 4 … but ahead of nobody.
		expect(s.players.map((p) => p.id)).toEqual([2, 3, 4, 1]);
		expect(s.round.kind).toBe('operating');
	});

	it('P9 double cash can move its holder to the front', () => {
		const s = newGame();
		const boxes = minorBoxes(s, configOf(s.setup));
		if (s.companies.P9.owner === 'bank') s.companies.P9.owner = null;
		giveCompany(s, 4, 'P9');
		play(s, pass(1), pass(2), pass(3), bid(4, boxes[0], 200), pass(4), pass(1), pass(2), pass(3), pass(4));
		play(s, { type: 'choose', entity: 4, choice: 'double' });
		// Player 4: 325 × 2 = 650 beats 525.
		expect(s.players.map((p) => p.id)).toEqual([4, 1, 2, 3]);
	});
});
