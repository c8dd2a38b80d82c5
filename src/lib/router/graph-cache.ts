/**
 * The route graph (steps.ts) depends only on the track of the board: the tiles laid and their
 * rotations. Stations, which decide what a company may reach and where it is blocked, are read
 * per search (company-graph.ts). So the graph is kept while the tiles stay the same: a second
 * question on the same position, another company's turn, or a station placed, all reuse it (and
 * the steps it has worked out), and it is rebuilt only when a tile changes.
 */
import type { BoardState } from '../engine/core/board-state';
import type { RouteBoard } from '../engine/core/route-board';
import type { SpecialHexes } from '../engine/titles/g1822/map/special-hexes';
import { RouteGraph } from './steps';

let kept: { readonly key: string; readonly graph: RouteGraph } | null = null;

/** The board's track as text: every laid tile with its hex and rotation, in hex order. */
export function trackKey(title: string, tiles: BoardState['tiles']): string {
	const hexes = Object.keys(tiles).sort();
	return `${title}|${hexes.map((h) => `${h}:${tiles[h].tile}:${tiles[h].rotation}`).join(',')}`;
}

/** The route graph of `rb`'s track: the one kept if the track is the same, else a new one. */
export function routeGraphFor(rb: RouteBoard, special: Pick<SpecialHexes, 'merthyrTydfilPontypool'>): RouteGraph {
	const key = `${special.merthyrTydfilPontypool ?? ''}|${trackKey(rb.map.title, rb.board.tiles)}`;
	if (kept?.key === key) return kept.graph;
	const graph = new RouteGraph(rb, special);
	kept = { key, graph };
	return graph;
}
