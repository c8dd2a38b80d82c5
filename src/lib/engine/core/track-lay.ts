/**
 * Generic tile-lay geometry: whether a tile at a rotation fits a hex for a corporation
 * [reference step/tracker.rb legal_tile_rotation?], and the board after a lay.
 *
 * A rotation fits when every exit leads to a hex track may enter, at least one exit is
 * a side the corporation reaches the hex by, the old track is kept, and cities are not
 * added or split beyond what the new tile's own new cities account for.
 */
import type { MapDef } from './board-map';
import { settleExtraTokens, tileOnHex } from './board';
import { borderKey, tileNameOf, withTile, type BoardState, type StationToken } from './board-state';
import { rotateEdge, type Edge } from './hex';
import type { HexId, TileId } from './ids';
import { err, ok, ruleError, type Result, type RuleError } from './result';
import { cityTownEdges, type TileDef } from './tile';
import { pathsKept, type LaidTile } from './upgrade';

export const ROTATION_REFUSALS = ['exit_blocked', 'not_connected', 'path_lost', 'city_mismatch'] as const;
export type RotationRefusal = (typeof ROTATION_REFUSALS)[number];

export interface FitOptions {
	/** Skip "old track kept" (1822 Swansea 57, town removal check exits instead). */
	readonly oldTrack?: 'paths' | 'exits' | 'none';
}

/**
 * Null when `tile` at `rotation` fits `hex` for a corporation reaching it by `reachedSides`
 * (the sides themselves, or a question answering whether it reaches the hex by one of some sides).
 */
export function rotationRefusal(
	map: MapDef,
	old: LaidTile,
	hex: HexId,
	tile: TileDef,
	rotation: number,
	reachedSides: ReadonlySet<Edge> | ((sides: readonly Edge[]) => boolean) | undefined,
	opts: FitOptions = {}
): RotationRefusal | null {
	const h = map.byId.get(hex);
	if (!h) return 'exit_blocked';
	const exits = tile.exits.map((e) => rotateEdge(e, rotation));
	if (!exits.every((e) => h.neighbours[e] !== undefined)) return 'exit_blocked';
	const connected =
		typeof reachedSides === 'function' ? reachedSides(exits) : reachedSides !== undefined && exits.some((e) => reachedSides.has(e));
	if (!connected) return 'not_connected';
	const oldTrack = opts.oldTrack ?? 'paths';
	if (oldTrack === 'paths' && !pathsKept(old.def, old.rotation, tile, rotation)) return 'path_lost';
	if (oldTrack === 'exits') {
		const oldExits = old.def.exits.map((e) => rotateEdge(e, old.rotation));
		if (!oldExits.every((e) => exits.includes(e))) return 'path_lost';
	}
	const oldCt = cityTownEdges(old.def, old.rotation).map((c) => c.edges);
	const newCt = cityTownEdges(tile, rotation).map((c) => c.edges);
	const added = Math.max(0, newCt.length - oldCt.length);
	const unmatched = newCt.filter((n) => oldCt.every((o) => !o.some((e) => n.includes(e)))).length;
	if (unmatched > added) return 'city_mismatch';
	if (tile.cities.length > 1 && old.def.cities.length > 1) {
		const each = oldCt.every((o) => newCt.filter((n) => o.every((e) => n.includes(e))).length === 1);
		if (!each) return 'city_mismatch';
	}
	return null;
}

/**
 * Which city of the new tile each old city becomes: the new city whose track covers the
 * old city's edges (a city without track yet goes to the first city).
 */
export function cityMapping(old: LaidTile, tile: TileDef, rotation: number): Map<number, number> {
	const out = new Map<number, number>();
	const oldCt = cityTownEdges(old.def, old.rotation).filter((c) => c.node.kind === 'city');
	const newCt = cityTownEdges(tile, rotation).filter((c) => c.node.kind === 'city');
	for (let i = 0; i < old.def.cities.length; i++) {
		const edges = oldCt.find((c) => c.node.index === i)?.edges ?? [];
		if (edges.length === 0) {
			if (tile.cities.length > 0) out.set(i, Math.min(i, tile.cities.length - 1));
			continue;
		}
		const target = newCt.find((c) => edges.every((e) => c.edges.includes(e)));
		if (target) out.set(i, target.node.index);
	}
	return out;
}

