/**
 * Tile lays in 1822: checking one lay, and listing every legal lay for the operating
 * company (per hex, the tiles, rotations and the cost of each). The UI draws from the list.
 *
 * A lay is legal when [rules digest 5.3; step/tracker.rb lay_tile, legal_tile_rotation?;
 * g_1822/step/tracker.rb]:
 * - the tile is in the supply, its colour is allowed by the phase (minors from phase 5:
 *   yellow and green only) and it upgrades the hex's tile (upgrades.ts);
 * - the company still has a lay (tile-lays.ts);
 * - the rotation fits: exits lead to hexes track may enter, one exit is a side the company
 *   reaches, old track is kept (Swansea's 57 only at rotations 2 and 5);
 * - on a consent hex nobody holds any more, the printed stubs are covered;
 * - a town is removed only by P2's lay;
 * - the company can pay terrain and estuary costs;
 * - in live play, a company's own upgrade adds track it can use or changes a city's value
 *   (new-track.ts).
 */
import type { MapDef } from '../../../core/board-map';
import { freeTileId, tileIdAvailable, tileOnHex } from '../../../core/board';
import { tileNameOf, type BoardState } from '../../../core/board-state';
import { rotateEdge, type Edge } from '../../../core/hex';
import type { CorporationId, HexId, TileId } from '../../../core/ids';
import { err, ok, refuse, ruleError, type Result, type RuleError } from '../../../core/result';
import type { TileDef } from '../../../core/tile';
import { applyTileLay, bordersCrossed, rotationRefusal } from '../../../core/track-lay';
import type { TrackGraph } from '../../../core/track-graph';
import type { LaidTile } from '../../../core/upgrade';
import { NEW_TRACK_EXEMPT, pathsThatCount } from './new-track';
import {
	checkLayAllowance,
	layCost,
	nextLayOptions,
	type CompanyKind,
	type LayCostModifiers,
	type LayDone
} from './tile-lays';
import {
	SWANSEA_ROTATIONS,
	TRACK_PLAIN,
	g1822Upgrade,
	type UpgradeKind,
	type UpgradeVerdict
} from './upgrades';

export interface PhaseView {
	readonly name: string;
	readonly tiles: readonly string[];
	readonly status: readonly string[];
}

/** From phase 5 minors lay yellow and green only [g_1822/step/tracker.rb potential_tiles]. */
export const MINOR_GREEN_UPGRADE: readonly string[] = ['yellow', 'green'];

export type TrackRightHolder = 'acting' | 'other' | 'none';

export interface TrackContext {
	readonly map: MapDef;
	readonly board: BoardState;
	/** The track graph, already following `board`. */
	readonly graph: TrackGraph;
	readonly phase: PhaseView;
	readonly corporation: CorporationId;
	readonly kind: CompanyKind;
	readonly cash: number;
	/** Lays already made this turn. */
	readonly laysDone: readonly LayDone[];
	/** The private whose own allowance the lays use (P12's extra lays), named in refusals. */
	readonly allowanceOf?: string;
	readonly cost?: LayCostModifiers;
	/** P2: a town track tile may become plain track one colour up. */
	readonly townRemoval?: boolean;
	/** M14's first turn: its home token was its tile lay [g_1822/step/tracker.rb can_lay_tile?]. */
	readonly homeTokenCountsAsLay?: boolean;
	/** Printed stubs bind every lay on the printed tile (rules version 2, live play). */
	readonly stubsAlwaysBind?: boolean;
	/** Who still holds the track right on a consent hex; default: the rights are gone. */
	readonly trackRight?: (hex: HexId) => TrackRightHolder;
	/** Apply "new track must be used or change a city's value" (live play, the company's own lays). */
	readonly newTrackRule?: boolean;
}

export interface TileLay {
	readonly hex: HexId;
	readonly tile: TileId;
	readonly rotation: number;
}

export interface LayOutcome {
	readonly board: BoardState;
	readonly cost: number;
	readonly upgrade: boolean;
	readonly kind: UpgradeKind;
}

export function allowedColors(ctx: TrackContext): readonly string[] {
	if (ctx.kind === 'minor' && ctx.phase.status.includes('minors_green_upgrade')) {
		return ctx.phase.tiles.filter((c) => MINOR_GREEN_UPGRADE.includes(c));
	}
	return ctx.phase.tiles;
}

const UPGRADE_MESSAGES = {
	color: ['upgrade_color', 'must be exactly one colour above the tile it replaces'],
	paths: ['upgrade_loses_path', 'does not keep all the track of the tile it replaces'],
	label: ['label_mismatch', 'does not carry the label this hex requires'],
	city_town: ['city_town_mismatch', 'does not have the same cities and towns as the tile it replaces'],
	swansea: ['swansea_tile', 'cannot be laid on Swansea: only tile 57 may be'],
	exit_blocked: ['exit_blocked', 'would have track leading off the map or across an impassable border'],
	not_connected: ['not_connected', "does not connect to the company's track"],
	path_lost: ['upgrade_loses_path', 'in this rotation loses track of the tile it replaces'],
	city_mismatch: ['city_mismatch', 'in this rotation does not keep the cities in place']
} as const;

