/**
 * Hex drawing geometry: flat-topped hexes in the reference's doubled coordinates, edges
 * clockwise from the bottom [reference data README, "Coordinates and edges"]. Expected
 * numbers are worked out by hand for a circumradius of 50: apothem 25·√3 ≈ 43.30.
 */
import { describe, expect, it } from 'vitest';
import { EDGES, neighbourCoord, parseHexId } from '$lib/engine/core/hex';
import {
	HEX_H,
	HEX_R,
	LANE_SPACING,
	boardBounds,
	edgeMidpoint,
	edgeToEdge,
	edgeToPoint,
	hexCenter,
	hexCorner,
	lanePoint
} from './geometry';

const APOTHEM = 25 * Math.sqrt(3);

describe('hex centres from doubled coordinates', () => {
	it('puts H33 at column 7 × 75 and row 32 × 43.30', () => {
		const c = hexCenter(parseHexId('H33')!);
		expect(c.x).toBeCloseTo(525, 6);
		expect(c.y).toBeCloseTo(32 * APOTHEM, 6);
	});

	it('places every neighbour √3·R away, across the midpoint of the shared edge', () => {
		const here = parseHexId('H33')!;
		const c = hexCenter(here);
		for (const e of EDGES) {
			const n = hexCenter(neighbourCoord(here, e));
			const mid = edgeMidpoint(e);
			expect(Math.hypot(n.x - c.x, n.y - c.y)).toBeCloseTo(Math.sqrt(3) * HEX_R, 6);
			expect(n.x - c.x).toBeCloseTo(2 * mid.x, 6);
			expect(n.y - c.y).toBeCloseTo(2 * mid.y, 6);
		}
	});
});

describe('edges are numbered clockwise from the bottom', () => {
	it('has edge 0 at the bottom, 3 at the top, 1 lower left and 4 upper right', () => {
		expect(edgeMidpoint(0).x).toBeCloseTo(0, 6);
		expect(edgeMidpoint(0).y).toBeCloseTo(APOTHEM, 6);
		expect(edgeMidpoint(3).y).toBeCloseTo(-APOTHEM, 6);
		expect(edgeMidpoint(1).x).toBeLessThan(0);
		expect(edgeMidpoint(1).y).toBeGreaterThan(0);
		expect(edgeMidpoint(4).x).toBeGreaterThan(0);
		expect(edgeMidpoint(4).y).toBeLessThan(0);
		expect(HEX_H).toBeCloseTo(APOTHEM, 6);
	});

	it('has a flat top: corners 0 and 3 are the east and west points', () => {
		expect(hexCorner(0)).toEqual({ x: 50, y: 0 });
		expect(hexCorner(3).x).toBeCloseTo(-50, 6);
		expect(hexCorner(4).y).toBeCloseTo(-APOTHEM, 6);
		expect(hexCorner(5).y).toBeCloseTo(-APOTHEM, 6);
	});
});

describe('track between edges, as printed on 18xx tiles', () => {
	it('runs straight across between opposite edges', () => {
		expect(edgeToEdge(0, 3).d).toBe('M 0 43.3 L 0 -43.3');
	});

	it('curves gently (radius 1.5 R) between edges two apart', () => {
		const t = edgeToEdge(0, 2);
		expect(t.d).toMatch(/ A 75 75 0 0 [01] /);
		expect(t.samples[0].y).toBeCloseTo(APOTHEM, 6);
	});

	it('curves sharply (radius R / 2) round the shared corner between adjacent edges', () => {
		const t = edgeToEdge(0, 1);
		expect(t.d).toMatch(/ A 25 25 0 0 [01] /);
		// the middle of a sharp curve lies R/2 from the corner, i.e. 25 from the centre
		expect(Math.hypot(t.mid.x, t.mid.y)).toBeCloseTo(25, 6);
	});

	it('starts and ends each curve at the edge midpoints', () => {
		for (const [a, b] of [
			[0, 1],
			[0, 2],
			[1, 4],
			[5, 3]
		]) {
			const t = edgeToEdge(a, b);
			const first = t.samples[0];
			const last = t.samples[t.samples.length - 1];
			expect(first.x).toBeCloseTo(edgeMidpoint(a).x, 6);
			expect(first.y).toBeCloseTo(edgeMidpoint(a).y, 6);
			expect(last.x).toBeCloseTo(edgeMidpoint(b).x, 6);
			expect(last.y).toBeCloseTo(edgeMidpoint(b).y, 6);
		}
	});

	it('keeps two lanes parallel straight across, with the far lane index mirrored', () => {
		const a0 = lanePoint(0, [2, 0]);
		const a1 = lanePoint(0, [2, 1]);
		expect(Math.hypot(a0.x - a1.x, a0.y - a1.y)).toBeCloseTo(LANE_SPACING, 6);
		expect((a0.x + a1.x) / 2).toBeCloseTo(0, 6);
		const far = lanePoint(3, [2, 1]);
		expect(far.x).toBeCloseTo(a0.x, 6);
	});

	it('leads track from an edge straight to a centred city', () => {
		expect(edgeToPoint(3, { x: 0, y: 0 }).d).toBe('M 0 -43.3 L 0 0');
	});
});

describe('board bounds', () => {
	it('holds every hex with its margin', () => {
		const b = boardBounds([parseHexId('A1')!, parseHexId('C3')!], 10);
		expect(b).toEqual({ minX: -60, minY: -APOTHEM - 10, maxX: 2 * 75 + 50 + 10, maxY: 2 * APOTHEM + APOTHEM + 10 });
	});
});
