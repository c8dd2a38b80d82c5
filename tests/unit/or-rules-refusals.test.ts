/**
 * Operating-round actions refused with a clear code and the state left unchanged (issue 5):
 * a train over the limit (rules digest 5.6, 6.2), trains from other corporations (5.6, 9.1) and
 * the acquisition of a minor the major cannot reach (5.7). Each refusal is applied in place by a
 * `Game` and the state hash compared before and after (`refusedInPlace`).
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { EngineMode } from '../../src/lib/engine/titles/g1822/config';
import { floatMinorFor, newGame, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { dropFromDepot, giveTrain, majorTurn, operatingTurn, phaseIndex, refusedInPlace, run } from './or-support';

const buy = (entity: string, train: string, price: number, extra: { variant?: string; exchange?: string } = {}): Action =>
	({ type: 'buy_train', entity, entity_type: 'corporation', train, price, ...extra }) as Action;

/** Minor 5 (player 1, operated twice) at its buy-train step in `phase`, with `cash`. */
function minorTurn(phase: string, cash: number): GameState {
	const s = newGame();
	floatMinorFor(s, '5', 1, 50);
	s.corporations['5'].operated = 2;
	s.corporations['5'].cash = cash;
	s.phase = phaseIndex(s, phase);
	operatingTurn(s, '5', 'buy_train');
	return s;
}

describe('buying a train over the limit is refused (rules digest 5.6, 6.2)', () => {
	it('a minor with two trains in phase 2 (limit 2) may not buy a third, and none is offered', () => {
		const s = minorTurn('2', 200);
		giveTrain(s, '5', 'L-20');
		giveTrain(s, '5', 'L-21');
		expect(refusedInPlace(s, buy('5', 'L-0', 60))).toBe('train_limit');
		expect(refusedInPlace(s, buy('5', 'L-0', 120, { variant: '2' }))).toBe('train_limit');
		expect(operatingChoices(s)!.trains?.depot).toEqual([]);
	});

	it('the L → 2 upgrade needs no free slot: it is accepted at the limit', () => {
		const s = minorTurn('2', 200);
		giveTrain(s, '5', 'L-20');
		giveTrain(s, '5', 'L-21');
		const t = run(s, buy('5', 'L-20', 80, { variant: '2', exchange: 'L-20' }));
		expect(t.corporations['5'].trains.map((x) => x.name)).toEqual(['2', 'L']);
		expect(t.corporations['5'].cash).toBe(120);
	});

	it('a major with three trains in phase 4 (limit 3) may not buy a fourth', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '4' });
		dropFromDepot(s, 'L');
		for (const id of ['3-6', '3-7', '3-8']) giveTrain(s, 'NBR', id);
		s.corporations.NBR.cash = 1000;
		expect(refusedInPlace(s, buy('NBR', '3-0', 200))).toBe('train_limit');
		// Asked earlier in the turn (its buy step will be skipped), the answer is the same.
		if (s.round.kind === 'operating') s.round.turn.step = 'track';
		expect(refusedInPlace(s, buy('NBR', '3-0', 200))).toBe('train_limit');
	});
});

describe('buying a train from another corporation (rules digest 5.6, 9.1)', () => {
	/**
	 * Minor 5 (player 1, one 3 train, £150) in `phase`; NBR is player 2's and owns 3-1, GWR is
	 * player 1's and owns 3-2.
	 */
	function market(phase: string): GameState {
		const s = minorTurn(phase, 150);
		giveTrain(s, '5', '3-5');
		startMajor(s, 'NBR', 2, 100);
		giveTrain(s, 'NBR', '3-1');
		startMajor(s, 'GWR', 1, 100);
		giveTrain(s, 'GWR', '3-2');
		return s;
	}

	it('before phase 3 trains come only from the depot, even from the same director’s major', () => {
		const s = market('2');
		expect(refusedInPlace(s, buy('5', '3-2', 1))).toBe('cannot_buy_from_others');
		expect(refusedInPlace(s, buy('5', '3-1', 100))).toBe('cannot_buy_from_others');
		expect(operatingChoices(s)!.trains?.corporations).toEqual([]);
	});

	it('from phase 3 a minor buys from a major of the same director at any price from £1', () => {
		const s = market('3');
		const t = run(s, buy('5', '3-2', 1));
		expect(t.corporations['5'].trains.map((x) => x.id)).toEqual(['3-5', '3-2']);
		expect(t.corporations['5'].cash).toBe(149);
		expect(t.corporations.GWR.cash).toBe(201);
		expect(t.corporations.GWR.trains).toEqual([]);
	});

	it('from phase 3 a minor may also buy from a major of another director (ALLOW_TRAIN_BUY_FROM_OTHER_PLAYERS in 1822)', () => {
		// Rules digest 5.6: "from any other corporation, including those of other players".
		const s = market('3');
		const t = run(s, buy('5', '3-1', 150));
		expect(t.corporations['5'].cash).toBe(0);
		expect(t.corporations.NBR.cash).toBe(350);
		expect(t.corporations.NBR.trains).toEqual([]);
	});

	it('the price is capped by the buyer’s own cash: the director may not add money for such a train', () => {
		const s = market('3');
		expect(refusedInPlace(s, buy('5', '3-1', 151))).toBe('invalid_price');
		expect(refusedInPlace(s, buy('5', '3-2', 0))).toBe('invalid_price');
		const offers = operatingChoices(s)!.trains!.corporations;
		expect(offers.map((o) => [o.train, o.min, o.max]).sort()).toEqual([
			['3-1', 1, 150],
			['3-2', 1, 150]
		]);
	});

	it('in an emergency the director helps only with a depot train, never one from another corporation (EBUY_FROM_OTHERS never)', () => {
		const s = market('3');
		dropFromDepot(s, 'L');
		s.corporations['5'].trains = [];
		s.corporations['5'].cash = 10;
		player(s, 1).cash = 500;
		expect(refusedInPlace(s, buy('5', '3-1', 100))).toBe('invalid_price');
		// The depot's 3 (£200) is the train the director may help with.
		const t = run(s, buy('5', '3-0', 200));
		expect(player(t, 1).cash).toBe(310);
	});
});

