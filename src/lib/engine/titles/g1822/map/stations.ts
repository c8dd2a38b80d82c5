/**
 * Station tokens in 1822 [rules digest 5.2 home token, 5.4, 5.5, 5.7 token choice, 10.4 M14;
 * step/token.rb, step/tokener.rb; g_1822/game.rb place_home_token, place_destination_token,
 * remove_extra_tokens!; g_1822/step/destination_token.rb].
 *
 * - Minors have only their home token. A major places at most one token per turn, in a
 *   city its track reaches, with room for it, on a hex where it has no token yet (London
 *   M38 may hold several of its tokens, one per city); each costs £100 unless an ability
 *   makes it free (the English Channel tokens), which may also waive the connection.
 * - The destination token is placed, free, once the destination hex connects to the home
 *   token's city, in an extra slot if the city is full; a normal token of the same major in
 *   that city then goes back to its charter.
 */
import type { MapDef } from '../../../core/board-map';
import { currentHomeCity, openSlots, removeTokenAndPlace, tileOnHex, tokensInCity } from '../../../core/board';
import { borderKey, type BoardState, type StationToken } from '../../../core/board-state';
import type { CorporationId, HexId } from '../../../core/ids';
import { ok, refuse, type Result, type RuleError } from '../../../core/result';
import { hasTokenInCity, hasTokenOnHex, removeToken, roomRefusal, swapToken, tokensOf } from '../../../core/token';
import type { TrackGraph } from '../../../core/track-graph';
import { cityEdges } from '../../../core/board';
import type { CompanyKind } from './tile-lays';

export const TOKEN_PRICE = 100;
export const LONDON_HEX = 'M38';
export const MINOR_14 = '14';
/** M14 pays £20 for its London home token [rules digest 10.4]. */
export const MINOR_14_HOME_COST = 20;

export interface StationContext {
	readonly map: MapDef;
	readonly board: BoardState;
	/** The track graph, already following `board`. */
	readonly graph: TrackGraph;
	readonly corporation: CorporationId;
	readonly kind: CompanyKind;
	readonly cash: number;
	/** Unplaced normal tokens on the charter. */
	readonly tokensLeft: number;
	readonly placedThisTurn: boolean;
	/** Cost of this token; default £100. */
	readonly price?: number;
	/** An ability's token that needs no connection (P5 in the English Channel). */
	readonly noConnection?: boolean;
	/**
	 * Asked for the token step's activity: the reference's graph does not count a second London
	 * city of the same major as a place to token [graph.rb can_token? same_hex_allowed: false].
	 */
	readonly noSameHex?: boolean;
	/** Hexes an ability limits the placement to. */
	readonly hexes?: readonly HexId[];
}

export interface TokenSpot {
	readonly hex: HexId;
	readonly city: number;
}

export interface TokenPlacement extends TokenSpot {
	readonly cost: number;
}

function sameHexAllowed(hex: HexId): boolean {
	// London's cities may each hold one token of the same major [g_1822/step/token.rb process_place_token]
	return hex === LONDON_HEX;
}

/** Check one normal token placement and return the board after it, with its cost. */
export function validatePlaceToken(
	ctx: StationContext,
	spot: TokenSpot
): Result<{ board: BoardState; cost: number }, RuleError> {
	const r = placementCost(ctx, spot, false);
	if (!r.ok) return r;
	const token: StationToken = { hex: spot.hex, city: spot.city, corporation: ctx.corporation, kind: 'normal' };
	return ok({ board: { ...ctx.board, tokens: [...ctx.board.tokens, token] }, cost: r.value });
}

/**
 * The checks of `validatePlaceToken`, answering the token's cost. `reached`: the city is known
 * to be one the corporation's graph reaches (a scan of the reached cities), so the connection
 * need not be looked up again.
 */
function placementCost(ctx: StationContext, spot: TokenSpot, reached: boolean): Result<number, RuleError> {
	const { map, board, corporation: corp } = ctx;
	if (ctx.kind === 'minor') return refuse('minor_cannot_token', 'A minor has only its home token.');
	if (ctx.placedThisTurn) return refuse('token_already_placed', 'Only one station token may be placed per turn.');
	if (ctx.tokensLeft <= 0) return refuse('no_token_left', 'The company has no station token left to place.');
	if (ctx.hexes && !ctx.hexes.includes(spot.hex)) {
		return refuse('hex_not_allowed', `This token may not be placed on ${spot.hex}.`);
	}
	const tile = tileOnHex(map, board, spot.hex);
	if (!tile || spot.city < 0 || spot.city >= tile.def.cities.length) {
		return refuse('no_city', `There is no city ${spot.city} on ${spot.hex}.`);
	}
	if (hasTokenInCity(board, spot.hex, spot.city, corp)) {
		return refuse('already_in_city', `The company already has a station in this city (${spot.hex}).`);
	}
	if ((ctx.noSameHex || !sameHexAllowed(spot.hex)) && hasTokenOnHex(board, spot.hex, corp)) {
		return refuse('already_on_hex', `The company already has a station on ${spot.hex}.`);
	}
	if (!ctx.noConnection && !reached && !ctx.graph.reachesCity(corp, spot.hex, spot.city)) {
		return refuse('not_connected', `The city on ${spot.hex} is not connected to the company's track.`);
	}
	// London skips the reference's tokenability test; only a free slot is needed there
	const room = roomRefusal(map, board, spot.hex, spot.city, corp, {
		ignoreTileReservations: sameHexAllowed(spot.hex)
	});
	if (room === 'city_full') return refuse('city_full', `The city on ${spot.hex} has no free station slot.`);
	if (room !== null) return refuse('city_reserved', `The free slots on ${spot.hex} are reserved.`);
	const cost = ctx.price ?? TOKEN_PRICE;
	if (cost > ctx.cash) return refuse('insufficient_cash', `A station costs £${cost}; the company has £${ctx.cash}.`);
	return ok(cost);
}

