/**
 * A player in debt repays part of it in a stock round, as on 18xx.games: while the player has
 * debt and cash, the stock step offers both `payoff_player_debt` and
 * `payoff_player_debt_partial` [g_1822/step/buy_sell_par_shares.rb actions]. A partial
 * repayment pays the amount asked, but never more than the player's cash [base.rb
 * payoff_player_loan] nor more than the debt [spender.rb repay_cash_loan]; zero or less is
 * refused, as the site refuses to spend it [spender.rb check_positive]. Rules digest 9.2.
 */
import { describe, expect, it } from 'vitest';
import { legalActionTypes, stockRoundChoices, type Action } from '../../src/lib/engine/index';
import { applyAction } from '../../src/lib/engine/titles/g1822/process';
import { stateHash } from '../../src/lib/engine/core/state-hash';
import { newGame, play, player } from '../../src/lib/engine/titles/g1822/testing';
import { legalCandidates } from '../support/random-player';
import { Prng } from '../support/fuzz/prng';

const partial = (amount: number): Action => ({ type: 'payoff_player_debt_partial', entity: 1, entity_type: 'player', amount });

describe('partial repayment of a player loan (rules digest 9.2)', () => {
	it('a player with debt and cash is offered both repayments, up to the smaller of the two', () => {
		const s = newGame();
		const cash = player(s, 1).cash;
		player(s, 1).debt = 50;
		expect(legalActionTypes(s)).toEqual(expect.arrayContaining(['payoff_player_debt', 'payoff_player_debt_partial']));
		expect(stockRoundChoices(s)?.repayMax).toBe(50);
		player(s, 1).debt = cash + 300;
		expect(stockRoundChoices(s)?.repayMax).toBe(cash);
	});

	it('a player without debt, or without cash, is offered neither', () => {
		const s = newGame();
		expect(legalActionTypes(s)).not.toContain('payoff_player_debt_partial');
		expect(stockRoundChoices(s)?.repayMax).toBe(0);
		player(s, 1).debt = 40;
		player(s, 1).cash = 0;
		expect(legalActionTypes(s)).not.toContain('payoff_player_debt');
		expect(legalActionTypes(s)).not.toContain('payoff_player_debt_partial');
		expect(stockRoundChoices(s)?.repayMax).toBe(0);
	});

	it('more than the cash pays the cash; more than the debt pays the debt; the turn goes on', () => {
		const s = newGame();
		const cash = player(s, 1).cash;
		player(s, 1).debt = cash + 100;
		play(s, partial(cash + 60));
		expect(player(s, 1).cash).toBe(0);
		expect(player(s, 1).debt).toBe(100);

		const t = newGame();
		const bank = t.bank.cash;
		player(t, 1).debt = 30;
		play(t, partial(70));
		expect(player(t, 1).debt).toBe(0);
		expect(player(t, 1).cash).toBe(cash - 30);
		expect(t.bank.cash).toBe(bank + 30);
		expect(legalActionTypes(t)).toContain('bid');
	});

	it('zero, a negative or a fractional amount is refused and changes nothing', () => {
		const s = newGame();
		player(s, 1).debt = 50;
		for (const amount of [0, -10, 2.5]) {
			const before = stateHash(s);
			const r = applyAction(s, partial(amount));
			expect(r.ok ? 'accepted' : r.error.code).toBe('invalid_amount');
			expect(stateHash(s)).toBe(before);
		}
	});

	it('the random player offers partial repayments the engine accepts, from £1 to beyond the cash', () => {
		const s = newGame();
		player(s, 1).debt = 80;
		const rng = new Prng(7);
		const amounts = new Set<number>();
		for (let i = 0; i < 200; i++) {
			for (const c of legalCandidates(s, rng)) {
				if (c.action.type !== 'payoff_player_debt_partial') continue;
				amounts.add(c.action.amount);
				const copy = structuredClone(s);
				expect(applyAction(copy, c.action).ok).toBe(true);
			}
		}
		expect([...amounts].some((a) => a >= 1 && a <= 80)).toBe(true);
		expect([...amounts].some((a) => a > 80)).toBe(true);
	});
});
