/**
 * P8 (E&GR, Hill Discount), read from g_1822/game.rb company_choices_egr / company_made_choice_egr
 * (on acquisition the corporation chooses at once: "token", one free lay on a rough, hill or
 * mountain hex of P8's list, closing P8; or "discount", £20 off the £60 hills and mountains for
 * good), g_1822/step/special_track.rb must_be_on_terrain? and g_1822/game.rb upgrade_cost.
 * Rules digest 5.3, 10.2.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import { acquireTurn, giveToCorporation, majorTurn, refusedCode, run } from './or-support';

const CORP = 'LNWR';
const act = (type: string, extra: Record<string, unknown>): Action => ({ type, entity: CORP, entity_type: 'corporation', ...extra }) as unknown as Action;
const lay = (entity: string, hex: string, tile: string, rotation: number): Action => ({
	type: 'lay_tile',
	entity,
	entity_type: entity === CORP ? 'corporation' : 'company',
	hex,
	tile,
	rotation
});

/** LNWR (phase 3, home placed) has just acquired P8 from player 2; the choice is pending. */
function acquired(): GameState {
	const s = acquireTurn(CORP, 'P8', { phase: '3' });
	placeHome(s, CORP);
	return run(s, act('acquire_company', { company: 'P8' }));
}

/** After choosing `choice`, at the track step. */
function chosen(choice: 'token' | 'discount'): GameState {
	const s = run(acquired(), act('choose', { choice }));
	if (s.round.kind === 'operating') s.round.turn.step = 'track';
	return s;
}

describe('P8 choice on acquisition [g_1822/game.rb company_choices_egr]', () => {
	it('offers exactly "token" and "discount" for the UI, and records the choice', () => {
		const s = acquired();
		expect(s.privateChoices.P8).toBe('pending');
		expect(operatingChoices(s)!.p8Choice).toEqual(['token', 'discount']);
		expect(run(s, act('choose', { choice: 'discount' })).privateChoices.P8).toBe('discount');
		expect(refusedCode(s, act('choose', { choice: 'both' }))).toBe('invalid_choice');
	});

	it('blocks the turn until made [g_1822/step/special_choose.rb]: a lay or a pass is refused meanwhile', () => {
		const s = acquired();
		expect(operatingChoices(s)!.actions).toEqual(['choose']);
		expect(refusedCode(s, lay(CORP, 'J21', '3-0', 0))).toBe('choice_pending');
		expect(refusedCode(s, act('pass', {}))).toBe('choice_pending');
	});
});

describe('P8 "token": one free lay on its terrain hexes [g_1822/step/special_track.rb must_be_on_terrain?]', () => {
	it('lays on the J21 hill for nothing (normally £60), using the normal lay, and closes', () => {
		const s = chosen('token');
		expect(refusedCode(s, lay(CORP, 'J21', '3-0', 0))).toBeNull();
		const cash = s.corporations[CORP].cash;
		const plain = run(s, lay(CORP, 'J21', '3-0', 0));
		expect(plain.corporations[CORP].cash).toBe(cash - 60);
		const after = run(s, lay('P8', 'J21', '3-0', 0));
		expect(after.corporations[CORP].cash).toBe(cash);
		expect(after.board.tiles.J21?.tile).toBe('3-0');
		expect(after.companies.P8.closed).toBe(true);
		expect(after.corporations[CORP].companies).not.toContain('P8');
	});

	it('is refused off its hex list, and after "discount" was chosen, with the state unchanged', () => {
		expect(refusedCode(chosen('token'), lay('P8', 'H23', '5-0', 3))).toBe('hex_not_allowed');
		expect(refusedCode(chosen('discount'), lay('P8', 'J21', '3-0', 0))).toBe('invalid_ability');
	});
});