function refusal(key: keyof typeof UPGRADE_MESSAGES, tile: string, hex: HexId): Result<never, RuleError> {
	const [code, text] = UPGRADE_MESSAGES[key];
	return refuse(code, `Tile ${tile} ${text} (${hex}).`);
}

/**
 * The upgrade test for this lay. P2's lay replaces a hex with exactly one town by plain
 * track one colour up, checked as a private company's special lay (colour and track only)
 * [rules digest 10.2 P2; g_1822/game.rb upgrades_to?].
 */
function upgradeVerdict(ctx: TrackContext, hex: HexId, old: LaidTile, tile: TileDef): UpgradeVerdict {
	if (ctx.townRemoval && old.def.towns.length === 1 && old.def.cities.length === 0 && TRACK_PLAIN.includes(tile.name)) {
		const v = g1822Upgrade(hex, old, tile, { special: true });
		return v.ok ? { ok: true, kind: 'town_removal' } : v;
	}
	return g1822Upgrade(hex, old, tile);
}

/** Null when the rotation is legal; otherwise the reason. Cost is not checked here. */
function fitRefusal(
	ctx: TrackContext,
	hex: HexId,
	old: LaidTile,
	tile: TileDef,
	kind: UpgradeKind,
	rotation: number
): Result<never, RuleError> | null {
	const h = ctx.map.byId.get(hex)!;
	if (kind === 'swansea' && !SWANSEA_ROTATIONS.includes(rotation)) {
		return refuse('swansea_rotation', 'Tile 57 on Swansea must join the city to the open sides (rotation 2 or 5).');
	}
	const right = ctx.map.trackRights.has(hex) && old.def === h.tile ? (ctx.trackRight?.(hex) ?? 'none') : null;
	// Rules version 2, live play: printed stubs bind every lay on the printed tile but the BC tile.
	// The reference lifts a hex's track rights as the lay begins, before it checks the rotation, so
	// no holder waives them [g_1822/game.rb preprocess_action, legal_tile_rotation?;
	// stubs_are_restricted.rb; ability/blocks_hexes.rb teardown]. Version 1 bound them only on
	// consent hexes nobody held.
	const stubsBind = ctx.stubsAlwaysBind ? old.def === h.tile && tile.name !== 'BC' : right === 'none';
	if (stubsBind && h.tile.stubs.length > 0) {
		const exits = tile.exits.map((e) => rotateEdge(e, rotation));
		if (!h.tile.stubs.every((s) => exits.includes(s))) {
			return refuse('track_right_stub', `The tile on ${hex} must continue the printed track stub.`);
		}
	}
	// Only whether an exit is a side the company reaches counts: the graph may answer that with a
	// walk that ends at the first such side (not under the new-track rule, which asks the whole
	// walk next).
	const reached = ctx.newTrackRule
		? ctx.graph.connectedSides(ctx.corporation, hex)
		: (sides: readonly Edge[]) => ctx.graph.reachesSide(ctx.corporation, hex, sides);
	const oldTrack = kind === 'swansea' ? 'none' : kind === 'town_removal' ? 'exits' : 'paths';
	const why = rotationRefusal(ctx.map, old, hex, tile, rotation, reached, { oldTrack });
	return why === null ? null : refusal(why, tile.name, hex);
}

function costOf(ctx: TrackContext, hex: HexId, old: LaidTile, tile: TileDef, rotation: number) {
	const borders = bordersCrossed(ctx.map, ctx.board, hex, tile, rotation).map((b) => b.cost);
	return layCost(hex, old.def.upgrades, borders, ctx.cost);
}

/**
 * Null when the lay satisfies the new-track rule (or the rule does not apply); `after` is the
 * board with the tile laid. The company's reach after the lay is read from the shared track
 * graph moved to `after` and back, which rebuilds only this hex.
 */
function newTrackRefusal(
	ctx: TrackContext,
	hex: HexId,
	old: LaidTile,
	tile: TileDef,
	rotation: number,
	after: () => BoardState | null
): Result<never, RuleError> | null {
	if (!ctx.newTrackRule || NEW_TRACK_EXEMPT.includes(hex)) return null;
	const counts = pathsThatCount(old, tile, rotation);
	if (counts === null) return null;
	if (counts.length > 0) {
		// A path that keeps the ends of one the company already reached is reached after the lay too.
		const before = ctx.graph.reach(ctx.corporation).paths;
		if (counts.some((c) => c.oldPath !== null && before.has(`${hex}:${c.oldPath}`))) return null;
		const board = after();
		if (board) {
			ctx.graph.update(board);
			const reached = ctx.graph.reach(ctx.corporation).paths;
			ctx.graph.update(ctx.board);
			if (counts.some((c) => reached.has(`${hex}:${c.index}`))) return null;
		}
	}
	return refuse(
		'new_track_unused',
		`Tile ${tile.name} on ${hex} must add track the company can use or change the value of a city or town.`
	);
}

