/**
 * P15 (HR, phase × £10) and P20 (C&WR, phase × £5), read from g_1822/game.rb
 * set_private_revenues / payout_companies (each OR: the phase-scaled income to the holder and the
 * same amount from the bank onto the private's own purse), company_bought (an acquirer takes the
 * purse; the private closes; majors and minors, P15 from phase 2, P20 from phase 3) and
 * event_phase_revenue! (the first 7 closes them wherever they still are, the purse back to the
 * bank). Rules digest 2, 6.2, 10.2.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { player } from '../../src/lib/engine/titles/g1822/testing';
import { ALL_PRIVATES, acquireTurn, dropFromDepot, operatingTurn, phaseIndex, refusedCode, run } from './or-support';

const CORP = 'MR';
const acquire = (company: string): Action => ({ type: 'acquire_company', entity: CORP, entity_type: 'corporation', company });

/** Ends player 1's Choices round (P9 held by player 1), which starts the first OR and pays income. */
function startOr(s: GameState): GameState {
	s.companies.P9 = { owner: 'player:1', closed: false };
	player(s, 1).companies.push('P9');
	s.round = { kind: 'choices', entities: [1], current: 0 };
	return run(s, { type: 'pass', entity: 1 });
}

describe('P15 / P20 phase income and purse [g_1822/game.rb set_private_revenues, payout_companies]', () => {
	it('in phase 5, P15 pays its holder £50 and banks £50 on its purse; P20 £25 and £25', () => {
		const s = acquireTurn(CORP, 'P15', { phase: '5', rules: ALL_PRIVATES });
		s.companies.P20 = { owner: 'player:3', closed: false };
		player(s, 3).companies.push('P20');
		s.privatePurses = { P15: 30, P20: 15 };
		const cash2 = player(s, 2).cash;
		const cash3 = player(s, 3).cash;
		const after = startOr(s);
		expect(after.round.kind).toBe('operating');
		expect(player(after, 2).cash).toBe(cash2 + 50);
		expect(player(after, 3).cash).toBe(cash3 + 25);
		expect(after.privatePurses).toEqual({ P15: 80, P20: 40 });
	});

	it('an unsold P15 (no owner) pays nothing and banks nothing', () => {
		const s = acquireTurn(CORP, 'P2', { phase: '5' });
		expect(s.players.some((p) => p.companies.includes('P15'))).toBe(false);
		const bank = s.bank.cash;
		const after = startOr(s);
		expect(after.privatePurses.P15).toBeUndefined();
		// Only P2 (player 2) and P9 (player 1) pay: £10 each.
		expect(after.bank.cash).toBe(bank - 20);
	});

	it('an acquiring corporation takes the purse and the private closes', () => {
		const s = acquireTurn(CORP, 'P15', { phase: '3' });
		s.privatePurses = { P15: 60 };
		const cash = s.corporations[CORP].cash;
		const after = run(s, acquire('P15'));
		expect(after.corporations[CORP].cash).toBe(cash + 60);
		expect(after.privatePurses.P15).toBeUndefined();
		expect(after.companies.P15.closed).toBe(true);
		expect(after.corporations[CORP].companies).not.toContain('P15');
	});

	it('P20 is refused before phase 3 (P15 keeps the step open), with the state unchanged', () => {
		const s = acquireTurn(CORP, 'P20', { phase: '2', rules: ALL_PRIVATES });
		s.companies.P15 = { owner: 'player:3', closed: false };
		player(s, 3).companies.push('P15');
		expect(operatingChoices(s)!.privates).toEqual(['P15']);
		expect(refusedCode(s, acquire('P20'))).toBe('not_acquirable');
	});
});

describe('P15 / P20 close at the first 7 [g_1822/game.rb event_phase_revenue!]', () => {
	it('buying the first 7 closes P15 in a hand and P20 still unsold, returning their purses to the bank', () => {
		const s = acquireTurn(CORP, 'P15', { phase: '6', rules: ALL_PRIVATES });
		s.privatePurses = { P15: 100, P20: 20 };
		dropFromDepot(s, 'L', '2', '3', '4', '5', '6');
		operatingTurn(s, CORP, 'buy_train');
		s.corporations[CORP].cash = 1000;
		const bank = s.bank.cash;
		const after = run(s, { type: 'buy_train', entity: CORP, entity_type: 'corporation', train: '7-0', price: 750 });
		expect(after.phase).toBe(phaseIndex(after, '7'));
		expect(after.companies.P15.closed).toBe(true);
		expect(after.companies.P20.closed).toBe(true);
		expect(player(after, 2).companies).not.toContain('P15');
		expect(after.privatePurses).toEqual({});
		expect(after.bank.cash).toBe(bank + 750 + 120);
	});
});
