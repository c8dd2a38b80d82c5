/**
 * Tile lays of privates that do not combine with the others (rules digest 10.2)
 * [g_1822/step/special_track.rb abilities, available_hex, legal_tile_rotation?;
 * g_1822/entities.rb P21]:
 *
 * - P5 (English Channel): when the Channel's city has no free slot, the corporation has an
 *   exchange token and the phase allows the next colour there (green → brown from phase 5's
 *   brown, brown → gray from phase 7), it may upgrade the Channel (rotation 0, the £100 upgrade
 *   cost, its normal lay), so that P5's token can then be placed.
 * - P21 (Grimsby/Hull bridge): with a token in Hull (N21) or Grimsby (N23), before any other lay
 *   this turn, two free lays in those hexes with tiles 5, 6, 57 or 15, each crossing the Humber;
 *   the second lay may be an upgrade (from phase 3) only if the first was not, and not in the
 *   same hex. They count among the turn's lays: a major of phase 3 on that has made one yellow
 *   lay with it still has its second lay once P21 is passed (rules version 7). It closes after
 *   the second lay, or when it passes after one.
 */
import { refuse, type Result } from '../../../core/result';
import type { LayTileAction } from '../../../core/actions';
import { hexId, tileId } from '../../../core/ids';
import { freeTileId, openSlots, tileOnHex } from '../../../core/board';
import { rotatedExits } from '../../../core/tile';
import { bordersCrossed } from '../../../core/track-lay';
import type { ResolvedConfig } from '../config';
import { mapFor } from '../board-ops';
import { closeCompany } from '../companies-ops';
import { validateTileLay, type LayOutcome } from '../map/lays';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { applyLayTile, EXTRA_LAY_PRIVATE, extraLaysLeft, layContext, validateLayTile } from './track';
import { CHANNEL_PRIVATE, ENGLISH_CHANNEL } from './stations';

export const BRIDGE_PRIVATE = 'P21';
export const BRIDGE_HEXES = ['N21', 'N23'] as const;
export const BRIDGE_TILES = ['5', '6', '57', '15'] as const;
/** The Humber's water border on each side [g_1822/map.rb N21 border edge 0, N23 border edge 3]. */
export const HUMBER_EDGE: Readonly<Record<string, number>> = { N21: 0, N23: 3 };
export const BRIDGE_LAYS = 2;
/** `abilityUses` key of P21's lays, and of the OR they were made in ("turn * 100 + OR"). */
const BRIDGE_OR = 'P21_or';

export const SPECIAL_LAY_PRIVATES: readonly string[] = [CHANNEL_PRIVATE, BRIDGE_PRIVATE];

function holds(state: GameState, corp: CorporationState, company: string): boolean {
	return corp.companies.includes(company) && !!state.companies[company] && !state.companies[company].closed;
}

function orKey(state: GameState, round: OperatingRound): number {
	return state.turn * 100 + round.num;
}

/** P21 lays made this turn (0 before its first). */
export function bridgeLaysMade(state: GameState, round: OperatingRound): number {
	return state.abilityUses[BRIDGE_OR] === orKey(state, round) ? (state.abilityUses[BRIDGE_PRIVATE] ?? 0) : 0;
}