/** Water borders on the hex crossed by the new tile and still charged, with their costs. */
export function bordersCrossed(
	map: MapDef,
	board: BoardState,
	hex: HexId,
	tile: TileDef,
	rotation: number
): { edge: Edge; cost: number; type: string }[] {
	const h = map.byId.get(hex);
	if (!h) return [];
	const exits = tile.exits.map((e) => rotateEdge(e, rotation));
	return h.tile.borders
		.filter((b) => b.cost !== null && !board.paidBorders.includes(borderKey(hex, b.edge)))
		.filter((b) => exits.includes(b.edge) && h.neighbours[b.edge] !== undefined)
		.map((b) => ({ edge: b.edge, cost: b.cost!, type: b.type }));
}

/**
 * The board after laying `id` at `rotation` on `hex`: the old tile returns to the supply
 * (it leaves `tiles`), tokens follow their cities (a token placed beyond the slots keeps its own
 * place only where the new tile still needs it: `settleExtraTokens`), crossed water borders are paid, and the
 * facing border of a neighbour that already has track on that side goes too
 * [g_1822/step/tracker.rb remove_border_calculate_cost!].
 */
export function applyTileLay(
	map: MapDef,
	board: BoardState,
	hex: HexId,
	id: TileId,
	rotation: number
): Result<BoardState, RuleError> {
	const h = map.byId.get(hex);
	const old = tileOnHex(map, board, hex);
	const tile = map.tiles.get(tileNameOf(id));
	if (!h || !old || !tile) return err(ruleError('unknown_tile', `${id} cannot be laid on ${hex}`));
	// Boards are never changed in place, so lists the lay leaves as they were are shared.
	const tokens: readonly StationToken[] = board.tokens.some((t) => t.hex === hex)
		? remapTokens(board.tokens, hex, cityMapping(old, tile, rotation))
		: board.tokens;
	const crossed = bordersCrossed(map, board, hex, tile, rotation);
	if (crossed.length === 0 && strictlySorted(board.paidBorders)) {
		return ok(
			settleExtraTokens(map, {
				...board,
				tiles: withTile(board.tiles, hex, { tile: id, rotation: ((rotation % 6) + 6) % 6 }),
				tokens,
				paidBorders: board.paidBorders
			}, hex)
		);
	}
	const paid = new Set(board.paidBorders);
	for (const b of crossed) {
		paid.add(borderKey(hex, b.edge));
		const nb = h.neighbours[b.edge]!;
		const back = ((b.edge + 3) % 6) as Edge;
		const nbTile = tileOnHex(map, board, nb);
		const nbHasTrack = nbTile?.def.exits.some((e) => rotateEdge(e, nbTile.rotation) === back);
		if (nbHasTrack) paid.add(borderKey(nb, back));
	}
	return ok(
		settleExtraTokens(map, {
			...board,
			tiles: withTile(board.tiles, hex, { tile: id, rotation: ((rotation % 6) + 6) % 6 }),
			tokens,
			paidBorders: [...paid].sort()
		}, hex)
	);
}

function remapTokens(tokens: readonly StationToken[], hex: HexId, mapping: Map<number, number>): StationToken[] {
	return tokens.map((t) => {
		if (t.hex !== hex) return t;
		const city = mapping.get(t.city);
		return city === undefined || city === t.city ? t : { ...t, city };
	});
}

/** Already what `[...new Set(xs)].sort()` would give: no duplicates, in sort order. */
function strictlySorted(xs: readonly string[]): boolean {
	for (let i = 1; i < xs.length; i++) if (!(xs[i - 1] < xs[i])) return false;
	return true;
}
