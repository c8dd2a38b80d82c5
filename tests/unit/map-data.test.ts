/**
 * The three maps and the tile catalogue against the reference data
 * (../shared/reference/data/{1822,1822-plus,1822NRS,1822MRS}.json: hexes[], tiles[],
 * corporations[]; format in that folder's README).
 */
import { describe, expect, it } from 'vitest';
import type { MapDef } from '../../src/lib/engine/core/board-map';
import type { PathEnd, Revenue, TileDef } from '../../src/lib/engine/core/tile';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import {
	SPECIAL_HEXES_1822,
	SPECIAL_HEXES_MRS,
	SPECIAL_HEXES_NRS,
	type SpecialHexes
} from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { TILE_CATALOGUE } from '../../src/lib/engine/titles/g1822/map/tile-catalogue';
import { MAP_MRS } from '../../src/lib/engine/titles/g1822/scenarios/mrs/map';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { lazyTitle, loadTitle, referenceDataExists, type JsonTile } from './map-reference';

const TITLES: readonly [file: string, map: MapDef, special: SpecialHexes][] = [
	['1822', MAP_1822, SPECIAL_HEXES_1822],
	['1822-plus', MAP_1822, SPECIAL_HEXES_1822],
	['1822NRS', MAP_NRS, SPECIAL_HEXES_NRS],
	['1822MRS', MAP_MRS, SPECIAL_HEXES_MRS]
];

/** Our parsed tile, written in the reference data's JSON shape for comparison. */
function asJson(t: TileDef) {
	const end = (e: PathEnd) =>
		e.type === 'edge'
			? { edge: e.edge }
			: { node: e.node, kind: t.nodes[e.node].kind, index: t.nodes[e.node].index };
	const rev = (r: Revenue) => r;
	return {
		name: t.name,
		color: t.color,
		exits: [...t.exits],
		paths: t.paths.map((p) => {
			const out: Record<string, unknown> = { a: end(p.a), b: end(p.b) };
			if (p.terminal) out.terminal = 1;
			if (p.ignore) out.ignore = 1;
			const la = p.a.type === 'edge' ? p.a.lane : null;
			const lb = p.b.type === 'edge' ? p.b.lane : null;
			const lanes = [la, lb].find((l) => l && l[0] !== 1);
			if (lanes) {
				// node ends carry the lane of the other end in the reference's data
				out.lanes = { a: [...(la ?? lanes)], b: [...(lb ?? la ?? lanes)] };
			}
			return out;
		}),
		cities: t.cities.map((c) => ({
			revenue: rev(c.revenue),
			slots: c.slots,
			...(c.loc !== null ? { loc: c.loc } : {}),
			...(c.groups.length ? { groups: [...c.groups] } : {})
		})),
		towns: t.towns.map((c) => ({ revenue: rev(c.revenue), ...(c.loc !== null ? { loc: c.loc } : {}) })),
		offboards: t.offboards.map((o) => ({
			revenue: rev(o.revenue),
			...(o.visitCost !== 1 ? { visit_cost: o.visitCost } : {})
		})),
		labels: [...t.labels],
		upgrades: t.upgrades.map((u) => ({ cost: u.cost, terrains: [...u.terrains] })),
		borders: t.borders.map((b) => ({ edge: b.edge, type: b.type, ...(b.cost !== null ? { cost: b.cost } : {}) })),
		junction: t.junction,
		future_label: t.futureLabel ?? undefined,
		stubs: t.stubs.map((edge) => ({ edge }))
	};
}

function referenceAsJson(j: JsonTile) {
	return {
		name: j.name,
		color: j.color,
		exits: j.exits,
		paths: j.paths,
		cities: j.cities.map(({ reservations: _r, ...c }) => c),
		towns: j.towns,
		offboards: j.offboards,
		labels: j.labels,
		upgrades: j.upgrades,
		borders: j.borders,
		junction: j.junction ?? false,
		future_label: j.future_label,
		stubs: j.stubs ?? []
	};
}