/** Every city where the company may place a station now, with the cost. */
export function tokenPlacements(ctx: StationContext): TokenPlacement[] {
	const out: TokenPlacement[] = [];
	scanPlacements(ctx, (p) => {
		out.push(p);
		return false;
	});
	return out;
}

/**
 * Whether any city takes the company's station now (`tokenPlacements` stopped at the first).
 * The graph asks each city as its walk meets it, so the walk ends at the first that takes it.
 */
export function canPlaceAnyToken(ctx: StationContext): boolean {
	if (ctx.noConnection) return scanPlacements(ctx, () => true);
	// The price is the same in every city: a company that cannot pay it places nowhere.
	if (placesNowhere(ctx) || (ctx.price ?? TOKEN_PRICE) > ctx.cash) return false;
	return ctx.graph.someCity(
		ctx.corporation,
		(hex, city) => (!ctx.hexes || ctx.hexes.includes(hex)) && placementCost(ctx, { hex, city }, true).ok
	);
}

/** Refusals of `placementCost` that hold for every city, so a scan ends at once. */
function placesNowhere(ctx: StationContext): boolean {
	return ctx.kind === 'minor' || ctx.placedThisTurn || ctx.tokensLeft <= 0;
}

/** Offers each legal placement, in map order, to `found` until it returns true; true if it did. */
function scanPlacements(ctx: StationContext, found: (p: TokenPlacement) => boolean): boolean {
	if (placesNowhere(ctx)) return false;
	if (!ctx.noConnection) {
		// Only connected cities can pass `validatePlaceToken`: try just the reached ones, which the
		// graph lists in map order, as the full scan below would meet them.
		for (const node of ctx.graph.reach(ctx.corporation).nodes) {
			if (node.kind !== 'city' || (ctx.hexes && !ctx.hexes.includes(node.hex))) continue;
			const r = placementCost(ctx, { hex: node.hex, city: node.index }, true);
			if (r.ok && found({ hex: node.hex, city: node.index, cost: r.value })) return true;
		}
		return false;
	}
	for (const h of ctx.map.hexes) {
		if (ctx.hexes && !ctx.hexes.includes(h.id)) continue;
		const tile = tileOnHex(ctx.map, ctx.board, h.id)!;
		for (let city = 0; city < tile.def.cities.length; city++) {
			const r = placementCost(ctx, { hex: h.id, city }, false);
			if (r.ok && found({ hex: h.id, city, cost: r.value })) return true;
		}
	}
	return false;
}

/**
 * The city of the corporation's home token, if placed. With `inHomeCity` (the destination bonus
 * always; the destination check from rules version 8) it is the token in the home's own city,
 * followed through upgrades as tokens are; otherwise, and for a home named by its hex alone, the
 * company's first token on its home hex in board order, which may be one taken over from an
 * acquired minor there.
 */
export function homeTokenCity(map: MapDef, board: BoardState, corp: CorporationId, inHomeCity = false): TokenSpot | null {
	const home = map.homes.get(corp);
	if (!home) return null;
	const city = inHomeCity && home.city !== null ? currentHomeCity(map, board, home.hex, home.city) : null;
	const t = board.tokens.find((x) => x.corporation === corp && x.hex === home.hex && x.kind === 'normal' && (city === null || x.city === city));
	return t ? { hex: t.hex, city: t.city } : null;
}

/** Has the destination hex a track connection to the home token's city (see `homeTokenCity`)? */
export function destinationReached(map: MapDef, board: BoardState, graph: TrackGraph, corp: CorporationId, inHomeCity = false): boolean {
	const dest = map.destinations.get(corp);
	const home = homeTokenCity(map, board, corp, inHomeCity);
	if (!dest || !home) return false;
	return graph.connects(corp, dest, home);
}

export interface DestinationOutcome {
	readonly board: BoardState;
	/** A normal token of the major in that city went back to its charter (now a £100 token). */
	readonly returnedToken: boolean;
}

/**
 * Place the destination token (free). `force` skips the connection test: LNWR places it with
 * its home token [g_1822/game.rb place_home_token]. With `ownPlace` (rules version 10), a token
 * that finds no open slot takes a place of its own beyond them, which the city keeps while the
 * token is there [g_1822/game.rb place_destination_token: `cheater: true`; part/city.rb get_slot],
 * the slots counted before a token of the major's own there goes back to its charter
 * [remove_extra_tokens!, after the placement].
 */
