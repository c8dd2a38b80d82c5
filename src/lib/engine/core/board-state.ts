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
