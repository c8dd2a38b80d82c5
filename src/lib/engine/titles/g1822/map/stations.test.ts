/**
 * Station token rules of 1822, each with an allowed and a refused case [rules digest 5.4,
 * 5.5, 5.7, 10.4]. Positions are worked out by hand from the printed map
 * (../shared/reference/data/1822.json): Nottingham K28 lies north of Leicester K30 (K28's
 * edge 0); Liverpool G22 (LYR's home) reaches Manchester I22 (its destination) through
 * Warrington H23 (G22 edge 5 → H23, H23 edge 4 → I22).
 */
import { describe, expect, it } from 'vitest';
import { cityCapacity } from '../../../core/board';
import { emptyBoard, type BoardState, type StationToken } from '../../../core/board-state';
import { corporationId, hexId, tileId } from '../../../core/ids';
import { TrackGraph } from '../../../core/track-graph';
import { MAP_1822 } from './map-1822';
import {
	acquireMinorToken,
	destinationReached,
	placeHomeToken,
	tokenPlacements,
	validateDestinationToken,
	validatePlaceToken,
	type StationContext
} from './stations';

function token(hex: string, corp: string, city = 0, kind: StationToken['kind'] = 'normal'): StationToken {
	return { hex: hexId(hex), city, corporation: corporationId(corp), kind };
}

function ctx(board: BoardState, corp: string, extra: Partial<StationContext> = {}): StationContext {
	return {
		map: MAP_1822,
		board,
		graph: new TrackGraph(MAP_1822, board),
		corporation: corporationId(corp),
		kind: /^\d+$/.test(corp) ? 'minor' : 'major',
		cash: 500,
		tokensLeft: 2,
		placedThisTurn: false,
		...extra
	};
}

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? null : r.error!.code);
const spot = (hex: string, city = 0) => ({ hex: hexId(hex), city });

// MR at Nottingham; track runs south into Leicester (57 on both, north–south).
const midlands: BoardState = {
	...emptyBoard(),
	tiles: {
		K28: { tile: tileId('57-0'), rotation: 0 },
		K30: { tile: tileId('57-1'), rotation: 0 }
	},
	tokens: [token('K28', 'MR')]
};

describe('placing a station', () => {
	it('allows a connected city with a free slot, for £100', () => {
		const r = validatePlaceToken(ctx(midlands, 'MR'), spot('K30'));
		expect(r.ok && r.value.cost).toBe(100);
		expect(tokenPlacements(ctx(midlands, 'MR'))).toEqual([{ hex: 'K30', city: 0, cost: 100 }]);
	});

	it('refuses a station in a full city', () => {
		const full: BoardState = { ...midlands, tokens: [...midlands.tokens, token('K30', 'NER')] };
		expect(code(validatePlaceToken(ctx(full, 'MR'), spot('K30')))).toBe('city_full');
		expect(tokenPlacements(ctx(full, 'MR'))).toEqual([]);
	});

	it("refuses a station not connected to the company's network", () => {
		const turned: BoardState = { ...midlands, tiles: { ...midlands.tiles, K30: { tile: tileId('57-1'), rotation: 1 } } };
		expect(code(validatePlaceToken(ctx(turned, 'MR'), spot('K30')))).toBe('not_connected');
	});

	it('refuses a city whose free slot is reserved for another home', () => {
		// Derby J29 (MR's home) joins Nottingham K28 across J29 edge 4 / K28 edge 1; its one slot
		// is held for MR while the reservation stands
		const board: BoardState = {
			...emptyBoard(),
			tiles: { J29: { tile: tileId('57-0'), rotation: 1 } },
			tokens: [token('K28', 'NER')],
			reservations: [corporationId('MR')]
		};
		const withTrack: BoardState = { ...board, tiles: { ...board.tiles, K28: { tile: tileId('6-0'), rotation: 1 } } };
		expect(code(validatePlaceToken(ctx(withTrack, 'NER'), spot('J29')))).toBe('city_full');
		expect(validatePlaceToken(ctx({ ...withTrack, reservations: [] }, 'NER'), spot('J29')).ok).toBe(true);
	});

	it('refuses a minor, a second token in a turn, a token without cash, and a second token on a hex', () => {
		expect(code(validatePlaceToken(ctx(midlands, 'MR', { kind: 'minor' }), spot('K30')))).toBe('minor_cannot_token');
		expect(code(validatePlaceToken(ctx(midlands, 'MR', { placedThisTurn: true }), spot('K30')))).toBe(
			'token_already_placed'
		);
		expect(code(validatePlaceToken(ctx(midlands, 'MR', { cash: 99 }), spot('K30')))).toBe('insufficient_cash');
		expect(code(validatePlaceToken(ctx(midlands, 'MR', { tokensLeft: 0 }), spot('K30')))).toBe('no_token_left');
		expect(code(validatePlaceToken(ctx(midlands, 'MR'), spot('K28')))).toBe('already_in_city');
	});

	it('lets a major hold tokens in several London cities, but not two in one', () => {
		const london: BoardState = {
			...emptyBoard(),
			tiles: { M38: { tile: tileId('X20-0'), rotation: 0 } },
			tokens: [token('M38', 'LNWR', 3)]
		};
		// With X20 each city has its own edge; the LNWR city (edge 3) is not joined to the others,
		// so the free English Channel style placement (no connection) is used to test the rule.
		const c = ctx(london, 'LNWR', { noConnection: true });
		expect(validatePlaceToken(c, spot('M38', 4)).ok).toBe(true);
		expect(code(validatePlaceToken(c, spot('M38', 3)))).toBe('already_in_city');
		const elsewhere: BoardState = { ...midlands, tokens: [token('K28', 'MR')] };
		expect(code(validatePlaceToken(ctx(elsewhere, 'MR', { noConnection: true }), spot('K28')))).toBe(
			'already_in_city'
		);
	});
});

