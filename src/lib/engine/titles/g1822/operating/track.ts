/**
 * Laying track in an operating turn, through the map module's lay check (rules digest 5.3).
 * The corporation pays terrain and estuary costs to the bank.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { LayTileAction } from '../../../core/actions';
import { corporationId, hexId, tileId, type HexId } from '../../../core/ids';
import type { ResolvedConfig } from '../config';
import { graphFor, hasPlacedTokens, mapFor } from '../board-ops';
import { nextLayOptions, type LayDone } from '../map/tile-lays';
import { validateTileLay, type LayOutcome, type TrackContext, type TrackRightHolder } from '../map/lays';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { closeCompany } from '../companies-ops';
import { presidentId } from '../shares-ops';
import { P8_DISCOUNT, P8_DISCOUNT_HEXES, P8_LAY_HEXES } from '../data/constants';
import { MINOR_14 } from '../map/stations';

/** Who still holds the track right on a consent hex: rights lapse once the hex has a tile. */
function trackRightHolder(state: GameState, config: ResolvedConfig, corp: CorporationState, hex: HexId): TrackRightHolder {
	const map = mapFor(state.setup.title);
	const right = map.trackRights.get(hex);
	if (!right || state.board.tiles[hex]) return 'none';
	if (!config.blockingSteps) return trackRightHolderV1(state, corp, right);
	// The right is held by players: the one holding the company card, and the corporation's
	// president; an unsold card or a corporation without a president holds nothing. The acting
	// company's president holding it waives the stubs [g_1822/game.rb legal_tile_rotation?:
	// `hex.tile.blockers.map(&:player).compact`, acting_for_entity].
	const holders: number[] = [];
	const company = state.companies[right.company];
	if (company && !company.closed) {
		const owner = company.owner ?? '';
		if (owner.startsWith('player:')) holders.push(Number(owner.slice(7)));
	}
	const holderCorp = state.corporations[right.corporation];
	if (holderCorp && !holderCorp.closed) {
		const p = presidentId(holderCorp);
		if (p !== null) holders.push(p);
	}
	const acting = presidentId(corp);
	if (acting !== null && holders.includes(acting)) return 'acting';
	return holders.length > 0 ? 'other' : 'none';
}

/** Rules version 1: an unsold card or an unfloated corporation still held the right. */
function trackRightHolderV1(state: GameState, corp: CorporationState, right: { corporation: string; company: string }): TrackRightHolder {
	if (right.corporation === corp.id) return 'acting';
	const company = state.companies[right.company];
	const holderCorp = state.corporations[right.corporation];
	const alive = (company && !company.closed) || (holderCorp && holderCorp.floated && !holderCorp.closed);
	return alive ? 'other' : 'none';
}

/**
 * Privates whose tile-lay ability keeps the track step open while the owning corporation holds
 * them, even after its normal lays [step/tracker.rb tile_lay_abilities_should_block?]. P21's lays
 * consume the turn's lays, so it holds nothing open; P8 only while its free lay is kept (the
 * "discount" choice drops it [g_1822/game.rb company_made_choice_egr]).
 */
export const TRACK_ABILITY_PRIVATES = ['P2', 'P8', 'P10', 'P11', 'P12'] as const;

function keepsTrackOpen(state: GameState, config: ResolvedConfig, company: string): boolean {
	if (state.companies[company]?.closed !== false) return false;
	// Rules version 1 kept the step open for P21 and for P8 whatever its choice.
	if (!config.blockingSteps) return company === 'P21' || (TRACK_ABILITY_PRIVATES as readonly string[]).includes(company);
	if (!(TRACK_ABILITY_PRIVATES as readonly string[]).includes(company)) return false;
	return company !== 'P8' || state.privateChoices.P8 !== 'discount';
}

/** Minor 14's first turn: placing its home token was the turn's lay [g_1822/step/tracker.rb can_lay_tile?]. Rules version 2. */
function homeTokenIsTheLay(config: ResolvedConfig, corp: CorporationState): boolean {
	return config.blockingSteps && corp.id === MINOR_14 && corp.operated === 0;
}

