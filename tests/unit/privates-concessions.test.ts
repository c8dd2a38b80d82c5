/**
 * Concessions C1–C10, read from g_1822/game.rb payout_companies (£10 to the holder at the start of
 * every OR while held), g_1822/step/buy_sell_par_shares.rb process_par (converting one, phases
 * 2–4, closes it) and event_close_concessions! (the first 5 train closes every concession, held
 * or unsold, without compensation; unfloated majors then float at 50% without one). Rules digest
 * 2, 3.4, 6.2, 10.3. (Conversion's prices and refusals are pinned in stock/shares.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/lib/engine/index';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { activePlayer, newGame, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { dropFromDepot, operatingTurn, phaseIndex, refusedCode, run } from './or-support';

/** Player `holder` takes a concession card out of the stack. */
function hand(s: GameState, holder: number, company: string): void {
	s.companies[company] = { owner: `player:${holder}`, closed: false };
	player(s, holder).companies.push(company);
}

/** A Choices round that player 4 (holding P9) passes, starting the first OR. */
function startOr(s: GameState): GameState {
	hand(s, 4, 'P9');
	s.round = { kind: 'choices', entities: [4], current: 0 };
	return run(s, { type: 'pass', entity: 4 });
}

describe('Concession income [g_1822/game.rb payout_companies]', () => {
	it('each held concession pays its holder £10 at the start of the OR', () => {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 1);
		hand(s, 2, 'C2');
		hand(s, 3, 'C3');
		hand(s, 3, 'C4');
		const cash = [2, 3].map((id) => player(s, id).cash);
		const after = startOr(s);
		expect(player(after, 2).cash).toBe(cash[0] + 10);
		expect(player(after, 3).cash).toBe(cash[1] + 20);
	});

	it('a converted concession closes and pays nothing more', () => {
		const s = newGame({ mode: 'live' });
		s.phase = phaseIndex(s, '3');
		const p = activePlayer(s);
		hand(s, p, 'C2');
		const parred = run(s, { type: 'par', entity: p, corporation: 'GWR', share_price: '100,4,4' });
		expect(parred.companies.C2.closed).toBe(true);
		expect(player(parred, p).companies).not.toContain('C2');
		const before = player(parred, p).cash;
		const after = startOr(parred);
		expect(player(after, p).cash).toBe(before);
	});
});

describe('Concessions close on the first 5 [g_1822/game.rb event_close_concessions!]', () => {
	function buyFirstFive(): { s: GameState; after: GameState } {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 2);
		s.phase = phaseIndex(s, '4');
		hand(s, 2, 'C2');
		dropFromDepot(s, 'L', '2', '3', '4');
		operatingTurn(s, 'MR', 'buy_train');
		s.corporations.MR.cash = 600;
		const buy: Action = { type: 'buy_train', entity: 'MR', entity_type: 'corporation', train: '5-0', price: 500 };
		return { s, after: run(s, buy) };
	}

	it('held and unsold concessions all close; the holder gets nothing; unfloated majors need no concession', () => {
		const { s, after } = buyFirstFive();
		expect(after.phase).toBe(phaseIndex(after, '5'));
		const concessions = Object.keys(after.companies).filter((c) => /^C\d+$/.test(c));
		expect(concessions.length).toBe(10);
		expect(concessions.every((c) => after.companies[c].closed)).toBe(true);
		expect(player(after, 2).companies).not.toContain('C2');
		expect(player(after, 2).cash).toBe(player(s, 2).cash);
		expect(after.corporations.GWR.needsConcession).toBe(false);
		expect(after.corporations.GWR.floatPercent).toBe(50);
	});

	it('a closed concession can no longer be converted: GWR is then parred as a plain major', () => {
		const { after } = buyFirstFive();
		const sr = newGame({ mode: 'live' });
		// The same concession, closed, in a stock round in phase 4 (before the 5 it converted).
		sr.phase = phaseIndex(sr, '4');
		const p = activePlayer(sr);
		sr.companies.C2 = { owner: null, closed: true };
		expect(after.companies.C2).toEqual({ owner: null, closed: true });
		expect(refusedCode(sr, { type: 'par', entity: p, corporation: 'GWR', share_price: '100,4,4' })).toBe('no_concession');
	});
});
