/**
 * P16 (TH, Tax Haven), read from g_1822/game.rb company_choices_osth / company_made_choice_osth
 * (a 10% share of a major from the treasury or the market, at the current price, in the owner's
 * turn; the owner pays; no 60% or certificate check; the purchase ends the turn),
 * g_1822/step/buy_sell_par_shares.rb process_choose_ability, company_tax_haven_payout (dividends
 * to the Tax Haven's cash, truncated), g_1822/round/stock.rb (a Tax Haven share counts for
 * "sold out"), g_1822/game.rb player_value / tax_haven_value (its cash and shares go to the
 * owner's value) and the `tax_haven_multiple` variant (one share per stock round, never two of
 * one major, paid from its own cash once it holds anything). Rules digest 10.2, 8.2, 11.
 * The one-share-per-game limit of the default rule is pinned in privates-limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { legalActionTypes, scores, type Action } from '../../src/lib/engine/index';
import { taxHavenChoices } from '../../src/lib/engine/titles/g1822/tax-haven-choices';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { activePlayer, giveCompany, newGame, player, priceOf, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { operatingTurn, refusedCode, run } from './or-support';

const th = (choice: string): Action => ({ type: 'choose_ability', entity: 'P16', entity_type: 'company', choice });

/** A stock round with GWR started (£100) by player 2; the active player holds P16. */
function position(rules: string[] = []): { s: GameState; owner: number } {
	const s = newGame({ mode: 'live', rules });
	startMajor(s, 'GWR', 2, 100);
	startMajor(s, 'MR', 2, 100);
	const owner = activePlayer(s);
	giveCompany(s, owner, 'P16');
	return { s, owner };
}

const thShares = (s: GameState, corp: string) => s.corporations[corp].shares.filter((c) => c.owner === 'taxhaven').length;

describe('P16 Tax Haven purchase [g_1822/game.rb company_made_choice_osth]', () => {
	it('lists its choices for the UI; a treasury share costs the owner £100, paid to the treasury; the turn ends', () => {
		const { s, owner } = position();
		expect(legalActionTypes(s)).toContain('choose_ability');
		expect(taxHavenChoices(s)).toEqual(expect.arrayContaining(['GWR_ipo', 'GWR_market', 'MR_ipo', 'MR_market']));
		const cash = player(s, owner).cash;
		const treasury = s.corporations.GWR.cash;
		const after = run(s, th('GWR_ipo'));
		expect(thShares(after, 'GWR')).toBe(1);
		expect(player(after, owner).cash).toBe(cash - 100);
		expect(after.corporations.GWR.cash).toBe(treasury + 100);
		expect(activePlayer(after)).not.toBe(owner);
	});

	it('a market share is paid to the bank; no 60% check applies to the Tax Haven', () => {
		const { s, owner } = position();
		const certs = s.corporations.GWR.shares.filter((c) => !c.president);
		certs.slice(0, 4).forEach((c) => (c.owner = `player:${owner}`));
		certs[4].owner = 'pool';
		const bank = s.bank.cash;
		const after = run(s, th('GWR_market'));
		expect(after.corporations.GWR.shares.find((c) => c.index === certs[4].index)?.owner).toBe('taxhaven');
		expect(after.bank.cash).toBe(bank + 100);
	});

	it('is refused with no market share, for a major sold this round, after a bid, and for a non-owner; state unchanged', () => {
		const { s, owner } = position();
		expect(refusedCode(s, th('GWR_market'))).toBe('share_not_available');
		if (s.round.kind === 'stock') s.round.sold[String(owner)] = ['GWR'];
		expect(refusedCode(s, th('GWR_ipo'))).toBe('sold_this_round');
		if (s.round.kind === 'stock') s.round.turn.bids = 1;
		expect(refusedCode(s, th('MR_ipo'))).toBe('buy_after_bid');
		const other = position();
		other.s.companies.P16.owner = 'player:9';
		expect(refusedCode(other.s, th('GWR_ipo'))).toBe('not_your_turn');
	});
});

describe('P16 Tax Haven holdings [g_1822/game.rb company_tax_haven_payout, player_value]', () => {
	it('a dividend of £105 pays the Tax Haven share £10 (truncated) into its own cash', () => {
		const { s, owner } = position();
		const after = run(s, th('GWR_ipo'));
		operatingTurn(after, 'GWR', 'dividend');
		if (after.round.kind === 'operating') after.round.turn.revenue = 105;
		const ownerCash = player(after, owner).cash;
		const paid = run(after, { type: 'dividend', entity: 'GWR', entity_type: 'corporation', kind: 'payout' });
		expect(paid.taxHaven.cash).toBe(10);
		expect(player(paid, owner).cash).toBe(ownerCash);
	});

	it("the owner's value counts the Tax Haven's cash and shares; another player's does not", () => {
		const { s, owner } = position();
		const after = run(s, th('GWR_ipo'));
		after.taxHaven.cash = 37;
		const other = after.players.find((p) => p.id !== owner && p.id !== 2)!;
		const values = scores(after);
		expect(values[String(owner)]).toBe(player(after, owner).cash + 100 + 37);
		expect(values[String(other.id)]).toBe(other.cash);
	});

	it('a major whose last share sits in the Tax Haven is sold out at the end of the stock round', () => {
		const { s } = position();
		const after = run(s, th('GWR_ipo'));
		const certs = after.corporations.GWR.shares.filter((c) => c.owner === 'treasury');
		certs.forEach((c) => (c.owner = 'player:2'));
		after.bidPlaced = true;
		after.turn = 2;
		const price = priceOf(after, 'GWR')!;
		let t = after;
		for (let i = 0; i < 4 && t.round.kind === 'stock'; i++) t = run(t, { type: 'pass', entity: activePlayer(t) });
		expect(t.round.kind).not.toBe('stock');
		expect(priceOf(t, 'GWR')).toBeGreaterThan(price);
		expect(priceOf(t, 'MR')).toBe(price);
	});
});

describe('P16 under tax_haven_multiple [g_1822/game.rb company_choices_osth]', () => {
	it('a second share in a later round is paid from the Tax Haven cash; never two of one major', () => {
		const { s, owner } = position(['tax_haven_multiple']);
		const first = run(s, th('GWR_ipo'));
		const later = structuredClone(first);
		if (later.round.kind !== 'stock') throw new Error('a stock round expected');
		later.round.current = later.players.findIndex((p) => p.id === owner);
		later.round.taxHavenUsed = false;
		later.round.turn = { bids: 0, acted: false };
		later.taxHaven.cash = 150;
		const cash = player(later, owner).cash;
		expect(refusedCode(later, th('GWR_ipo'))).toBe('tax_haven_same_major');
		const second = run(later, th('MR_ipo'));
		expect(thShares(second, 'MR')).toBe(1);
		expect(second.taxHaven.cash).toBe(50);
		expect(player(second, owner).cash).toBe(cash);
	});

	it('only once per stock round', () => {
		const { s } = position(['tax_haven_multiple']);
		const first = run(s, th('GWR_ipo'));
		if (first.round.kind !== 'stock') throw new Error('a stock round expected');
		first.round.current = first.players.findIndex((p) => p.companies.includes('P16'));
		first.round.turn = { bids: 0, acted: false };
		expect(refusedCode(first, th('MR_ipo'))).toBe('tax_haven_used');
	});
});
