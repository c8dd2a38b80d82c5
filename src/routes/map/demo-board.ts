/**
 * A small fixed board for the map demo: a few tiles of every colour and shape (plain and
 * curved track, towns as bars and dots, cities of one to three slots, London's six
 * cities), station tokens of majors and minors, a destination token, and the home
 * reservations of every corporation, so each drawing feature of the map can be seen.
 * Hexes a title does not have are skipped.
 */
import type { MapDef } from '$lib/engine/core/board-map';
import { initialBoard } from '$lib/engine/core/board';
import type { BoardState, PlacedTile, StationToken } from '$lib/engine/core/board-state';
import { corporationId, hexId, tileId } from '$lib/engine/core/ids';
import type { PhaseColor } from '$lib/engine/core/tile';

/** [hex, tile id, rotation] */
const TILES: readonly (readonly [string, string, number])[] = [
	['H23', '57-0', 2],
	['I22', 'X2-0', 0],
	['K20', '63-0', 0],
	['K24', '619-0', 0],
	['L19', '57-1', 0],
	['J29', '5-0', 0],
	['I26', '4-0', 1],
	['J21', '58-0', 5],
	['H21', '1-0', 0],
	['I24', '7-0', 2],
	['J25', '80-0', 0],
	['K22', '8-0', 0],
	['J23', '9-0', 1],
	['K28', '14-0', 0],
	['J31', '767-0', 0],
	['M38', 'X21-0', 0],
	['F7', '55-0', 0],
	['G24', '3-0', 4]
];

/** [hex, city, corporation, kind] */
const TOKENS: readonly (readonly [string, number, string, StationToken['kind']])[] = [
	['G22', 0, 'LYR', 'normal'],
	['I22', 0, 'LNWR', 'destination'],
	['I22', 0, 'LYR', 'normal'],
	['K20', 0, 'NER', 'normal'],
	['K20', 0, 'MR', 'normal'],
	['K24', 0, '8', 'normal'],
	['L19', 0, 'NER', 'normal'],
	['J29', 0, 'MR', 'normal'],
	['M38', 3, 'LNWR', 'normal'],
	['M38', 1, 'GWR', 'normal'],
	['H5', 0, 'NBR', 'normal'],
	['H1', 0, 'NBR', 'destination'],
	['E6', 0, 'CR', 'normal']
];

/** Phase 3 of 1822: yellow and green tiles. */
export const DEMO_PHASE_COLORS: readonly PhaseColor[] = ['yellow', 'green'];

export function demoBoard(map: MapDef): BoardState {
	const base = initialBoard(map, [...map.homes.keys()]);
	const tiles: Record<string, PlacedTile> = {};
	for (const [hex, tile, rotation] of TILES) {
		const name = tile.slice(0, tile.lastIndexOf('-'));
		if (map.byId.has(hexId(hex)) && map.tiles.has(name)) tiles[hex] = { tile: tileId(tile), rotation };
	}
	const tokens: StationToken[] = [];
	for (const [hex, city, corp, kind] of TOKENS) {
		const h = map.byId.get(hexId(hex));
		if (!h) continue;
		const placed = tiles[hex];
		const def = placed ? map.tiles.get(placed.tile.slice(0, placed.tile.lastIndexOf('-'))) : h.tile;
		if (!def || city >= def.cities.length) continue;
		tokens.push({ hex: hexId(hex), city, corporation: corporationId(corp), kind });
	}
	return { ...base, tiles, tokens };
}

/** Each company's last move, outlined in its colour. */
export const DEMO_LAST_MOVES: readonly (readonly [string, string])[] = [
	['K20', '#ff2a2a'],
	['I22', '#5a2ca0']
];
