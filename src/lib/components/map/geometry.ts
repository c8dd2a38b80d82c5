/**
 * Drawing geometry of the flat-topped 18xx hex grid, in SVG units (y grows downwards).
 *
 * A hex has circumradius HEX_R (centre to corner) and apothem HEX_H (centre to edge
 * midpoint). Board coordinates are the reference's doubled ones (core/hex.ts): a column
 * step is 1.5 R east, a row step is H south, so hexes of one column are 2H apart.
 * Edges are numbered clockwise from the bottom (0 south … 5 south-east), so edge e's
 * midpoint lies at angle 90° + 60°·e from the centre, and a tile laid with rotation r
 * simply turns clockwise by 60°·r [reference data README, "Coordinates and edges"].
 */
import type { HexCoord } from '$lib/engine/core/hex';
import type { Lane } from '$lib/engine/core/tile';

export const HEX_R = 50;
export const HEX_H = (HEX_R * Math.sqrt(3)) / 2;
/** Distance between the centres of parallel lanes at a hex edge. */
export const LANE_SPACING = 11;

export interface Point {
	readonly x: number;
	readonly y: number;
}

const DEG = Math.PI / 180;

export function polar(angleDeg: number, dist: number): Point {
	return { x: Math.cos(angleDeg * DEG) * dist, y: Math.sin(angleDeg * DEG) * dist };
}

export function round(n: number): number {
	return Math.round(n * 100) / 100;
}

