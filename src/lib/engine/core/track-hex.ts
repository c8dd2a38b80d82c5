/**
 * One hex of the track graph: its tile's paths rotated onto the board, as compact number
 * tables the walk reads (track-graph.ts), and the lane arithmetic of facing path ends.
 */
import { rotateEdge, type Edge } from './hex';
import { SINGLE_LANE, type Lane, type NodeKind, type TileDef } from './tile';
import type { LaidTile } from './upgrade';

/**
 * A path on the board, its two ends indexed by side (0, 1): a node of the hex's tile, or a board
 * edge with its lane. Plain number arrays keep the walk's inner loop free of object shapes.
 */
export interface BoardPath {
	/** Node index of the tile per side, or -1 where the end is a board edge. */
	readonly node: readonly [number, number];
	/** Board edge per side (rotation applied), or -1 where the end is a node. */
	readonly edge: readonly [number, number];
	/** Lane code per side (`laneCode`; single track where the end is a node). */
	readonly lane: readonly [number, number];
	readonly terminal: boolean;
	readonly ignore: boolean;
	readonly touchesJunction: boolean;
}

export interface HexTrack {
	readonly paths: readonly BoardPath[];
	readonly nodeKinds: readonly NodeKind[];
	/** node index → city index (or -1) */
	readonly nodeCity: readonly number[];
	/** edge → path index, end side and that end's lane code, flattened in threes */
	readonly atEdge: readonly (readonly number[])[];
	/** node → path index, end side and 1 when the path is `ignore`, flattened in threes */
	readonly atNode: readonly (readonly number[])[];
	/** node → index among the tile's nodes of the same kind */
	readonly nodeOrdinal: readonly number[];
	readonly exits: readonly Edge[];
}

/** Do two facing lane specs meet? Equal widths mirror; unequal widths centre the narrower. */
export function lanesMeet(a: Lane, b: Lane): boolean {
	if (a[0] === b[0]) return b[1] === a[0] - a[1] - 1;
	const narrow = a[0] < b[0] ? a : b;
	const wide = a[0] < b[0] ? b : a;
	const delta = Math.trunc((wide[0] - narrow[0]) / 2);
	return narrow[1] + delta === wide[0] - wide[1] - 1;
}

/** A lane spec as one small number: lanes * 8 + index (tiles have at most a few lanes). */
function laneCode(lane: Lane): number {
	if (lane[0] < 1 || lane[0] > 7 || lane[1] < 0 || lane[1] > 7) throw new Error(`lane spec out of range: ${lane.join(',')}`);
	return lane[0] * 8 + lane[1];
}

/** `lanesMeet` for every pair of lane codes, indexed by code * 64 + code. */
export const LANES_MEET: Uint8Array = (() => {
	const table = new Uint8Array(64 * 64);
	for (let a = 8; a < 64; a++)
		for (let b = 8; b < 64; b++) table[a * 64 + b] = lanesMeet([a >> 3, a & 7], [b >> 3, b & 7]) ? 1 : 0;
	return table;
})();

/**
 * Built tables per tile definition and rotation: they depend on nothing else, and are never
 * changed once built, so every hex, board and graph showing that tile there shares them.
 */
const builtTracks = new WeakMap<TileDef, (HexTrack | undefined)[]>();

/** The tables of one hex for the tile laid on it. */
export function hexTrack(tile: LaidTile): HexTrack {
	let byRotation = builtTracks.get(tile.def);
	if (!byRotation) builtTracks.set(tile.def, (byRotation = []));
	const r = ((tile.rotation % 6) + 6) % 6;
	if (!Number.isInteger(r)) return buildHexTrack(tile);
	return (byRotation[r] ??= buildHexTrack(tile));
}

function buildHexTrack(tile: LaidTile): HexTrack {
	const def = tile.def;
	const atEdge: number[][] = [[], [], [], [], [], []];
	const atNode: number[][] = def.nodes.map(() => []);
	const paths: BoardPath[] = def.paths.map((p, pi) => {
		const node: [number, number] = [-1, -1];
		const edge: [number, number] = [-1, -1];
		const lane: [number, number] = [laneCode(SINGLE_LANE), laneCode(SINGLE_LANE)];
		[p.a, p.b].forEach((e, side) => {
			if (e.type === 'edge') {
				edge[side] = rotateEdge(e.edge, tile.rotation);
				lane[side] = laneCode(e.lane);
				atEdge[edge[side]].push(pi, side, lane[side]);
			} else {
				node[side] = e.node;
				atNode[e.node].push(pi, side, p.ignore ? 1 : 0);
			}
		});
		const touchesJunction = node.some((n) => n >= 0 && def.nodes[n].kind === 'junction');
		return { node, edge, lane, terminal: p.terminal, ignore: p.ignore, touchesJunction };
	});
	const nodeKinds = def.nodes.map((n) => n.kind);
	return {
		paths,
		nodeKinds,
		nodeCity: def.nodes.map((n) => (n.kind === 'city' ? n.index : -1)),
		atEdge,
		atNode,
		nodeOrdinal: nodeKinds.map((k, i) => nodeKinds.slice(0, i).filter((x) => x === k).length),
		exits: def.exits.map((e) => rotateEdge(e, tile.rotation))
	};
}