export function canStillLay(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): boolean {
	if (!hasPlacedTokens(state, corp.id)) return false;
	if (homeTokenIsTheLay(config, corp)) return false;
	if (corp.companies.some((c) => keepsTrackOpen(state, config, c))) return true;
	if (round.turn.normalLaysForfeited) return false;
	const next = nextLayOptions(corp.type, config.phases[state.phase].name, round.turn.lays.map((l) => ({ hex: hexId(l.hex), upgrade: l.upgrade })));
	return next.lay || next.upgrade;
}

/** P12 (extra tile lays): a major gets two yellows or one upgrade, a minor one tile [rules digest 10.2]. */
export const EXTRA_LAY_PRIVATE = 'P12';

function extraLayPhase(corp: CorporationState): string {
	// The major allowance of phase 3+ (two yellows, or one upgrade) applies to P12's lays in any phase.
	return corp.type === 'major' ? '3' : '1';
}

export function extraLaysLeft(state: GameState, corp: CorporationState, round: OperatingRound): boolean {
	const next = nextLayOptions(corp.type, extraLayPhase(corp), extraLaysDone(state, round));
	return next.lay || next.upgrade;
}

/**
 * The lays P12's allowance has spent. Rules version 2 counts them across turns: the ability is
 * one object with two yellow lays or one upgrade, spent lay by lay, so a major that laid one
 * yellow tile with it keeps one yellow lay for a later turn, and no upgrade
 * [ability/tile_lay.rb use!; g_1822/entities.rb P12 lay_count, upgrade_count]. The count of its
 * lays so far is `abilityUses.P12` (only ever set under version 2); the earlier turns' lays were
 * yellow, as an upgrade closes it.
 */
function extraLaysDone(state: GameState, round: OperatingRound): LayDone[] {
	const thisTurn = round.turn.extraLays.map((l) => ({ hex: hexId(l.hex), upgrade: l.upgrade }));
	const earlier = Math.max(0, (state.abilityUses[EXTRA_LAY_PRIVATE] ?? 0) - thisTurn.length);
	return [...Array.from({ length: earlier }, () => ({ hex: hexId(EARLIER_TURN), upgrade: false })), ...thisTurn];
}

/** Stands for the hex of a P12 lay of an earlier turn; only the number of such lays counts. */
const EARLIER_TURN = 'earlier-turn';

/** P10 (river discount): £10 off each river terrain while held; two lays with £40 off an estuary crossing. */
export const RIVER_PRIVATE = 'P10';
export const RIVER_DISCOUNT = 10;
export const ESTUARY_DISCOUNT = 40;
export const RIVER_PRIVATE_USES = 2;

function holds(state: GameState, corp: CorporationState, company: string): boolean {
	return corp.companies.includes(company) && !!state.companies[company] && !state.companies[company].closed;
}

/** Abilities combined into one lay (the site records them as the lay's entity and `combo_entities`). */
export interface LayOptions {
	/** P12: an extra lay outside the normal allowance. */
	readonly extra?: boolean;
	/** P10: £40 off the lay's estuary crossing. */
	readonly estuary?: boolean;
	/** P8 ("token"): terrain and borders waived, on a listed hex. */
	readonly free?: boolean;
	/** P2: a town may be replaced by plain track. */
	readonly townRemoval?: boolean;
	/** P11: an upgrade to the next colour not yet available (a minor only to green). */
	readonly advanced?: boolean;
}

const COLOR_ORDER = ['yellow', 'green', 'brown', 'gray'] as const;

/** The phase's colours plus the next one, for P11 (minors stop at green). */
function advancedColors(tiles: readonly string[], corp: CorporationState): string[] {
	const newest = Math.max(...tiles.map((c) => COLOR_ORDER.indexOf(c as (typeof COLOR_ORDER)[number])));
	const next = COLOR_ORDER[newest + 1];
	if (!next || (corp.type === 'minor' && next !== 'green')) return [...tiles];
	return [...tiles, next];
}

