/**
 * The tile catalogue shared by 1822, 1822NRS and 1822MRS, parsed once at load.
 * Tile ids in actions are "<name>-<index>" [reference README, "Ids in actions"].
 */
import { parseTileCode } from '../../../core/tile-code';
import type { TileColor, TileDef } from '../../../core/tile';
import { TILE_CATALOGUE_ROWS } from './tile-catalogue-data';

export const TILE_CATALOGUE: ReadonlyMap<string, TileDef> = new Map(
	TILE_CATALOGUE_ROWS.map(([name, color, code]) => [name, parseTileCode(name, color as TileColor, code)])
);