describe('P8 "discount": £20 off £60 hills and mountains, for good [g_1822/game.rb upgrade_cost]', () => {
	it('the J21 hill costs £40 instead of £60 and P8 stays open', () => {
		const s = chosen('discount');
		const cash = s.corporations[CORP].cash;
		const after = run(s, lay(CORP, 'J21', '3-0', 0));
		expect(after.corporations[CORP].cash).toBe(cash - 40);
		expect(after.companies.P8.closed).toBe(false);
		expect(after.corporations[CORP].companies).toContain('P8');
	});

	it('the I16 mountain costs £60 instead of £80 (NER with a station in Darlington)', () => {
		for (const [discount, cost] of [
			[false, 80],
			[true, 60]
		] as const) {
			const s = majorTurn('NER', 'track', { phase: '3' });
			s.board = {
				...s.board,
				tiles: { ...s.board.tiles, J15: { tile: tileId('57-0'), rotation: 1 } },
				tokens: [...s.board.tokens, { hex: hexId('J15'), city: 0, corporation: corporationId('NER'), kind: 'normal' }]
			};
			s.corporations.NER.charter[0].at = 'J15-0';
			if (discount) {
				giveToCorporation(s, 'P8', 'NER');
				s.privateChoices.P8 = 'discount';
			}
			const cash = s.corporations.NER.cash;
			const after = run(s, { type: 'lay_tile', entity: 'NER', entity_type: 'corporation', hex: 'I16', tile: '7-0', rotation: 3 });
			expect(after.corporations.NER.cash).toBe(cash - cost);
		}
	});

	it('no discount on the £40 rough of I24', () => {
		const s = chosen('discount');
		const cash = s.corporations[CORP].cash;
		const after = run(s, lay(CORP, 'I24', '7-0', 2));
		expect(after.corporations[CORP].cash).toBe(cash - 40);
	});
});

describe("P8's pending choice holds the turn's later steps (rules version 3) [round/operating.rb skip_steps; g_1822/step/special_choose.rb]", () => {
	/** LNWR (no home station, no train) at its acquire step under `rulesVersion`, P8 and P10 with player 2. */
	function atAcquire(rulesVersion: 2 | 3): GameState {
		const s = majorTurn(CORP, 'acquire', { phase: '3', rulesVersion });
		for (const company of ['P8', 'P10']) {
			for (const p of s.players) p.companies = p.companies.filter((c) => c !== company);
			s.companies[company] = { owner: 'player:2', closed: false };
			s.players.find((p) => p.id === 2)!.companies.push(company);
		}
		return s;
	}
	const price = (s: GameState) => JSON.stringify(s.corporations[CORP].price);
	const step = (s: GameState) => (s.round.kind === 'operating' ? s.round.turn.step : null);

	it('the acquire step over with the choice pending, nothing after it is reached or settled: the share price waits for the choice', () => {
		const s = atAcquire(3);
		const before = price(s);
		// Nothing else to acquire: the acquire step ends with the purchase [step/acquire_company.rb
		// process_acquire_company pass!], and the choice alone is asked; a pass is refused.
		const acquired = run(s, act('acquire_company', { company: 'P8' }), act('acquire_company', { company: 'P10' }));
		expect(acquired.privateChoices.P8).toBe('pending');
		expect(operatingChoices(acquired)!.actions).toEqual(['choose']);
		expect(refusedCode(acquired, act('pass', {}))).toBe('choice_pending');
		expect(price(acquired)).toBe(before);
		// The choice made, the turn goes on: the steps with nothing to do are skipped and settled
		// (LNWR runs nothing, so its price moves), up to the train it must buy.
		const chose = run(acquired, act('choose', { choice: 'discount' }));
		expect(price(chose)).not.toBe(before);
		expect(step(chose)).toBe('buy_train');
	});

	it('passing the acquire step with P10 still on offer and the choice pending: nothing after it is settled until the choice', () => {
		const s = atAcquire(3);
		const before = price(s);
		const passed = run(s, act('acquire_company', { company: 'P8' }), act('pass', {}));
		expect(operatingChoices(passed)!.actions).toEqual(['choose']);
		// Held at the step after the acquire step, not yet reached.
		expect(step(passed)).toBe('track');
		expect(price(passed)).toBe(before);
		expect(price(run(passed, act('choose', { choice: 'token' })))).not.toBe(before);
	});

	it('a game started under rules version 2 moves on at the pass, before the choice: the track step is skipped and the destination step reached', () => {
		const passed = run(atAcquire(2), act('acquire_company', { company: 'P8' }), act('pass', {}));
		expect(passed.privateChoices.P8).toBe('pending');
		expect(step(passed)).toBe('destination');
	});
});
