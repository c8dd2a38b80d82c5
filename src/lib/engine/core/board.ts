/**
 * Read-only questions about a board (map + board state): the tile on a hex, city slots
 * and tokens, water borders still charged, and the tile supply.
 */
import type { HexDef, MapDef } from './board-map';
import { borderKey, emptyBoard, tileNameOf, type BoardState, type PlacedTile, type StationToken } from './board-state';
import { EDGES, rotateEdge, type Edge } from './hex';
import { tileId, type CorporationId, type HexId, type TileId } from './ids';
import { cityTownEdges, colorIndex, type BorderDef, type TileDef } from './tile';
import type { LaidTile } from './upgrade';

/** The board at setup: preprinted tiles only, home slots reserved for the corporations in play. */
export function initialBoard(map: MapDef, corporationsInPlay: readonly CorporationId[]): BoardState {
	return { ...emptyBoard(), reservations: corporationsInPlay.filter((c) => map.homes.has(c)) };
}

export function hexDef(map: MapDef, hex: HexId): HexDef | null {
	return map.byId.get(hex) ?? null;
}

/** The tile on a hex as laid: definition, rotation and any future label still ahead. */
export function tileOnHex(map: MapDef, board: BoardState, hex: HexId): LaidTile | null {
	const h = map.byId.get(hex);
	if (!h) return null;
	const placed = board.tiles[hex];
	// Asked many times per action for the same tile: the answer is kept per placed tile (records
	// are never changed, only replaced) and per printed hex.
	const kept = placed ? laidByPlaced.get(placed) : laidByHex.get(h);
	if (kept && kept.map === map && kept.hex === h) return kept.laid;
	const def = placed ? map.tiles.get(tileNameOf(placed.tile)) : h.tile;
	if (!def) return null;
	const fl = h.tile.futureLabel;
	// The printed future label rides on every tile below its colour [reference hex.rb lay].
	const futureLabel = fl && colorIndex(def.color) < colorIndex(fl.color) ? fl : null;
	const laid: LaidTile = { def, rotation: placed ? placed.rotation : 0, futureLabel };
	const entry = { map, hex: h, laid };
	if (placed) laidByPlaced.set(placed, entry);
	else laidByHex.set(h, entry);
	return laid;
}

interface KeptLaid {
	readonly map: MapDef;
	readonly hex: HexDef;
	readonly laid: LaidTile;
}

const laidByPlaced = new WeakMap<PlacedTile, KeptLaid>();
const laidByHex = new WeakMap<HexDef, KeptLaid>();

/** The board edges of a city's track on a laid tile. */
export function cityEdges(tile: LaidTile, city: number): Edge[] {
	return [...cachedCityEdges(tile, city)];
}

/** City edges per tile definition, by rotation * 64 + city: tile definitions never change. */
const cityEdgeCache = new WeakMap<TileDef, Map<number, readonly Edge[]>>();

function cachedCityEdges(tile: LaidTile, city: number): readonly Edge[] {
	let byKey = cityEdgeCache.get(tile.def);
	if (!byKey) cityEdgeCache.set(tile.def, (byKey = new Map()));
	const key = tile.rotation * 64 + city;
	let edges = byKey.get(key);
	if (edges) return edges;
	const node = tile.def.nodes.findIndex((n) => n.kind === 'city' && n.index === city);
	const out = new Set<Edge>();
	for (const p of tile.def.paths) {
		const ends = [p.a, p.b];
		if (!ends.some((e) => e.type === 'node' && e.node === node)) continue;
		for (const e of ends) if (e.type === 'edge') out.add(rotateEdge(e.edge, tile.rotation));
	}
	edges = [...out].sort((a, b) => a - b);
	byKey.set(key, edges);
	return edges;
}

export function tokensInCity(board: BoardState, hex: HexId, city: number): StationToken[] {
	return board.tokens.filter((t) => t.hex === hex && t.city === city);
}

export function tokensOnHex(board: BoardState, hex: HexId): StationToken[] {
	return board.tokens.filter((t) => t.hex === hex);
}

/** Printed slots plus permanent extra slots (M14's London city): the fewest the city has. */
export function cityBaseCapacity(map: MapDef, board: BoardState, hex: HexId, city: number): number {
	const tile = tileOnHex(map, board, hex);
	if (!tile || city >= tile.def.cities.length) return 0;
	let extra = 0;
	// Most boards have no extra slot at all: skip the edge lookup then.
	if (Object.keys(board.extraSlots).length > 0)
		for (const e of cachedCityEdges(tile, city)) extra += board.extraSlots[borderKey(hex, e)] ?? 0;
	return tile.def.cities[city].slots + extra;
}

/** `cityBaseCapacity`, plus the places of tokens placed beyond the slots (`StationToken.extra`). */
export function cityCapacity(map: MapDef, board: BoardState, hex: HexId, city: number): number {
	let placed = 0;
	const tokens = board.tokens;
	for (let i = 0; i < tokens.length; i++) if (tokens[i].extra && tokens[i].hex === hex && tokens[i].city === city) placed++;
	return cityBaseCapacity(map, board, hex, city) + placed;
}