function validateBridgeLay(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound, action: LayTileAction): Result<LayOutcome> {
	const hex = String(action.hex);
	const name = String(action.tile).replace(/-\d+$/, '');
	const made = bridgeLaysMade(state, round);
	if (!state.board.tokens.some((t) => t.corporation === corp.id && (BRIDGE_HEXES as readonly string[]).includes(t.hex)))
		return refuse('no_bridge_token', `${corp.id} needs a station in Hull or Grimsby to use ${BRIDGE_PRIVATE}.`);
	if (made === 0 && (round.turn.lays.length > 0 || round.turn.extraLays.length > 0))
		return refuse('lay_already_made', `${BRIDGE_PRIVATE}'s lays must come before any other lay this turn.`);
	if (!(BRIDGE_HEXES as readonly string[]).includes(hex)) return refuse('hex_not_allowed', `${BRIDGE_PRIVATE} lays only in Hull (N21) or Grimsby (N23).`);
	if (!(BRIDGE_TILES as readonly string[]).includes(name)) return refuse('tile_not_allowed', `${BRIDGE_PRIVATE} lays only tiles ${BRIDGE_TILES.join(', ')}.`);
	if (round.turn.lays.some((l) => l.hex === hex)) return refuse('same_hex', `${BRIDGE_PRIVATE}'s two lays must be in different hexes.`);
	const map = mapFor(state.setup.title);
	const def = map.tiles.get(name);
	if (!def || !Number.isInteger(action.rotation)) return refuse('malformed_action', 'A tile lay names a hex, a tile and a rotation.');
	if (!rotatedExits(def, action.rotation).includes(HUMBER_EDGE[hex] as never))
		return refuse('must_cross_humber', `${BRIDGE_PRIVATE}'s lays must cross the Humber.`);
	// The crossing must still be there to pay: a lay whose estuary border an earlier lay already
	// removed has nothing to bridge [g_1822/step/tracker.rb remove_border_calculate_cost!] (rules
	// version 6).
	if (config.bridgeNeedsOpenCrossing && bordersCrossed(map, state.board, hexId(hex), def, action.rotation).length === 0)
		return refuse('humber_already_crossed', `${BRIDGE_PRIVATE}'s lay on ${hex} must cross the Hull / Grimsby estuary, and track already crosses it there.`);
	const upgrade = (tileOnHex(map, state.board, hexId(hex))?.def.color ?? 'white') !== 'white';
	if (upgrade && (round.turn.lays.some((l) => l.upgrade) || Number(config.phases[state.phase].name) < 3))
		return refuse('upgrade_not_allowed', `${BRIDGE_PRIVATE} may upgrade once, from phase 3, if its other lay was not an upgrade.`);
	// Each lay is checked as a first lay of the turn (the allowance is P21's own), free of cost.
	const ctx = layContext(state, config, corp, round);
	return validateTileLay(
		{ ...ctx, phase: { ...ctx.phase, name: '3' }, kind: 'major', laysDone: [], cost: { ...ctx.cost, free: true }, newTrackRule: false },
		{ hex: hexId(hex), tile: tileId(String(action.tile)), rotation: action.rotation }
	);
}

/** P5's lay: the English Channel upgraded so that a slot opens for P5's token. */
function validateChannelLay(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound, action: LayTileAction): Result<LayOutcome> {
	if (String(action.hex) !== ENGLISH_CHANNEL) return refuse('hex_not_allowed', `${CHANNEL_PRIVATE} lays only in the English Channel (${ENGLISH_CHANNEL}).`);
	if (corp.exchangeTokens <= 0) return refuse('no_exchange_token', `${corp.id} has no exchange token left.`);
	const map = mapFor(state.setup.title);
	const laid = tileOnHex(map, state.board, hexId(ENGLISH_CHANNEL));
	if (!laid) return refuse('hex_not_allowed', 'There is no English Channel on this map.');
	if (openSlots(map, state.board, hexId(ENGLISH_CHANNEL), 0) > 0)
		return refuse('channel_has_room', `The English Channel still has a free slot; ${CHANNEL_PRIVATE} places its token there.`);
	const newest = config.phases[state.phase].tiles[config.phases[state.phase].tiles.length - 1];
	const allowed = (laid.def.color === 'green' && (newest === 'brown' || newest === 'gray')) || (laid.def.color === 'brown' && newest === 'gray');
	if (!allowed) return refuse('upgrade_not_allowed', `The phase does not allow the next English Channel upgrade.`);
	if (action.rotation !== 0) return refuse('rotation_not_allowed', 'The English Channel tile is laid with rotation 0.');
	return validateLayTile(state, config, corp, round, action);
}

export function validateSpecialLay(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: LayTileAction
): Result<LayOutcome> {
	const company = String(action.entity);
	if (!holds(state, corp, company)) return refuse('not_owner', `${corp.id} does not hold ${company}.`);
	if (company === BRIDGE_PRIVATE) return validateBridgeLay(state, config, corp, round, action);
	if (company === CHANNEL_PRIVATE) return validateChannelLay(state, config, corp, round, action);
	return refuse('invalid_ability', `${company} has no tile lay.`);
}

