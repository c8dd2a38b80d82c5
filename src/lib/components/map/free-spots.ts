/**
 * Free spots on a tile: where a revenue circle, a label, a badge or a name has the most
 * room, kept clear of the track and of what was placed before, as a printed 18xx tile
 * keeps them apart. Positions are in the hex's own frame (centre at the origin).
 */
import { HEX_H, distance, edgeAngle, polar, type Point, type TrackShape } from './geometry';

/** Half the track width plus a little air. */
const TRACK_CLEARANCE = 7;

interface Obstacle {
	readonly at: Point;
	readonly r: number;
}

/** Distance from a point to the hex outline (negative outside). */
function insideClearance(p: Point): number {
	let best = Infinity;
	for (let e = 0; e < 6; e++) {
		const n = polar(edgeAngle(e), 1);
		best = Math.min(best, HEX_H - (p.x * n.x + p.y * n.y));
	}
	return best;
}

export const CANDIDATES: readonly Point[] = [
	...[0, 1, 2, 3, 4, 5].map((k) => polar(240 + 60 * k, 31)),
	...[0, 1, 2, 3, 4, 5].map((e) => polar(edgeAngle(e + 3), 27)),
	{ x: 0, y: 0 },
	...[0, 1, 2, 3, 4, 5].map((k) => polar(240 + 60 * k, 19)),
	...[0, 1, 2, 3, 4, 5].map((e) => polar(edgeAngle(e + 3), 15))
];

/** Top and bottom bands first: where a wide item (a name, a revenue row) fits. */
export const WIDE_CANDIDATES: readonly Point[] = [
	{ x: 0, y: -31 },
	{ x: 0, y: 31 },
	{ x: 0, y: -21 },
	{ x: 0, y: 21 },
	{ x: 0, y: 0 },
	{ x: 0, y: -12 },
	{ x: 0, y: 12 }
];

/** A name goes above or below the middle, never over a centred city. */
export const NAME_CANDIDATES: readonly Point[] = WIDE_CANDIDATES.slice(0, 4);

export class Placer {
	readonly obstacles: Obstacle[] = [];

	addTrack(shape: TrackShape): void {
		for (const p of shape.samples) this.obstacles.push({ at: p, r: TRACK_CLEARANCE });
	}

	add(at: Point, r: number): void {
		this.obstacles.push({ at, r });
	}

	/**
	 * The candidate where an item made of circles (offsets, radius) has the most room;
	 * `near` pulls it towards its owner. Ties keep the candidate order.
	 */
	place(parts: readonly Point[], r: number, candidates: readonly Point[], near: Point | null = null): Point {
		let best = candidates[0];
		let bestScore = -Infinity;
		for (const c of candidates) {
			let clear = Infinity;
			for (const part of parts) {
				const p = { x: c.x + part.x, y: c.y + part.y };
				clear = Math.min(clear, insideClearance(p) - r + 2);
				for (const o of this.obstacles) clear = Math.min(clear, distance(p, o.at) - o.r - r);
			}
			// beyond a comfortable gap more room is worth little; closeness to the owner then decides
			const score = Math.min(clear, 6) - (near ? distance(c, near) * 0.12 : 0);
			if (score > bestScore + 1e-9) {
				bestScore = score;
				best = c;
			}
		}
		for (const part of parts) this.add({ x: best.x + part.x, y: best.y + part.y }, r);
		return best;
	}
}