/** Check one lay and return the board after it, with its cost. */
export function validateTileLay(ctx: TrackContext, lay: TileLay): Result<LayOutcome, RuleError> {
	const { map, board } = ctx;
	const old = tileOnHex(map, board, lay.hex);
	if (!old) return refuse('unknown_hex', `There is no hex ${lay.hex} on this map.`);
	if (ctx.homeTokenCountsAsLay) {
		return refuse('home_token_is_lay', "Placing the home token was this turn's tile lay.");
	}
	const name = tileNameOf(lay.tile);
	const tile = map.tiles.get(name);
	if (!tile || !tileIdAvailable(map, board, lay.tile)) {
		return refuse('tile_unavailable', `Tile ${lay.tile} is not available.`);
	}
	const verdict = upgradeVerdict(ctx, lay.hex, old, tile);
	if (!verdict.ok) return refusal(verdict.refusal, name, lay.hex);
	if (!allowedColors(ctx).includes(tile.color)) {
		return refuse('color_not_in_phase', `A ${tile.color} tile cannot be laid in phase ${ctx.phase.name}.`);
	}
	if (verdict.kind === 'town_removal' && !ctx.townRemoval) {
		return refuse('town_removed', `Tile ${name} would remove the town on ${lay.hex}; only P2 may do that.`);
	}
	const upgrade = old.def.color !== 'white';
	const allowance = checkLayAllowance(ctx.kind, ctx.phase.name, ctx.laysDone, upgrade, ctx.allowanceOf);
	if (!allowance.ok) return allowance;
	const fit = fitRefusal(ctx, lay.hex, old, tile, verdict.kind, lay.rotation);
	if (fit) return fit;
	const cost = costOf(ctx, lay.hex, old, tile, lay.rotation);
	if (!cost.ok) return cost;
	if (cost.value.total > ctx.cash) {
		return refuse(
			'insufficient_cash',
			`Laying on ${lay.hex} costs £${cost.value.total}; the company has £${ctx.cash}.`
		);
	}
	const after = applyTileLay(map, board, lay.hex, lay.tile, lay.rotation);
	if (!after.ok) return err(ruleError(after.error.code, after.error.message));
	const unused = newTrackRefusal(ctx, lay.hex, old, tile, lay.rotation, () => after.value);
	if (unused) return unused;
	return ok({ board: after.value, cost: cost.value.total, upgrade, kind: verdict.kind });
}

export interface RotationOption {
	readonly rotation: number;
	readonly cost: number;
}

export interface TileOption {
	readonly tile: string;
	/** The copy a lay would use. */
	readonly tileId: TileId;
	readonly rotations: readonly RotationOption[];
}

export interface HexLayOptions {
	readonly hex: HexId;
	readonly upgrade: boolean;
	readonly tiles: readonly TileOption[];
}

/** Every hex where the company may lay or upgrade now, with the legal tiles, rotations and costs. */
export function legalTileLays(ctx: TrackContext): HexLayOptions[] {
	if (ctx.homeTokenCountsAsLay) return [];
	const open = nextLayOptions(ctx.kind, ctx.phase.name, ctx.laysDone);
	if (!open.lay) return [];
	const colors = allowedColors(ctx);
	const candidates = [...ctx.map.tiles.values()].filter((t) => colors.includes(t.color));
	const supply = new Map<string, TileId>();
	for (const t of candidates) {
		const id = freeTileId(ctx.map, ctx.board, t.name);
		if (id) supply.set(t.name, id);
	}
	const out: HexLayOptions[] = [];
	const reach = ctx.graph.reach(ctx.corporation);
	const hexes = ctx.map.hexes.filter((h) => reach.connectedHexes.has(h.id));
	for (const h of hexes) {
		const old = tileOnHex(ctx.map, ctx.board, h.id)!;
		const upgrade = old.def.color !== 'white';
		if (upgrade && !open.upgrade) continue;
		const tiles: TileOption[] = [];
		for (const tile of candidates) {
			const id = supply.get(tile.name);
			if (!id) continue;
			const verdict = upgradeVerdict(ctx, h.id, old, tile);
			if (!verdict.ok || (verdict.kind === 'town_removal' && !ctx.townRemoval)) continue;
			const rotations: RotationOption[] = [];
			for (let r = 0; r < 6; r++) {
				if (fitRefusal(ctx, h.id, old, tile, verdict.kind, r)) continue;
				const cost = costOf(ctx, h.id, old, tile, r);
				if (!cost.ok || cost.value.total > ctx.cash) continue;
				const after = () => {
					const a = applyTileLay(ctx.map, ctx.board, h.id, id, r);
					return a.ok ? a.value : null;
				};
				if (newTrackRefusal(ctx, h.id, old, tile, r, after)) continue;
				rotations.push({ rotation: r, cost: cost.value.total });
			}
			if (rotations.length > 0) tiles.push({ tile: tile.name, tileId: id, rotations });
		}
		if (tiles.length > 0) out.push({ hex: h.id, upgrade, tiles });
	}
	return out;
}
