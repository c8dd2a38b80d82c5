/**
 * The operating round is an ordered list of steps, each declaring the action types it takes
 * (issue 16), as the reference builds it [g_1822/game.rb operating_round; round/base.rb
 * process_action]: the holdups and side actions first, then the turn's steps, whose actions
 * are refused as "finish this step first" while an earlier step is under way.
 */
import { describe, expect, it } from 'vitest';
import { LATEST_RULES, process, type Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { OR_STEPS, type GameState } from '../../src/lib/engine/titles/g1822/state';
import { BEFORE_STEPS, OPERATING_STEPS } from '../../src/lib/engine/titles/g1822/operating/steps';
import { majorTurn } from './or-support';

const CORP = 'LNWR';
const act = (type: string, extra: Record<string, unknown> = {}): Action => ({ type, entity: CORP, entity_type: 'corporation', ...extra }) as unknown as Action;

/**
 * Who takes each action type of an operating round, read from the reference's steps' ACTIONS
 * (g_1822/step/*.rb, step/*.rb): the turn's steps and the entries asked before them.
 */
const TAKEN_BY: Readonly<Record<string, readonly string[]>> = {
	discard_train: ['discard_train'],
	pass: ['together_lays'],
	sell_shares: ['emergency_sale', 'issue'],
	choose: ['p8_choice', 'merge_choices', 'route', 'dividend'],
	place_token: ['channel_token', 'london_token', 'home_token', 'token'],
	choose_ability: ['private_abilities'],
	buy_train: ['housekeeping', 'buy_train'],
	acquire_company: ['acquire'],
	lay_tile: ['track'],
	hex_token: ['destination'],
	run_routes: ['route'],
	dividend: ['dividend'],
	merge: ['minor_acquisition'],
	buy_shares: ['issue']
};

describe('the operating round is an ordered list of steps', () => {
	it('the turn is its steps in the rulebook order (rules digest 5.2), the turn ending after the last', () => {
		expect(OPERATING_STEPS.map((s) => s.id)).toEqual(OR_STEPS.filter((s) => s !== 'done'));
	});

	it('the holdups and side actions are asked in the reference order: a discard first, the gate to the operating corporation before its own holdups', () => {
		expect(BEFORE_STEPS.map((e) => [e.id, e.blocking])).toEqual([
			['discard_train', true],
			['together_lays', true],
			['emergency_sale', false],
			['p8_choice', true],
			['private_lays', false],
			['channel_token', false],
			['private_abilities', false],
			['operator_turn', true],
			['london_token', true],
			['merge_choices', true]
		]);
	});

	it('every step of the turn declares the action types it takes, each once, and has a name', () => {
		for (const s of OPERATING_STEPS) {
			expect(s.actions.length, s.id).toBeGreaterThan(0);
			expect(new Set(s.actions).size, s.id).toBe(s.actions.length);
			expect(s.name.length, s.id).toBeGreaterThan(0);
		}
	});

	it('each action type of the round is declared by exactly the steps that take it', () => {
		const declared = new Map<string, string[]>();
		for (const entry of [...BEFORE_STEPS, ...OPERATING_STEPS])
			for (const t of entry.actions) declared.set(t, [...(declared.get(t) ?? []), entry.id]);
		expect(Object.fromEntries(declared)).toEqual(TAKEN_BY);
	});

	it('running routes, paying dividends and M14’s home token take no pass [step/route.rb, step/dividend.rb ACTIONS]', () => {
		expect(OPERATING_STEPS.filter((s) => !s.passable).map((s) => s.id)).toEqual(['home_token', 'route', 'dividend']);
	});
});

describe('an action goes to the step reached', () => {
	/** LNWR, with cash and no train, at its track step (rules version 2 unless told). */
	function atTrack(rulesVersion = LATEST_RULES): GameState {
		const made = majorTurn(CORP, 'track');
		const s: GameState = { ...made, setup: { ...made.setup, rulesVersion } };
		expect(s.round.kind === 'operating' && s.round.turn.step).toBe('track');
		return s;
	}

	/** Buying the depot's next train at its printed price. */
	function buyNext(s: GameState): Action {
		const train = s.depot.upcoming[0];
		const name = train.slice(0, train.lastIndexOf('-'));
		const price = configOf(s.setup).trains.find((t) => t.name === name)?.price;
		return act('buy_train', { train, price, variant: name });
	}

	it('an action of a later step is refused "step pending", naming the step under way', () => {
		const s = atTrack();
		for (const a of [act('run_routes', { routes: [] }), act('dividend', { kind: 'payout' }), buyNext(s)]) {
			const r = process(s, a);
			expect(r.ok, a.type).toBe(false);
			if (!r.ok) {
				expect(r.error.code).toBe('step_pending');
				expect(r.error.message).toBe(`${CORP} is at the "Lay track" step, which does not take "${a.type}"; finish or pass it first.`);
			}
		}
	});

	it('an action of an earlier step is refused as not possible now', () => {
		const r = process(atTrack(), act('acquire_company', { company: 'P1' }));
		expect(r.ok ? null : r.error.code).toBe('action_not_allowed');
	});

	it('another corporation is told it is not its turn', () => {
		const r = process(atTrack(), { type: 'pass', entity: 'MR', entity_type: 'corporation' });
		expect(r.ok ? null : r.error.code).toBe('not_your_turn');
	});

	it('rules version 1 lets an action skip ahead to the first later step that takes it', () => {
		const v1 = atTrack(1);
		const buy = buyNext(v1);
		const r = process(v1, buy);
		expect(r.ok ? null : r.error.message).toBeNull();
		if (r.ok && r.value.round.kind === 'operating') {
			expect(r.value.corporations[CORP].trains.map((t) => t.id)).toEqual([v1.depot.upcoming[0]]);
			expect(r.value.round.turn.step).not.toBe('track');
		}
		// The same purchase waits for the track step under rules version 2.
		const v2 = process(atTrack(), buy);
		expect(v2.ok ? null : v2.error.code).toBe('step_pending');
	});
});
