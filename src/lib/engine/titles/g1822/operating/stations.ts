/**
 * Station tokens in an operating turn (rules digest 5.4, 5.5), through the map module's checks:
 * the destination token (free, once its destination connects; on import the connection test is
 * skipped, as the reference does while loading) and one normal £100 token per turn.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { HexTokenAction, PlaceTokenAction } from '../../../core/actions';
import type { BoardState } from '../../../core/board-state';
import { corporationId, hexId, type HexId } from '../../../core/ids';
import { configOf, type ResolvedConfig } from '../config';
import { tileOnHex } from '../../../core/board';
import type { TileDef } from '../../../core/tile';
import { nodePartIndices } from '../../../core/route-board';
import { graphFor, mapFor } from '../board-ops';
import { canPlaceAnyToken, validateDestinationToken, validatePlaceToken, type StationContext } from '../map/stations';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { availableTokens } from '../charter';

export function destinationPending(state: GameState, corp: CorporationState): boolean {
	if (corp.type !== 'major') return false;
	const map = mapFor(state.setup.title);
	if (!map.destinations.get(corporationId(corp.id))) return false;
	return !state.board.tokens.some((t) => t.corporation === corp.id && t.kind === 'destination');
}


export function stationContext(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): StationContext {
	const map = mapFor(state.setup.title);
	return {
		map,
		board: state.board,
		graph: graphFor(map, state.board, config),
		corporation: corporationId(corp.id),
		kind: corp.type,
		cash: corp.cash,
		tokensLeft: availableTokens(corp),
		placedThisTurn: round.turn.tokenPlaced
	};
}

/**
 * P5 (LC&DR) and P18 (CHPR) can trade an exchange token for a station; while the corporation has
 * one, the token step waits for the choice even with no normal token to place
 * [g_1822/step/token.rb ability_chpr_lcdr?].
 */
export const EXCHANGE_TOKEN_PRIVATES = ['P5', 'P18'] as const;

/** SECR may once place a free token in the English Channel in its token step (rules digest 1.3). */
export const SECR = 'SECR';
export const ENGLISH_CHANNEL = 'P43';

export function secrChannelToken(state: GameState, corp: CorporationState): boolean {
	return corp.id === SECR && !state.abilityUses[SECR] && mapFor(state.setup.title).byId.has(hexId(ENGLISH_CHANNEL));
}

/**
 * Whether the token step has something for the corporation to do [step/tokener.rb
 * can_place_token?; g_1822/step/token.rb actions, can_place_token?]: a token ability (P5's
 * Channel token, SECR's own) with a normal token left, a city that takes a token now, or an
 * exchange token that P5 or P18 can turn into a station.
 */
export function canPlaceToken(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): boolean {
	if (corp.type !== 'major') return false;
	if (!config.blockingSteps) return canPlaceTokenV1(state, config, corp, round);
	if (placeTokenOffered(state, config, corp, round)) return true;
	return corp.exchangeTokens > 0 && EXCHANGE_TOKEN_PRIVATES.some((c) => holdsOpen(state, corp, c));
}

function holdsOpen(state: GameState, corp: CorporationState, company: string): boolean {
	return corp.companies.includes(company) && !!state.companies[company] && !state.companies[company].closed;
}

/**
 * Whether the token step takes a `place_token` now (rules version 2) [g_1822/step/token.rb
 * can_place_token?; step/tokener.rb can_place_token?]: with a normal token left, either a
 * token ability (SECR's own Channel token, P5's) keeps the step open, or the company's graph
 * finds a city for a token, a second London city of the same major not counted
 * [graph.rb can_token?]. Once the step is open, any city that takes the token may be chosen,
 * London's second city included [g_1822/step/token.rb process_place_token check_tokenable].
 */
export function placeTokenOffered(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): boolean {
	if (corp.type !== 'major' || round.turn.tokenPlaced || availableTokens(corp) <= 0) return false;
	// SECR's own Channel token counts only while it has no station there yet.
	const secr = secrChannelToken(state, corp) && !state.board.tokens.some((t) => t.corporation === corp.id && t.hex === ENGLISH_CHANNEL);
	if (secr || holdsOpen(state, corp, CHANNEL_PRIVATE)) return true;
	return canPlaceAnyToken({ ...stationContext(state, config, corp, round), noSameHex: true });
}

/** Rules version 1: any held P5 or P18 kept the step open. */
function canPlaceTokenV1(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): boolean {
	if (round.turn.tokenPlaced) return false;
	if (secrChannelToken(state, corp)) return true;
	if (corp.companies.some((c) => (EXCHANGE_TOKEN_PRIVATES as readonly string[]).includes(c) && !state.companies[c]?.closed)) return true;
	if (availableTokens(corp) <= 0) return false;
	return canPlaceAnyToken(stationContext(state, config, corp, round));
}