export function validateDestinationToken(
	map: MapDef,
	board: BoardState,
	graph: TrackGraph,
	corp: CorporationId,
	hex: HexId,
	opts: { force?: boolean; inHomeCity?: boolean; ownPlace?: boolean } = {}
): Result<DestinationOutcome, RuleError> {
	const dest = map.destinations.get(corp);
	if (!dest) return refuse('no_destination', 'This company has no destination token.');
	if (hex !== dest) return refuse('not_destination_hex', `The destination token goes on ${dest}, not ${hex}.`);
	if (board.tokens.some((t) => t.corporation === corp && t.kind === 'destination')) {
		return refuse('destination_placed', 'The destination token is already placed.');
	}
	if (!opts.force && !destinationReached(map, board, graph, corp, opts.inHomeCity)) {
		return refuse('destination_not_reached', `${dest} is not yet connected to the company's home station.`);
	}
	// the reference puts it into the first city, in an extra slot when full [place_destination_token]
	const city = 0;
	let next: BoardState = board;
	const own = tokensInCity(board, dest, city).find((t) => t.corporation === corp && t.kind === 'normal');
	const home = homeTokenCity(map, board, corp, opts.inHomeCity);
	const isHome = own && home && home.hex === own.hex && home.city === own.city;
	const beyond = opts.ownPlace === true && openSlots(map, board, dest, city) === 0;
	if (own && !isHome) next = removeToken(next, own);
	const token: StationToken = beyond ? { hex: dest, city, corporation: corp, kind: 'destination', extra: true } : { hex: dest, city, corporation: corp, kind: 'destination' };
	next = { ...next, tokens: [...next.tokens, token] };
	return ok({ board: next, returnedToken: Boolean(own && !isHome) });
}

/**
 * Place a home token into the reserved home city (`city` chosen for tile-level homes:
 * M14 in London, which also gives that city a permanent extra slot).
 */
export function placeHomeToken(
	map: MapDef,
	board: BoardState,
	corp: CorporationId,
	chosenCity?: number
): Result<BoardState, RuleError> {
	const home = map.homes.get(corp);
	if (!home) return refuse('no_home', 'This company has no home on this map.');
	if (tokensOf(board, corp).some((t) => t.hex === home.hex)) return refuse('home_placed', 'The home token is placed.');
	const tileLevel = map.tileReservations.get(home.hex)?.includes(corp) ?? false;
	const city = home.city !== null ? currentHomeCity(map, board, home.hex, home.city) : tileLevel ? chosenCity : 0;
	const tile = tileOnHex(map, board, home.hex);
	if (city === undefined || !tile || city < 0 || city >= tile.def.cities.length) {
		return refuse('no_city', `Choose a city on ${home.hex} for the home token.`);
	}
	let next = board;
	if (tileLevel) {
		const edges = cityEdges(tile, city);
		if (edges.length > 0) {
			const key = borderKey(home.hex, edges[0]);
			next = { ...next, extraSlots: { ...next.extraSlots, [key]: (next.extraSlots[key] ?? 0) + 1 } };
		}
	}
	const token: StationToken = { hex: home.hex, city, corporation: corp, kind: 'normal' };
	return ok({ ...next, tokens: [...next.tokens, token] });
}

export const ACQUISITION_TOKEN_CHOICES = ['replace', 'exchange', 'remove'] as const;
export type AcquisitionTokenChoice = (typeof ACQUISITION_TOKEN_CHOICES)[number];

/**
 * What happens to a player-owned minor's token when a major acquires it [rules digest 5.7]:
 * "replace" swaps it for a major token (or, if the major is already in that city, removes it
 * and the exchange token becomes an available token); "exchange" and "remove" remove it.
 */
export function acquireMinorToken(
	board: BoardState,
	minor: CorporationId,
	major: CorporationId,
	choice: AcquisitionTokenChoice
): { board: BoardState; exchangeToAvailable: boolean; exchangeUsed: boolean } {
	const token = board.tokens.find((t) => t.corporation === minor);
	if (!token) return { board, exchangeToAvailable: false, exchangeUsed: false };
	switch (choice) {
		// The minor's token leaves with its place (a city with a token beyond its slots loses that
		// place) [g_1822/step/minor_acquisition.rb remove_minor_token: delete_token! remove_slot];
		// "remove" leaves the place empty [close_corporation: token.rb remove!].
		case 'replace':
			if (hasTokenInCity(board, token.hex, token.city, major)) {
				return { board: removeTokenAndPlace(board, token), exchangeToAvailable: true, exchangeUsed: true };
			}
			return { board: swapToken(board, token, major), exchangeToAvailable: false, exchangeUsed: true };
		case 'exchange':
			return { board: removeTokenAndPlace(board, token), exchangeToAvailable: true, exchangeUsed: true };
		case 'remove':
			return { board: removeToken(board, token), exchangeToAvailable: false, exchangeUsed: false };
	}
}
