/**
 * The board part of the game state: plain JSON-serialisable data.
 *
 * - `tiles`: hexes whose tile is not the preprinted one, with the tile id
 *   ("<name>-<index>", as in actions) and its rotation. A replaced tile simply leaves
 *   this record and so returns to the supply.
 * - `tokens`: every station token on the map, by hex and city index on the current tile.
 * - `paidBorders`: water borders already crossed and paid ("<hex>:<edge>"); 1822 deletes a
 *   border once paid [g_1822/step/tracker.rb remove_border_calculate_cost!].
 * - `reservations`: corporations whose home reservation still holds a slot (or, for a
 *   tile-level home such as M14's London, a place on the hex) until they token there;
 *   set at setup from the corporations in play, and released when a corporation closes.
 * - `extraSlots`: permanent extra token slots, keyed "<hex>:<edge>" by the edge of the
 *   city's track so they survive upgrades that renumber cities (M14's London slot)
 *   [g_1822/game.rb min_city_slots, upgrade_minor_14_home_hex].
 */
import type { CorporationId, HexId, TileId } from './ids';

export interface PlacedTile {
	readonly tile: TileId;
	readonly rotation: number;
}

export const TOKEN_KINDS = ['normal', 'destination'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface StationToken {
	readonly hex: HexId;
	/** Index of the city on the hex's current tile. */
	readonly city: number;
	readonly corporation: CorporationId;
	readonly kind: TokenKind;
	/**
	 * A token placed beyond the city's slots, in a place of its own that the city keeps while the
	 * token is there, even when another token leaves (a destination token into a city with no open
	 * slot; rules version 10) [part/city.rb get_slot `cheater`, delete_token!; token.rb remove!].
	 */
	readonly extra?: true;
}

export interface BoardState {
	readonly tiles: Readonly<Record<string, PlacedTile>>;
	readonly tokens: readonly StationToken[];
	readonly paidBorders: readonly string[];
	readonly reservations: readonly CorporationId[];
	readonly extraSlots: Readonly<Record<string, number>>;
}

export function emptyBoard(): BoardState {
	return { tiles: {}, tokens: [], paidBorders: [], reservations: [], extraSlots: {} };
}

/**
 * The tiles record with one hex's tile set. Each such record remembers (by a number, so the
 * records before it can be collected) the one it was made from, so the track graph can follow a
 * lay by rebuilding that hex alone (`tileStep`).
 */
export function withTile(tiles: BoardState['tiles'], hex: HexId, placed: PlacedTile): BoardState['tiles'] {
	const next = { ...tiles, [hex]: placed };
	madeFrom.set(next, { from: recordNumber(tiles), hex });
	return next;
}

const madeFrom = new WeakMap<BoardState['tiles'], { readonly from: number; readonly hex: HexId }>();
const recordNumbers = new WeakMap<BoardState['tiles'], number>();
let lastRecordNumber = 0;

function recordNumber(tiles: BoardState['tiles']): number {
	let n = recordNumbers.get(tiles);
	if (n === undefined) {
		n = ++lastRecordNumber;
		recordNumbers.set(tiles, n);
	}
	return n;
}

/**
 * The one hex whose tile differs between two tiles records, when one was made from the other
 * by `withTile`; null when that is not known (they may then differ anywhere).
 */
export function tileStep(a: BoardState['tiles'], b: BoardState['tiles']): HexId | null {
	const ab = madeFrom.get(b);
	if (ab && ab.from === recordNumbers.get(a)) return ab.hex;
	const ba = madeFrom.get(a);
	if (ba && ba.from === recordNumbers.get(b)) return ba.hex;
	return null;
}

/** "57-3" → "57". Tile names of these titles contain no "-". */
export function tileNameOf(id: TileId | string): string {
	const i = id.lastIndexOf('-');
	return i < 0 ? id : id.slice(0, i);
}

/** "57-3" → 3. */
export function tileIndexOf(id: TileId | string): number {
	const i = id.lastIndexOf('-');
	return i < 0 ? -1 : Number(id.slice(i + 1));
}

export function borderKey(hex: HexId | string, edge: number): string {
	return `${hex}:${edge}`;
}
