/**
 * Routes by hand (issue 8, rules digest 7): the player clicks stops per train, the builder joins
 * them over the track and the engine says what each train earns or why the run is illegal.
 * Position: the Scotland board of or-live-routes.test.ts, NBR at its route step in phase 7
 * (gray values): Aberdeen H1 60, Falkirk G4 (tile 611) 40, Edinburgh H5 (tile X11) 60.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/lib/engine/index';
import { emptyBoard, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { parseRecordedRoute, printRoute } from '../../src/lib/interop/routes';
import {
	addStop,
	builderBoard,
	checkPlan,
	clearTrain,
	clickableStops,
	emptyPlan,
	lastRunRoutes,
	planFromRoutes,
	removeLastStop,
	routeJson,
	type BuilderBoard,
	type RoutePlan,
	type Stop
} from '../../src/lib/state/route-builder';
import { majorTurn } from './or-support';
import { scotlandTiles } from './scotland-board';

function token(hex: string, corp: string, kind: 'normal' | 'destination' = 'normal'): StationToken {
	return { hex: hexId(hex), city: 0, corporation: corporationId(corp), kind };
}

function position(trains: { id: string; name: string }[]): GameState {
	const s = majorTurn('NBR', 'route', { phase: '7' });
	s.board = { ...emptyBoard(), tiles: scotlandTiles(), tokens: [token('H5', 'NBR'), token('E6', 'NBR'), token('H1', 'NBR', 'destination'), token('G4', 'NBR')] };
	s.corporations.NBR.trains = trains;
	s.corporations.NBR.charter = [
		{ price: 0, kind: 'normal', at: 'H5-0' },
		{ price: 100, kind: 'normal', at: 'E6-0' },
		{ price: 100, kind: 'normal', at: 'G4-0' },
		{ price: 0, kind: 'destination', at: 'H1-0' }
	];
	return s;
}

/** The one city on each of these hexes is the tile's first node. */
const city = (hex: string): Stop => ({ hex, node: 0 });

function click(board: BuilderBoard, plan: RoutePlan, train: string, ...stops: Stop[]): RoutePlan {
	let p = plan;
	for (const s of stops) {
		const r = addStop(board, p, train, s);
		if (!r.ok) throw new Error(r.message);
		p = r.plan;
	}
	return p;
}