/** The map module's lay context for this corporation's turn, with the abilities combined into the lay. */
export function layContext(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	opts: LayOptions = {}
): TrackContext {
	const { extra = false, estuary = false, free = false, townRemoval = false, advanced = false } = opts;
	const map = mapFor(state.setup.title);
	const phase = config.phases[state.phase];
	return {
		map,
		board: state.board,
		graph: graphFor(map, state.board, config),
		// P12's lays keep the phase's tile colours but use their own allowance.
		phase: {
			name: extra ? extraLayPhase(corp) : phase.name,
			tiles: advanced ? advancedColors(phase.tiles, corp) : phase.tiles,
			status: phase.status
		},
		corporation: corporationId(corp.id),
		kind: corp.type,
		cash: corp.cash,
		laysDone: extra ? extraLaysDone(state, round) : round.turn.lays.map((l) => ({ hex: hexId(l.hex), upgrade: l.upgrade })),
		...(extra ? { allowanceOf: EXTRA_LAY_PRIVATE } : {}),
		homeTokenCountsAsLay: homeTokenIsTheLay(config, corp),
		stubsAlwaysBind: config.blockingSteps && config.mode === 'live',
		trackRight: (hex) => trackRightHolder(state, config, corp, hex),
		townRemoval,
		// Only the company's own lays; the reference skips the rule for a private's lay and on load.
		newTrackRule: config.mode === 'live' && !usesPrivate(opts),
		cost: {
			discounts: [
				...(holds(state, corp, RIVER_PRIVATE) ? [{ terrain: 'swamp', discount: RIVER_DISCOUNT, hexes: null }] : []),
				...(holds(state, corp, 'P8') && state.privateChoices.P8 === 'discount'
					? [
							{ terrain: null, discount: P8_DISCOUNT, hexes: [...P8_DISCOUNT_HEXES] },
							{ terrain: 'mountain', discount: P8_DISCOUNT, hexes: null }
						]
					: [])
			],
			...(estuary ? { estuaryDiscount: ESTUARY_DISCOUNT } : {}),
			...(free ? { free: true } : {})
		}
	};
}

function usesPrivate(opts: LayOptions): boolean {
	return !!(opts.extra || opts.estuary || opts.free || opts.townRemoval || opts.advanced);
}

export function validateLayTile(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: LayTileAction,
	opts: LayOptions = {}
): Result<LayOutcome> {
	const { extra = false, free = false } = opts;
	if (free && !(P8_LAY_HEXES as readonly string[]).includes(String(action.hex)))
		return refuse('hex_not_allowed', `P8's free lay is only for its listed hexes.`);
	if (!extra && round.turn.normalLaysForfeited) return refuse('no_lay_left', `${corp.id} has no tile lay left this turn.`);
	if (typeof action.hex !== 'string' || typeof action.tile !== 'string' || !Number.isInteger(action.rotation))
		return refuse('malformed_action', 'A tile lay names a hex, a tile and a rotation.');
	const r = validateTileLay(
		layContext(state, config, corp, round, opts),
		{ hex: hexId(action.hex), tile: tileId(action.tile), rotation: action.rotation }
	);
	if (!r.ok) return r;
	return ok(r.value);
}

export function applyLayTile(
	state: GameState,
	corp: CorporationState,
	round: OperatingRound,
	hex: string,
	outcome: LayOutcome,
	extra = false,
	blockingSteps = false
): void {
	state.board = outcome.board;
	corp.cash -= outcome.cost;
	state.bank.cash += outcome.cost;
	if (!extra) {
		round.turn.lays.push({ hex, upgrade: outcome.upgrade });
		return;
	}
	// Using P12 after exactly one normal lay forfeits the second normal lay.
	if (round.turn.lays.length > 0) round.turn.normalLaysForfeited = true;
	round.turn.extraLays.push({ hex, upgrade: outcome.upgrade });
	if (blockingSteps) state.abilityUses[EXTRA_LAY_PRIVATE] = (state.abilityUses[EXTRA_LAY_PRIVATE] ?? 0) + 1;
	if (!extraLaysLeft(state, corp, round)) closeCompany(state, EXTRA_LAY_PRIVATE);
}
