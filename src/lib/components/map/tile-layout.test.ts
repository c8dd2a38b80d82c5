/**
 * Tile layout: where track, cities, towns and revenues go on a tile. Tiles come from the
 * catalogue and the 1822 map (../shared/reference/data via the engine's data modules);
 * expectations follow the printed tiles (e.g. tile 57 is a one-slot £20 city on straight
 * track; X20 is London's six £40 cities; Glasgow's revenue is 40/50/60/70 by phase).
 */
import { describe, expect, it } from 'vitest';
import { hexId } from '$lib/engine/core/ids';
import { MAP_1822 } from '$lib/engine/titles/g1822/map/map-1822';
import { TILE_CATALOGUE } from '$lib/engine/titles/g1822/map/tile-catalogue';
import { distance } from './geometry';
import { SLOT_R, buildTileLayout, locPoint, slotOffsets, tileLayout } from './tile-layout';

const tile = (name: string) => TILE_CATALOGUE.get(name)!;
const hex = (id: string) => MAP_1822.byId.get(hexId(id))!;

describe('cities and their slots', () => {
	it('draws one to four slots side by side, as a triangle or a square, never overlapping', () => {
		for (const n of [1, 2, 3, 4]) {
			const s = slotOffsets(n);
			expect(s).toHaveLength(n);
			for (let i = 0; i < n; i++)
				for (let j = i + 1; j < n; j++) expect(distance(s[i], s[j])).toBeGreaterThanOrEqual(2 * SLOT_R - 1e-6);
		}
	});

	it('puts a lone city in the middle and London’s six cities each towards its own edge', () => {
		expect(buildTileLayout(tile('57'), 0).cities[0].at).toEqual({ x: 0, y: 0 });
		const london = buildTileLayout(tile('X20'), 0).cities;
		expect(london).toHaveLength(6);
		// city 3 has the track to edge 3 (north): it sits above the centre
		expect(london[3].at.y).toBeLessThan(-20);
		expect(Math.abs(london[3].at.x)).toBeLessThan(1e-6);
	});

	it('uses the printed city position: "1.5" is west, and turns with the tile', () => {
		expect(locPoint('1.5', 0)!.x).toBeLessThan(-20);
		expect(locPoint('1.5', 3)!.x).toBeGreaterThan(20);
		expect(locPoint('center', 2)).toEqual({ x: 0, y: 0 });
	});
});

describe('track and towns', () => {
	it('draws tile 57 as two pieces of track from opposite edges into the city', () => {
		expect(buildTileLayout(tile('57'), 0).tracks.map((t) => t.d)).toEqual(['M 0 43.3 L 0 0', 'M 0 -43.3 L 0 0']);
		// laid with rotation 1, edges 0 and 3 lie on board edges 1 and 4
		const turned = buildTileLayout(tile('57'), 1).tracks.map((t) => t.d);
		expect(turned).toEqual(['M -37.5 21.65 L 0 0', 'M 37.5 -21.65 L 0 0']);
	});

	it('draws a town between two edges as a bar on one curve (tile 3, sharp; tile 4, straight)', () => {
		const three = buildTileLayout(tile('3'), 0);
		expect(three.tracks).toHaveLength(1);
		expect(three.tracks[0].d).toContain(' A 25 25 ');
		expect(three.towns).toEqual([expect.objectContaining({ kind: 'bar', index: 0 })]);
		const four = buildTileLayout(tile('4'), 0);
		expect(four.tracks[0].d).toBe('M 0 43.3 L 0 -43.3');
		expect(four.towns[0].at.x).toBeCloseTo(0, 6);
	});

	it('slides apart two town bars whose straight tracks cross at the centre (tile 55)', () => {
		const t = buildTileLayout(tile('55'), 0).towns;
		expect(t).toHaveLength(2);
		expect(distance(t[0].at, t[1].at)).toBeGreaterThan(10);
	});

	it('draws a town with three or more exits as a dot in the middle (tile 141)', () => {
		expect(buildTileLayout(tile('141'), 0).towns).toEqual([{ index: 0, at: { x: 0, y: 0 }, kind: 'dot', angle: 0 }]);
	});

	it('ends off-board track in an arrow (France)', () => {
		const france = buildTileLayout(hex('Q44').tile, 0);
		// lanes:2 on one edge: two tracks, two arrow heads
		expect(france.tracks).toHaveLength(2);
		expect(france.arrows).toHaveLength(2);
	});

	it('draws printed stubs on white hexes (Hertford, M36, towards London)', () => {
		expect(buildTileLayout(hex('M36').tile, 0).stubs).toHaveLength(1);
	});
});

describe('revenues, labels and costs', () => {
	it('shows one £40 circle for London’s six equal cities', () => {
		const r = buildTileLayout(tile('X20'), 0).revenues;
		expect(r).toEqual([expect.objectContaining({ kind: 'flat', value: 40 })]);
	});

	it('shows a phase revenue row for Glasgow: 40 / 50 / 60 / 70', () => {
		const r = buildTileLayout(hex('E6').tile, 0).revenues;
		expect(r).toHaveLength(1);
		expect(r[0].kind === 'phase' && r[0].entries.map((e) => `${e.color} ${e.value}`)).toEqual([
			'yellow 40',
			'green 50',
			'brown 60',
			'gray 70'
		]);
	});

	it('keeps every revenue circle clear of the city slots, on every tile and rotation', () => {
		for (const def of TILE_CATALOGUE.values()) {
			for (let r = 0; r < 6; r++) {
				const l = buildTileLayout(def, r);
				for (const rev of l.revenues) {
					for (const c of l.cities)
						for (const s of c.slots) expect(distance(rev.at, s), `${def.name} r${r}`).toBeGreaterThanOrEqual(SLOT_R + 7);
				}
			}
		}
	});

	it('shows labels and terrain costs (Manchester: BM, £60 hill)', () => {
		const l = buildTileLayout(hex('I22').tile, 0);
		expect(l.labels.map((x) => x.text)).toEqual(['BM']);
		expect(l.terrain).toEqual([expect.objectContaining({ terrain: 'hill', cost: 60 })]);
	});

	it('shows estuary borders with their crossing cost (Grimsby, £40 on its north side)', () => {
		const b = buildTileLayout(hex('N23').tile, 0).borders;
		expect(b).toEqual([expect.objectContaining({ edge: 3, type: 'water', cost: 40 })]);
	});

	it('remembers a layout: the same tile and rotation give the same object', () => {
		expect(tileLayout(tile('57'), 2)).toBe(tileLayout(tile('57'), 2));
		expect(tileLayout(tile('57'), 2)).not.toBe(tileLayout(tile('57'), 3));
	});
});
