/**
 * The route finder is exact: on random small positions (a corner of the 1822 map around
 * Glasgow and Edinburgh, with random track, stations, trains and phase) its best run earns
 * exactly what an exhaustive search over every combination of every legal route earns,
 * both scored by the engine's route rules. Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardState, PlacedTile, StationToken } from '../../src/lib/engine/core/board-state';
import { emptyBoard } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, tileId, trainId } from '../../src/lib/engine/core/ids';
import { PHASE_COLORS } from '../../src/lib/engine/core/tile';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { SPECIAL_HEXES_1822 } from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { routeContext } from '../../src/lib/engine/titles/g1822/routes/context';
import { evaluateRun } from '../../src/lib/engine/titles/g1822/routes/run-revenue';
import { routeTrain, type RouteTrain } from '../../src/lib/engine/titles/g1822/routes/trains';
import { findBestRoutes } from '../../src/lib/router/best-routes';
import { exhaustiveBest } from '../../src/lib/router/exhaustive';
import { toRouteSet } from '../../src/lib/router/route-set';

/** Track of a late 1822 position in Scotland; each piece is present or not in a random position. */
const TILES: readonly [string, string, number][] = [
	['E8', '80', 3],
	['G2', '8', 4],
	['G6', '83', 4],
	['H11', '83', 2],
	['G10', '9', 2],
	['F9', '9', 2],
	['F5', '142', 1],
	['F7', '56', 1],
	['G4', '611', 5],
	['G12', '15', 3],
	['H5', 'X11', 5],
	['H3', '3', 2],
	['H13', '58', 0]
];
const CITIES = ['E6', 'G4', 'H1', 'H5', 'G12', 'E2'] as const;
const TRAIN_KINDS: readonly [string, boolean][] = [
	['L', false],
	['2', false],
	['3', false],
	['4', false],
	['E', false],
	['2P', false],
	['2P', true],
	['3', true]
];

const CR = corporationId('CR');

interface Position {
	tiles: boolean[];
	stations: string[];
	destination: boolean;
	blockers: string[];
	trains: number[];
	phase: number;
	mail: number;
}

const positionArb: fc.Arbitrary<Position> = fc.record({
	tiles: fc.array(fc.boolean(), { minLength: TILES.length, maxLength: TILES.length }),
	stations: fc.uniqueArray(fc.constantFrom(...CITIES), { minLength: 1, maxLength: 3 }),
	destination: fc.boolean(),
	blockers: fc.uniqueArray(fc.constantFrom(...CITIES), { maxLength: 3 }),
	trains: fc.array(fc.integer({ min: 0, max: TRAIN_KINDS.length - 1 }), { minLength: 1, maxLength: 3 }),
	phase: fc.integer({ min: 1, max: 4 }),
	mail: fc.integer({ min: 0, max: 2 })
});

function setup(p: Position) {
	const tiles: Record<string, PlacedTile> = {};
	TILES.forEach(([hex, name, rotation], i) => {
		if (p.tiles[i]) tiles[hex] = { tile: tileId(`${name}-0`), rotation };
	});
	const tokens: StationToken[] = p.stations.map((hex, i) => ({
		hex: hexId(hex),
		city: 0,
		corporation: CR,
		// CR's destination is Carlisle G12; its home is Glasgow E6
		kind: p.destination && hex === 'G12' && i > 0 ? 'destination' : 'normal'
	}));
	// other companies fill every slot of some cities, which then block CR
	const board0: BoardState = { ...emptyBoard(), tiles, tokens };
	for (const hex of p.blockers) {
		if (p.stations.includes(hex)) continue;
		for (let k = 0; k < 3; k++) tokens.push({ hex: hexId(hex), city: 0, corporation: corporationId(`X${k}`), kind: 'normal' });
	}
	const trains: RouteTrain[] = p.trains
		.map((i, j) => routeTrain(trainId(`${TRAIN_KINDS[i][0]}-${j}`), TRAIN_KINDS[i][0], TRAIN_KINDS[i][1])!)
		.filter((t, j, all) => !(t.kind === 'pullman' && all.slice(0, j).some((u) => u.kind === 'pullman')));
	return routeContext({
		map: MAP_1822,
		board: { ...board0, tokens },
		special: SPECIAL_HEXES_1822,
		corporation: CR,
		major: true,
		phaseColors: PHASE_COLORS.slice(0, p.phase),
		trains,
		mailContracts: p.mail
	});
}

describe('route finder', () => {
	it('finds a run as good as the exhaustive search on 200 random small positions (seeded)', () => {
		let nonTrivial = 0;
		fc.assert(
			fc.property(positionArb, (p) => {
				const ctx = setup(p);
				const fast = findBestRoutes(ctx);
				const slow = exhaustiveBest(ctx);
				if (slow.total > 0) nonTrivial++;
				// the finder's run is one the engine accepts, with the figure it reports
				const check = evaluateRun(ctx, fast.routes);
				expect(check.ok).toBe(true);
				if (check.ok) expect(check.value.total).toBe(fast.revenue.total);
				expect(fast.revenue.total).toBe(slow.total);
			}),
			{ seed: 1822, numRuns: 200 }
		);
		// the sample must not be all empty boards
		expect(nonTrivial).toBeGreaterThan(100);
	});
});

describe('route finder answer', () => {
	it('a known position: Glasgow–Edinburgh–Falkirk–Aberdeen for an E, reported in the worker protocol form', () => {
		const ctx = setup({
			tiles: TILES.map(() => true),
			stations: ['E6', 'H5', 'G4', 'H1'],
			destination: false,
			blockers: [],
			trains: [4],
			phase: 4,
			mail: 0
		});
		const set = toRouteSet(findBestRoutes(ctx));
		// E pays CR's stations doubled: E6 70 + H5 60 + G4 40 + H1 60 = 230 × 2 (gray values),
		// the most it can reach; any route joining all four stations earns the same
		expect(set.revenue).toBe(460);
		expect(set.routes).toHaveLength(1);
		expect([...set.routes[0].hexes].sort()).toEqual(expect.arrayContaining(['E6', 'G4', 'H1', 'H5']));
	});
});