/**
 * The places of tokens beyond the slots once a new tile lies on the hex: the tokens move over
 * without empty places, and a token is beyond the slots only where the tokens and the city's
 * reservations outnumber them [hex.rb lay: `cheater: (reserved + index) >= normal_slots`].
 */
export function settleExtraTokens(map: MapDef, board: BoardState, hex: HexId): BoardState {
	if (!board.tokens.some((t) => t.extra && t.hex === hex)) return board;
	const cities = new Set(board.tokens.filter((t) => t.hex === hex).map((t) => t.city));
	let tokens = board.tokens;
	for (const city of cities) {
		const here = tokens.filter((t) => t.hex === hex && t.city === city);
		let keep = Math.max(0, here.length + pendingReservations(map, board, hex, city).length - cityBaseCapacity(map, board, hex, city));
		tokens = tokens.map((t) => {
			if (!t.extra || t.hex !== hex || t.city !== city) return t;
			if (keep > 0) {
				keep--;
				return t;
			}
			const { extra: _e, ...plain } = t;
			return plain;
		});
	}
	return { ...board, tokens };
}

/**
 * A token leaves its city together with its place [part/city.rb delete_token! `remove_slot`]:
 * when the city has more places than its slots, one token beyond them loses its mark.
 */
export function removeTokenAndPlace(board: BoardState, token: StationToken): BoardState {
	const rest = board.tokens.filter((t) => t !== token);
	const i = rest.findIndex((t) => t.extra && t.hex === token.hex && t.city === token.city);
	if (i < 0) return { ...board, tokens: rest };
	const { extra: _e, ...plain } = rest[i];
	return { ...board, tokens: rest.map((t, j) => (j === i ? plain : t)) };
}

/**
 * The city of a home named by its index on the printed tile, on the tile there now. An upgrade
 * may number its cities differently (a rotated London tile); the home goes with its city's
 * track, as tokens do when a tile is upgraded [reference hex.rb lay moves reservations with
 * their cities]. Upgrades keep every old track edge, so the printed city's edges find it.
 */
export function currentHomeCity(map: MapDef, board: BoardState, hex: HexId, printedCity: number): number {
	const h = map.byId.get(hex);
	if (!h || !board.tiles[hex]) return printedCity;
	const now = tileOnHex(map, board, hex);
	const edges = cityTownEdges(h.tile, 0).find((c) => c.node.kind === 'city' && c.node.index === printedCity)?.edges ?? [];
	if (!now || edges.length === 0) return printedCity;
	const target = cityTownEdges(now.def, now.rotation).find((c) => c.node.kind === 'city' && edges.every((e) => c.edges.includes(e)));
	return target ? target.node.index : printedCity;
}

/**
 * Home reservations still holding a slot in this city: corporations reserved here that
 * have not yet tokened it.
 */
export function pendingReservations(map: MapDef, board: BoardState, hex: HexId, city: number): CorporationId[] {
	const reserved = reservedOnHex(map, board.reservations, hex);
	if (reserved.length === 0) return [];
	const tile = tileOnHex(map, board, hex);
	if (!tile) return [];
	const single = tile.def.cities.length === 1;
	return reserved.filter((corp) => {
		// Every corporation listed has its home on this hex (reservedOnHex).
		const home = map.homes.get(corp)!;
		if (home.city === null) {
			// a single-city hex; a tile-level home (M14) reserves no particular city
			if (!single || city !== 0 || map.tileReservations.get(hex)?.includes(corp)) return false;
		} else if (currentHomeCity(map, board, hex, home.city) !== city) {
			return false;
		}
		return !board.tokens.some((t) => t.hex === hex && t.city === city && t.corporation === corp);
	});
}

/**
 * The reservations of corporations whose home is on `hex`, in the list's order. Reservation lists
 * are replaced, never changed, so the split by hex is kept per list.
 */
function reservedOnHex(map: MapDef, reservations: readonly CorporationId[], hex: HexId): readonly CorporationId[] {
	let kept = reservedByHex.get(reservations);
	if (!kept || kept.map !== map) {
		const byHex = new Map<HexId, CorporationId[]>();
		for (const corp of reservations) {
			const home = map.homes.get(corp);
			if (!home) continue;
			const list = byHex.get(home.hex);
			if (list) list.push(corp);
			else byHex.set(home.hex, [corp]);
		}
		kept = { map, byHex };
		reservedByHex.set(reservations, kept);
	}
	return kept.byHex.get(hex) ?? NO_RESERVATIONS;
}

const NO_RESERVATIONS: readonly CorporationId[] = [];
const reservedByHex = new WeakMap<readonly CorporationId[], { readonly map: MapDef; readonly byHex: ReadonlyMap<HexId, CorporationId[]> }>();

