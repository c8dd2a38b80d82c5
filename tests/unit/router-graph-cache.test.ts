/**
 * The route graph is rebuilt only when the track changes (issue 7): it depends on the tiles
 * and their rotations alone, so a station placed or a second question on the same position
 * reuses it, and a tile laid gives a new one — whose answers equal a graph built from scratch.
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard, type BoardState } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { SPECIAL_HEXES_1822 } from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { routeGraphFor, trackKey } from '../../src/lib/router/graph-cache';
import { RouteGraph } from '../../src/lib/router/steps';

const base: BoardState = {
	...emptyBoard(),
	tiles: { H23: { tile: tileId('57-0'), rotation: 0 } },
	tokens: [{ hex: hexId('H23'), city: 0, corporation: corporationId('7'), kind: 'normal' }]
};

describe('the route graph is kept while the track is the same', () => {
	it('a copy of the board with a station added reuses the graph', () => {
		const g1 = routeGraphFor(new RouteBoard(MAP_1822, base), SPECIAL_HEXES_1822);
		const withStation: BoardState = {
			...base,
			tokens: [...base.tokens, { hex: hexId('H23'), city: 0, corporation: corporationId('LNWR'), kind: 'normal' }]
		};
		expect(routeGraphFor(new RouteBoard(MAP_1822, withStation), SPECIAL_HEXES_1822)).toBe(g1);
	});

	it('a tile laid or turned gives a new graph, with the same steps as one built from scratch', () => {
		const g1 = routeGraphFor(new RouteBoard(MAP_1822, base), SPECIAL_HEXES_1822);
		const laid: BoardState = { ...base, tiles: { ...base.tiles, H25: { tile: tileId('3-0'), rotation: 3 } } };
		const rb = new RouteBoard(MAP_1822, laid);
		const g2 = routeGraphFor(rb, SPECIAL_HEXES_1822);
		expect(g2).not.toBe(g1);
		const fresh = new RouteGraph(rb, SPECIAL_HEXES_1822);
		const stop = rb.index.get(hexId('H23'))! * 64 + rb.cityNode(hexId('H23'), 0);
		expect(g2.chainsOf(stop).map((c) => c.end)).toEqual(fresh.chainsOf(stop).map((c) => c.end));
		const turned: BoardState = { ...laid, tiles: { ...laid.tiles, H25: { tile: tileId('3-0'), rotation: 4 } } };
		expect(trackKey('1822', turned.tiles)).not.toBe(trackKey('1822', laid.tiles));
		expect(routeGraphFor(new RouteBoard(MAP_1822, turned), SPECIAL_HEXES_1822)).not.toBe(g2);
	});
});
