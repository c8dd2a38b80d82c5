/**
 * The route search in slices (best-routes.ts `RouteSearch.step`), as the app's worker runs it:
 * the best run so far only ever improves while the search goes on, and the search cut into
 * tiny slices ends with exactly the run the one-shot search finds. On random Scotland
 * positions (seeded) and, with ../shared/reference, on the late-game positions of a recorded
 * game where the first run found is not the best.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stopHexes } from '../../src/lib/engine/core/route';
import { emptyBoard, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, trainId } from '../../src/lib/engine/core/ids';
import { PHASE_COLORS } from '../../src/lib/engine/core/tile';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { SPECIAL_HEXES_1822 } from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { routeContext, type RouteContext } from '../../src/lib/engine/titles/g1822/routes/context';
import { routeTrain, type RouteTrain } from '../../src/lib/engine/titles/g1822/routes/trains';
import { findBestRoutes, RouteSearch, type BestRun } from '../../src/lib/router/best-routes';
import { RouteGraph } from '../../src/lib/router/steps';
import { referenceRoot } from './map-reference';
import { RECORDED_GAMES, recordedRuns, runContext } from './routes-reference';
import { scotlandTiles } from './scotland-board';

/** Runs the search `budget` units at a time; the totals of each better run seen between slices, and the end. */
function sliced(ctx: RouteContext, budget: number, graph?: RouteGraph): { progress: number[]; slices: number; final: BestRun } {
	const search = new RouteSearch(ctx, graph);
	const progress: number[] = [];
	let seen = 0;
	let slices = 0;
	for (;;) {
		const done = search.step(budget);
		slices++;
		if (search.improvements > seen) {
			seen = search.improvements;
			progress.push(search.bestSoFar()!.revenue.total);
		}
		if (done) break;
		expect(slices).toBeLessThan(10_000_000);
	}
	return { progress, slices, final: search.result() };
}

const summary = (run: BestRun) => ({ total: run.revenue.total, routes: run.routes.map((r) => `${r.train}:${stopHexes(r).join('-')}`) });

const nonDecreasing = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]);

const CR = corporationId('CR');
const CITIES = ['E6', 'G4', 'H1', 'H5', 'G12', 'E2'] as const;
const TRAINS = ['2', '3', '4', 'E', 'L'] as const;

function scotland(stations: readonly string[], trains: readonly number[], phase: number, mail: number): RouteContext {
	const tokens: StationToken[] = stations.map((hex) => ({ hex: hexId(hex), city: 0, corporation: CR, kind: 'normal' }));
	const rts: RouteTrain[] = trains.map((k, i) => routeTrain(trainId(`${TRAINS[k]}-${i}`), TRAINS[k])!);
	return routeContext({
		map: MAP_1822,
		board: { ...emptyBoard(), tiles: scotlandTiles(), tokens },
		special: SPECIAL_HEXES_1822,
		corporation: CR,
		major: true,
		phaseColors: PHASE_COLORS.slice(0, phase),
		trains: rts,
		mailContracts: mail
	});
}

describe('route search in slices (the worker runs it so)', () => {
	it('a search cut into slices of one unit ends with the one-shot answer, its best so far never falling (60 seeded Scotland positions)', () => {
		let multiSlice = 0;
		fc.assert(
			fc.property(
				fc.uniqueArray(fc.constantFrom(...CITIES), { minLength: 1, maxLength: 3 }),
				fc.array(fc.integer({ min: 0, max: TRAINS.length - 1 }), { minLength: 1, maxLength: 3 }),
				fc.integer({ min: 1, max: 4 }),
				fc.integer({ min: 0, max: 2 }),
				(stations, trains, phase, mail) => {
					const ctx = scotland(stations, trains, phase, mail);
					const one = findBestRoutes(ctx);
					const s = sliced(ctx, 1);
					if (s.slices > 10) multiSlice++;
					expect(summary(s.final)).toEqual(summary(one));
					expect(nonDecreasing(s.progress)).toBe(true);
					// the last improvement is the answer
					if (one.revenue.total > 0) expect(s.progress.at(-1)).toBe(one.revenue.total);
				}
			),
			{ seed: 7, numRuns: 60 }
		);
		// slices of one unit: the searches really were cut up
		expect(multiSlice).toBeGreaterThan(50);
	});
});

const gamesExist = existsSync(path.join(referenceRoot, 'traces'));

describe.skipIf(!gamesExist)('route search in slices on recorded late-game positions', () => {
	it('1822 LYR action 1499 and GWR action 1510: the best so far rises, then ends at the one-shot answer', () => {
		const g = RECORDED_GAMES.find((x) => x.game === '1822_game_end_stock_market')!;
		const runs = recordedRuns(g);
		for (const action of [1499, 1510]) {
			const run = runs.find((r) => r.actionId === action)!;
			const { rb, ctx } = runContext(g, run);
			const one = findBestRoutes(ctx, new RouteGraph(rb, g.special));
			const again = runContext(g, run);
			const s = sliced(again.ctx, 500, new RouteGraph(again.rb, g.special));
			const expected = one.revenue.total;
			// GWR's 1510 run as the players ran it is the best there is
			if (action === 1510) expect(expected).toBe(run.routes.reduce((n, r) => n + r.revenue, 0));
			expect(summary(s.final)).toEqual(summary(one));
			// a better run than the first was found while the search went on
			expect(s.progress.length).toBeGreaterThanOrEqual(2);
			expect(s.progress[0]).toBeLessThan(expected);
			expect(nonDecreasing(s.progress)).toBe(true);
			expect(s.progress.at(-1)).toBe(expected);
		}
	});
});
