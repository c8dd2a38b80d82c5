/**
 * Which certificate ids end where when a sale or a purchase changes a major's director, and in
 * which order each holder keeps them. A holder keeps certificates in arrival order and whoever
 * takes one without naming it takes the first; the site's buy buttons and programs do, and a
 * game exported there names the certificates, so ours must be the site's
 * [share_pool.rb transfer_shares, change_president, handle_partial, move_share;
 * game/base.rb shares_for_presidency_swap].
 *
 * Every expected list below was worked out by hand from those rules: (1) the named certificates
 * go to the market in the order named; (2) after a sale of the director's certificate, the new
 * director's first two certificates go to the market (to the seller if the seller still holds
 * 20%), and the director's certificate goes to the new director; (3) a partial sale then gives
 * the market's first certificate back to the seller; (4) after a purchase, or a sale without the
 * director's certificate, the new director's first two certificates go to the old director.
 * The arrival orders are set up out of index order, so that index order cannot pass by chance.
 */
import { describe, expect, it } from 'vitest';
import { stockRoundChoices, type Action } from '../../src/lib/engine/index';
import { transferCerts, type ShareHolder } from '../../src/lib/engine/core/shares';
import { applyAction } from '../../src/lib/engine/titles/g1822/process';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { activePlayer, newGame, pass, play, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { majorTurn, run } from './or-support';

const CORP = 'GWR';

/** A holder's GWR certificate ids in the order the holder keeps them. */
function held(s: GameState, holder: ShareHolder): string[] {
	return s.corporations[CORP].shares.filter((c) => c.owner === holder).map((c) => `${CORP}_${c.index}`);
}

/** Hands certificates to a holder one after another (their arrival order). */
function give(s: GameState, holder: ShareHolder, ...indexes: number[]): void {
	const certs = s.corporations[CORP].shares;
	transferCerts(
		certs,
		indexes.map((i) => certs.find((c) => c.index === i)!),
		holder
	);
}

/** GWR at £100, operated once, its director's certificate (GWR_0, 20%) with player 1. */
function position(): GameState {
	const s = newGame();
	startMajor(s, CORP, 1, 100);
	expect(activePlayer(s)).toBe(1);
	return s;
}

const sell = (entity: number, shares: string[], percent?: number): Action =>
	percent === undefined ? { type: 'sell_shares', entity, shares } : { type: 'sell_shares', entity, shares, percent };
const buy = (entity: number, share: string): Action => ({ type: 'buy_shares', entity, shares: [share], percent: 10 });

describe('presidency change by a sale (rules digest 3.5) — certificate ids as on 18xx.games', () => {
	it('selling the director’s certificate: sold certificates reach the market as named, then the new director’s first two; the director’s certificate goes to the new director', () => {
		const s = position();
		give(s, 'pool', 7);
		give(s, 'player:1', 3, 1);
		give(s, 'player:2', 5, 2, 6);
		const cash = player(s, 1).cash;
		play(s, sell(1, ['GWR_3', 'GWR_1', 'GWR_0'], 40));
		// Market [7] + [3, 1, 0] named + [5, 2] from player 2 − GWR_0 to player 2.
		expect(held(s, 'pool')).toEqual(['GWR_7', 'GWR_3', 'GWR_1', 'GWR_5', 'GWR_2']);
		expect(held(s, 'player:2')).toEqual(['GWR_6', 'GWR_0']);
		expect(held(s, 'player:1')).toEqual([]);
		expect(player(s, 1).cash).toBe(cash + 400);
	});

	it('the next buyer is offered the market’s first certificate, the one the site’s button and programs take', () => {
		const s = position();
		give(s, 'pool', 7);
		give(s, 'player:1', 3, 1);
		give(s, 'player:2', 5, 2, 6);
		play(s, sell(1, ['GWR_3', 'GWR_1', 'GWR_0'], 40), pass(1));
		expect(activePlayer(s)).toBe(2);
		const offer = stockRoundChoices(s)!.buy.filter((o) => o.corporation === CORP);
		expect(offer.map((o) => [o.from, o.share])).toEqual([
			['treasury', 'GWR_4'],
			['pool', 'GWR_7']
		]);
	});

	it('a partial sale of the director’s certificate (percent below the certificates named) gives the market’s first certificate back to the seller', () => {
		const s = position();
		give(s, 'pool', 7);
		give(s, 'player:1', 3);
		give(s, 'player:2', 5, 2);
		const cash = player(s, 1).cash;
		play(s, sell(1, ['GWR_3', 'GWR_0'], 20));
		// Market [7, 3, 0] + [5, 2] − GWR_0; then the first, GWR_7, returns to player 1.
		expect(held(s, 'pool')).toEqual(['GWR_3', 'GWR_5', 'GWR_2']);
		expect(held(s, 'player:1')).toEqual(['GWR_7']);
		expect(held(s, 'player:2')).toEqual(['GWR_0']);
		// Paid for 20% at the price before the sale, £100 a share.
		expect(player(s, 1).cash).toBe(cash + 200);
	});

	it('a partial sale must leave out less than the director’s certificate', () => {
		const s = position();
		give(s, 'player:1', 3);
		give(s, 'player:2', 5, 2);
		const r = applyAction(s, sell(1, ['GWR_3', 'GWR_0'], 10));
		expect(r.ok ? 'accepted' : r.error.code).toBe('bad_percent');
	});

	it('selling ordinary shares below another player: the new director hands their first two certificates to the old director', () => {
		const s = position();
		give(s, 'player:1', 1);
		give(s, 'player:2', 6, 2, 5);
		play(s, sell(1, ['GWR_1']));
		expect(held(s, 'pool')).toEqual(['GWR_1']);
		expect(held(s, 'player:1')).toEqual(['GWR_6', 'GWR_2']);
		expect(held(s, 'player:2')).toEqual(['GWR_5', 'GWR_0']);
	});

	it('in live play the director’s certificate cannot be sold while keeping 20% (the new director’s certificates would go to the seller)', () => {
		const s = position();
		give(s, 'player:1', 1, 3, 4);
		give(s, 'player:2', 6, 2, 5);
		const r = applyAction(s, sell(1, ['GWR_1', 'GWR_0']));
		expect(r.ok ? 'accepted' : r.error.code).toBe('president_dump');
	});

	it('an imported sale that keeps 20% follows the site: the new director’s first two certificates go to the seller', () => {
		const s = newGame({ mode: 'import' });
		startMajor(s, CORP, 1, 100);
		give(s, 'player:1', 1, 3, 4);
		give(s, 'player:2', 6, 2, 5);
		play(s, sell(1, ['GWR_1', 'GWR_0'], 30));
		expect(held(s, 'pool')).toEqual(['GWR_1']);
		expect(held(s, 'player:1')).toEqual(['GWR_3', 'GWR_4', 'GWR_6', 'GWR_2']);
		expect(held(s, 'player:2')).toEqual(['GWR_5', 'GWR_0']);
	});
});

describe('presidency change by a purchase (rules digest 3.4) — certificate ids as on 18xx.games', () => {
	it('the buyer’s first two certificates go to the old director; the bought one stays with the buyer, after them', () => {
		const s = position();
		give(s, 'player:2', 6, 2);
		play(s, pass(1), buy(2, 'GWR_1'));
		expect(held(s, 'player:1')).toEqual(['GWR_6', 'GWR_2']);
		expect(held(s, 'player:2')).toEqual(['GWR_1', 'GWR_0']);
	});

	it('a certificate bought from the market leaves it, the rest keeping their order', () => {
		const s = position();
		give(s, 'pool', 5, 2, 7);
		play(s, pass(1), buy(2, 'GWR_5'));
		expect(held(s, 'pool')).toEqual(['GWR_2', 'GWR_7']);
		expect(held(s, 'player:2')).toEqual(['GWR_5']);
	});
});

describe('presidency change by an emergency sale in an operating round (rules digest 9.1) — the same moves', () => {
	it('NBR’s director sells GWR’s director’s certificate to raise money for a train: the new GWR director’s first two certificates go to the market', () => {
		// NBR (player 1, operated twice) must buy a train with no money anywhere.
		let s = majorTurn('NBR', 'buy_train', { phase: '1' });
		s.corporations.NBR.cash = 0;
		player(s, 1).cash = 0;
		startMajor(s, CORP, 1, 100);
		give(s, 'player:2', 6, 2, 5);
		s = run(s, { type: 'sell_shares', entity: 1, entity_type: 'player', shares: ['GWR_0'], percent: 20 });
		expect(held(s, 'pool')).toEqual(['GWR_6', 'GWR_2']);
		expect(held(s, 'player:2')).toEqual(['GWR_5', 'GWR_0']);
		expect(held(s, 'player:1')).toEqual([]);
		expect(player(s, 1).cash).toBe(200);
	});
});