export function distance(a: Point, b: Point): number {
	return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Centre of a hex on the board. */
export function hexCenter(coord: HexCoord): Point {
	return { x: coord.x * 1.5 * HEX_R, y: coord.y * HEX_H };
}

/** Corner k (0 = east, clockwise) of a hex centred on the origin. */
export function hexCorner(k: number): Point {
	return polar(60 * k, HEX_R);
}

/** The six corners as an SVG `points` attribute. */
export function hexPoints(radius = HEX_R): string {
	return [0, 1, 2, 3, 4, 5]
		.map((k) => polar(60 * k, radius))
		.map((p) => `${round(p.x)},${round(p.y)}`)
		.join(' ');
}

/** Normalises an edge (or half-edge position such as 1.5) into [0, 6). */
export function normEdge(edge: number): number {
	return ((edge % 6) + 6) % 6;
}

/** Angle (degrees) from the centre to the midpoint of edge `edge`. */
export function edgeAngle(edge: number): number {
	return 90 + 60 * normEdge(edge);
}

export function edgeMidpoint(edge: number): Point {
	return polar(edgeAngle(edge), HEX_H);
}

/** The two corners bounding an edge, in clockwise order. */
export function edgeCorners(edge: number): [Point, Point] {
	const e = normEdge(edge);
	return [hexCorner(e + 1), hexCorner(e + 2)];
}

/**
 * Where lane `i` of `n` meets an edge. Lanes are counted against the clockwise direction
 * along the edge, so a lane keeps its side when it runs straight across the hex (its
 * far end then has the mirrored index, as the tile parser builds them).
 */
export function lanePoint(edge: number, lane: Lane): Point {
	const [n, i] = lane;
	const mid = edgeMidpoint(edge);
	const offset = ((n - 1) / 2 - i) * LANE_SPACING;
	const along = polar(edgeAngle(edge) + 90, offset);
	return { x: mid.x + along.x, y: mid.y + along.y };
}

/** A piece of track: its SVG path, points along it (for layout) and its middle. */
export interface TrackShape {
	readonly d: string;
	readonly samples: readonly Point[];
	readonly mid: Point;
	/** Direction of travel at the middle, degrees. */
	readonly midAngle: number;
}

const SAMPLES = 12;

function fmt(p: Point): string {
	return `${round(p.x)} ${round(p.y)}`;
}

function line(a: Point, b: Point): TrackShape {
	const samples: Point[] = [];
	for (let i = 0; i <= SAMPLES; i++) {
		const t = i / SAMPLES;
		samples.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
	}
	return {
		d: `M ${fmt(a)} L ${fmt(b)}`,
		samples,
		mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
		midAngle: Math.atan2(b.y - a.y, b.x - a.x) / DEG
	};
}

/** The circular arc from a to b around centre c, the short way round. */
function arc(a: Point, b: Point, c: Point): TrackShape {
	const ra = distance(a, c);
	const rb = distance(b, c);
	const angA = Math.atan2(a.y - c.y, a.x - c.x);
	let delta = Math.atan2(b.y - c.y, b.x - c.x) - angA;
	while (delta > Math.PI) delta -= 2 * Math.PI;
	while (delta <= -Math.PI) delta += 2 * Math.PI;
	const samples: Point[] = [];
	for (let i = 0; i <= SAMPLES; i++) {
		const t = i / SAMPLES;
		const r = ra + (rb - ra) * t;
		const ang = angA + delta * t;
		samples.push({ x: c.x + Math.cos(ang) * r, y: c.y + Math.sin(ang) * r });
	}
	const midAng = angA + delta / 2;
	const rm = (ra + rb) / 2;
	const sweep = delta > 0 ? 1 : 0;
	return {
		d: `M ${fmt(a)} A ${round(rm)} ${round(rm)} 0 0 ${sweep} ${fmt(b)}`,
		samples,
		mid: { x: c.x + Math.cos(midAng) * rm, y: c.y + Math.sin(midAng) * rm },
		midAngle: midAng / DEG + (sweep ? 90 : -90)
	};
}

/** Quadratic curve from a to b with control point c. */
function quad(a: Point, c: Point, b: Point): TrackShape {
	const at = (t: number): Point => ({
		x: (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * c.x + t * t * b.x,
		y: (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * c.y + t * t * b.y
	});
	const samples: Point[] = [];
	for (let i = 0; i <= SAMPLES; i++) samples.push(at(i / SAMPLES));
	const m = at(0.5);
	return {
		d: `M ${fmt(a)} Q ${fmt(c)} ${fmt(b)}`,
		samples,
		mid: m,
		midAngle: Math.atan2(b.y - a.y, b.x - a.x) / DEG
	};
}

/**
 * Track between two edges, as printed on 18xx tiles: straight across for opposite edges,
 * a gentle arc (radius 1.5 R, centred on the neighbour across the middle edge) for edges
 * two apart, a sharp arc (radius R / 2, centred on the shared corner) for adjacent edges.
 */
export function edgeToEdge(a: number, b: number, laneA: Lane = [1, 0], laneB: Lane = [1, 0]): TrackShape {
	const pa = lanePoint(a, laneA);
	const pb = lanePoint(b, laneB);
	const diff = normEdge(b - a);
	switch (diff) {
		case 3:
			return line(pa, pb);
		case 2:
		case 4: {
			const middle = diff === 2 ? a + 1 : a - 1;
			return arc(pa, pb, polar(edgeAngle(middle), 2 * HEX_H));
		}
		case 1:
		case 5: {
			// the corner shared by the two edges
			const corner = diff === 1 ? hexCorner(normEdge(a) + 2) : hexCorner(normEdge(a) + 1);
			return arc(pa, pb, corner);
		}
		default:
			// the same edge twice never occurs on these tiles; draw a stub to the centre
			return line(pa, { x: 0, y: 0 });
	}
}

/**
 * Track from an edge to a point inside the hex (a city, town or junction). Lanes keep
 * their offset all the way so parallel tracks stay parallel; a point off the edge's axis
 * is reached by a curve leaving the edge square-on.
 */
export function edgeToPoint(edge: number, target: Point, lane: Lane = [1, 0]): TrackShape {
	const pa = lanePoint(edge, lane);
	const mid = edgeMidpoint(edge);
	const shift = { x: pa.x - mid.x, y: pa.y - mid.y };
	const end = { x: target.x + shift.x, y: target.y + shift.y };
	const inward = polar(edgeAngle(edge) + 180, 1);
	// distance of the target from the line through the edge midpoint and the centre
	const off = Math.abs((end.x - pa.x) * inward.y - (end.y - pa.y) * inward.x);
	if (off < 1) return line(pa, end);
	const reach = distance(pa, end) * 0.5;
	return quad(pa, { x: pa.x + inward.x * reach, y: pa.y + inward.y * reach }, end);
}

export function pointToPoint(a: Point, b: Point): TrackShape {
	return line(a, b);
}

/** Track stub printed on a white hex (1822 London approaches): a short piece from the edge. */
export function stub(edge: number): TrackShape {
	return line(edgeMidpoint(edge), polar(edgeAngle(edge), HEX_H * 0.45));
}

export interface Bounds {
	readonly minX: number;
	readonly minY: number;
	readonly maxX: number;
	readonly maxY: number;
}

/** The box holding every hex of the board, with a margin. */
export function boardBounds(coords: readonly HexCoord[], margin = 10): Bounds {
	let minX = Infinity;
	let minY = Infinity;
	let maxX = -Infinity;
	let maxY = -Infinity;
	for (const c of coords) {
		const p = hexCenter(c);
		minX = Math.min(minX, p.x - HEX_R);
		maxX = Math.max(maxX, p.x + HEX_R);
		minY = Math.min(minY, p.y - HEX_H);
		maxY = Math.max(maxY, p.y + HEX_H);
	}
	if (minX === Infinity) return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
	return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}
