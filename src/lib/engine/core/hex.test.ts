/**
 * Hex coordinates as the reference data describes them (../shared/reference/data/README.md,
 * "Coordinates and edges"): "H33" is x 7, y 32; edges 0..5 from the south, clockwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDGES, edgeTowards, formatHexId, neighbourId, oppositeEdge, parseHexId, rotateEdge } from './hex';
import { hexId } from './ids';

describe('hex ids and coordinates', () => {
	it('reads the letter as x and the number minus one as y', () => {
		expect(parseHexId('H33')).toEqual({ x: 7, y: 32 });
		expect(parseHexId('A42')).toEqual({ x: 0, y: 41 });
		expect(parseHexId('h33')).toBeNull();
		expect(parseHexId('33')).toBeNull();
	});

	it('prints back what it parses', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 99 }), (x, y) => {
				const id = formatHexId({ x, y });
				expect(parseHexId(id)).toEqual({ x, y });
			})
		);
	});
});

describe('neighbours and edges', () => {
	it('finds the neighbour across each edge (H33: south H35, north H31, west G32/G34, east I32/I34)', () => {
		expect(EDGES.map((e) => neighbourId(hexId('H33'), e))).toEqual(['H35', 'G34', 'G32', 'H31', 'I32', 'I34']);
	});

	it('faces back across the opposite edge', () => {
		for (const e of EDGES) {
			const n = neighbourId(hexId('H33'), e)!;
			expect(neighbourId(n, oppositeEdge(e))).toBe('H33');
			expect(edgeTowards(parseHexId('H33')!, parseHexId(n)!)).toBe(e);
		}
		expect(edgeTowards(parseHexId('H33')!, parseHexId('H37')!)).toBeNull();
	});

	it('rotates a tile edge by the lay rotation, modulo 6', () => {
		expect(rotateEdge(0, 2)).toBe(2);
		expect(rotateEdge(5, 3)).toBe(2);
		expect(rotateEdge(1, -2)).toBe(5);
	});
});
