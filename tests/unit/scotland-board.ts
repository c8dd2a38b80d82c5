/**
 * The Scotland position several route tests share (1822, late game): green and brown track
 * around Glasgow E6, Edinburgh H5 and Carlisle G12, each tile given as name and rotation.
 */
import type { BoardState } from '../../src/lib/engine/core/board-state';
import { tileId } from '../../src/lib/engine/core/ids';

export const SCOTLAND_TILES: Readonly<Record<string, readonly [string, number]>> = {
	E8: ['80', 3],
	G2: ['8', 4],
	G6: ['83', 4],
	H11: ['83', 2],
	G10: ['9', 2],
	F9: ['9', 2],
	F5: ['142', 1],
	F7: ['56', 1],
	G4: ['611', 5],
	G12: ['15', 3],
	H5: ['X11', 5]
};

/** The board's tiles, each the first copy of its name. */
export function scotlandTiles(): BoardState['tiles'] {
	return Object.fromEntries(
		Object.entries(SCOTLAND_TILES).map(([hex, [name, rotation]]) => [hex, { tile: tileId(`${name}-0`), rotation }])
	);
}
