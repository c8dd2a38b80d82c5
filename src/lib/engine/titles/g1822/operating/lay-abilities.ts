/**
 * Tile lays with private abilities (rules digest 10.2): a lay names the corporation or a private
 * as its entity, plus any privates combined with it (`combo_entities`). P2 removes a town, P8
 * ("token" choice) makes the lay free on its hexes, P10 takes £40 off an estuary crossing (twice),
 * P11 upgrades to the next colour not yet available, P12 lays outside the normal allowance. Each private must be held by the operating corporation.
 */
import { refuse, type Result } from '../../../core/result';
import type { LayTileAction } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import { closeCompany } from '../companies-ops';
import type { LayOutcome } from '../map/lays';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { P8_LAY_HEXES } from '../data/constants';
import { applyLayTile, EXTRA_LAY_PRIVATE, RIVER_PRIVATE, RIVER_PRIVATE_USES, validateLayTile, type LayOptions } from './track';

export const TOWN_REMOVAL_PRIVATE = 'P2';
export const HILL_PRIVATE = 'P8';
export const ADVANCED_LAY_PRIVATE = 'P11';
export const LAY_PRIVATES: readonly string[] = [TOWN_REMOVAL_PRIVATE, HILL_PRIVATE, RIVER_PRIVATE, EXTRA_LAY_PRIVATE, ADVANCED_LAY_PRIVATE];

/**
 * Tiles each private's lay ability is limited to (none listed: any tile) [g_1822/entities.rb P2,
 * P11 tile_lay tiles]. P8's ability is limited to its hexes instead (track.ts).
 */
const ABILITY_TILES: Readonly<Record<string, readonly string[]>> = {
	[TOWN_REMOVAL_PRIVATE]: ['7', '8', '9', '80', '81', '82', '83', '544', '545', '546', '60', '169'],
	[ADVANCED_LAY_PRIVATE]: ['80', '81', '82', '83', '544', '545', '546', '60', '169', '141', '142', '143', '144', '767', '768', '769', 'X17']
};

/**
 * A lay named after a private needs one of the privates it uses to have an ability for that hex
 * and tile [step/tracker.rb lay_tile: "does not have an ability that allows them to lay this tile"].
 */
export function someAbilityAllows(used: readonly string[], hex: string, tile: string): boolean {
	return used.some((id) => {
		if (id === HILL_PRIVATE && !(P8_LAY_HEXES as readonly string[]).includes(hex)) return false;
		const tiles = ABILITY_TILES[id];
		return !tiles || tiles.includes(tile);
	});
}

/**
 * Which lay privates combine into one lay [g_1822/entities.rb tile_lay combo_entities;
 * game/base.rb valid_combos?]: P8 and P10, and P8 and P11, do not.
 */
const COMBINES: Readonly<Record<string, readonly string[]>> = {
	[TOWN_REMOVAL_PRIVATE]: [HILL_PRIVATE, RIVER_PRIVATE, ADVANCED_LAY_PRIVATE, EXTRA_LAY_PRIVATE],
	[HILL_PRIVATE]: [TOWN_REMOVAL_PRIVATE, EXTRA_LAY_PRIVATE],
	[RIVER_PRIVATE]: [TOWN_REMOVAL_PRIVATE, ADVANCED_LAY_PRIVATE, EXTRA_LAY_PRIVATE],
	[ADVANCED_LAY_PRIVATE]: [TOWN_REMOVAL_PRIVATE, RIVER_PRIVATE, EXTRA_LAY_PRIVATE],
	[EXTRA_LAY_PRIVATE]: [TOWN_REMOVAL_PRIVATE, HILL_PRIVATE, RIVER_PRIVATE, ADVANCED_LAY_PRIVATE]
};

/** Whether every private of a lay combines with the ones named after it. */
export function privatesCombine(used: readonly string[]): boolean {
	return used.every((a, i) => used.slice(i + 1).every((b) => COMBINES[a]?.includes(b) ?? false));
}

