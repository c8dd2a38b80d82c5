/**
 * The tile lays an operating corporation may make now, with and without the lay abilities of
 * the privates it holds (rules digest 5.3, 10.2). Each private set is answered by the map
 * module's `legalTileLays` under the same context the lay check uses, so an option offered here
 * is a lay the engine accepts.
 */
import { hexId } from '../../../core/ids';
import { freeTileId, tileOnHex } from '../../../core/board';
import { legalTileLays, type HexLayOptions, type RotationOption, type TileOption } from '../map/lays';
import { mapFor } from '../board-ops';
import { SPECIAL_LAY_PRIVATES, specialLayOptions } from './special-lays';
import type { ResolvedConfig } from '../config';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { P8_LAY_HEXES } from '../data/constants';
import { TRACK_PLAIN } from '../map/upgrades';
import { EXTRA_LAY_PRIVATE, layContext, RIVER_PRIVATE, type LayOptions } from './track';
import { ADVANCED_LAY_PRIVATE, HILL_PRIVATE, LAY_PRIVATES, privatesCombine, someAbilityAllows, TOWN_REMOVAL_PRIVATE } from './lay-abilities';

export interface TileLayChoice {
	/** The entity the lay names: the corporation, or the first private used. */
	readonly entity: string;
	/** Further privates combined into the lay (the site's `combo_entities`). */
	readonly combo: readonly string[];
	/** Every private the lay uses (entity and combo). */
	readonly privates: readonly string[];
	readonly hexes: readonly HexLayOptions[];
}

/** Lay privates the corporation may use now (P8 only once its "token" choice is made). */
export function usableLayPrivates(state: GameState, corp: CorporationState): string[] {
	return LAY_PRIVATES.filter((id) => {
		if (!corp.companies.includes(id) || !state.companies[id] || state.companies[id].closed) return false;
		return id !== HILL_PRIVATE || state.privateChoices.P8 === 'token';
	});
}

function optionsOf(set: readonly string[]): LayOptions {
	return {
		extra: set.includes(EXTRA_LAY_PRIVATE),
		estuary: set.includes(RIVER_PRIVATE),
		free: set.includes(HILL_PRIVATE),
		townRemoval: set.includes(TOWN_REMOVAL_PRIVATE),
		advanced: set.includes(ADVANCED_LAY_PRIVATE)
	};
}

/** Every subset of `items`, the empty one first, in a stable order. */
function subsets(items: readonly string[]): string[][] {
	let out: string[][] = [[]];
	for (const it of items) out = [...out, ...out.map((s) => [...s, it])];
	return out.sort((a, b) => a.length - b.length);
}

/**
 * Lays per combination of privates. The corporation's own lay comes first; each combination
 * that allows a lay the plain one does not (or changes its cost) follows.
 */
export function tileLayChoices(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): TileLayChoice[] {
	const out: TileLayChoice[] = [];
	for (const set of subsets(usableLayPrivates(state, corp))) {
		const opts = optionsOf(set);
		if (!opts.extra && round.turn.normalLaysForfeited) continue;
		if (config.blockingSteps && !privatesCombine(set)) continue;
		let hexes = legalTileLays(layContext(state, config, corp, round, opts));
		// P8's free lay is for its listed hexes only.
		if (opts.free) hexes = hexes.filter((h) => (P8_LAY_HEXES as readonly string[]).includes(h.hex));
		// P2's lay is only plain track replacing a single town (lay-abilities.ts).
		if (opts.townRemoval) hexes = townRemovalLays(state, hexes);
		// Some private of the lay must have an ability for that tile (P2, P11 list theirs).
		if (config.blockingSteps && set.length > 0)
			hexes = hexes
				.map((h) => ({ ...h, tiles: h.tiles.filter((t) => someAbilityAllows(set, h.hex, t.tile)) }))
				.filter((h) => h.tiles.length > 0);
		if (hexes.length === 0) continue;
		out.push({ entity: set[0] ?? corp.id, combo: set.slice(1), privates: set, hexes });
	}
	// P5's Channel upgrade and P21's bridge lays stand alone.
	for (const company of SPECIAL_LAY_PRIVATES) {
		const hexes = groupLays(state, specialLayOptions(state, config, corp, round, company));
		if (hexes.length > 0) out.push({ entity: company, combo: [], privates: [company], hexes });
	}
	return out;
}

/** The lays that replace a hex's single town by plain track. */
function townRemovalLays(state: GameState, hexes: readonly HexLayOptions[]): HexLayOptions[] {
	const map = mapFor(state.setup.title);
	const out: HexLayOptions[] = [];
	for (const h of hexes) {
		const old = tileOnHex(map, state.board, hexId(h.hex))?.def;
		if (!old || old.towns.length !== 1 || old.cities.length !== 0) continue;
		const tiles = h.tiles.filter((t) => TRACK_PLAIN.includes(t.tile));
		if (tiles.length) out.push({ ...h, tiles });
	}
	return out;
}

/** Single lays grouped by hex and tile, in the map module's answer shape. */
function groupLays(state: GameState, lays: readonly { hex: string; tile: string; rotation: number; cost: number }[]): HexLayOptions[] {
	const map = mapFor(state.setup.title);
	const byHex = new Map<string, Map<string, RotationOption[]>>();
	for (const l of lays) {
		const tiles = byHex.get(l.hex) ?? new Map<string, RotationOption[]>();
		byHex.set(l.hex, tiles);
		tiles.set(l.tile, [...(tiles.get(l.tile) ?? []), { rotation: l.rotation, cost: l.cost }]);
	}
	const out: HexLayOptions[] = [];
	for (const [hex, tiles] of byHex) {
		const upgrade = (tileOnHex(map, state.board, hexId(hex))?.def.color ?? 'white') !== 'white';
		const options: TileOption[] = [];
		for (const [tile, rotations] of tiles) {
			const id = freeTileId(map, state.board, tile);
			if (id) options.push({ tile, tileId: id, rotations });
		}
		out.push({ hex: hexId(hex), upgrade, tiles: options });
	}
	return out;
}

/** Whether a lay (hex, tile, rotation) made with exactly these privates is among the choices. */
export function layOffered(
	choices: readonly TileLayChoice[],
	privates: readonly string[],
	lay: { hex: string; tile: string; rotation: number }
): boolean {
	const want = [...privates].sort().join(',');
	// A lay names a copy of a tile ("<name>-<copy>"); any free copy of that tile will do.
	const name = lay.tile.replace(/-\d+$/, '');
	return choices.some(
		(c) =>
			[...c.privates].sort().join(',') === want &&
			c.hexes.some(
				(h) =>
					h.hex === hexId(lay.hex) &&
					h.tiles.some((t) => t.tile === name && t.rotations.some((r) => r.rotation === lay.rotation))
			)
	);
}
