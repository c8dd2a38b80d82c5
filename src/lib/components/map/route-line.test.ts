/**
 * A route drawn over the map (issue 8, "see the route drawn in the train's colour"): the line
 * runs from stop to stop through the middle of each hex a leg crosses, shifted a little per
 * train so two trains on one track both show.
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard } from '$lib/engine/core/board-state';
import { MAP_1822 } from '$lib/engine/titles/g1822/map/map-1822';
import { HEX_H, hexCenter } from './geometry';
import { destinationMarkers, hexView, routeLine } from './hex-view';

const board = emptyBoard();
const destinations = destinationMarkers(MAP_1822, board);
const view = (id: string) => {
	const h = MAP_1822.byId.get(id as never);
	return h ? hexView(MAP_1822, board, h, destinations, null) : undefined;
};

describe('route lines on the map', () => {
	it('a two-stop leg over three hexes: first stop, the middle hex\'s centre, last stop', () => {
		const line = routeLine(view, { key: 't', colour: 'red', stops: [{ hex: 'H1', node: 0 }, { hex: 'G4', node: 0 }], legs: [['H1', 'G2', 'G4']] }, 0);
		const centre = (hex: string) => hexCenter(MAP_1822.byId.get(hex as never)!.coord);
		const inside = (p: { x: number; y: number }, hex: string) => Math.hypot(p.x - centre(hex).x, p.y - centre(hex).y) < HEX_H;
		expect(line).toHaveLength(3);
		expect(inside(line[0], 'H1')).toBe(true);
		expect(line[1]).toEqual(centre('G2'));
		expect(inside(line[2], 'G4')).toBe(true);
	});

	it('a second train\'s line is shifted by the same amount at every point', () => {
		const route = { key: 't', colour: 'red', stops: [{ hex: 'H1', node: 0 }, { hex: 'G4', node: 0 }], legs: [['H1', 'G2', 'G4']] };
		const a = routeLine(view, route, 0);
		const b = routeLine(view, route, 3);
		expect(b).toEqual(a.map((p) => ({ x: p.x + 3, y: p.y + 3 })));
	});

	it('a junction hex named with its lane ("G2 0.1") still passes through the hex', () => {
		const line = routeLine(view, { key: 't', colour: 'red', stops: [{ hex: 'H1', node: 0 }, { hex: 'G4', node: 0 }], legs: [['H1', 'G2 0.1', 'G4']] }, 0);
		expect(line[1]).toEqual(hexCenter(MAP_1822.byId.get('G2' as never)!.coord));
	});
});
