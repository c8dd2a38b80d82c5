/**
 * P9 (M&GNR, Double Cash), read from g_1822/round/choices.rb and g_1822/step/choose.rb (the player
 * holding P9 may "double" or pass after every stock round), g_1822/game.rb choices_entities (no
 * round without a player holding it) and reorder_players (most cash first, P9's doubled, ties
 * keep the order), and COMPANY_DOUBLE_CASH_REVENUE (held by a corporation: £20/£40/£60 by phase).
 * Rules digest 2, 3.1, 4, 10.1.
 */
import { describe, expect, it } from 'vitest';
import { legalActionTypes, type Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { startChoicesRound } from '../../src/lib/engine/titles/g1822/choices-round';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { newGame, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { giveToCorporation, phaseIndex, refusedCode, run } from './or-support';

/** A Choices round for player 3, who holds P9; cash 500, 400, 300, 100 for players 1–4. */
function position(): GameState {
	const s = newGame({ mode: 'live' });
	startMajor(s, 'MR', 1, 100, 1);
	s.companies.P9 = { owner: 'player:3', closed: false };
	player(s, 3).companies.push('P9');
	[500, 400, 300, 100].forEach((cash, i) => (player(s, i + 1).cash = cash));
	s.round = { kind: 'choices', entities: [3], current: 0 };
	return s;
}

const order = (s: GameState) => s.players.map((p) => p.id);

describe('P9 Double Cash in the Choices round [g_1822/round/choices.rb, g_1822/game.rb reorder_players]', () => {
	it('lists "choose" and "pass"; "double" counts player 3 at £600 for the re-order, and the first OR starts', () => {
		const s = position();
		expect(legalActionTypes(s)).toEqual(['choose', 'pass']);
		const after = run(s, { type: 'choose', entity: 3, choice: 'double' });
		expect(order(after)).toEqual([3, 1, 2, 4]);
		expect(player(after, 3).cash).toBe(300 + 10); // doubled only for the order; P9 paid its £10 at the OR start
		expect(after.doubleCash).toBeNull();
		expect(after.round.kind).toBe('operating');
	});

	it('passing re-orders by plain cash; a tie keeps the previous order', () => {
		const s = position();
		player(s, 3).cash = 400;
		const after = run(s, { type: 'pass', entity: 3 });
		expect(order(after)).toEqual([1, 2, 3, 4]);
	});

	it('is refused for another player and for any choice but "double", with the state unchanged', () => {
		const s = position();
		expect(refusedCode(s, { type: 'choose', entity: 1, choice: 'double' })).toBe('not_your_turn');
		expect(refusedCode(s, { type: 'choose', entity: 3, choice: 'triple' })).toBe('invalid_choice');
		expect(refusedCode(s, { type: 'bid', entity: 3, company: 'P1', price: 0 } as Action)).toBe('action_not_allowed');
	});

	it('held by a corporation there is no Choices round: the operating round starts at once', () => {
		const s = position();
		giveToCorporation(s, 'P9', 'MR');
		startChoicesRound(s, configOf(s.setup));
		expect(s.round.kind).toBe('operating');
	});
});

describe('P9 held by a corporation: income by phase [g_1822/game.rb COMPANY_DOUBLE_CASH_REVENUE]', () => {
	it.each([
		['3', 20],
		['5', 40],
		['7', 60]
	])('in phase %s MR receives £%i at the start of the OR', (phase, income) => {
		const s = position();
		s.phase = phaseIndex(s, phase);
		giveToCorporation(s, 'P9', 'MR');
		const cash = s.corporations.MR.cash;
		startChoicesRound(s, configOf(s.setup));
		expect(s.corporations.MR.cash).toBe(cash + income);
		expect(player(s, 3).cash).toBe(300);
	});
});
