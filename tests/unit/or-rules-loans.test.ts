/**
 * A player's loan (issue 5; rules digest 9.1 level 4, 9.2, 3.8 step 9): taken in an operating
 * round when the director has nothing left to sell, it is debt = loan + 50% rounded up; at the
 * end of every stock round the debt grows by 50% rounded up. While in debt a player may not bid
 * or buy; "payoff" repays min(cash, debt), "partial payoff" a chosen amount capped at both, and
 * repaying does not end the turn.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { minorBoxes } from '../../src/lib/engine/titles/g1822/stock/bidboxes';
import { startStockRound } from '../../src/lib/engine/titles/g1822/stock/round-start';
import { activePlayer, bid, newGame, pass, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { majorTurn, refusedInPlace, run } from './or-support';

const CORP = 'NBR';

/** Passes for whoever is to act until the stock round is over. */
function passRound(s: GameState): GameState {
	for (let i = 0; i < 40 && s.round.kind === 'stock'; i++) s = run(s, pass(activePlayer(s)));
	expect(s.round.kind).not.toBe('stock');
	return s;
}

/** Passes for the others until `playerId` is to act in the stock round. */
function untilTurnOf(s: GameState, playerId: number): GameState {
	for (let i = 0; i < 8 && activePlayer(s) !== playerId; i++) s = run(s, pass(activePlayer(s)));
	expect(activePlayer(s)).toBe(playerId);
	return s;
}

describe("a loan's interest growing across two stock rounds (rules digest 9.1, 9.2, 3.8 step 9)", () => {
	it('a £35 loan taken in an OR is £53 of debt, £80 after the next stock round and £120 after the one after', () => {
		// NBR, player 1's, must buy its first train in the last OR of the set; NBR has nothing and
		// player 1 has £25 and nothing to sell.
		const s = majorTurn(CORP, 'buy_train', { phase: '1' });
		if (s.round.kind !== 'operating') throw new Error('not an operating round');
		s.round.total = 1;
		s.bidPlaced = true;
		s.corporations[CORP].cash = 0;
		player(s, 1).cash = 25;
		let t = run(s, { type: 'buy_train', entity: CORP, entity_type: 'corporation', train: 'L-0', price: 60 });
		expect(player(t, 1)).toMatchObject({ cash: 0, debt: 35 + 18 });
		// NBR could still issue shares; it passes, and the set of ORs ends.
		if (t.round.kind === 'operating') t = run(t, { type: 'pass', entity: CORP });
		expect(t.round.kind).toBe('stock');
		expect(player(t, 1).debt).toBe(53);
		t = passRound(t);
		expect(player(t, 1).debt).toBe(53 + 27);
		// The next set of ORs is skipped by construction: straight into the next stock round.
		startStockRound(t, configOf(t.setup));
		expect(player(t, 1).debt).toBe(80);
		t = passRound(t);
		expect(player(t, 1).debt).toBe(80 + 40);
		expect(player(t, 1).cash).toBe(0);
	});
});

describe('a player in debt in the stock round (rules digest 9.2)', () => {
	/** A stock round in which player 1 owes £120 and holds £100. */
	function indebted(): GameState {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		player(s, 1).debt = 120;
		player(s, 1).cash = 100;
		return untilTurnOf(s, 1);
	}
	const box = (s: GameState) => minorBoxes(s, configOf(s.setup))[0];

	it('a bid and a share purchase are refused while in debt, and the state is unchanged', () => {
		const s = indebted();
		expect(refusedInPlace(s, bid(1, box(s), 100))).toBe('player_in_debt');
		expect(refusedInPlace(s, { type: 'buy_shares', entity: 1, shares: ['GWR_1'] } as Action)).toBe('player_in_debt');
	});

	it('a partial payoff repays the amount chosen, capped at cash; it does not end the turn', () => {
		const s = indebted();
		let t = run(s, { type: 'payoff_player_debt_partial', entity: 1, amount: 30 } as Action);
		expect(player(t, 1)).toMatchObject({ cash: 70, debt: 90 });
		expect(activePlayer(t)).toBe(1);
		t = run(t, { type: 'payoff_player_debt_partial', entity: 1, amount: 500 } as Action);
		expect(player(t, 1)).toMatchObject({ cash: 0, debt: 20 });
		expect(refusedInPlace(t, { type: 'payoff_player_debt', entity: 1 } as Action)).toBe('insufficient_cash');
		expect(refusedInPlace(t, bid(1, box(t), 100))).toBe('player_in_debt');
	});

	it('a full payoff repays min(cash, debt); once clear the player may bid in the same turn', () => {
		const s = indebted();
		player(s, 1).cash = 300;
		const bank = s.bank.cash;
		let t = run(s, { type: 'payoff_player_debt', entity: 1 } as Action);
		expect(player(t, 1)).toMatchObject({ cash: 180, debt: 0 });
		expect(t.bank.cash).toBe(bank + 120);
		expect(refusedInPlace(t, { type: 'payoff_player_debt', entity: 1 } as Action)).toBe('no_debt');
		t = run(t, bid(1, box(t), 100));
		expect(player(t, 1).debt).toBe(0);
	});
});
