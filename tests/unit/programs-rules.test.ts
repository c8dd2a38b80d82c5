/**
 * Programmed actions (auto-pass and automatic buying) in live play, as 18xx.games runs them:
 * [step/program.rb; step/buy_sell_par_shares.rb activate_program_*, should_stop_applying_program;
 * g_1822/step/buy_sell_par_shares.rb action_is_shenanigan?; action/program_*.rb disable?].
 */
import { describe, expect, it } from 'vitest';
import { autoActions, configFor, programStatus, stateHash, type Action, type GameState } from '../../src/lib/engine/index';
import { applyAction } from '../../src/lib/engine/titles/g1822/process';
import { activePlayer, bid, newGame, pass, play, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { allBidBoxes } from '../../src/lib/engine/titles/g1822/stock/bidboxes';
import { checkInvariants } from '../support/invariants';

const autoPass = (entity: number | string, opts: { unconditional?: boolean; indefinite?: boolean } = {}): Action => ({
	type: 'program_share_pass',
	entity,
	unconditional: opts.unconditional ?? false,
	indefinite: opts.indefinite ?? false
});
const cancel = (entity: number): Action => ({ type: 'program_disable', entity, reason: 'user', original_type: 'program_share_pass' });
const buy = (entity: number, share: string): Action => ({ type: 'buy_shares', entity, shares: [share], percent: 10 });
const sell = (entity: number, ...shares: string[]): Action => ({ type: 'sell_shares', entity, shares });
const brief = (s: GameState) => autoActions(s).map((a) => `${a.type} ${String(a.entity)}${'reason' in a ? `: ${String(a.reason)}` : ''}`);

function expectRefused(state: GameState, action: Action, code: string): void {
	const before = stateHash(state);
	const r = applyAction(state, action);
	expect(r.ok ? 'accepted' : r.error.code).toBe(code);
	expect(stateHash(state)).toBe(before);
}

/** A started major whose treasury came out of the bank, so money stays conserved. */
function major(s: GameState, corp: string, president: number): void {
	startMajor(s, corp, president, 100);
	s.bank.cash -= s.corporations[corp].cash;
}

function sound(s: GameState): void {
	expect(checkInvariants(s, configFor(s))).toEqual([]);
}

/** A company in the bid boxes (the first private box). */
function boxed(s: GameState, i = 0): string {
	return allBidBoxes(s, configFor(s)).filter((c) => c.startsWith('P'))[i];
}

describe('auto-pass (program_share_pass)', () => {
	it('auto-pass fires on the player’s turn, as part of the action that hands them the turn', () => {
		const s = newGame();
		play(s, autoPass(2));
		expect(activePlayer(s)).toBe(1);
		expect(autoActions(s)).toEqual([]);
		play(s, bid(1, boxed(s), 0), pass(1));
		expect(brief(s)).toEqual(['pass 2']);
		expect(activePlayer(s)).toBe(3);
		sound(s);
	});

	it('auto-pass set on the player’s own turn passes at once', () => {
		const s = newGame();
		play(s, autoPass(1));
		expect(brief(s)).toEqual(['pass 1']);
		expect(activePlayer(s)).toBe(2);
	});

	it('the next action clears the record of automatic actions', () => {
		const s = newGame();
		play(s, autoPass(1));
		play(s, bid(2, boxed(s), 0));
		expect(autoActions(s)).toEqual([]);
	});

	it('auto-pass is disabled by program_disable', () => {
		const s = newGame();
		play(s, autoPass(2), cancel(2));
		expect(programStatus(s, 2).active).toEqual([]);
		play(s, bid(1, boxed(s), 0), pass(1));
		expect(autoActions(s)).toEqual([]);
		expect(activePlayer(s)).toBe(2);
	});

	it('a new program replaces the old one (one program per player)', () => {
		const s = newGame();
		play(s, autoPass(2), autoPass(2, { unconditional: true }));
		expect(programStatus(s, 2).active).toMatchObject([{ type: 'program_share_pass', unconditional: true }]);
	});

	it('an outbid on an auction someone else was winning does not stop conditional auto-pass', () => {
		const s = newGame();
		const company = boxed(s);
		play(s, bid(1, company, 0), pass(1), autoPass(2));
		expect(brief(s)).toEqual(['pass 2']);
		play(s, pass(3), bid(4, company, 5), pass(4), pass(1));
		// Player 2 was not winning anything: the outbid concerns player 1, so player 2 passes.
		expect(brief(s)).toEqual(['pass 2']);
		expect(activePlayer(s)).toBe(3);
	});

	it('conditional auto-pass stops with "No longer winning bid" when the player is outbid', () => {
		const s = newGame();
		const company = boxed(s);
		play(s, pass(1), bid(2, company, 0), pass(2), autoPass(2));
		play(s, bid(3, company, 5), pass(3), pass(4), pass(1));
		expect(brief(s)).toEqual([`program_disable 2: No longer winning bid on ${company}`]);
		expect(activePlayer(s)).toBe(2);
		expect(programStatus(s, 2).active).toEqual([]);
		sound(s);
	});

	it('unconditional auto-pass keeps passing when the player is outbid', () => {
		const s = newGame();
		const company = boxed(s);
		play(s, pass(1), bid(2, company, 0), pass(2), autoPass(2, { unconditional: true }));
		play(s, bid(3, company, 5), pass(3), pass(4), pass(1));
		expect(brief(s)).toEqual(['pass 2']);
		expect(activePlayer(s)).toBe(3);
	});

	it('a bid placed before the program was set does not stop it', () => {
		const s = newGame();
		const company = boxed(s);
		play(s, pass(1), bid(2, company, 0), pass(2), bid(3, company, 5), autoPass(2), pass(3), pass(4), pass(1));
		expect(brief(s)).toEqual(['pass 2']);
	});

	it('conditional auto-pass stops when another player sells shares', () => {
		const s = newGame();
		major(s, 'GWR', 3);
		s.corporations.GWR.shares[1].owner = 'player:3';
		play(s, autoPass(2), pass(1));
		expect(brief(s)).toEqual(['pass 2']);
		play(s, sell(3, 'GWR_1'), pass(3), pass(4), pass(1));
		expect(brief(s)).toEqual(['program_disable 2: Shares were sold']);
		expect(activePlayer(s)).toBe(2);
		sound(s);
	});

	it('conditional auto-pass stops when another player buys into a major the player presides over without 50%', () => {
		const s = newGame();
		major(s, 'GWR', 2);
		play(s, autoPass(2), buy(1, 'GWR_1'));
		expect(brief(s)).toEqual(['program_disable 2: Player 1 bought on corporation GWR and is unsecure']);
	});

	it('a purchase in a major the player holds 50% of does not stop auto-pass', () => {
		const s = newGame();
		major(s, 'GWR', 2);
		for (const i of [1, 2, 3]) s.corporations.GWR.shares[i].owner = 'player:2';
		play(s, autoPass(2), buy(1, 'GWR_4'));
		expect(brief(s)).toEqual(['pass 2']);
	});

	it('auto-pass that is not indefinite is dropped when the stock round ends; an indefinite one stays', () => {
		const s = newGame();
		play(s, autoPass(3), autoPass(4, { indefinite: true }));
		// Players 3 and 4 pass automatically; player 1 bid, so the round needs their pass too.
		// With no company to operate, the operating round passes at once and stock round 2 begins.
		play(s, bid(1, boxed(s), 0), pass(1), pass(2), pass(1));
		expect(s.turn).toBe(2);
		expect(programStatus(s, 3).active).toEqual([]);
		expect(programStatus(s, 4).active).toMatchObject([{ type: 'program_share_pass', indefinite: true }]);
		sound(s);
	});

	it('in import mode programs are kept but never act (the recorded auto_actions do)', () => {
		const s = newGame({ mode: 'import' });
		play(s, autoPass(1));
		expect(autoActions(s)).toEqual([]);
		expect(activePlayer(s)).toBe(1);
		expect(programStatus(s, 1).offered).toEqual([]);
	});

	it('the engine offers auto-pass and automatic buying to players in live play', () => {
		const s = newGame();
		expect(programStatus(s, 1)).toEqual({ offered: ['program_share_pass', 'program_buy_shares'], active: [] });
		expect(programStatus(s, 99).offered).toEqual([]);
	});
});

describe('automatic buying (program_buy_shares)', () => {
	const buyProgram = (entity: number, corporation: string, until: number | 'float', autoPassAfter = false): Action => ({
		type: 'program_buy_shares',
		entity,
		corporation,
		until_condition: until,
		from_market: false,
		auto_pass_after: autoPassAfter
	});

	it('buys one treasury share per turn until the player holds the number of shares asked, then stops (and may switch to auto-pass)', () => {
		const s = newGame();
		major(s, 'GWR', 4);
		play(s, buyProgram(1, 'GWR', 2, true));
		expect(brief(s)).toEqual(['buy_shares 1']);
		play(s, pass(2), pass(3), pass(4));
		expect(brief(s)).toEqual(['buy_shares 1']);
		play(s, pass(2), pass(3), pass(4));
		expect(brief(s)).toEqual(['program_disable 1: 2 share(s) bought in GWR, end condition met', 'program_share_pass 1', 'pass 1']);
		expect(s.corporations.GWR.shares.filter((c) => c.owner === 'player:1').length).toBe(2);
		sound(s);
	});

	it('stops when the shares cannot be bought from the source named', () => {
		const s = newGame();
		major(s, 'GWR', 4);
		major(s, 'LNWR', 4);
		play(s, { type: 'program_buy_shares', entity: 1, corporation: 'GWR', until_condition: 3, from_market: true, auto_pass_after: false });
		expect(brief(s)).toEqual(['program_disable 1: Cannot buy GWR from market']);
		expect(activePlayer(s)).toBe(1);
	});
});

describe('refusals of program settings (state unchanged)', () => {
	it('a program for a company or corporation is refused', () => {
		expectRefused(newGame(), autoPass('GWR'), 'unknown_player');
	});

	it('a program type 1822 does not offer is refused', () => {
		expectRefused(newGame(), { type: 'program_auction_bid', entity: 1 }, 'program_not_offered');
		expectRefused(newGame(), { type: 'program_merger_pass', entity: 1 }, 'program_not_offered');
	});

	it('automatic buying without a stop condition, or of a minor, is refused', () => {
		expectRefused(newGame(), { type: 'program_buy_shares', entity: 1, corporation: 'GWR' }, 'program_incomplete');
		expectRefused(newGame(), { type: 'program_buy_shares', entity: 1, corporation: '1', until_condition: 2 }, 'program_bad_corporation');
	});
});
