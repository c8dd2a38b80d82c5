/**
 * Minor 14 (Metropolitan) chooses its London city for its home token on its first turn, and pays
 * £20 for it; the turn waits on that choice (rules version 2) [g_1822/game.rb PENDING_HOME_TOKENERS,
 * home_token_locations, place_home_token; step/home_token.rb via g_1822/step/pending_token.rb;
 * rules digest 10.4]. The city gets a permanent extra slot (map/stations.ts placeHomeToken).
 */
import { ok, refuse, type Result } from '../../../core/result';
import type { PlaceTokenAction } from '../../../core/actions';
import type { BoardState } from '../../../core/board-state';
import { corporationId, hexId } from '../../../core/ids';
import { tileOnHex } from '../../../core/board';
import type { ResolvedConfig } from '../config';
import { hasPlacedTokens, mapFor } from '../board-ops';
import { placeCharterToken } from '../charter';
import { LONDON_HEX, MINOR_14, MINOR_14_HOME_COST, placeHomeToken, type TokenPlacement } from '../map/stations';
import type { CorporationState, GameState } from '../state';
import { parseCityId } from './stations';

export function m14HomePending(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	return config.blockingSteps && corp.id === MINOR_14 && !hasPlacedTokens(state, corp.id) && mapFor(state.setup.title).homes.has(corporationId(MINOR_14));
}

export function validateM14Home(state: GameState, corp: CorporationState, action: PlaceTokenAction): Result<{ board: BoardState; city: number }> {
	const spot = parseCityId(state, action.city);
	if (!spot || spot.hex !== LONDON_HEX) return refuse('hex_not_allowed', `Minor ${MINOR_14}'s home token goes into one of London's cities (${LONDON_HEX}).`);
	if (corp.cash < MINOR_14_HOME_COST) return refuse('insufficient_cash', `Minor ${MINOR_14}'s home token costs £${MINOR_14_HOME_COST}.`);
	const placed = placeHomeToken(mapFor(state.setup.title), state.board, corporationId(corp.id), spot.city);
	return placed.ok ? ok({ board: placed.value, city: spot.city }) : placed;
}

export function applyM14Home(state: GameState, corp: CorporationState, placed: { board: BoardState; city: number }): void {
	state.board = placed.board;
	placeCharterToken(corp, LONDON_HEX, placed.city);
	corp.cash -= MINOR_14_HOME_COST;
	state.bank.cash += MINOR_14_HOME_COST;
}

/** The London cities minor 14 may choose. */
export function m14HomeChoices(state: GameState, corp: CorporationState): TokenPlacement[] {
	const tile = tileOnHex(mapFor(state.setup.title), state.board, hexId(LONDON_HEX));
	if (!tile) return [];
	const out: TokenPlacement[] = [];
	for (let city = 0; city < tile.def.cities.length; city++) {
		if (placeHomeToken(mapFor(state.setup.title), state.board, corporationId(corp.id), city).ok) out.push({ hex: hexId(LONDON_HEX), city, cost: MINOR_14_HOME_COST });
	}
	return out;
}