/** The privates a lay uses: its entity (when a private) and its combined entities. */
export function layPrivates(action: LayTileAction): string[] {
	const combos = (action as { combo_entities?: unknown }).combo_entities;
	const out = Array.isArray(combos) ? combos.map(String) : [];
	if (LAY_PRIVATES.includes(String(action.entity))) out.unshift(String(action.entity));
	return [...new Set(out)];
}

export function validateLayWithAbilities(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: LayTileAction
): Result<LayOutcome> {
	const used = layPrivates(action);
	for (const id of used) {
		if (!LAY_PRIVATES.includes(id)) return refuse('no_lay_ability', `${id} gives no tile lay.`);
		if (!corp.companies.includes(id) || !state.companies[id] || state.companies[id].closed)
			return refuse('not_owner', `${corp.id} does not hold ${id}.`);
	}
	if (config.blockingSteps && !privatesCombine(used)) return refuse('invalid_combo', `${used.join(' and ')} cannot be used in one lay.`);
	if (used.includes(HILL_PRIVATE) && state.privateChoices.P8 !== 'token')
		return refuse('invalid_ability', 'P8 gives a free lay only when its "token" option was chosen.');
	const tileName = String(action.tile).replace(/-\d+$/, '');
	if (config.blockingSteps && LAY_PRIVATES.includes(String(action.entity)) && !someAbilityAllows(used, String(action.hex), tileName))
		return refuse('tile_not_allowed', `${used.join(' and ')} cannot lay tile ${tileName} in ${String(action.hex)}.`);
	const opts: LayOptions = {
		extra: used.includes(EXTRA_LAY_PRIVATE),
		estuary: used.includes(RIVER_PRIVATE),
		free: used.includes(HILL_PRIVATE),
		townRemoval: used.includes(TOWN_REMOVAL_PRIVATE),
		advanced: used.includes(ADVANCED_LAY_PRIVATE)
	};
	const r = validateLayTile(state, config, corp, round, action, opts);
	// P2's lay is only plain track on a hex with exactly one town [g_1822/entities.rb P2 tiles;
	// g_1822/step/special_track.rb available_hex must_remove_town?].
	if (r.ok && used.includes(TOWN_REMOVAL_PRIVATE) && r.value.kind !== 'town_removal')
		return refuse('town_removal_only', `${TOWN_REMOVAL_PRIVATE} lays plain track on a hex with exactly one town.`);
	return r;
}

export function applyLayWithAbilities(
	state: GameState,
	corp: CorporationState,
	round: OperatingRound,
	action: LayTileAction,
	outcome: LayOutcome,
	blockingSteps = false
): void {
	const used = layPrivates(action);
	applyLayTile(state, corp, round, action.hex, outcome, used.includes(EXTRA_LAY_PRIVATE), blockingSteps);
	// P2 and P8's free lay are single uses; P10 has two (P12 closes itself when used up).
	if (used.includes(TOWN_REMOVAL_PRIVATE) && outcome.kind === 'town_removal') closeCompany(state, TOWN_REMOVAL_PRIVATE);
	if (used.includes(HILL_PRIVATE)) closeCompany(state, HILL_PRIVATE);
	if (used.includes(ADVANCED_LAY_PRIVATE)) closeCompany(state, ADVANCED_LAY_PRIVATE);
	if (used.includes(RIVER_PRIVATE)) {
		// A minor's lay with P12 spends every combined ability twice (rules version 2)
		// [g_1822/step/special_track.rb process_lay_tile minor_single_use].
		const uses = corp.type === 'minor' && used.includes(EXTRA_LAY_PRIVATE) && blockingSteps ? 2 : 1;
		state.abilityUses[RIVER_PRIVATE] = (state.abilityUses[RIVER_PRIVATE] ?? 0) + uses;
		if (state.abilityUses[RIVER_PRIVATE] >= RIVER_PRIVATE_USES) closeCompany(state, RIVER_PRIVATE);
	}
}
