/**
 * "New track must be used or change a city's value" [rules digest 5.3 Validation;
 * step/tracker.rb check_track_restrictions!, TRACK_RESTRICTION :semi_restrictive]. Tile
 * definitions are the 1822 catalogue's (../shared/reference/data/1822.json tiles): 57 is a
 * £20 city on sides 0–3, 14 a £30 city on 0,1,3,4; 4 a £10 town on 0–3, 141 a £10 town on
 * 0,1,3; 9 a straight 0–3; 82 a junction on 0,1,3.
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard, type BoardState } from '../../../core/board-state';
import { corporationId, hexId, tileId } from '../../../core/ids';
import type { Reach } from '../../../core/track-reach';
import { TrackGraph } from '../../../core/track-graph';
import { laid } from '../../../core/upgrade';
import { validateTileLay, type TrackContext } from './lays';
import { MAP_1822 } from './map-1822';
import { pathsThatCount } from './new-track';

const tile = (name: string) => MAP_1822.tiles.get(name)!;
const exitsOf = (name: string, index: number) => {
	const p = tile(name).paths[index];
	return [p.a, p.b].filter((e) => e.type === 'edge').map((e) => (e.type === 'edge' ? e.edge : -1));
};

describe('which paths of the new tile can satisfy the rule', () => {
	it('a hex without track: any lay passes (no check)', () => {
		expect(pathsThatCount(laid(MAP_1822.byId.get(hexId('I24'))!.tile), tile('9'), 0)).toBeNull();
	});

	it('the same track at the same value counts for nothing', () => {
		expect(pathsThatCount(laid(tile('57'), 0), tile('57'), 0)).toEqual([]);
		expect(pathsThatCount(laid(tile('9'), 1), tile('9'), 1)).toEqual([]);
	});

	it('a city upgrade counts its old paths (value £20 → £30) and its new exits', () => {
		const counted = pathsThatCount(laid(tile('57'), 0), tile('14'), 0)!;
		// 14 at rotation 0 has a path from each of sides 0, 1, 3, 4 to the city: all four count,
		// the ones on sides 0 and 3 against 57's paths, the others as new track.
		expect(counted).toHaveLength(4);
		const matched = counted.filter((c) => c.oldPath !== null).map((c) => exitsOf('14', c.index)[0]).sort();
		expect(matched).toEqual([0, 3]);
	});

	it('a town upgrade at the same £10 counts only the new side', () => {
		const counted = pathsThatCount(laid(tile('4'), 0), tile('141'), 0)!;
		expect(counted).toHaveLength(1);
		expect(counted[0].oldPath).toBeNull();
		expect(exitsOf('141', counted[0].index)).toEqual([1]);
	});

	it('junction track replaces a straight: every junction path is new track', () => {
		const counted = pathsThatCount(laid(tile('9'), 0), tile('82'), 0)!;
		expect(counted).toHaveLength(3);
		expect(counted.every((c) => c.oldPath === null)).toBe(true);
	});
});

/** A graph that reports the company reaching the hex's sides but none of its track. */
class NoPathsGraph extends TrackGraph {
	override reach(corp: ReturnType<typeof corporationId>): Reach {
		const r = super.reach(corp);
		return { ...r, cities: r.cities, nodes: r.nodes, connectedHexes: r.connectedHexes, reachableHexes: r.reachableHexes, paths: new Set<string>() };
	}
}

describe('the check on a lay', () => {
	// Minor 7 at home in Warrington (H23) on tile 57, sides 0–3.
	const board: BoardState = {
		...emptyBoard(),
		tiles: { H23: { tile: tileId('57-0'), rotation: 0 } },
		tokens: [{ hex: hexId('H23'), city: 0, corporation: corporationId('7'), kind: 'normal' }]
	};
	const ctx = (graph: TrackGraph, rule: boolean): TrackContext => ({
		map: MAP_1822,
		board,
		graph,
		phase: { name: '3', tiles: ['yellow', 'green'], status: [] },
		corporation: corporationId('7'),
		kind: 'minor',
		cash: 1000,
		laysDone: [],
		newTrackRule: rule
	});
	const upgrade = { hex: hexId('H23'), tile: tileId('14-0'), rotation: 0 };

	it('allows the upgrade of the city the company reaches (its value changes)', () => {
		expect(validateTileLay(ctx(new TrackGraph(MAP_1822, board), true), upgrade).ok).toBe(true);
	});

	it('refuses an upgrade none of whose counted track the company reaches, unless the rule is off', () => {
		const r = validateTileLay(ctx(new NoPathsGraph(MAP_1822, board), true), upgrade);
		expect(r.ok ? null : r.error.code).toBe('new_track_unused');
		expect(validateTileLay(ctx(new NoPathsGraph(MAP_1822, board), false), upgrade).ok).toBe(true);
	});
});
