/**
 * The 1822 route rules on a fixed position in Scotland (phase 7, gray values), laid out as
 * in a recorded 1822 game late on (Glasgow E6, Edinburgh H5, Falkirk G4, Aberdeen H1,
 * Carlisle G12, the Hamilton & Coatbridge double town F7). Expected revenues are worked out
 * by hand from the printed values in the comments.
 *
 * Values in phase 7: E6 Glasgow 70 (gray), H1 Aberdeen 60 (gray), H5 tile X11 60,
 * G4 tile 611 40, G12 tile 15 30, towns 10 (F5 tile 142, each F7 town on tile 56).
 */
import { describe, expect, it } from 'vitest';
import type { BoardState, StationToken } from '../../src/lib/engine/core/board-state';
import { emptyBoard } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, trainId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import type { Route } from '../../src/lib/engine/core/route';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { SPECIAL_HEXES_1822 } from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { routeContext } from '../../src/lib/engine/titles/g1822/routes/context';
import { routeVerdict } from '../../src/lib/engine/titles/g1822/routes/route-query';
import { evaluateRun } from '../../src/lib/engine/titles/g1822/routes/run-revenue';
import { routeTrain, type RouteTrain } from '../../src/lib/engine/titles/g1822/routes/trains';
import { validateRun } from '../../src/lib/engine/titles/g1822/routes/validate-run';
import { parseRecordedRoute, printRoute } from '../../src/lib/interop/routes';
import { scotlandTiles } from './scotland-board';


const NBR = corporationId('NBR');
const CR = corporationId('CR');
const GRAY = ['yellow', 'green', 'brown', 'gray'] as const;

function token(hex: string, corp: string, kind: 'normal' | 'destination' = 'normal'): StationToken {
	return { hex: hexId(hex), city: 0, corporation: corporationId(corp), kind };
}

/** NBR: home Edinburgh H5, destination Aberdeen H1, stations in Glasgow and Falkirk. CR: home Glasgow, destination Carlisle. */
function board(tokens: StationToken[] = BASE_TOKENS): BoardState {
	const tiles: BoardState['tiles'] = scotlandTiles();
	return { ...emptyBoard(), tiles, tokens };
}

const BASE_TOKENS: StationToken[] = [
	token('H5', 'NBR'),
	token('E6', 'NBR'),
	token('H1', 'NBR', 'destination'),
	token('G4', 'NBR'),
	token('E6', 'CR'),
	token('G12', 'CR', 'destination')
];

function ctxFor(corp: typeof NBR, trains: RouteTrain[], b: BoardState = board(), mailContracts = 0) {
	return routeContext({
		map: MAP_1822,
		board: b,
		special: SPECIAL_HEXES_1822,
		corporation: corp,
		major: true,
		phaseColors: GRAY,
		trains,
		mailContracts
	});
}

function train(id: string, name: string, pullman = false): RouteTrain {
	return routeTrain(trainId(id), name, pullman)!;
}

