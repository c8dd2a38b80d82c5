/**
 * Live route checking of `run_routes` (rules digest 7; issue 5): the engine reads the claimed
 * routes, computes their revenue and refuses a wrong figure or an illegal run, leaving the state
 * as it was. The position is the Scotland board of routes-rules.test.ts in phase 7 (gray
 * values): Aberdeen H1 60, Falkirk G4 (tile 611) 40, Edinburgh H5 (tile X11) 60.
 */
import { describe, expect, it } from 'vitest';
import { process, routeRevenue, stateHash, type Action } from '../../src/lib/engine/index';
import { emptyBoard, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { parseRecordedRoute, printRoute } from '../../src/lib/interop/routes';
import { majorTurn } from './or-support';
import { scotlandTiles } from './scotland-board';


function token(hex: string, corp: string, kind: 'normal' | 'destination' = 'normal'): StationToken {
	return { hex: hexId(hex), city: 0, corporation: corporationId(corp), kind };
}

function scotland(): BoardState {
	const tiles: BoardState['tiles'] = scotlandTiles();
	return { ...emptyBoard(), tiles, tokens: [token('H5', 'NBR'), token('E6', 'NBR'), token('H1', 'NBR', 'destination'), token('G4', 'NBR')] };
}

/** NBR operating in phase 7 at its route step, with the given trains. */
function position(trains: { id: string; name: string }[]): GameState {
	const s = majorTurn('NBR', 'route', { phase: '7' });
	s.board = scotland();
	s.corporations.NBR.trains = trains;
	s.corporations.NBR.charter = [
		{ price: 0, kind: 'normal', at: 'H5-0' },
		{ price: 100, kind: 'normal', at: 'E6-0' },
		{ price: 100, kind: 'normal', at: 'G4-0' },
		{ price: 0, kind: 'destination', at: 'H1-0' }
	];
	return s;
}

/** A route written the way the app writes one (connections and stops). */
function claimed(s: GameState, train: string, connections: string[][], revenue: number) {
	const rb = new RouteBoard(MAP_1822, s.board);
	const r = parseRecordedRoute(rb, corporationId('NBR'), { train, connections, hexes: [], revenue: 0, revenue_str: '' });
	if (!r.ok) throw new Error(r.error.message);
	return printRoute(rb, r.value, revenue);
}

function run(routes: ReturnType<typeof claimed>[]): Action {
	return { type: 'run_routes', entity: 'NBR', entity_type: 'corporation', routes };
}

describe('run_routes in live play (rules digest 7.3)', () => {
	it('a live run claiming the true revenue is accepted and its revenue recorded for the dividend', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		// H1 60 + G4 40 = 100
		const r = process(s, run([claimed(s, '2P-1', [['H1', 'G2', 'G4']], 100)]));
		expect(r.ok).toBe(true);
		if (!r.ok || r.value.round.kind !== 'operating') return;
		expect(r.value.round.turn.revenue).toBe(100);
		expect(r.value.round.turn.step).toBe('dividend');
	});

	it('a live run claiming another figure is refused (revenue_mismatch) and the state is unchanged', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const before = stateHash(s);
		const r = process(s, run([claimed(s, '2P-1', [['H1', 'G2', 'G4']], 120)]));
		expect(r.ok ? null : r.error.code).toBe('revenue_mismatch');
		expect(stateHash(s)).toBe(before);
	});

	it('two trains of a live run may not use the same track (track_reused)', () => {
		const s = position([
			{ id: '5-0', name: '5' },
			{ id: '2P-1', name: '2P' }
		]);
		const before = stateHash(s);
		// The 2P runs G4–G2–H1 again, which the 5 already uses.
		const five = claimed(s, '5-0', [['H5', 'G4'], ['G4', 'G2', 'H1']], 0);
		const two = claimed(s, '2P-1', [['G4', 'G2', 'H1']], 100);
		const r = process(s, run([five, two]));
		expect(r.ok ? null : r.error.code).toBe('track_reused');
		expect(stateHash(s)).toBe(before);
	});

	it('a live run naming no stops is refused as malformed', () => {
		const s = position([{ id: '2P-1', name: '2P' }]);
		const route = { ...claimed(s, '2P-1', [['H1', 'G2', 'G4']], 100), nodes: undefined };
		const r = process(s, run([route]));
		expect(r.ok ? null : r.error.code).toBe('malformed_route');
	});

	it('the route query shows a proposed route\'s revenue whatever it claims, and why a proposal is illegal', () => {
		const s = position([
			{ id: '5-0', name: '5' },
			{ id: '2P-1', name: '2P' }
		]);
		const shown = routeRevenue(s, [claimed(s, '2P-1', [['H1', 'G2', 'G4']], 0)]);
		expect(shown?.ok && shown.value.routes[0].revenue).toBe(100);
		const five = claimed(s, '5-0', [['H5', 'G4'], ['G4', 'G2', 'H1']], 0);
		const two = claimed(s, '2P-1', [['G4', 'G2', 'H1']], 0);
		const both = routeRevenue(s, [five, two]);
		expect(both?.ok ? null : both?.error.code).toBe('track_reused');
	});
});
