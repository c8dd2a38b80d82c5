/**
 * Engine bugs found by the random player (issue 12), each pinned by a small hand-built position:
 * what the queries offer must be what the engine accepts, and live play must never let a player
 * spend cash that covers a winning bid.
 */
import { describe, expect, it } from 'vitest';
import { legalActionTypes, operatingChoices, process, stockRoundChoices, type Action, type GameState } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { activePlayer, giveCompany, newGame, play, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { majorTurn, phaseIndex } from './or-support';
import { applyTileLay } from '../../src/lib/engine/core/track-lay';
import { freeTileId, tokensInCity, cityCapacity } from '../../src/lib/engine/core/board';
import { hexId } from '../../src/lib/engine/core/ids';
import { mapFor } from '../../src/lib/engine/titles/g1822/board-ops';
import { cityTownEdges } from '../../src/lib/engine/core/tile';
import { checkInvariants } from '../support/invariants';
import { M14_PENDING_TOKEN } from '../../src/lib/engine/titles/g1822/operating/m14-acquisition';
import { cityId } from '../../src/lib/engine/index';

describe('rules digest 5.4: the destination token is offered only once the destination is connected', () => {
	it('a major whose destination is not yet reached is not offered hex_token, which the engine refuses', () => {
		const s = majorTurn('NBR', 'track', { phase: '3' });
		placeHome(s, 'NBR');
		const c = operatingChoices(s)!;
		expect(c.destination).toBeNull();
		expect(c.actions).not.toContain('hex_token');
		// The engine's own answer for the destination of NBR, H1 (rules digest 5.4).
		const r = process(s, { type: 'hex_token', entity: 'NBR', entity_type: 'corporation', hex: 'H1' } as Action);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.error.code).toBe('destination_not_reached');
	});
});

describe('rules digest 3.3–3.4: a live par is paid only from cash not committed to winning bids', () => {
	it('converting a concession is offered and accepted only at pars the free cash covers', () => {
		const s = newGame({ mode: 'live' });
		s.phase = phaseIndex(s, '2');
		const p = activePlayer(s);
		giveCompany(s, p, 'C2');
		player(s, p).cash = 150;
		const box = stockRoundChoices(s)!.bidBoxes.find((b) => b.min === 100 && b.company !== 'C2')!;
		// A bid, then the end of that turn (a par is not allowed in a turn with a bid).
		play(s, { type: 'bid', entity: p, company: box.company, price: 100 } as Action, { type: 'pass', entity: p } as Action);
		// Everyone else passes, so the bidder is on turn again with £100 of £150 committed.
		while (activePlayer(s) !== p) play(s, { type: 'pass', entity: activePlayer(s) } as Action);
		expect(s.round.kind).toBe('stock');
		// Converting GWR costs 2 × par − £100 (digest 3.4): £20 at 60, £40 at 70, £60 at 80 > £50 free.
		const gwr = stockRoundChoices(s)!.par.find((o) => o.corporation === 'GWR');
		expect(gwr?.pars.map((x) => x.price)).toEqual([70, 60]);
		const at80 = process(s, { type: 'par', entity: p, corporation: 'GWR', share_price: '80,6,4' } as Action);
		expect(at80.ok).toBe(false);
		if (!at80.ok) expect(at80.error.code).toBe('insufficient_cash');
		for (const option of gwr?.pars ?? []) expect(process(s, { type: 'par', entity: p, corporation: 'GWR', share_price: option.sharePrice } as Action).ok).toBe(true);
	});

	it('a Tax Haven purchase paid by its owner is offered and accepted only within the free cash', () => {
		const s = newGame({ mode: 'live' });
		const p = activePlayer(s);
		const other = s.players.find((x) => x.id !== p)!.id;
		startMajor(s, 'GWR', other, 100);
		giveCompany(s, p, 'P16');
		player(s, p).cash = 150;
		const box = stockRoundChoices(s)!.bidBoxes.find((b) => b.min === 100)!;
		play(s, { type: 'bid', entity: p, company: box.company, price: 100 } as Action, { type: 'pass', entity: p } as Action);
		while (activePlayer(s) !== p) play(s, { type: 'pass', entity: activePlayer(s) } as Action);
		// A GWR share costs £100; only £50 of the £150 is not committed to the winning bid.
		const buy = { type: 'choose_ability', entity: 'P16', entity_type: 'company', choice: 'GWR_ipo' } as Action;
		expect(legalActionTypes(s)).not.toContain('choose_ability');
		const refused = process(s, buy);
		expect(refused.ok).toBe(false);
		if (!refused.ok) expect(refused.error.code).toBe('insufficient_cash');
		player(s, p).cash = 200;
		expect(legalActionTypes(s)).toContain('choose_ability');
		expect(process(s, buy).ok).toBe(true);
	});
});