/** A route from 18xx.games connection lists (read onto the board under test). */
function route(rb: RouteBoard, corp: typeof NBR, id: string, connections: string[][]): Route {
	const r = parseRecordedRoute(rb, corp, { train: id, connections, hexes: [], revenue: 0, revenue_str: '' });
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

const E_GLASGOW_ABERDEEN = [['F7', 'E6'], ['F7', 'G6', 'H5'], ['H5', 'G4'], ['G4', 'G2', 'H1']];

describe('E train (rules digest 7.1)', () => {
	it('an E train between its stations pays only its station cities, doubled, and passes the town for free', () => {
		const ctx = ctxFor(NBR, [train('7-2', 'E')]);
		const r = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok).toBe(true);
		// stations E6 70 + H5 60 + G4 40 + H1 60 = 230, ×2 = 460; F7 town pays 0;
		// home H5 and destination H1 on the route: destination bonus H1 60 × 2 = 120
		if (run.ok) expect(run.value.routes[0]).toEqual({ train: '7-2', revenue: 580, destinationBonus: 120 });
	});

	it('an E train route that starts at a city without its station is refused', () => {
		const tokens = BASE_TOKENS.filter((t) => !(t.hex === 'E6' && t.corporation === NBR));
		const ctx = ctxFor(NBR, [train('7-2', 'E')], board(tokens));
		const r = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok ? null : run.error.code).toBe('express_ends');
	});

	it('an E train route with fewer than two of its stations is refused', () => {
		const ctx = ctxFor(NBR, [train('7-2', 'E')]);
		const r = route(ctx.rb, NBR, '7-2', [['F7', 'G6', 'H5']]);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok ? null : run.error.code).toBe('express_needs_stations');
	});

	it('a minor whose only trains are E trains cannot run (minor_only_express)', () => {
		const ctx = routeContext({
			map: MAP_1822,
			board: board([...BASE_TOKENS, token('G4', '3')]),
			special: SPECIAL_HEXES_1822,
			corporation: corporationId('3'),
			major: false,
			phaseColors: GRAY,
			trains: [train('7-4', 'E')]
		});
		const r = route(ctx.rb, corporationId('3'), '7-4', [['G4', 'G2', 'H1']]);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok ? null : run.error.code).toBe('minor_only_express');
	});

	it('an E train may share track with a normal train', () => {
		const ctx = ctxFor(NBR, [train('7-2', 'E'), train('5-0', '5')]);
		const e = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const five = route(ctx.rb, NBR, '5-0', [['H5', 'G4'], ['G4', 'G2', 'H1']]);
		expect(evaluateRun(ctx, [e, five]).ok).toBe(true);
	});
});

describe('destination bonus (rules digest 7.2)', () => {
	it('the destination bonus is paid once across two trains: only on the route with the larger bonus', () => {
		const ctx = ctxFor(NBR, [train('7-2', 'E'), train('5-0', '5')]);
		const e = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const five = route(ctx.rb, NBR, '5-0', [['H5', 'G4'], ['G4', 'G2', 'H1']]);
		const run = evaluateRun(ctx, [e, five]);
		expect(run.ok).toBe(true);
		if (!run.ok) return;
		// the 5 also joins home H5 and destination H1 (its bonus would be 60), but the E's 120 is larger
		expect(run.value.routes[0]).toEqual({ train: '7-2', revenue: 580, destinationBonus: 120 });
		// H5 60 + G4 40 + H1 60, no bonus
		expect(run.value.routes[1]).toEqual({ train: '5-0', revenue: 160, destinationBonus: 0 });
		expect(run.value.total).toBe(740);
	});
});

describe('Pullman (rules digest 7.1)', () => {
	// CR: one F7 town – Glasgow E6 – Castlecary F5 – the other F7 town – Carlisle G12: 2 cities, 3 towns
	const PULLMAN_ROUTE = [['F7', 'E6'], ['E6', 'F5'], ['F5', 'F7'], ['F7', 'E8', 'F9', 'G10', 'H11', 'G12']];

	it('a 2 train with the Pullman counts only cities: a town-heavy route with two cities is legal', () => {
		const ctx = ctxFor(CR, [train('2P-0', '2P', true)]);
		const r = route(ctx.rb, CR, '2P-0', PULLMAN_ROUTE);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok).toBe(true);
		// towns 10 + 10 + 10, E6 70, G12 30 = 130; home E6 and destination G12: bonus 30
		if (run.ok) expect(run.value.routes[0]).toEqual({ train: '2P-0', revenue: 160, destinationBonus: 30 });
	});

	it('the same route without the Pullman has too many stops for a 2 train', () => {
		const ctx = ctxFor(CR, [train('2P-0', '2P')]);
		const r = route(ctx.rb, CR, '2P-0', PULLMAN_ROUTE);
		const run = evaluateRun(ctx, [r]);
		expect(run.ok ? null : run.error.code).toBe('too_many_stops');
	});
});

