/**
 * Hex geometry of the flat-topped 18xx maps, in the reference's coordinates.
 *
 * A hex id is letters + number ("H33"): x is the letter index (A = 0), y is the number
 * minus one. Coordinates are "doubled": hexes of one column are 2 apart in y and
 * neighbouring columns are offset by 1, so x + y is odd on every hex of these maps.
 * Edges are numbered clockwise from the bottom: 0 south, 1 south-west, 2 north-west,
 * 3 north, 4 north-east, 5 south-east [reference data README, "Coordinates and edges"].
 */
import { hexId, type HexId } from './ids';

export const EDGES = [0, 1, 2, 3, 4, 5] as const;
export type Edge = (typeof EDGES)[number];

export interface HexCoord {
	readonly x: number;
	readonly y: number;
}

/** Neighbour offset (dx, dy) across each edge, indexed by edge. */
export const EDGE_OFFSETS: readonly (readonly [number, number])[] = [
	[0, 2],
	[-1, 1],
	[-1, -1],
	[0, -2],
	[1, -1],
	[1, 1]
];

export function isEdge(n: number): n is Edge {
	return Number.isInteger(n) && n >= 0 && n < 6;
}

/** The edge of the neighbour that faces back across `edge`. */
export function oppositeEdge(edge: number): Edge {
	return ((((edge + 3) % 6) + 6) % 6) as Edge;
}

/** A tile edge `edge` laid with rotation `rotation` lies on board edge (edge + rotation) mod 6. */
export function rotateEdge(edge: number, rotation: number): Edge {
	return ((((edge + rotation) % 6) + 6) % 6) as Edge;
}

const HEX_ID_PATTERN = /^([A-Z]+)(\d+)$/;

/** Parses "H33" into { x: 7, y: 32 }; null when the id is not letters + number. */
export function parseHexId(id: string): HexCoord | null {
	const m = HEX_ID_PATTERN.exec(id);
	if (!m) return null;
	let x = 0;
	for (const ch of m[1]) x = x * 26 + (ch.charCodeAt(0) - 64);
	return { x: x - 1, y: Number(m[2]) - 1 };
}

export function formatHexId(coord: HexCoord): HexId {
	let n = coord.x + 1;
	let letters = '';
	while (n > 0) {
		const r = (n - 1) % 26;
		letters = String.fromCharCode(65 + r) + letters;
		n = Math.floor((n - 1) / 26);
	}
	return hexId(`${letters}${coord.y + 1}`);
}

export function neighbourCoord(coord: HexCoord, edge: number): HexCoord {
	const [dx, dy] = EDGE_OFFSETS[rotateEdge(edge, 0)];
	return { x: coord.x + dx, y: coord.y + dy };
}

/** The id of the hex across `edge` of `id` (whether or not it exists on a map). */
export function neighbourId(id: HexId, edge: number): HexId | null {
	const c = parseHexId(id);
	return c ? formatHexId(neighbourCoord(c, edge)) : null;
}

/** The edge of `from` that faces `to`, or null when they are not adjacent. */
export function edgeTowards(from: HexCoord, to: HexCoord): Edge | null {
	const dx = to.x - from.x;
	const dy = to.y - from.y;
	const i = EDGE_OFFSETS.findIndex(([ox, oy]) => ox === dx && oy === dy);
	return i < 0 ? null : (i as Edge);
}