/** Tile-level reservations still pending on a hex (M14 before it chooses its London city). */
export function pendingTileReservations(map: MapDef, board: BoardState, hex: HexId): CorporationId[] {
	const reserved = map.tileReservations.get(hex) ?? [];
	return reserved.filter(
		(corp) => board.reservations.includes(corp) && !board.tokens.some((t) => t.hex === hex && t.corporation === corp)
	);
}

/** Slots neither tokened nor reserved. */
export function openSlots(map: MapDef, board: BoardState, hex: HexId, city: number): number {
	return openSlotsGiven(map, board, hex, city, pendingReservations(map, board, hex, city));
}

/** `openSlots`, with the city's pending reservations already listed. */
export function openSlotsGiven(map: MapDef, board: BoardState, hex: HexId, city: number, pending: readonly CorporationId[]): number {
	return Math.max(0, cityCapacity(map, board, hex, city) - countTokensInCity(board, hex, city) - pending.length);
}

/** `tokensInCity(…).length`, without the list (asked for each city a station scan meets). */
export function countTokensInCity(board: BoardState, hex: HexId, city: number): number {
	const tokens = board.tokens;
	let n = 0;
	for (let i = 0; i < tokens.length; i++) if (tokens[i].hex === hex && tokens[i].city === city) n++;
	return n;
}

/** How cities block track: the rules that changed between versions of a title's rules. */
export interface BlockingRules {
	/**
	 * A city with a slot still reserved for a home never blocks, even when tokens placed apart from
	 * the slots (a destination token) fill the others: the reserved slot stays empty
	 * [reference part/city.rb get_slot cheater, blocks?]. Off, such a city blocked.
	 */
	readonly reservedSlotsOpen: boolean;
}

export const LATEST_BLOCKING: BlockingRules = { reservedSlotsOpen: true };

/**
 * A city blocks a corporation's track when every slot holds another corporation's token;
 * reserved empty slots do not block [reference part/city.rb blocks?].
 */
export function cityBlocks(map: MapDef, board: BoardState, hex: HexId, city: number, corp: CorporationId, rules: BlockingRules = LATEST_BLOCKING): boolean {
	const tokens = tokensInCity(board, hex, city);
	if (tokens.some((t) => t.corporation === corp)) return false;
	if (tokens.length < cityCapacity(map, board, hex, city)) return false;
	return fullCityBlocks(map, board, hex, city, rules);
}

/** Whether a city whose slots are all taken blocks: not while one is still reserved for a home (`BlockingRules`). */
export function fullCityBlocks(map: MapDef, board: BoardState, hex: HexId, city: number, rules: BlockingRules): boolean {
	return !rules.reservedSlotsOpen || pendingReservations(map, board, hex, city).length === 0;
}

/** Water borders of the hex not yet paid for. */
export function chargedBorders(map: MapDef, board: BoardState, hex: HexId): BorderDef[] {
	const h = map.byId.get(hex);
	if (!h) return [];
	return h.tile.borders.filter((b) => b.type === 'water' && !board.paidBorders.includes(borderKey(hex, b.edge)));
}

/** Board exits of the tile on a hex. */
export function exitsOnHex(map: MapDef, board: BoardState, hex: HexId): Edge[] {
	const t = tileOnHex(map, board, hex);
	if (!t) return [];
	return EDGES.filter((e) => t.def.exits.some((x) => rotateEdge(x, t.rotation) === e));
}

/** Copies of a tile still in the supply: the box count less those on the map; null when unlimited. */
export function tilesLeft(map: MapDef, board: BoardState, name: string): number | null {
	const count = map.manifest.get(name);
	if (count === undefined) return 0;
	if (count < 0) return null;
	let used = 0;
	for (const hex of Object.keys(board.tiles)) if (tileNameOf(board.tiles[hex].tile) === name) used++;
	return count - used;
}

/** The lowest free id of a tile ("57-0", "57-1", …), or null when none is left. */
export function freeTileId(map: MapDef, board: BoardState, name: string): TileId | null {
	const count = map.manifest.get(name);
	if (count === undefined) return null;
	const used = new Set<string>();
	for (const hex of Object.keys(board.tiles)) used.add(board.tiles[hex].tile);
	for (let i = 0; count < 0 || i < count; i++) {
		const id = `${name}-${i}`;
		if (!used.has(id)) return tileId(id);
	}
	return null;
}

/** Is this tile id a real copy of the title's tiles and not already on the map? */
export function tileIdAvailable(map: MapDef, board: BoardState, id: TileId): boolean {
	const name = tileNameOf(id);
	const count = map.manifest.get(name);
	// Only the reference's own spelling "<name>-<index>" names a copy: "58-00" or "58- 0" would
	// otherwise read as copy 0 and let one copy be laid twice.
	const suffix = id.slice(name.length + 1);
	if (id[name.length] !== '-' || !/^(0|[1-9][0-9]*)$/.test(suffix)) return false;
	const index = Number(suffix);
	if (count === undefined || index < 0) return false;
	if (count >= 0 && index >= count) return false;
	return !Object.values(board.tiles).some((placed) => placed.tile === id);
}
