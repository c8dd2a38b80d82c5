import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../core/state-hash';
import type { Action } from '../../../core/actions';
import { applyAction } from '../process';
import { configOf } from '../config';
import { allBidBoxes, privateBoxes } from './bidboxes';
import { activePlayer, bid, giveCompany, newGame, pass, play, player, priceOf, startMajor } from '../testing';
import { fireEvent } from '../trains-ops';
import type { GameState } from '../state';
import { placeOnMarket } from '../market-ops';

function expectRefused(state: GameState, action: Action, code: string): void {
	const before = stateHash(state);
	const r = applyAction(state, action);
	expect(r.ok ? 'accepted' : r.error.code).toBe(code);
	expect(stateHash(state)).toBe(before);
}
const buy = (entity: number, share: string): Action => ({ type: 'buy_shares', entity, shares: [share], percent: 10 });
const sell = (entity: number, ...shares: string[]): Action => ({ type: 'sell_shares', entity, shares });
const par = (entity: number, corporation: string, sp: string): Action => ({ type: 'par', entity, corporation, share_price: sp });
const owners = (s: GameState, corp: string) => s.corporations[corp].shares.map((c) => c.owner);
/** Holder of the certificate with this index (certificates may change places in the list). */
const ownerOf = (s: GameState, corp: string, index: number) => s.corporations[corp].shares.find((c) => c.index === index)?.owner;

/** Frees a company from the bid boxes so a test can hand it to a player. */
function take(s: GameState, playerId: number, company: string): void {
	if (s.companies[company].owner === 'bank') s.companies[company].owner = null;
	giveCompany(s, playerId, company);
}

describe('buying shares of majors (rules digest 3.4)', () => {
	it('a treasury share costs the market price and pays the treasury while capitalisation is incremental; it ends the turn', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		play(s, buy(1, 'GWR_1'));
		expect(player(s, 1).cash).toBe(425);
		expect(s.corporations.GWR.cash).toBe(300);
		expect(activePlayer(s)).toBe(2);
	});

	it('no player may hold more than 60% of a major', () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		for (const i of [1, 2, 3, 4]) s.corporations.GWR.shares[i].owner = 'player:1';
		expectRefused(s, buy(1, 'GWR_5'), 'ownership_limit');
	});

	it('a buy is refused at the certificate limit, unless the price is in a yellow cell', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		startMajor(s, 'GWR', 2, 100);
		const boxed = allBidBoxes(s, cfg);
		for (const c of s.companyOrder.filter((c) => !boxed.includes(c) && c !== 'P16').slice(0, cfg.certLimit)) giveCompany(s, 1, c);
		expectRefused(s, buy(1, 'GWR_1'), 'cert_limit');
		placeOnMarket(s, s.corporations.GWR, 6, 0); // £45, yellow
		play(s, buy(1, 'GWR_1'));
	});

	it('no buying in a turn with a bid', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		const [p] = privateBoxes(s, configOf(s.setup));
		play(s, bid(1, p, 0));
		expectRefused(s, buy(1, 'GWR_1'), 'buy_after_bid');
	});

	it('a player in debt may not buy', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		player(s, 1).debt = 10;
		expectRefused(s, buy(1, 'GWR_1'), 'player_in_debt');
	});

	it('only one share per turn', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		expectRefused(s, { type: 'buy_shares', entity: 1, shares: ['GWR_1', 'GWR_2'] }, 'one_share_per_turn');
	});
});