describe('refusals leave the position unchanged', () => {
	it('two normal trains over the same track are refused (track_reused) and the board is untouched', () => {
		const b = board();
		const before = JSON.stringify(b);
		const ctx = ctxFor(NBR, [train('5-0', '5'), train('2P-1', '2P')], b);
		const five = route(ctx.rb, NBR, '5-0', [['H5', 'G4'], ['G4', 'G2', 'H1']]);
		const two = route(ctx.rb, NBR, '2P-1', [['G4', 'G2', 'H1']]);
		const run = evaluateRun(ctx, [five, two]);
		expect(run.ok ? null : run.error.code).toBe('track_reused');
		expect(JSON.stringify(b)).toBe(before);
	});

	it('live play refuses a revenue claim that is not the true one (revenue_mismatch)', () => {
		const b = board();
		const before = JSON.stringify(b);
		const ctx = ctxFor(NBR, [train('2P-1', '2P')], b);
		const r = route(ctx.rb, NBR, '2P-1', [['H1', 'G2', 'G4']]);
		// H1 60 + G4 40 = 100
		const right = validateRun(ctx, [{ route: r, revenue: 100 }], 'live');
		expect(right.ok && right.value.total).toBe(100);
		const wrong = validateRun(ctx, [{ route: r, revenue: 120 }], 'live');
		expect(wrong.ok ? null : wrong.error.code).toBe('revenue_mismatch');
		expect(JSON.stringify(b)).toBe(before);
	});

	it('an imported run keeps the revenue 18xx.games recorded, even when today\'s rules differ', () => {
		const tokens = BASE_TOKENS.filter((t) => !(t.hex === 'E6' && t.corporation === NBR));
		const ctx = ctxFor(NBR, [train('7-2', 'E')], board(tokens));
		const r = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const run = validateRun(ctx, [{ route: r, revenue: 500 }], 'import');
		expect(run.ok).toBe(true);
		if (run.ok) {
			expect(run.value.total).toBe(500);
			expect(run.value.verified).toBe(false);
		}
	});
});

describe('other run-wide rules (rules digest 7.1)', () => {
	it('two L trains may not run from the same city (local_city_twice)', () => {
		const ctx = ctxFor(CR, [train('L-0', 'L'), train('L-1', 'L')]);
		const a = route(ctx.rb, CR, 'L-0', [['local', 'E6']]);
		const b = route(ctx.rb, CR, 'L-1', [['F5', 'E6']]);
		expect(evaluateRun(ctx, [a]).ok).toBe(true);
		const run = evaluateRun(ctx, [a, b]);
		expect(run.ok ? null : run.error.code).toBe('local_city_twice');
	});

	it('a route must include one of the company\'s stations (no_station)', () => {
		const ctx = ctxFor(CR, [train('2P-1', '2P')]);
		// NBR's run Aberdeen–Falkirk, claimed by CR, which has no station on it
		const r = route(ctx.rb, NBR, '2P-1', [['H1', 'G2', 'G4']]);
		expect(routeVerdict(ctx, [r], 0)).toMatchObject({ legal: false, code: 'no_station', revenue: 0 });
	});

	it('the query shows a legal route and its revenue', () => {
		const ctx = ctxFor(NBR, [train('2P-1', '2P')]);
		const r = route(ctx.rb, NBR, '2P-1', [['H1', 'G2', 'G4']]);
		expect(routeVerdict(ctx, [r], 0)).toEqual({ legal: true, revenue: 100, code: null, message: null });
	});
});

describe('run_routes format', () => {
	it('printing a route and reading it back gives the same route (round trip)', () => {
		const ctx = ctxFor(NBR, [train('7-2', 'E')]);
		const r = route(ctx.rb, NBR, '7-2', E_GLASGOW_ABERDEEN);
		const printed = printRoute(ctx.rb, r, 580, 120);
		expect(printed.hexes).toEqual(['E6', 'F7', 'H5', 'G4', 'H1']);
		expect(printed.revenue_str).toBe('E6-F7-H5-G4-H1 (£120)');
		const back = parseRecordedRoute(ctx.rb, NBR, printed);
		expect(back.ok && back.value).toEqual(r);
	});
});
