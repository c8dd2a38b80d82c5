/**
 * P13 (YN&BR) and P14 (K&TR), Pullman carriages, read from g_1822/game.rb company_bought (the P+
 * handed to the acquirer, the private closed; majors and minors from phase 5), crowded_corp? /
 * g_1822/step/discard_train.rb trains (two P+ make one too many; only a P+ is offered) and
 * g_1822/step/route.rb pullman_train_choices / process_choose (the P+ rides on a train that is
 * not L, LP or E, numbered among those; that train then counts towns without limit). Rules digest
 * 6.1, 6.3, 7.1, 10.2. The route check of a Pullman train itself is pinned in routes-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { liveRouteContext } from '../../src/lib/engine/titles/g1822/operating/live-routes';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { emptyBoard, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { parseRecordedRoute, printRoute } from '../../src/lib/interop/routes';
import { acquireTurn, majorTurn, operatingTurn, refusedCode, run } from './or-support';
import { scotlandTiles } from './scotland-board';

const CORP = 'MR';
const acquire = (company: string): Action => ({ type: 'acquire_company', entity: CORP, entity_type: 'corporation', company });
const choose = (choice: string): Action => ({ type: 'choose', entity: CORP, entity_type: 'corporation', choice });

/** MR after acquiring `company`, with trains L, 3 and 4 plus the P+. */
function withPullman(company: string): GameState {
	const s = acquireTurn(CORP, company, { phase: '5' });
	s.corporations[CORP].trains = [
		{ id: 'L-0', name: 'L' },
		{ id: '4-0', name: '4' }
	];
	return run(s, acquire(company));
}

describe('P13 / P14 Pullman on acquisition [g_1822/game.rb company_bought]', () => {
	it.each([
		['P13', 'P+-0'],
		['P14', 'P+-1']
	])('%s gives its P+ (outside the train limit) and closes', (company, train) => {
		const s = withPullman(company);
		expect(s.corporations[CORP].trains.map((t) => t.id)).toEqual(['L-0', '4-0', train]);
		expect(s.companies[company].closed).toBe(true);
		expect(operatingChoices(s)!.step).not.toBe('discard');
	});

	it('a second P+ is one too many: only a P+ may be discarded, and it leaves the game', () => {
		const s = acquireTurn(CORP, 'P13', { phase: '5' });
		s.players.find((p) => p.id === 3)!.companies.push('P14');
		s.companies.P14 = { owner: 'player:3', closed: false };
		s.corporations[CORP].trains = [{ id: '4-0', name: '4' }];
		const both = run(s, acquire('P13'), acquire('P14'));
		expect(operatingChoices(both)!.discard).toEqual(['P+-0', 'P+-1']);
		expect(refusedCode(both, { type: 'discard_train', entity: CORP, entity_type: 'corporation', train: '4-0' })).toBe('train_not_discardable');
		const after = run(both, { type: 'discard_train', entity: CORP, entity_type: 'corporation', train: 'P+-1' });
		expect(after.corporations[CORP].trains.map((t) => t.id)).toEqual(['4-0', 'P+-0']);
		expect(after.depot.discarded.map((t) => t.id)).not.toContain('P+-1');
	});
});

describe('P13 / P14 attaching the Pullman [g_1822/step/route.rb pullman_train_choices]', () => {
	it('in the route step the only choice is the 4 (not the L); choosing it makes the 4 a Pullman train', () => {
		const s = withPullman('P13');
		operatingTurn(s, CORP, 'route');
		expect(operatingChoices(s)!.pullman).toEqual([0]);
		const after = run(s, choose('0'));
		expect(after.round.kind === 'operating' && after.round.turn.pullman).toBe(1);
		const ctx = liveRouteContext(after, configOf(after.setup), after.corporations[CORP], 1);
		expect([...ctx.trains.values()].map((t) => [t.name, t.kind])).toEqual([
			['L', 'local'],
			['4', 'pullman']
		]);
	});

	it('is refused for a choice beyond the eligible trains and for a corporation with only an L or E, state unchanged', () => {
		const s = withPullman('P14');
		operatingTurn(s, CORP, 'route');
		expect(refusedCode(s, choose('1'))).toBe('invalid_choice');
		const onlyL = withPullman('P14');
		onlyL.corporations[CORP].trains = onlyL.corporations[CORP].trains.filter((t) => t.name !== '4');
		onlyL.corporations[CORP].trains.push({ id: 'E-0', name: 'E' });
		operatingTurn(onlyL, CORP, 'route');
		expect(operatingChoices(onlyL)!.pullman).toEqual([]);
		expect(refusedCode(onlyL, choose('0'))).toBe('invalid_choice');
	});
});

/**
 * The Scotland position of routes-rules.test.ts (phase 7): CR at home in Glasgow E6 with its
 * destination token in Carlisle G12. The route F7 town – E6 – F5 town – F7 town – G12 has two
 * cities and three towns: towns 10 + 10 + 10, E6 70, G12 30, destination bonus 30 = 160.
 */
const PULLMAN_ROUTE = [['F7', 'E6'], ['E6', 'F5'], ['F5', 'F7'], ['F7', 'E8', 'F9', 'G10', 'H11', 'G12']];

function scotland(): GameState {
	const s = majorTurn('CR', 'route', { phase: '7' });
	const token = (hex: string, kind: 'normal' | 'destination'): StationToken => ({ hex: hexId(hex), city: 0, corporation: corporationId('CR'), kind });
	const tiles: BoardState['tiles'] = scotlandTiles();
	s.board = { ...emptyBoard(), tiles, tokens: [token('E6', 'normal'), token('G12', 'destination')] };
	s.corporations.CR.charter = [
		{ price: 0, kind: 'normal', at: 'E6-0' },
		{ price: 0, kind: 'destination', at: 'G12-0' }
	];
	s.corporations.CR.trains = [
		{ id: '3-0', name: '3' },
		{ id: 'P+-0', name: 'P+' }
	];
	return s;
}

function runPullmanRoute(s: GameState): Action {
	const rb = new RouteBoard(MAP_1822, s.board);
	const r = parseRecordedRoute(rb, corporationId('CR'), { train: '3-0', connections: PULLMAN_ROUTE, hexes: [], revenue: 0, revenue_str: '' });
	if (!r.ok) throw new Error(r.error.message);
	return { type: 'run_routes', entity: 'CR', entity_type: 'corporation', routes: [printRoute(rb, r.value, 160)] };
}

describe('P13 / P14 Pullman train counts towns without limit [g_1822/step/route.rb attach_pullman]', () => {
	it('with the Pullman on its 3 train, CR runs two cities and three towns for £160', () => {
		const s = run(scotland(), { type: 'choose', entity: 'CR', entity_type: 'corporation', choice: '0' });
		const ran = run(s, runPullmanRoute(s));
		expect(ran.round.kind === 'operating' && ran.round.turn.revenue).toBe(160);
	});

	it('without attaching it the same run is refused: too many stops for a 3 train', () => {
		const s = scotland();
		expect(refusedCode(s, runPullmanRoute(s))).toBe('too_many_stops');
	});
});