describe('rules digest 5.2: a home reservation follows its city when London is upgraded', () => {
	it('after a rotated London upgrade, a home token goes to its own city, never onto another major', () => {
		const s = newGame({ title: '1822MRS', mode: 'live' });
		const map = mapFor('1822MRS');
		const london = hexId('M38');
		placeHome(s, 'GWR');
		const tile = freeTileId(map, s.board, 'X21')!;
		const laid = applyTileLay(map, s.board, london, tile, 1);
		expect(laid.ok).toBe(true);
		if (!laid.ok) return;
		s.board = laid.value;
		placeHome(s, 'LBSCR');
		const gwr = s.board.tokens.find((t) => t.corporation === 'GWR')!;
		const lbscr = s.board.tokens.find((t) => t.corporation === 'LBSCR')!;
		expect(lbscr.city).not.toBe(gwr.city);
		for (let city = 0; city < 6; city++) expect(tokensInCity(s.board, london, city).length).toBeLessThanOrEqual(cityCapacity(map, s.board, london, city));
		// LBSCR's home is printed city 0: its token sits in the new city carrying that city's track.
		const printedEdges = cityTownEdges(map.byId.get(london)!.tile, 0).find((c) => c.node.kind === 'city' && c.node.index === 0)!.edges;
		const laidTile = map.tiles.get('X21')!;
		const lbscrEdges = cityTownEdges(laidTile, 1).find((c) => c.node.kind === 'city' && c.node.index === lbscr.city)!.edges;
		expect(printedEdges.length).toBeGreaterThan(0);
		for (const e of printedEdges) expect(lbscrEdges).toContain(e);
		expect(checkInvariants(s)).toEqual([]);
	});
});

describe('rules digest 5.7, 10.4: M14 from a bid box offers "replace" only when its London token can be placed', () => {
	function lnwrBuyingM14(mode: 'live' | 'import') {
		const s = majorTurn('LNWR', 'minor_acquisition', { phase: '5' });
		(s as { setup: GameState['setup'] }).setup = { ...s.setup, mode };
		placeHome(s, 'LNWR');
		s.companyOrder = ['M14', ...s.companyOrder.filter((c) => c !== 'M14')];
		s.minorBoxCache = ['M14'];
		// £10 left after the £200 price: not enough for the £20 London token, and LNWR reaches
		// no London city but its own home city.
		s.corporations.LNWR.cash = 210;
		return s;
	}

	it('live: the pending token could not be placed, so only "exchange" is offered and "replace" is refused', () => {
		const s = lnwrBuyingM14('live');
		const m14 = operatingChoices(s)!.minors.find((m) => m.minor === '14');
		expect(m14?.tokens).toEqual(['exchange']);
		const merged = process(s, { type: 'merge', entity: 'LNWR', entity_type: 'corporation', corporation: '14' } as Action);
		expect(merged.ok).toBe(true);
		if (!merged.ok) return;
		const paid = process(merged.value, { type: 'choose', entity: 'LNWR', entity_type: 'corporation', choice: 'money' } as Action);
		expect(paid.ok).toBe(true);
		if (!paid.ok) return;
		expect(operatingChoices(paid.value)!.mergeChoice?.options).toEqual(['exchange']);
		const replace = process(paid.value, { type: 'choose', entity: 'LNWR', entity_type: 'corporation', choice: 'replace' } as Action);
		expect(replace.ok).toBe(false);
		const exchange = process(paid.value, { type: 'choose', entity: 'LNWR', entity_type: 'corporation', choice: 'exchange' } as Action);
		expect(exchange.ok).toBe(true);
		if (exchange.ok) expect(operatingChoices(exchange.value)!.actions.length).toBeGreaterThan(0);
	});

	it('import: recorded games keep both choices, as the reference offers them', () => {
		const s = lnwrBuyingM14('import');
		expect(operatingChoices(s)!.minors.find((m) => m.minor === '14')?.tokens).toEqual(['replace', 'exchange']);
	});
});

describe('rules digest 10.4: the London token from M14 goes into an extra slot of a full city', () => {
	it('placing it in a city another major fills leaves every city within its capacity', () => {
		const s = majorTurn('LNWR', 'minor_acquisition', { phase: '5' });
		// On import the connection is not tested, so any London city may be named.
		(s as { setup: GameState['setup'] }).setup = { ...s.setup, mode: 'import' };
		placeHome(s, 'LNWR');
		placeHome(s, 'GWR');
		s.abilityUses[M14_PENDING_TOKEN] = 1;
		const gwr = s.board.tokens.find((t) => t.corporation === 'GWR')!;
		expect(operatingChoices(s)!.pendingTokens.map((t) => t.city)).toContain(gwr.city);
		const r = process(s, { type: 'place_token', entity: 'LNWR', entity_type: 'corporation', city: cityId(s, 'M38', gwr.city), slot: 0 } as Action);
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const map = mapFor('1822');
		expect(tokensInCity(r.value.board, hexId('M38'), gwr.city).map((t) => t.corporation).sort()).toEqual(['GWR', 'LNWR']);
		expect(cityCapacity(map, r.value.board, hexId('M38'), gwr.city)).toBe(2);
		for (let city = 0; city < 6; city++)
			expect(tokensInCity(r.value.board, hexId('M38'), city).length).toBeLessThanOrEqual(cityCapacity(map, r.value.board, hexId('M38'), city));
	});
});
