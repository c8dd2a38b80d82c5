/**
 * Acquiring a private and company income, read from g_1822/game.rb purchasable_companies /
 * acquire_private_company? / company_bought (an operating corporation takes, for nothing, a
 * private of its type and phase from any player's hand; the private then serves it) and
 * round/operating.rb setup with g_1822/game.rb payout_companies (at the start of every OR, each
 * held company's income from the bank: players' first, in player order, then corporations';
 * bank-owned cards pay nothing; a corporation's P6/P7 pay nothing, its P2/P11/P12 £10).
 * Rules digest 2, 10.1.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { newGame, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { acquireTurn, giveToCorporation, phaseIndex, refusedCode, run } from './or-support';

const CORP = 'MR';
const acquire = (company: string): Action => ({ type: 'acquire_company', entity: CORP, entity_type: 'corporation', company });

function hand(s: GameState, holder: number, company: string): void {
	s.companies[company] = { owner: `player:${holder}`, closed: false };
	player(s, holder).companies.push(company);
}

describe('Acquiring a private from a player [g_1822/game.rb purchasable_companies, company_bought]', () => {
	it("LNWR takes P2 from player 3's hand for nothing; it is listed for the UI and now serves LNWR", () => {
		const s = acquireTurn('LNWR', 'P2', { phase: '3', holder: 3 });
		placeHome(s, 'LNWR');
		expect(operatingChoices(s)!.privates).toEqual(['P2']);
		const cash = { corp: s.corporations.LNWR.cash, p1: player(s, 1).cash, p3: player(s, 3).cash };
		const after = run(s, { type: 'acquire_company', entity: 'LNWR', entity_type: 'corporation', company: 'P2' });
		expect(after.companies.P2).toEqual({ owner: 'corporation:LNWR', closed: false });
		expect(after.corporations.LNWR.companies).toEqual(['P2']);
		expect(player(after, 3).companies).not.toContain('P2');
		expect([after.corporations.LNWR.cash, player(after, 1).cash, player(after, 3).cash]).toEqual([cash.corp, cash.p1, cash.p3]);
		// Its ability is now LNWR's: the track step offers a P2 lay (the town of J21).
		if (after.round.kind === 'operating') after.round.turn.step = 'track';
		expect(operatingChoices(after)!.tileLays.find((c) => c.privates.join() === 'P2')?.hexes.map((h) => h.hex)).toContain('J21');
	});

	it('several privates may be taken in one turn', () => {
		const s = acquireTurn(CORP, 'P2', { phase: '3', holder: 3 });
		hand(s, 4, 'P6');
		const after = run(s, acquire('P2'), acquire('P6'));
		expect(after.corporations[CORP].companies).toEqual(['P2', 'P6']);
	});

	it('refused: an unsold private, one already held by a corporation, and P16 (never acquirable); state unchanged', () => {
		const s = acquireTurn(CORP, 'P2', { phase: '3', holder: 3 });
		expect(s.players.some((p) => p.companies.includes('P6'))).toBe(false);
		expect(refusedCode(s, acquire('P6'))).toBe('not_acquirable');
		startMajor(s, 'GWR', 2, 100, 1);
		giveToCorporation(s, 'P7', 'GWR');
		expect(refusedCode(s, acquire('P7'))).toBe('not_acquirable');
		hand(s, 4, 'P16');
		expect(refusedCode(s, acquire('P16'))).toBe('not_acquirable');
		expect(operatingChoices(s)!.privates).toEqual(['P2']);
	});
});

describe('Company income at the start of the OR [g_1822/game.rb payout_companies]', () => {
	it('players and corporations receive their companies\' income; bank-owned cards pay nothing', () => {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 1);
		s.phase = phaseIndex(s, '3');
		hand(s, 1, 'P9'); // £10 to a player
		hand(s, 2, 'P6'); // £10 to a player
		hand(s, 2, 'P17'); // £10
		giveToCorporation(s, 'P2', 'MR'); // £10 to a corporation until used
		giveToCorporation(s, 'P7', 'MR'); // mail contract: nothing to a corporation
		giveToCorporation(s, 'P11', 'MR'); // £10
		expect(s.players.some((p) => p.companies.includes('P1'))).toBe(false);
		const before = { p1: player(s, 1).cash, p2: player(s, 2).cash, p3: player(s, 3).cash, mr: s.corporations.MR.cash, bank: s.bank.cash };
		s.round = { kind: 'choices', entities: [1], current: 0 };
		const after = run(s, { type: 'pass', entity: 1 });
		expect(after.round.kind).toBe('operating');
		expect(player(after, 1).cash).toBe(before.p1 + 10);
		expect(player(after, 2).cash).toBe(before.p2 + 20);
		expect(player(after, 3).cash).toBe(before.p3);
		expect(after.corporations.MR.cash).toBe(before.mr + 20);
		expect(after.bank.cash).toBe(before.bank - 50);
	});

	it('nothing is paid while the Choices round is still open (income comes with the OR)', () => {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 1);
		hand(s, 2, 'P9');
		hand(s, 1, 'P6');
		s.round = { kind: 'choices', entities: [2], current: 0 };
		const cash = player(s, 1).cash;
		expect(refusedCode(s, { type: 'pass', entity: 1 })).toBe('not_your_turn');
		expect(player(s, 1).cash).toBe(cash);
	});
});
