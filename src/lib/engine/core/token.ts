/**
 * Station tokens on the board: whether a city has room for a corporation, and the board
 * after a token is placed, swapped or removed. Pure functions over `BoardState`.
 *
 * Room [reference part/city.rb tokenable?, get_slot; tile.rb token_blocked_by_reservation?]:
 * a corporation may use its own reserved slot, or a slot neither tokened nor reserved; on
 * a hex with tile-level reservations (M14 in London), other corporations may not take the
 * last slots those reservations still need.
 */
import type { MapDef } from './board-map';
import { openSlots, openSlotsGiven, pendingReservations, pendingTileReservations, tileOnHex } from './board';
import type { BoardState, StationToken } from './board-state';
import type { CorporationId, HexId } from './ids';

export const ROOM_REFUSALS = ['no_city', 'city_full', 'reserved'] as const;
export type RoomRefusal = (typeof ROOM_REFUSALS)[number];

/** Null when the corporation may put a token into this city now. */
export function roomRefusal(
	map: MapDef,
	board: BoardState,
	hex: HexId,
	city: number,
	corp: CorporationId,
	opts: { ignoreTileReservations?: boolean } = {}
): RoomRefusal | null {
	const tile = tileOnHex(map, board, hex);
	if (!tile || city < 0 || city >= tile.def.cities.length) return 'no_city';
	const pending = pendingReservations(map, board, hex, city);
	if (pending.includes(corp)) return null;
	if (openSlotsGiven(map, board, hex, city, pending) <= 0) return 'city_full';
	const tileRes = pendingTileReservations(map, board, hex).filter((c) => c !== corp);
	if (tileRes.length > 0 && !opts.ignoreTileReservations) {
		let free = 0;
		for (let i = 0; i < tile.def.cities.length; i++) free += openSlots(map, board, hex, i);
		if (tileRes.length >= free) return 'reserved';
	}
	return null;
}

export function hasTokenInCity(board: BoardState, hex: HexId, city: number, corp: CorporationId): boolean {
	const tokens = board.tokens;
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i];
		if (t.hex === hex && t.city === city && t.corporation === corp) return true;
	}
	return false;
}

export function hasTokenOnHex(board: BoardState, hex: HexId, corp: CorporationId): boolean {
	const tokens = board.tokens;
	for (let i = 0; i < tokens.length; i++) if (tokens[i].hex === hex && tokens[i].corporation === corp) return true;
	return false;
}

export function placeToken(board: BoardState, token: StationToken): BoardState {
	return { ...board, tokens: [...board.tokens, token] };
}

export function removeToken(board: BoardState, token: StationToken): BoardState {
	const i = board.tokens.findIndex(
		(t) =>
			t.hex === token.hex && t.city === token.city && t.corporation === token.corporation && t.kind === token.kind
	);
	if (i < 0) return board;
	return { ...board, tokens: [...board.tokens.slice(0, i), ...board.tokens.slice(i + 1)] };
}

/** Swap a token for another corporation's in the same place (minor acquisition "replace"). */
export function swapToken(board: BoardState, token: StationToken, to: CorporationId): BoardState {
	return {
		...board,
		tokens: board.tokens.map((t) => (t === token ? { ...t, corporation: to, kind: 'normal' } : t))
	};
}

export function tokensOf(board: BoardState, corp: CorporationId): StationToken[] {
	return board.tokens.filter((t) => t.corporation === corp);
}

/** Release a corporation's home reservation (it closed, or its bid-box home was taken). */
export function releaseReservation(board: BoardState, corp: CorporationId): BoardState {
	if (!board.reservations.includes(corp)) return board;
	return { ...board, reservations: board.reservations.filter((c) => c !== corp) };
}
