/**
 * M14 (Metropolitan) acquired from a bid box (rules digest 5.7, 10.4)
 * [g_1822/step/minor_acquisition.rb acquire_bank_minor; g_1822/step/pending_token.rb]: with
 * "replace" the major spends an exchange token on a new token that it must place at once in a
 * London city of its choice, for £20 (M14's token ability). Until it is placed the turn waits on it. The pending token
 * is kept as a counter in `abilityUses`, so the state's shape does not change.
 */
import { ok, refuse, type Result } from '../../../core/result';
import type { PlaceTokenAction } from '../../../core/actions';
import { borderKey, type BoardState } from '../../../core/board-state';
import { corporationId, hexId, type HexId } from '../../../core/ids';
import type { StationToken } from '../../../core/board-state';
import { cityEdges, openSlots, tileOnHex } from '../../../core/board';
import type { ResolvedConfig } from '../config';
import { addCharterToken, placeCharterToken, placeLastCharterToken } from '../charter';
import { graphFor, mapFor } from '../board-ops';
import { LONDON_HEX, MINOR_14, MINOR_14_HOME_COST, type TokenPlacement } from '../map/stations';
import type { CorporationState, GameState } from '../state';
import { parseCityId } from './stations';

/** Key in `abilityUses`: 1 while the acquiring major still has to place M14's London token. */
export const M14_PENDING_TOKEN = 'M14_pending_token';

export function m14TokenPending(state: GameState): boolean {
	return (state.abilityUses[M14_PENDING_TOKEN] ?? 0) > 0;
}

/** Whether the minor is M14 and the token choice gives the major a London token to place. */
export function takesLondonToken(minorId: string, token: string): boolean {
	return minorId === MINOR_14 && token === 'replace';
}

/** "replace" for M14: an exchange token becomes a new token, due in London at once. */
export function grantLondonToken(state: GameState, major: CorporationState): void {
	major.exchangeTokens -= 1;
	addCharterToken(major);
	state.abilityUses[M14_PENDING_TOKEN] = 1;
}

/**
 * Checks the pending token for one London city. It takes an extra slot when the city is full
 * and skips the tokenability checks, but a major must reach the city [g_1822/step/pending_token.rb
 * process_place_token: connected, extra, check_tokenable false]; on import the connection is not
 * tested, as elsewhere while loading.
 */
function checkLondonCity(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	city: number,
	cash = corp.cash
): Result<{ board: BoardState; cost: number }> {
	const map = mapFor(state.setup.title);
	const london: HexId = hexId(LONDON_HEX);
	const tile = tileOnHex(map, state.board, london);
	if (!tile || city < 0 || city >= tile.def.cities.length) return refuse('no_city', `There is no city ${city} in London.`);
	if (state.board.tokens.some((t) => t.hex === london && t.city === city && t.corporation === corp.id))
		return refuse('already_in_city', `${corp.id} already has a station in this London city.`);
	if (config.mode === 'live' && !graphFor(map, state.board, config).reach(corporationId(corp.id)).cities.has(`${london}-${city}`))
		return refuse('not_connected', `This London city is not connected to ${corp.id}'s track.`);
	if (cash < MINOR_14_HOME_COST) return refuse('insufficient_cash', `The token costs £${MINOR_14_HOME_COST}.`);
	const token: StationToken = { hex: london, city, corporation: corporationId(corp.id), kind: 'normal' };
	// A full city takes the token in an extra slot, kept like M14's own (keyed by the city's track
	// edge, so it follows the city through upgrades).
	let board = state.board;
	const edges = cityEdges(tile, city);
	if (openSlots(map, board, london, city) === 0 && edges.length > 0) {
		const key = borderKey(london, edges[0]);
		board = { ...board, extraSlots: { ...board.extraSlots, [key]: (board.extraSlots[key] ?? 0) + 1 } };
	}
	return ok({ board: { ...board, tokens: [...board.tokens, token] }, cost: MINOR_14_HOME_COST });
}

/** Whether a London token could be placed now by the major if it had `cash` left. */
export function londonTokenPlaceable(state: GameState, config: ResolvedConfig, corp: CorporationState, cash: number): boolean {
	const tile = tileOnHex(mapFor(state.setup.title), state.board, hexId(LONDON_HEX));
	for (let city = 0; city < (tile?.def.cities.length ?? 0); city++) if (checkLondonCity(state, config, corp, city, cash).ok) return true;
	return false;
}

/** The London cities the pending token may go to (none when no token is pending). */
export function pendingLondonToken(state: GameState, config: ResolvedConfig, corp: CorporationState): TokenPlacement[] {
	if (!m14TokenPending(state)) return [];
	const map = mapFor(state.setup.title);
	const tile = tileOnHex(map, state.board, hexId(LONDON_HEX));
	const out: TokenPlacement[] = [];
	for (let city = 0; city < (tile?.def.cities.length ?? 0); city++) {
		const r = checkLondonCity(state, config, corp, city);
		if (r.ok) out.push({ hex: hexId(LONDON_HEX), city, cost: r.value.cost });
	}
	return out;
}

export function validateLondonToken(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: PlaceTokenAction
): Result<{ board: BoardState; hex: HexId; city: number; cost: number }> {
	if (!m14TokenPending(state)) return refuse('action_not_allowed', 'No London token is due.');
	const spot = parseCityId(state, action.city);
	if (!spot || spot.hex !== LONDON_HEX) return refuse('hex_not_allowed', `The token from M14 goes in a London city (${LONDON_HEX}).`);
	const r = checkLondonCity(state, config, corp, spot.city);
	return r.ok ? ok({ ...r.value, ...spot }) : r;
}

/**
 * Places the pending token. Rules version 5: the token placed is the one `grantLondonToken` added
 * at the end of the charter, so the major's unused tokens keep their places ahead of it
 * [g_1822/step/minor_acquisition.rb acquire_bank_minor: `entity.tokens << token`, the pending
 * token]; earlier versions placed the first unused one.
 */
export function applyLondonToken(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	placed: { board: BoardState; hex: HexId; city: number; cost: number }
): void {
	state.board = placed.board;
	if (config.londonTokenIsNew) placeLastCharterToken(corp, placed.hex, placed.city);
	else placeCharterToken(corp, placed.hex, placed.city);
	corp.cash -= placed.cost;
	state.bank.cash += placed.cost;
	delete state.abilityUses[M14_PENDING_TOKEN];
}