describe('an acquisition of an unreachable minor (rules digest 5.7)', () => {
	/**
	 * NBR (player 1, Edinburgh H5) at its minor-acquisition step in phase 3, with £500. Minors 3
	 * (home also Edinburgh, so connected) and 5 (Glasgow area J15, not connected) are player 2's,
	 * floated and operated twice, with their tokens on the map.
	 */
	function acquisition(mode: EngineMode): GameState {
		const s = newGame({ mode });
		startMajor(s, 'NBR', 1, 100, 2);
		s.corporations.NBR.cash = 500;
		s.phase = phaseIndex(s, '3');
		placeHome(s, 'NBR');
		for (const m of ['3', '5']) {
			floatMinorFor(s, m, 2, 50);
			s.corporations[m].operated = 2;
			placeHome(s, m);
		}
		operatingTurn(s, 'NBR', 'minor_acquisition');
		return s;
	}
	const merge = (minor: string): Action => ({ type: 'merge', entity: 'NBR', entity_type: 'corporation', corporation: minor });

	it('in live play a merge with a minor the major has no track to is refused', () => {
		const s = acquisition('live');
		expect(refusedInPlace(s, merge('5'))).toBe('not_connected');
		// What the operating choices offer is what the engine accepts.
		expect(operatingChoices(s)!.minors.map((m) => m.minor)).toEqual(['3']);
	});

	it('in live play the connected minor may be acquired', () => {
		const s = acquisition('live');
		let t = run(s, merge('3'));
		t = run(t, { type: 'choose', entity: 'NBR', entity_type: 'corporation', choice: 'money' } as Action);
		t = run(t, { type: 'choose', entity: 'NBR', entity_type: 'corporation', choice: 'exchange' } as Action);
		expect(t.corporations['3'].closed).toBe(true);
		// V = 2 × £50 paid to player 2.
		expect(player(t, 2).cash).toBe(525 + 100);
	});

	/** Phase 5: minor 3 (home Edinburgh, NBR's city) put in a bid box next to 24, 2 and 4 (homes far off). */
	function bidBoxes(mode: EngineMode): GameState {
		const s = newGame({ mode });
		startMajor(s, 'NBR', 1, 100, 2);
		s.corporations.NBR.cash = 500;
		s.phase = phaseIndex(s, '5');
		placeHome(s, 'NBR');
		s.companyOrder = ['M3', ...s.companyOrder.filter((c) => c !== 'M3')];
		s.minorBoxCache = ['M3', 'M24', 'M2', 'M4'];
		operatingTurn(s, 'NBR', 'minor_acquisition');
		return s;
	}

	it('from phase 5 a bid-box minor is acquired only if the major reaches its reserved home city', () => {
		const s = bidBoxes('live');
		expect(refusedInPlace(s, merge('24'))).toBe('not_connected');
		expect(operatingChoices(s)!.minors.map((m) => m.minor)).toEqual(['3']);
		const t = run(s, merge('3'));
		expect(t.round.kind === 'operating' && t.round.turn.merge).toEqual({ minor: '3', payment: null });
	});

	it('when a recorded game is imported the connection is not checked', () => {
		expect(run(bidBoxes('import'), merge('24')).round).toMatchObject({ turn: { merge: { minor: '24', payment: null } } });
		const s = acquisition('import');
		const t = run(s, merge('5'));
		expect(t.round.kind === 'operating' && t.round.turn.merge).toEqual({ minor: '5', payment: null });
	});
});
