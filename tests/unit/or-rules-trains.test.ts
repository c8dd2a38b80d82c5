/**
 * Train rules of the operating round that the recorded games never reach (issue 5): first-turn
 * housekeeping (rules digest 5.2 step 3), the mandatory train (5.6), discards after a phase
 * change lowers the limit (6.2, 6.3), and the first-train events of phases 6 and 7 (6.2).
 */
import { describe, expect, it } from 'vitest';
import { actingEntities, operatingChoices, phaseName, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { floatMinorFor, newGame, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { dropFromDepot, giveTrain, majorTurn, operatingTurn, phaseIndex, refusedInPlace, run } from './or-support';

const buy = (entity: string, train: string, price: number, variant?: string): Action =>
	({ type: 'buy_train', entity, entity_type: 'corporation', train, price, ...(variant ? { variant } : {}) }) as Action;
const pass = (entity: string): Action => ({ type: 'pass', entity, entity_type: 'corporation' }) as Action;
const discard = (entity: string, train: string): Action => ({ type: 'discard_train', entity, entity_type: 'corporation', train }) as Action;

describe('first-turn housekeeping (rules digest 5.2 step 3)', () => {
	/** Minor 3 (player 1) at the start of its first turn in phase 1, with £200. */
	function firstTurn(): GameState {
		const s = newGame();
		floatMinorFor(s, '3', 1, 50);
		s.corporations['3'].cash = 200;
		operatingTurn(s, '3', 'housekeeping');
		placeHome(s, '3');
		return s;
	}

	it('before running, a minor may buy only an L at the L price: the 2 variant is refused', () => {
		const s = firstTurn();
		expect(refusedInPlace(s, buy('3', 'L-0', 120, '2'))).toBe('action_not_allowed');
		const t = run(s, buy('3', 'L-0', 60));
		expect(t.corporations['3'].trains).toEqual([{ id: 'L-0', name: 'L' }]);
		// Housekeeping ends after its one L; the minor goes on with its turn (it may now run the L).
		expect(t.round.kind === 'operating' && t.round.turn.step).not.toBe('housekeeping');
		expect(operatingChoices(t)!.step).not.toBe('housekeeping');
	});

	it('a minor that passes its housekeeping must still buy a train at its buy step', () => {
		const s = firstTurn();
		let t = run(s, pass('3'));
		// Nothing to run without a train: the turn goes on to the buy step, where passing is refused.
		for (let i = 0; i < 6 && t.round.kind === 'operating' && t.round.turn.step !== 'buy_train'; i++) t = run(t, pass('3'));
		expect(t.round.kind === 'operating' && t.round.turn.step).toBe('buy_train');
		expect(refusedInPlace(t, pass('3'))).toBe('must_buy_train');
	});
});

describe('the mandatory train (rules digest 5.6, MUST_BUY_TRAIN always)', () => {
	it('a company ending its buy step without a train must buy one: passing is refused and not offered', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '1' });
		expect(refusedInPlace(s, pass('NBR'))).toBe('must_buy_train');
		expect(operatingChoices(s)!.actions).not.toContain('pass');
	});

	it('an extra train (2P) does not satisfy it; a normal train does', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '1' });
		s.corporations.NBR.trains.push({ id: '2P-0', name: '2P' });
		expect(refusedInPlace(s, pass('NBR'))).toBe('must_buy_train');
		giveTrain(s, 'NBR', 'L-21');
		const t = run(s, pass('NBR'));
		expect(t.round.kind === 'operating' && t.round.turn.step).not.toBe('buy_train');
	});
});

describe('discard after a phase change lowers the limit (rules digest 6.2, 6.3)', () => {
	/**
	 * Phase 3: NBR (player 1, three 3s, £300) buys the first 4; minor 5 (player 2) holds two 3s.
	 * Phase 4 lowers the limits to 3 (major) and 1 (minor).
	 */
	function crowded(): GameState {
		const s = majorTurn('NBR', 'buy_train', { phase: '3' });
		dropFromDepot(s, 'L', '3');
		for (const id of ['3-6', '3-7', '3-8']) giveTrain(s, 'NBR', id);
		s.corporations.NBR.cash = 300;
		floatMinorFor(s, '5', 2, 50);
		giveTrain(s, '5', '3-4');
		giveTrain(s, '5', '3-5');
		return run(s, buy('NBR', '4-0', 300));
	}

	it('the first 4 starts phase 4; each company over its new limit discards before anything else, minors first', () => {
		const s = crowded();
		expect(phaseName(s)).toBe('4');
		expect(actingEntities(s)).toEqual(['5']);
		expect(operatingChoices(s)!.step).toBe('discard');
		expect(refusedInPlace(s, pass('NBR'))).toBe('must_discard');
		expect(refusedInPlace(s, discard('NBR', '3-6'))).toBe('not_your_turn');
		expect(refusedInPlace(s, discard('5', '4-0'))).toBe('unknown_train');
		let t = run(s, discard('5', '3-4'));
		expect(t.corporations['5'].trains.map((x) => x.id)).toEqual(['3-5']);
		expect(actingEntities(t)).toEqual(['NBR']);
		t = run(t, discard('NBR', '3-6'));
		expect(t.corporations.NBR.trains.map((x) => x.id)).toEqual(['3-7', '3-8', '4-0']);
		// Discarded trains go to the depot's discard pile as what they are.
		expect(t.depot.discarded).toEqual([
			{ id: '3-4', name: '3' },
			{ id: '3-6', name: '3' }
		]);
		expect(actingEntities(t)).toEqual(['NBR']);
		expect(operatingChoices(t)!.step).not.toBe('discard');
	});
});

// The first 5 (concessions close) and the first 7 closing P15/P20 are pinned in
// privates-concessions.test.ts and privates-p15-p20-phase-income.test.ts.
describe('first-train events of phases 6 and 7 (rules digest 6.2)', () => {
	/** NBR (player 1, one 4, £1,000) at its buy step in `phase`, the depot's next train of type `next`. */
	function buyer(phase: string, next: string): GameState {
		const s = newGame();
		startMajor(s, 'NBR', 1, 100, 2);
		s.phase = phaseIndex(s, phase);
		const drop = ['L', '3', '4', '5', '6'].slice(0, ['L', '3', '4', '5', '6', '7'].indexOf(next));
		dropFromDepot(s, ...drop);
		giveTrain(s, 'NBR', '4-5');
		s.corporations.NBR.cash = 1000;
		operatingTurn(s, 'NBR', 'buy_train');
		return s;
	}

	it('the first 6 puts majors not yet floated on full capitalisation; floated ones keep theirs', () => {
		const s = buyer('5', '6');
		expect(s.corporations.GWR.capitalization).toBe('incremental');
		const t = run(s, buy('NBR', '6-0', 600));
		expect(phaseName(t)).toBe('6');
		expect(t.corporations.GWR.capitalization).toBe('full');
		expect(t.corporations.NBR.capitalization).toBe('incremental');
	});

	it('the E (the 7’s variant) bought first fires the same phase-7 event', () => {
		const s = buyer('6', '7');
		expect(s.companies.P15.closed).toBe(false);
		const t = run(s, buy('NBR', '7-0', 1000, 'E'));
		expect(phaseName(t)).toBe('7');
		// The 4 rusts on the first 7, bought as a 7 or as an E.
		expect(t.corporations.NBR.trains.map((x) => x.name)).toEqual(['E']);
		expect(t.companies.P15?.closed).toBe(true);
	});
});