export function applySpecialLay(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: LayTileAction,
	outcome: LayOutcome
): void {
	applyLayTile(state, corp, round, String(action.hex), outcome);
	if (String(action.entity) !== BRIDGE_PRIVATE) return;
	const made = bridgeLaysMade(state, round) + 1;
	state.abilityUses[BRIDGE_PRIVATE] = made;
	state.abilityUses[BRIDGE_OR] = orKey(state, round);
	// P21's lays count among the turn's lays (applyLayTile has listed this one). Rules version 7:
	// what the corporation's allowance has left after them stays its own, so a major of phase 3
	// on that passes P21 after one yellow lay may lay one more yellow tile [g_1822/game.rb
	// tile_lays, MAJOR_TILE_LAYS; step/tracker.rb lay_tile_action]. Before: no lay followed them.
	if (!config.bridgeLaysLeaveAllowance) round.turn.normalLaysForfeited = true;
	if (made >= BRIDGE_LAYS) closeCompany(state, BRIDGE_PRIVATE);
}

/**
 * The private whose lays go together and has begun them (P12, P21): it acts until it lays again
 * or passes [step/special_track.rb active_entities]. The reference sets it after each private's
 * lay from the last ability the lay used, so a P12 lay combined with other privates leaves the
 * corporation acting [g_1822/step/special_track.rb process_lay_tile, handle_extra_tile_lay_company].
 */
export function layingCompany(state: GameState, corp: CorporationState, round: OperatingRound): string | null {
	const c = round.turn.together;
	return c !== undefined && holds(state, corp, c) ? c : null;
}

/** Records who acts after a private's lay (rules version 2). */
export function noteTogetherLays(state: GameState, corp: CorporationState, round: OperatingRound, action: LayTileAction): void {
	const combos = (action as { combo_entities?: unknown }).combo_entities;
	const last = Array.isArray(combos) && combos.length > 0 ? String(combos[combos.length - 1]) : String(action.entity);
	const open =
		(last === BRIDGE_PRIVATE && bridgeLaysMade(state, round) === 1) ||
		(last === EXTRA_LAY_PRIVATE && round.turn.extraLays.length > 0 && extraLaysLeft(state, corp, round));
	if (open && holds(state, corp, last)) round.turn.together = last;
	else delete round.turn.together;
}

/** Passing the track step after one P21 lay closes it (rules digest 10.2). */
export function closeBridgeIfStarted(state: GameState, round: OperatingRound): void {
	if (bridgeLaysMade(state, round) > 0 && state.companies[BRIDGE_PRIVATE] && !state.companies[BRIDGE_PRIVATE].closed) closeCompany(state, BRIDGE_PRIVATE);
}

/** Every lay the private may make now (for the operating-round query). */
export function specialLayOptions(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	company: string
): { hex: string; tile: string; rotation: number; cost: number }[] {
	if (!holds(state, corp, company)) return [];
	const map = mapFor(state.setup.title);
	const hexes = company === BRIDGE_PRIVATE ? [...BRIDGE_HEXES] : company === CHANNEL_PRIVATE ? [ENGLISH_CHANNEL] : [];
	const out: { hex: string; tile: string; rotation: number; cost: number }[] = [];
	for (const hex of hexes) {
		if (!map.byId.has(hexId(hex))) continue;
		for (const def of map.tiles.values()) {
			if (company === BRIDGE_PRIVATE && !(BRIDGE_TILES as readonly string[]).includes(def.name)) continue;
			const tile = freeTileId(map, state.board, def.name);
			if (!tile) continue;
			for (let rotation = 0; rotation < 6; rotation++) {
				const r = validateSpecialLay(state, config, corp, round, { type: 'lay_tile', entity: company, hex, tile, rotation });
				if (r.ok) out.push({ hex, tile: def.name, rotation, cost: r.value.cost });
			}
		}
	}
	return out;
}