/**
 * A city as actions name it: "<tile id>-<n>". From rules version 2 on, n is the city's position
 * among all parts of the tile's definition, as on the site [part/base.rb id; tile.rb
 * separate_parts]; it differs from the city's number where a path stands between two cities
 * (NRS London N29: cities 0 and 2). Version 1 used the city's number.
 */
export function cityId(state: GameState, hex: string, city: number): string {
	const placed = state.board.tiles[hex];
	const tile = placed ? placed.tile : `${hex}-0`;
	if (!configOf(state.setup).blockingSteps) return `${tile}-${city}`;
	const def = tileOnHex(mapFor(state.setup.title), state.board, hexId(hex))?.def;
	const part = def ? cityPart(def, city) : null;
	return `${tile}-${part ?? city}`;
}

function cityPart(def: TileDef, city: number): number | null {
	const node = def.nodes.findIndex((n) => n.kind === 'city' && n.index === city);
	return node < 0 ? null : (nodePartIndices(def)[node] ?? null);
}

/** "<tile id>-<n>" → the hex holding that tile and the city's number (see cityId). */
export function parseCityId(state: GameState, city: unknown): { hex: HexId; city: number } | null {
	if (typeof city !== 'string') return null;
	const i = city.lastIndexOf('-');
	if (i <= 0) return null;
	const index = Number(city.slice(i + 1));
	const tile = city.slice(0, i);
	if (!Number.isInteger(index)) return null;
	const map = mapFor(state.setup.title);
	let hex: HexId | null = null;
	for (const [h, placed] of Object.entries(state.board.tiles)) if (placed.tile === tile) hex = hexId(h);
	// A preprinted tile is named after its hex ("H5-0").
	const name = tile.slice(0, tile.lastIndexOf('-'));
	if (hex === null && map.byId.has(hexId(name)) && !state.board.tiles[name]) hex = hexId(name);
	if (hex === null) return null;
	if (!configOf(state.setup).blockingSteps) return { hex, city: index };
	const def = tileOnHex(map, state.board, hex)?.def;
	if (!def) return null;
	const parts = nodePartIndices(def);
	const node = parts.indexOf(index);
	const ref = node < 0 ? undefined : def.nodes[node];
	return ref && ref.kind === 'city' ? { hex, city: ref.index } : null;
}

/** P5 (LC&DR): a token from the exchange area, free and without a connection, in the English Channel. */
export const CHANNEL_PRIVATE = 'P5';

export function validateChannelToken(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: PlaceTokenAction
): Result<{ board: BoardState; hex: HexId; city: number }> {
	if (!corp.companies.includes(CHANNEL_PRIVATE) || state.companies[CHANNEL_PRIVATE]?.closed)
		return refuse('not_owner', `${corp.id} does not hold ${CHANNEL_PRIVATE}.`);
	if (corp.exchangeTokens <= 0) return refuse('no_exchange_token', `${corp.id} has no exchange token left.`);
	const spot = parseCityId(state, action.city);
	if (!spot || spot.hex !== ENGLISH_CHANNEL) return refuse('hex_not_allowed', `${CHANNEL_PRIVATE}'s token goes in the English Channel.`);
	const r = validatePlaceToken(
		{ ...stationContext(state, config, corp, round), placedThisTurn: false, tokensLeft: 1, noConnection: true, price: 0, hexes: [hexId(ENGLISH_CHANNEL)] },
		spot
	);
	return r.ok ? ok({ board: r.value.board, ...spot }) : r;
}

export function validatePlace(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	action: PlaceTokenAction
): Result<{ board: BoardState; cost: number; hex: HexId; city: number; secrChannel: boolean }> {
	const spot = parseCityId(state, action.city);
	if (!spot) return refuse('unknown_city', `There is no city "${String(action.city)}" on the map.`);
	const free = spot.hex === ENGLISH_CHANNEL && secrChannelToken(state, corp);
	// The token step takes a token only while it offers one (rules version 2; placeTokenOffered).
	if (config.blockingSteps && !free && !placeTokenOffered(state, config, corp, round))
		return refuse('no_token_place', `${corp.id} has no city to place a station in now.`);
	const r = validatePlaceToken({ ...stationContext(state, config, corp, round), ...(free ? { price: 0 } : {}) }, spot);
	return r.ok ? ok({ ...r.value, ...spot, secrChannel: free }) : r;
}

export function validateDestination(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: HexTokenAction
): Result<{ board: BoardState; returnedToken: boolean; hex: HexId }> {
	const map = mapFor(state.setup.title);
	if (typeof action.hex !== 'string') return refuse('malformed_action', 'Name the destination hex.');
	const r = validateDestinationToken(map, state.board, graphFor(map, state.board, config), corporationId(corp.id), hexId(action.hex), {
		force: config.mode === 'import',
		inHomeCity: config.homeTokenInHomeCity,
		ownPlace: config.destinationOwnPlace
	});
	return r.ok ? ok({ ...r.value, hex: hexId(action.hex) }) : r;
}