describe('selling shares (rules digest 3.5)', () => {
	it('each 10% sold moves the price down one row and pays the seller; a sold major cannot be bought back this round', () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		s.corporations.GWR.shares[1].owner = 'player:1';
		play(s, sell(1, 'GWR_1'));
		expect(player(s, 1).cash).toBe(625);
		expect(priceOf(s, 'GWR')).toBe(90);
		expect(ownerOf(s, 'GWR', 1)).toBe('pool');
		expect(activePlayer(s)).toBe(1);
		expectRefused(s, buy(1, 'GWR_2'), 'sold_this_round');
	});

	it('shares of a major that has not operated cannot be sold', () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100, 0);
		s.corporations.GWR.shares[1].owner = 'player:1';
		expectRefused(s, sell(1, 'GWR_1'), 'not_operated');
	});

	it('the market may hold at most 50% of a major', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		for (const i of [1, 2, 3, 4, 5]) s.corporations.GWR.shares[i].owner = 'pool';
		s.corporations.GWR.shares[6].owner = 'player:1';
		expectRefused(s, sell(1, 'GWR_6'), 'market_limit');
	});

	it("the director's certificate can only be sold when another player holds as much", () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		s.corporations.GWR.shares[1].owner = 'player:2';
		expectRefused(s, sell(1, 'GWR_0'), 'president_dump');
	});

	it('minor certificates can never be sold', () => {
		const s = newGame();
		const minor = Object.values(s.corporations).find((c) => c.type === 'minor')!;
		minor.ipoed = minor.floated = true;
		minor.operated = 3;
		minor.shares[0].owner = 'player:1';
		expectRefused(s, sell(1, `${minor.id}_0`), 'not_sellable');
	});
});

describe('converting concessions and starting majors (rules digest 3.4)', () => {
	it('a concession cannot be converted in phase 1', () => {
		const s = newGame();
		take(s, 1, 'C2');
		expectRefused(s, par(1, 'GWR', '80,6,4'), 'cannot_convert_yet');
	});

	it('converting from phase 2: the player pays 2 × par − £100, the bank adds £100, and the major floats at once', () => {
		const s = newGame();
		s.phase = 1;
		take(s, 1, 'C2');
		const bank = s.bank.cash;
		play(s, par(1, 'GWR', '80,6,4'));
		expect(player(s, 1).cash).toBe(465);
		expect(s.corporations.GWR.cash).toBe(160);
		expect(s.bank.cash).toBe(bank - 100);
		expect(s.corporations.GWR.floated).toBe(true);
		expect(s.companies.C2.closed).toBe(true);
		expect(player(s, 1).companies).not.toContain('C2');
		expect(ownerOf(s, 'GWR', 0)).toBe('player:1');
		expect(activePlayer(s)).toBe(2);
	});

	it('converting LNWR: the player pays nothing and the bank pays the par price', () => {
		const s = newGame();
		s.phase = 1;
		take(s, 1, 'C1');
		play(s, par(1, 'LNWR', '90,5,4'));
		expect(player(s, 1).cash).toBe(525);
		expect(s.corporations.LNWR.cash).toBe(90);
		expect(s.corporations.LNWR.floated).toBe(true);
	});

	it('only the holder of the concession may convert it', () => {
		const s = newGame();
		s.phase = 1;
		expectRefused(s, par(1, 'GWR', '100,4,4'), 'no_concession');
	});

	it('live play: the par must be a major par cell', () => {
		const s = newGame();
		s.phase = 1;
		take(s, 1, 'C2');
		expectRefused(s, par(1, 'GWR', '110,4,5'), 'invalid_par');
		expectRefused(s, par(1, 'GWR', '100,6,4'), 'invalid_par');
	});

	it('from phase 5 any player may start a major without a concession; it floats at 50%', () => {
		const s = newGame();
		s.phase = 4;
		fireEvent(s, configOf(s.setup), 'close_concessions');
		play(s, par(1, 'MR', '100,4,4'));
		expect(player(s, 1).cash).toBe(325);
		expect(s.corporations.MR.cash).toBe(200);
		expect(s.corporations.MR.floated).toBe(false);
	});

	it('full capitalisation from phase 6: money goes to the bank; on floating the treasury shares go to the market and the bank pays 10 × price', () => {
		const s = newGame();
		s.phase = 5;
		const cfg = configOf(s.setup);
		fireEvent(s, cfg, 'close_concessions');
		fireEvent(s, cfg, 'full_capitalisation');
		const bank = s.bank.cash;
		play(s, par(1, 'MR', '100,4,4'), buy(2, 'MR_1'), buy(3, 'MR_2'));
		expect(s.corporations.MR.cash).toBe(0);
		expect(s.bank.cash).toBe(bank + 400);
		play(s, buy(4, 'MR_3'));
		expect(s.corporations.MR.floated).toBe(true);
		expect(s.corporations.MR.cash).toBe(1000);
		expect(s.bank.cash).toBe(bank + 500 - 1000);
		expect(owners(s, 'MR').filter((o) => o === 'pool').length).toBe(5);
		expect(s.corporations.MR.capitalization).toBe('incremental');
	});
});

