/**
 * In an emergency the director must sell before the bank lends, and the sales that count are the
 * bundles the reference forms: ordinary certificates first, then the director's certificate,
 * whole or in part [game/base.rb liquidity, sellable_bundles, bundles_for_corporation;
 * g_1822/step/buy_train.rb must_take_player_loan?, sellable_shares?; step/emergency_money.rb
 * can_sell?]. The sales offered and the "must sell first" refusal read the same list, so a
 * director is never told to sell while offered nothing to sell.
 *
 * The position is a random game (seed 2116594499, 507 actions, kept in tests/fixtures/positions):
 * minor 9 has no train and no cash, the cheapest train is £500, its director has £385 and holds
 * only LBSCR's director's certificate (20%), half of which may go to the pool.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, type Action, type GameState } from '../../src/lib/engine/index';
import { recordedPosition } from '../support/recorded-position';

function position(): GameState {
	const s = recordedPosition('seed-2116594499-emergency-part-director');
	if (s.round.kind !== 'operating' || !operatingChoices(s)?.trains?.emergency) throw new Error('the recorded actions no longer reach the emergency');
	return s;
}

const buy5: Action = { type: 'buy_train', entity: '9', entity_type: 'corporation', train: '5-2', price: 500 } as Action;

describe('an emergency offers the sale of part of a director\u2019s certificate, and the bank lends only after it', () => {
	it('offers the partial sale and, while it is open, refuses the train with "must sell first"', () => {
		const s = position();
		const emergency = operatingChoices(s)?.trains?.emergency;
		expect(emergency).toMatchObject({ director: 1, cheapest: 500, directorPays: 385 });
		expect(emergency?.sellable).toEqual([{ corporation: 'LBSCR', shares: ['LBSCR_0'], percent: 10 }]);
		const refused = process(s, buy5);
		expect(refused.ok ? null : refused.error.code).toBe('must_sell_first');
		// The whole certificate is not a sale the emergency takes (the pool may hold at most half).
		const whole = process(s, { type: 'sell_shares', entity: 1, entity_type: 'player', shares: ['LBSCR_0'], percent: 20 } as Action);
		expect(whole.ok).toBe(false);
	});

	it('takes the offered sale; then nothing is left to sell and the bank lends the rest of the train', () => {
		const s = position();
		const before = s.players.find((p) => p.id === 1)!;
		const sale = process(s, { type: 'sell_shares', entity: 1, entity_type: 'player', shares: ['LBSCR_0'], percent: 10 } as Action);
		expect(sale.ok ? null : sale.error.message).toBeNull();
		if (!sale.ok) return;
		const after = sale.value;
		const raised = after.players.find((p) => p.id === 1)!.cash - before.cash;
		expect(raised).toBeGreaterThan(0);
		const emergency = operatingChoices(after)?.trains?.emergency;
		expect(emergency?.sellable).toEqual([]);
		const bought = process(after, buy5);
		expect(bought.ok ? null : bought.error.message).toBeNull();
		if (!bought.ok) return;
		const director = bought.value.players.find((p) => p.id === 1)!;
		const loan = 500 - (before.cash + raised);
		expect(loan).toBeGreaterThan(0);
		expect(director.cash).toBe(0);
		// Debt is the loan and half of it again, rounded up (rules digest 9.1).
		expect(director.debt - before.debt).toBe(loan + Math.ceil(loan / 2));
		expect(bought.value.corporations['9'].trains.map((t) => t.id)).toEqual(['5-2']);
	});
});