describe('routes by hand (issue 8; rules digest 7)', () => {
	it('two clicked stops are joined over the track and earn the engine\'s figure (H1 60 + G4 40)', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const board = builderBoard(s);
		const plan = click(board, emptyPlan(s, 'NBR'), '2P-1', city('H1'), city('G4'));
		expect(routeJson(board, plan.trains[0])?.connections).toEqual([['H1', 'G2', 'G4']]);
		const check = checkPlan(s, board, plan);
		expect(check.problem).toBeNull();
		expect(check.trains[0].revenue).toBe(100);
		expect(check.total).toBe(100);
		expect(check.routes?.[0].revenue).toBe(100);
	});

	it('a stop reached only through another brings that stop in: a train counts every stop it passes', () => {
		const s = position([{ id: '5-0', name: '5' }]);
		const board = builderBoard(s);
		const plan = click(board, emptyPlan(s, 'NBR'), '5-0', city('H1'), city('H5'));
		expect(plan.trains[0].stops.map((x) => x.hex)).toEqual(['H1', 'G4', 'H5']);
		// 60 + 40 + 60, and the destination bonus (home H5 and destination H1 on one route, rules digest 7.2): H1 60
		expect(checkPlan(s, board, plan).total).toBe(220);
	});

	it('a train visiting more stops than its length: the engine\'s reason, naming the company\'s train', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const board = builderBoard(s);
		const plan = click(board, emptyPlan(s, 'NBR'), '2P-1', city('H1'), city('G4'), city('H5'));
		const check = checkPlan(s, board, plan);
		expect(check.trains[0].problem).toMatch(/^NBR's 2P train: .*2 stops/);
		expect(check.problem).toBe(check.trains[0].problem);
		expect(check.routes).toBeNull();
		expect(check.total).toBeNull();
	});

	it('two trains over the same track (rules digest 7.1 overlap): each is fine alone, the run is refused', () => {
		const s = position([
			{ id: '5-0', name: '5' },
			{ id: '2P-1', name: '2P' }
		]);
		const board = builderBoard(s);
		let plan = click(board, emptyPlan(s, 'NBR'), '5-0', city('H5'), city('G4'), city('H1'));
		plan = click(board, plan, '2P-1', city('G4'), city('H1'));
		const check = checkPlan(s, board, plan);
		// the 5: 60 + 40 + 60 + H1's destination bonus 60 (rules digest 7.2); the 2P: 40 + 60
		expect(check.trains.map((t) => t.revenue)).toEqual([220, 100]);
		expect(check.problem).toMatch(/same track/);
		expect(check.routes).toBeNull();
	});

	it('a stop with no track to the last one is refused in words and the plan is unchanged', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const board = builderBoard(s);
		const plan = click(board, emptyPlan(s, 'NBR'), '2P-1', city('H1'));
		const r = addStop(board, plan, '2P-1', city('E34'));
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.message).toMatch(/^No track between .*H1.* and .*E34/);
	});

	it('a further click on the last stop takes the other way between the two stops, then back', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const board = builderBoard(s);
		// G4 and H5 are joined directly and through G6.
		const plan = click(board, emptyPlan(s, 'NBR'), '2P-1', city('G4'), city('H5'));
		const first = routeJson(board, plan.trains[0])?.connections;
		const again = click(board, plan, '2P-1', city('H5'));
		const second = routeJson(board, again.trains[0])?.connections;
		expect([first, second]).toEqual(
			expect.arrayContaining([
				[['G4', 'H5']],
				[['G4', 'G6', 'H5']]
			])
		);
		expect(second).not.toEqual(first);
		expect(routeJson(board, click(board, again, '2P-1', city('H5')).trains[0])?.connections).toEqual(first);
		// 40 + 60 either way
		expect(checkPlan(s, board, again).total).toBe(100);
	});

	it('an L train may run inside one station of the company alone (rules digest 7.1 L/LP): one click, the city\'s value', () => {
		const s = position([{ id: 'L-0', name: 'L' }]);
		const board = builderBoard(s);
		expect(clickableStops(s, board, 'NBR').has('H5#0')).toBe(true);
		const plan = click(board, emptyPlan(s, 'NBR'), 'L-0', city('H5'));
		expect(routeJson(board, plan.trains[0])?.connections).toEqual([['local', 'H5']]);
		// Edinburgh H5 (tile X11) 60
		expect(checkPlan(s, board, plan).total).toBe(60);
	});

	it('removing the last stop and clearing a train; a run with no route earns nothing', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const board = builderBoard(s);
		const plan = click(board, emptyPlan(s, 'NBR'), '2P-1', city('H1'), city('G4'), city('H5'));
		const back = removeLastStop(plan, '2P-1');
		expect(back.trains[0].stops.map((x) => x.hex)).toEqual(['H1', 'G4']);
		expect(back.trains[0].choices).toHaveLength(1);
		expect(checkPlan(s, board, back).total).toBe(100);
		const cleared = clearTrain(back, '2P-1');
		expect(cleared.trains[0].stops).toEqual([]);
		const none = checkPlan(s, board, cleared);
		expect(none.routes).toEqual([]);
		expect(none.total).toBe(0);
	});

	it('routes written elsewhere (the finder, a past run) load as a plan to edit, on a same-name train if need be', () => {
		const s = position([
			{ id: '5-0', name: '5' },
			{ id: '2P-3', name: '2P' }
		]);
		const board = builderBoard(s);
		const recorded = (train: string, connections: string[][]) => {
			const r = parseRecordedRoute(board.rb, corporationId('NBR'), { train, connections, hexes: [], revenue: 0, revenue_str: '' });
			if (!r.ok) throw new Error(r.error.message);
			return printRoute(board.rb, r.value, 0);
		};
		// The 2P that ran last time (2P-1) is gone; 2P-3 takes its route.
		const { plan, dropped } = planFromRoutes(s, board, 'NBR', [
			recorded('5-0', [['H5', 'G4'], ['G4', 'F5'], ['F5', 'E6']]),
			recorded('2P-1', [['H1', 'G2', 'G4']])
		]);
		expect(dropped).toBe(0);
		expect(plan.trains.map((t) => t.stops.map((x) => x.hex))).toEqual([
			['H5', 'G4', 'F5', 'E6'],
			['H1', 'G4']
		]);
		expect(routeJson(board, plan.trains[0])?.connections).toEqual([['H5', 'G4'], ['G4', 'F5'], ['F5', 'E6']]);
		const check = checkPlan(s, board, plan);
		// The 2P: H1 60 + G4 40; the two routes share no track.
		expect(check.trains[1].revenue).toBe(100);
		expect(check.problem).toBeNull();
		expect(check.routes?.map((r) => r.train)).toEqual(['5-0', '2P-3']);
	});

	it('the company\'s last run is its most recent run_routes among the actions in effect', () => {
		const route = { train: '2-0', connections: [['H1', 'G2', 'G4']], hexes: ['H1', 'G4'], revenue: 100 };
		const actions = [
			{ type: 'run_routes', entity: 'NBR', routes: [{ ...route, revenue: 50 }] },
			{ type: 'run_routes', entity: 'NBR', routes: [route] },
			{ type: 'run_routes', entity: 'CR', routes: [] },
			{ type: 'pass', entity: 'NBR' }
		] as unknown as Action[];
		expect(lastRunRoutes(actions, 'NBR')).toEqual([route]);
		expect(lastRunRoutes(actions, 'LNWR')).toBeNull();
	});
});
