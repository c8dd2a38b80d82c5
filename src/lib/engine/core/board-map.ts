/**
 * A title's map as fixed data: its hexes with their preprinted tiles, the connectivity
 * between hexes, home and destination hexes, and the tile catalogue and manifest.
 * Built once at module load from the generated data tables; never mutated.
 */
import { EDGES, neighbourCoord, parseHexId, type Edge, type HexCoord } from './hex';
import { corporationId, hexId, type CorporationId, type HexId } from './ids';
import { parseTileCode } from './tile-code';
import { rotatedExits, type TileColor, type TileDef } from './tile';

export interface HexDef {
	readonly id: HexId;
	readonly coord: HexCoord;
	readonly name: string | null;
	/** The preprinted tile (rotation 0); named after the hex. */
	readonly tile: TileDef;
	/** Every existing hex on each side. */
	readonly allNeighbours: Readonly<Partial<Record<Edge, HexId>>>;
	/**
	 * Hexes track may lead to: all neighbours except across this hex's impassable borders
	 * and gray/blue hexes whose own track does not point back here
	 * [reference base.rb connect_hexes, IMPASSABLE_HEX_COLORS].
	 */
	readonly neighbours: Readonly<Partial<Record<Edge, HexId>>>;
}

export interface HomeDef {
	readonly hex: HexId;
	/** City index on the hex; null when the hex has one city or the home is chosen later (M14). */
	readonly city: number | null;
}

export interface TrackRight {
	readonly company: string;
	readonly corporation: CorporationId;
}

export interface MapDef {
	readonly title: string;
	readonly hexes: readonly HexDef[];
	readonly byId: ReadonlyMap<HexId, HexDef>;
	readonly homes: ReadonlyMap<CorporationId, HomeDef>;
	readonly destinations: ReadonlyMap<CorporationId, HexId>;
	/** Consent hexes with stubs: who holds the right [rules digest 5.3 London track rights]. */
	readonly trackRights: ReadonlyMap<HexId, TrackRight>;
	/** Tile-level reservations: corporations whose home city on the hex is chosen later. */
	readonly tileReservations: ReadonlyMap<HexId, readonly CorporationId[]>;
	/** Catalogue tiles by name (only those in this title's manifest). */
	readonly tiles: ReadonlyMap<string, TileDef>;
	/** Tile name → number in the box; -1 for unlimited. In manifest order. */
	readonly manifest: ReadonlyMap<string, number>;
}

export type HexRow = readonly [id: string, name: string | null, color: string, code: string];

export interface MapSource {
	readonly title: string;
	readonly hexes: readonly HexRow[];
	readonly homes: readonly (readonly [string, string, number | null])[];
	readonly destinations: readonly (readonly [string, string])[];
	readonly trackRights: readonly (readonly [string, string, string])[];
	readonly tileReservations: readonly (readonly string[])[];
	readonly catalogue: ReadonlyMap<string, TileDef>;
	readonly manifest: readonly (readonly [string, number])[];
}

const IMPASSABLE_HEX_COLORS: readonly TileColor[] = ['gray', 'blue'];

export function buildMap(src: MapSource): MapDef {
	const raw = src.hexes.map(([id, name, color, code]) => {
		const coord = parseHexId(id);
		if (!coord) throw new Error(`bad hex id ${id}`);
		return { id: hexId(id), coord, name, tile: parseTileCode(id, color as TileColor, code) };
	});
	const byCoord = new Map(raw.map((h) => [`${h.coord.x},${h.coord.y}`, h]));
	const hexes: HexDef[] = raw.map((h) => {
		const allNeighbours: Partial<Record<Edge, HexId>> = {};
		const neighbours: Partial<Record<Edge, HexId>> = {};
		for (const edge of EDGES) {
			const nc = neighbourCoord(h.coord, edge);
			const n = byCoord.get(`${nc.x},${nc.y}`);
			if (!n) continue;
			allNeighbours[edge] = n.id;
			const back = ((edge + 3) % 6) as Edge;
			if (IMPASSABLE_HEX_COLORS.includes(n.tile.color) && !rotatedExits(n.tile, 0).includes(back)) continue;
			if (h.tile.borders.some((b) => b.edge === edge && b.type === 'impassable')) continue;
			neighbours[edge] = n.id;
		}
		return { ...h, allNeighbours, neighbours };
	});
	const tiles = new Map<string, TileDef>();
	for (const [name] of src.manifest) {
		const t = src.catalogue.get(name);
		if (!t) throw new Error(`tile ${name} missing from the catalogue`);
		tiles.set(name, t);
	}
	return {
		title: src.title,
		hexes,
		byId: new Map(hexes.map((h) => [h.id, h])),
		homes: new Map(
			src.homes.map(([corp, hex, city]) => [corporationId(corp), { hex: hexId(hex), city }])
		),
		destinations: new Map(src.destinations.map(([corp, hex]) => [corporationId(corp), hexId(hex)])),
		trackRights: new Map(
			src.trackRights.map(([hex, company, corp]) => [
				hexId(hex),
				{ company, corporation: corporationId(corp) }
			])
		),
		tileReservations: new Map(
			src.tileReservations.map(([hex, ...corps]) => [hexId(hex), corps.map(corporationId)])
		),
		tiles,
		manifest: new Map(src.manifest)
	};
}

/** The hex across `edge` that track may lead to, or null. */
export function trackNeighbour(map: MapDef, hex: HexId, edge: number): HexId | null {
	return map.byId.get(hex)?.neighbours[edge as Edge] ?? null;
}