// LYR at home in Liverpool; Manchester is its destination.
const lancashire: BoardState = { ...emptyBoard(), tokens: [token('G22', 'LYR')] };
const joined: BoardState = { ...lancashire, tiles: { H23: { tile: tileId('6-0'), rotation: 2 } } };

describe('destination token', () => {
	it('refuses the destination token before the destination is reached', () => {
		const graph = new TrackGraph(MAP_1822, lancashire);
		expect(destinationReached(MAP_1822, lancashire, graph, corporationId('LYR'))).toBe(false);
		const r = validateDestinationToken(MAP_1822, lancashire, graph, corporationId('LYR'), hexId('I22'));
		expect(code(r)).toBe('destination_not_reached');
	});

	it('places it free once the destination connects to the home city, even in a full city', () => {
		const full: BoardState = { ...joined, tokens: [...joined.tokens, token('I22', 'MR'), token('I22', 'NER')] };
		const graph = new TrackGraph(MAP_1822, full);
		expect(destinationReached(MAP_1822, full, graph, corporationId('LYR'))).toBe(true);
		const r = validateDestinationToken(MAP_1822, full, graph, corporationId('LYR'), hexId('I22'));
		expect(r.ok && r.value.board.tokens.filter((t) => t.hex === 'I22').length).toBe(3);
		expect(code(validateDestinationToken(MAP_1822, full, graph, corporationId('LYR'), hexId('H23')))).toBe(
			'not_destination_hex'
		);
	});

	it('is not reached through a city full of other companies’ stations', () => {
		const blocked: BoardState = { ...joined, tokens: [...joined.tokens, token('H23', '7')] };
		const graph = new TrackGraph(MAP_1822, blocked);
		expect(destinationReached(MAP_1822, blocked, graph, corporationId('LYR'))).toBe(false);
	});

	it('sends a normal station of the same company in that city back to its charter', () => {
		const both: BoardState = { ...joined, tokens: [...joined.tokens, token('I22', 'LYR')] };
		const graph = new TrackGraph(MAP_1822, both);
		const r = validateDestinationToken(MAP_1822, both, graph, corporationId('LYR'), hexId('I22'));
		expect(r.ok && r.value.returnedToken).toBe(true);
		expect(r.ok && r.value.board.tokens.filter((t) => t.hex === 'I22').map((t) => t.kind)).toEqual(['destination']);
	});
});

describe('home tokens', () => {
	it('places a home token in its reserved city, and M14 in a chosen London city with an extra slot', () => {
		const board: BoardState = { ...emptyBoard(), reservations: [corporationId('15'), corporationId('14')] };
		const m15 = placeHomeToken(MAP_1822, board, corporationId('15'));
		expect(m15.ok && m15.value.tokens).toEqual([token('M38', '15', 4)]);
		expect(code(placeHomeToken(MAP_1822, board, corporationId('14')))).toBe('no_city');
		const m14 = placeHomeToken(MAP_1822, board, corporationId('14'), 2);
		expect(m14.ok && m14.value.tokens).toEqual([token('M38', '14', 2)]);
		expect(m14.ok && cityCapacity(MAP_1822, m14.value, hexId('M38'), 2)).toBe(2);
	});
});

describe('stations when a major acquires a minor', () => {
	const board: BoardState = { ...emptyBoard(), tokens: [token('K30', '10'), token('K28', 'MR')] };
	it('replace swaps the minor token for a major token in place', () => {
		const r = acquireMinorToken(board, corporationId('10'), corporationId('MR'), 'replace');
		expect(r.board.tokens).toEqual([token('K30', 'MR'), token('K28', 'MR')]);
		expect(r.exchangeToAvailable).toBe(false);
	});

	it('replace in a city the major already holds removes the minor token and frees an exchange token', () => {
		const same: BoardState = { ...emptyBoard(), tokens: [token('M38', '16', 2), token('M38', 'LNWR', 2)] };
		const r = acquireMinorToken(same, corporationId('16'), corporationId('LNWR'), 'replace');
		expect(r.board.tokens).toEqual([token('M38', 'LNWR', 2)]);
		expect(r.exchangeToAvailable).toBe(true);
	});

	it('exchange and remove take the minor token off the map', () => {
		expect(acquireMinorToken(board, corporationId('10'), corporationId('MR'), 'exchange').board.tokens).toEqual([
			token('K28', 'MR')
		]);
		const removed = acquireMinorToken(board, corporationId('10'), corporationId('MR'), 'remove');
		expect(removed.board.tokens).toEqual([token('K28', 'MR')]);
		expect(removed.exchangeUsed).toBe(false);
	});
});
