import { describe, expect, it } from 'vitest';
import { applyAction } from '../process';
import { activePlayer, newGame, pass, play, player, startMajor } from '../testing';
import type { GameState } from '../state';

/**
 * Player 1 directs LNWR (its director's certificate is 10%), has £40 and owes £100; the Tax
 * Haven holds one LNWR share when `taxHaven` is set. Player 1 is to act in a stock round.
 */
function position(taxHaven: boolean, rulesVersion: 1 | 2 = 2): GameState {
	const s = newGame({ rulesVersion });
	startMajor(s, 'LNWR', 1, 100, 1);
	if (taxHaven) s.corporations.LNWR.shares.find((c) => !c.president)!.owner = 'taxhaven';
	player(s, 1).cash = 40;
	player(s, 1).debt = 100;
	expect(activePlayer(s)).toBe(1);
	return s;
}

describe('a sale offered only because the Tax Haven could take the directorship keeps the turn open [share_bundle.rb can_dump?; g_1822/step/buy_sell_par_shares.rb actions]', () => {
	it('after repaying down to £0 the player must still pass: the reference offers the LNWR sale', () => {
		const s = position(true);
		play(s, { type: 'payoff_player_debt', entity: 1 });
		expect(player(s, 1).cash).toBe(0);
		expect(player(s, 1).debt).toBe(60);
		expect(activePlayer(s)).toBe(1);
		// The sale itself fails in the reference (no distance to the Tax Haven), so it is refused here.
		const sale = applyAction(s, { type: 'sell_shares', entity: 1, shares: ['LNWR_0'], percent: 10 });
		expect(sale.ok ? null : sale.error.code).toBe('president_dump');
		play(s, pass(1));
		expect(activePlayer(s)).toBe(2);
	});

	it('without the Tax Haven share nothing is offered and the turn ends by itself', () => {
		const s = position(false);
		play(s, { type: 'payoff_player_debt', entity: 1 });
		expect(activePlayer(s)).toBe(2);
	});

	it('rules version 1 keeps its old reading: repaying never ends the turn', () => {
		for (const taxHaven of [true, false]) {
			const s = position(taxHaven, 1);
			play(s, { type: 'payoff_player_debt', entity: 1 });
			expect(activePlayer(s)).toBe(1);
		}
	});
});

describe('a sale that would make the Tax Haven a candidate director is refused [share_pool.rb transfer_shares, distance]', () => {
	/** Player 1 directs LNWR with 20% (director's 10% + LNWR_1); player 2 holds `other` shares; the Tax Haven one. */
	function saleAt(other: number, rulesVersion: 1 | 2 = 2) {
		const s = newGame({ rulesVersion });
		startMajor(s, 'LNWR', 1, 100, 1);
		const certs = s.corporations.LNWR.shares;
		certs.find((c) => c.index === 1)!.owner = 'player:1';
		certs.find((c) => c.index === 2)!.owner = 'taxhaven';
		for (let k = 0; k < other; k++) certs.find((c) => c.index === 3 + k)!.owner = 'player:2';
		return { r: applyAction(s, { type: 'sell_shares', entity: 1, shares: ['LNWR_1', 'LNWR_0'], percent: 20 }), s };
	}

	it('refused while the Tax Haven holds as much as the player who would take over', () => {
		const { r } = saleAt(1);
		expect(r.ok ? null : r.error.code).toBe('president_to_tax_haven');
	});

	it('accepted when another player holds more than the Tax Haven', () => {
		const { r, s } = saleAt(2);
		expect(r.ok).toBe(true);
		expect(s.corporations.LNWR.shares.find((c) => c.president)!.owner).toBe('player:2');
	});

	it('rules version 1 keeps its old reading: the sale is accepted', () => {
		expect(saleAt(1, 1).r.ok).toBe(true);
	});
});