describe('P16 Tax Haven (rules digest 10.2)', () => {
	it('its owner may buy one share for it in their turn; the purchase ends the turn; by default only one share per game', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		take(s, 1, 'P16');
		play(s, { type: 'choose_ability', entity: 'P16', choice: 'GWR_ipo' });
		expect(ownerOf(s, 'GWR', 1)).toBe('taxhaven');
		expect(player(s, 1).cash).toBe(425);
		expect(s.corporations.GWR.cash).toBe(300);
		expect(activePlayer(s)).toBe(2);
		play(s, pass(2), pass(3), pass(4));
		expectRefused(s, { type: 'choose_ability', entity: 'P16', choice: 'GWR_ipo' }, 'tax_haven_used');
	});

	it('P16 does not count toward the certificate limit', () => {
		const s = newGame();
		const cfg = configOf(s.setup);
		take(s, 1, 'P16');
		const boxed = allBidBoxes(s, cfg);
		for (const c of s.companyOrder.filter((c) => !boxed.includes(c) && c !== 'P16').slice(0, cfg.certLimit - 1)) giveCompany(s, 1, c);
		const [p] = privateBoxes(s, cfg);
		play(s, bid(1, p, 0));
	});

	it('the Tax Haven cannot buy after a bid in the same turn', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		take(s, 1, 'P16');
		const [p] = privateBoxes(s, configOf(s.setup));
		play(s, bid(1, p, 0));
		expectRefused(s, { type: 'choose_ability', entity: 'P16', choice: 'GWR_ipo' }, 'buy_after_bid');
	});
});

describe('presidency', () => {
	it('buying more than the director moves the director’s certificate; the old director takes back ordinary shares', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		for (const i of [1, 2]) s.corporations.GWR.shares[i].owner = 'player:1';
		play(s, buy(1, 'GWR_3'));
		expect(ownerOf(s, 'GWR', 0)).toBe('player:1');
		expect(owners(s, 'GWR').filter((o) => o === 'player:2').length).toBe(2);
		expect(owners(s, 'GWR').filter((o) => o === 'player:1').length).toBe(2);
	});

	it('selling the director’s certificate hands it to the largest other holder and sends ordinary shares to the market', () => {
		const s = newGame();
		startMajor(s, 'GWR', 1, 100);
		s.corporations.GWR.shares[1].owner = 'player:1';
		for (const i of [2, 3, 4]) s.corporations.GWR.shares[i].owner = 'player:2';
		play(s, sell(1, 'GWR_0'));
		expect(ownerOf(s, 'GWR', 0)).toBe('player:2');
		expect(owners(s, 'GWR').filter((o) => o === 'pool').length).toBe(2);
		expect(owners(s, 'GWR').filter((o) => o === 'player:1').length).toBe(1);
		expect(player(s, 1).cash).toBe(725);
		expect(priceOf(s, 'GWR')).toBe(80);
	});
});

describe('turn flow', () => {
	it('a player in debt with no cash and nothing to sell is passed automatically', () => {
		const s = newGame();
		player(s, 2).debt = 100;
		player(s, 2).cash = 0;
		const [p] = privateBoxes(s, configOf(s.setup));
		play(s, bid(1, p, 0), pass(1));
		expect(activePlayer(s)).toBe(3);
		expect(s.round.kind === 'stock' && s.round.passed).toEqual([2]);
	});
});