describe.skipIf(!referenceDataExists)('maps against the reference data', () => {
	for (const [file, map, special] of TITLES) {
		describe(file, () => {
			const ref = lazyTitle(file);

			it('names the same special hexes as the reference constants (constants.game)', () => {
				const g = ref.constants.game;
				expect(special.london).toBe(g.LONDON_HEX);
				expect(special.englishChannel).toBe(g.ENGLISH_CHANNEL_HEX);
				expect(special.france).toBe(g.FRANCE_HEX);
				expect(special.cardiff).toBe(g.CARDIFF_HEX);
				expect(special.merthyrTydfilPontypool).toBe(g.MERTHYR_TYDFIL_PONTYPOOL_HEX);
				expect(special.doubleHexes).toEqual(g.DOUBLE_HEX);
				expect(special.swansea).toBe(g.UPGRADEABLE_S_HEX_NAME);
			});

			it('has the same hexes (count, ids, coordinates, location names)', () => {
				expect(map.hexes.length).toBe(ref.counts.hexes);
				expect(map.hexes.map((h) => [h.id, h.coord.x, h.coord.y, h.name])).toEqual(
					ref.hexes.map((h) => [h.id, h.x, h.y, h.location_name])
				);
			});

			it('parses every preprinted tile as the reference resolves it', () => {
				for (const h of ref.hexes) {
					const ours = map.byId.get(h.id as never)!;
					expect(asJson(ours.tile), h.id).toEqual(referenceAsJson(h.tile));
				}
			});

			it('connects each hex to the same neighbours (neighbors and all_neighbors)', () => {
				for (const h of ref.hexes) {
					const ours = map.byId.get(h.id as never)!;
					expect({ ...ours.neighbours }, h.id).toEqual(h.neighbors);
					expect({ ...ours.allNeighbours }, h.id).toEqual(h.all_neighbors);
				}
			});

			it('has the same off-board areas (gray hexes with phase revenue) and off-board stops', () => {
				const phaseRevenue = (r: unknown) => typeof r === 'object' && r !== null;
				const refOffboards = ref.hexes
					.filter(
						(h) =>
							h.tile.offboards.length > 0 ||
							h.tile.cities.some((c) => phaseRevenue(c.revenue))
					)
					.map((h) => h.id);
				const ours = map.hexes
					.filter(
						(h) =>
							h.tile.offboards.length > 0 ||
							h.tile.cities.some((c) => typeof c.revenue === 'object')
					)
					.map((h) => h.id);
				expect(ours).toEqual(refOffboards);
				expect(ours.length).toBeGreaterThan(0);
			});

			it('has the same home hex (and city) and destination for every corporation', () => {
				for (const c of ref.corporations) {
					const home = map.homes.get(c.id as never);
					expect(home, c.id).toEqual({ hex: c.coordinates, city: c.city });
					expect(map.destinations.get(c.id as never) ?? null, c.id).toBe(c.destination_coordinates);
				}
			});

			it('reserves exactly the home cities the reference reserves at setup', () => {
				const inPlay = new Set(ref.corporations.map((c) => c.id));
				for (const h of ref.hexes) {
					const hex = map.byId.get(h.id as never)!;
					h.tile.cities.forEach((city, i) => {
						const expected = city.reservations.filter((r) => r !== null).sort();
						const ours = [...map.homes.entries()]
							.filter(([corp, home]) => inPlay.has(corp) && home.hex === hex.id)
							.filter(([, home]) => home.city === i || (home.city === null && hex.tile.cities.length === 1))
							.map(([corp]) => corp as string)
							.sort();
						expect(ours, `${h.id} city ${i}`).toEqual(expected);
					});
					expect([...(map.tileReservations.get(hex.id) ?? [])], h.id).toEqual(h.tile.reservations ?? []);
				}
			});

			it('has the same tile manifest (names, order and counts)', () => {
				expect([...map.manifest.entries()]).toEqual(ref.tiles.map((t) => [t.name, t.count]));
				expect(ref.tiles.length).toBe(ref.counts.tile_names);
			});
		});
	}

	it('parses every catalogue tile as the reference resolves it', () => {
		let checked = 0;
		for (const file of ['1822', '1822NRS', '1822MRS']) {
			for (const t of loadTitle(file).tiles) {
				const ours = TILE_CATALOGUE.get(t.name)!;
				expect(asJson(ours), t.name).toEqual(referenceAsJson(t));
				checked++;
			}
		}
		expect(checked).toBe(62 + 45 + 61);
	});
});
