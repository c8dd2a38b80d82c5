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

/** Track pieces are mostly present, so that routes are long enough to matter. */
const mostly = fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 });

/** Train picks, with the E more often than its share (its rules are the trickiest). */
const trainPick = fc.oneof(
	{ arbitrary: fc.constant(4), weight: 2 },
	{ arbitrary: fc.integer({ min: 0, max: TRAIN_KINDS.length - 1 }), weight: 5 }
);

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
	tiles: fc.array(fc.oneof(mostly, fc.boolean()), { minLength: TILES.length, maxLength: TILES.length }),
	stations: fc.uniqueArray(fc.constantFrom(...CITIES), { minLength: 1, maxLength: 3 }),
	destination: fc.boolean(),
	blockers: fc.uniqueArray(fc.constantFrom(...CITIES), { maxLength: 3 }),
	trains: fc.array(trainPick, { minLength: 1, maxLength: 3 }),
	phase: fc.integer({ min: 1, max: 4 }),
	mail: fc.integer({ min: 0, max: 2 })
});

function setup(p: Position) {
	const tiles: Record<string, PlacedTile> = {};
	TILES.forEach(([hex, name, rotation], i) => {
		if (p.tiles[i]) tiles[hex] = { tile: tileId(`${name}-0`), rotation };
	});
	// CR's home is Glasgow E6 and its destination Carlisle G12: with `destination`, both are tokened
	const hexes = p.destination ? [...new Set([...p.stations, 'E6', 'G12'])] : p.stations;
	const tokens: StationToken[] = hexes.map((hex) => ({
		hex: hexId(hex),
		city: 0,
		corporation: CR,
		kind: p.destination && hex === 'G12' ? 'destination' : 'normal'
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

/** A position around London and the English Channel (London's six cities, the Channel and France). */
const SOUTH_EAST: readonly [string, string, number][] = [
	['M38', 'X23', 0],
	['L39', '82', 3],
	['L41', '546', 5],
	['K40', '83', 0],
	['L37', '546', 3],
	['M40', '9', 0],
	['N39', '9', 2],
	['O40', '57', 2],
	['P41', '6', 0],
	['P43', 'X4', 0],
	['N41', '8', 5],
	['O42', '4', 2],
	['M42', 'X16', 3],
	['K42', '405', 3],
	['J41', '5', 4]
];
const SE_STATIONS: readonly [string, number][] = [
	['M38', 5],
	['M38', 0],
	['M38', 3],
	['P41', 0],
	['P43', 0],
	['O40', 0],
	['M42', 0],
	['K42', 0],
	['J41', 0]
];
const SECR = corporationId('SECR');

interface SouthEast {
	tiles: boolean[];
	stations: number[];
	destination: boolean;
	channel: boolean;
	trains: number[];
	phase: number;
	mail: number;
}

const southEastArb: fc.Arbitrary<SouthEast> = fc.record({
	tiles: fc.array(mostly, { minLength: SOUTH_EAST.length, maxLength: SOUTH_EAST.length }),
	stations: fc.uniqueArray(fc.integer({ min: 0, max: SE_STATIONS.length - 1 }), { minLength: 1, maxLength: 3 }),
	destination: fc.boolean(),
	channel: fc.boolean(),
	trains: fc.array(trainPick, { minLength: 1, maxLength: 2 }),
	// France pays from green
	phase: fc.integer({ min: 2, max: 4 }),
	mail: fc.integer({ min: 0, max: 2 })
});

function setupSouthEast(p: SouthEast) {
	const tiles: Record<string, PlacedTile> = {};
	SOUTH_EAST.forEach(([hex, name, rotation], i) => {
		if (p.tiles[i]) tiles[hex] = { tile: tileId(`${name}-0`), rotation };
	});
	// SECR's home is London's city 5 and its destination Dover (P41): with `destination`, both
	// are tokened; with `channel`, it has a station in the English Channel
	const picks = new Set(p.stations);
	if (p.destination) [0, 3].forEach((k) => picks.add(k));
	if (p.channel) picks.add(4);
	const tokens: StationToken[] = [...picks].map((k) => {
		const [hex, city] = SE_STATIONS[k];
		const kind = p.destination && hex === 'P41' ? 'destination' : 'normal';
		return { hex: hexId(hex), city, corporation: SECR, kind };
	});
	const trains: RouteTrain[] = p.trains
		.map((i, j) => routeTrain(trainId(`${TRAIN_KINDS[i][0]}-${j}`), TRAIN_KINDS[i][0], TRAIN_KINDS[i][1])!)
		.filter((t, j, all) => !(t.kind === 'pullman' && all.slice(0, j).some((u) => u.kind === 'pullman')));
	return routeContext({
		map: MAP_1822,
		board: { ...emptyBoard(), tiles, tokens },
		special: SPECIAL_HEXES_1822,
		corporation: SECR,
		major: true,
		phaseColors: PHASE_COLORS.slice(0, p.phase),
		trains,
		mailContracts: p.mail
	});
}

describe('route finder around London and the Channel', () => {
	it('matches the exhaustive search on 100 random positions with London, the English Channel and France (seeded)', () => {
		let nonTrivial = 0;
		fc.assert(
			fc.property(southEastArb, (p) => {
				const ctx = setupSouthEast(p);
				const fast = findBestRoutes(ctx);
				const slow = exhaustiveBest(ctx);
				if (slow.total > 0) nonTrivial++;
				expect(fast.revenue.total).toBe(slow.total);
			}),
			{ seed: 44, numRuns: 100 }
		);
		expect(nonTrivial).toBeGreaterThan(40);
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
