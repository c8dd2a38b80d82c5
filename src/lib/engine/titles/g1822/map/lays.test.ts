/**
 * Tile-lay rules of 1822, each with an allowed and a refused case [rules digest 5.3].
 * Expected costs and rotations are worked out by hand from the printed map
 * (../shared/reference/data/1822.json hexes[]): e.g. H23 Warrington is a white city with
 * a £40 river, N23 Grimsby a £20 river with an estuary on its north side (edge 3).
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard, type BoardState, type StationToken } from '../../../core/board-state';
import { corporationId, hexId, tileId } from '../../../core/ids';
import { TrackGraph } from '../../../core/track-graph';
import { legalTileLays, validateTileLay, type PhaseView, type TrackContext } from './lays';
import { MAP_1822 } from './map-1822';
import type { CompanyKind, LayDone } from './tile-lays';

const PHASE_2: PhaseView = { name: '2', tiles: ['yellow'], status: [] };
const PHASE_3: PhaseView = { name: '3', tiles: ['yellow', 'green'], status: [] };
const PHASE_5: PhaseView = { name: '5', tiles: ['yellow', 'green', 'brown'], status: ['minors_green_upgrade'] };

function token(hex: string, corp: string, kind: StationToken['kind'] = 'normal', city = 0): StationToken {
	return { hex: hexId(hex), city, corporation: corporationId(corp), kind };
}

function ctx(
	board: BoardState,
	corp: string,
	opts: { phase?: PhaseView; cash?: number; done?: LayDone[]; kind?: CompanyKind } = {}
): TrackContext {
	return {
		map: MAP_1822,
		board,
		graph: new TrackGraph(MAP_1822, board),
		phase: opts.phase ?? PHASE_3,
		corporation: corporationId(corp),
		kind: opts.kind ?? (/^\d+$/.test(corp) ? 'minor' : 'major'),
		cash: opts.cash ?? 1000,
		laysDone: opts.done ?? []
	};
}

const lay = (hex: string, tile: string, rotation: number) => ({ hex: hexId(hex), tile: tileId(tile), rotation });

function code(r: { ok: boolean; error?: { code: string } }): string | null {
	return r.ok ? null : r.error!.code;
}

// Minor 7 at home in Warrington (H23), with tile 57 laid north–south.
const warrington: BoardState = {
	...emptyBoard(),
	tiles: { H23: { tile: tileId('57-0'), rotation: 0 } },
	tokens: [token('H23', '7')]
};

describe('colour allowed by the phase', () => {
	it('refuses a green upgrade in phase 2 (colour too early) and allows it in phase 3', () => {
		expect(code(validateTileLay(ctx(warrington, '7', { phase: PHASE_2 }), lay('H23', '14-0', 0)))).toBe(
			'color_not_in_phase'
		);
		expect(validateTileLay(ctx(warrington, '7', { phase: PHASE_3 }), lay('H23', '14-0', 0)).ok).toBe(true);
	});

	it('limits minors to yellow and green from phase 5, majors may lay brown', () => {
		const green: BoardState = { ...warrington, tiles: { H23: { tile: tileId('14-0'), rotation: 0 } } };
		expect(code(validateTileLay(ctx(green, '7', { phase: PHASE_5 }), lay('H23', '63-0', 0)))).toBe(
			'color_not_in_phase'
		);
		const major: BoardState = { ...green, tokens: [token('H23', 'LNWR')] };
		expect(validateTileLay(ctx(major, 'LNWR', { phase: PHASE_5 }), lay('H23', '63-0', 0)).ok).toBe(true);
	});
});

describe('an upgrade keeps every old path', () => {
	it('refuses 14 turned so that it drops the north–south track, allows it when it keeps it', () => {
		// 57 at rotation 0 runs 0–3; 14 (exits 0,1,3,4) keeps that at rotation 0, not at rotation 1.
		expect(code(validateTileLay(ctx(warrington, '7'), lay('H23', '14-0', 1)))).toBe('upgrade_loses_path');
		expect(validateTileLay(ctx(warrington, '7'), lay('H23', '14-0', 0)).ok).toBe(true);
	});

	it('refuses a tile that cannot keep the old track in any rotation', () => {
		// 9 is a straight; 81 (exits 0,2,4) has no straight through the hex
		const straight: BoardState = {
			...emptyBoard(),
			tiles: { H27: { tile: tileId('9-0'), rotation: 0 } },
			tokens: [token('H23', '7')]
		};
		expect(code(validateTileLay(ctx(straight, '7'), lay('H27', '81-0', 0)))).toBe('upgrade_loses_path');
		// 82 (exits 0,1,3) keeps the straight; it then fails only because H27 is out of reach
		expect(code(validateTileLay(ctx(straight, '7'), lay('H27', '82-0', 0)))).toBe('not_connected');
	});
});

describe('labels restrict upgrades', () => {
	const manchester: BoardState = { ...emptyBoard(), tokens: [token('I22', 'LNWR', 'destination')] };
	it('refuses a plain green city on Manchester (BM) and allows the BM tile X2', () => {
		expect(code(validateTileLay(ctx(manchester, 'LNWR'), lay('I22', '14-0', 0)))).toBe('label_mismatch');
		// I22 has exits 0,1,4; X2 (exits 0–4) keeps them at rotation 0 and pays the £60 hill
		const r = validateTileLay(ctx(manchester, 'LNWR'), lay('I22', 'X2-0', 0));
		expect(r.ok && r.value.cost).toBe(60);
	});

	it('makes the S future label of Swansea bind the green upgrade', () => {
		const swansea: BoardState = {
			...emptyBoard(),
			tiles: { D35: { tile: tileId('57-0'), rotation: 2 } },
			tokens: [token('D35', '24')]
		};
		expect(code(validateTileLay(ctx(swansea, '24'), lay('D35', '15-0', 2)))).toBe('label_mismatch');
		expect(validateTileLay(ctx(swansea, '24'), lay('D35', 'X3-0', 1)).ok).toBe(true);
	});
});

describe('Swansea (D35) becomes tile 57 only at rotation 2 or 5', () => {
	const home: BoardState = { ...emptyBoard(), tokens: [token('D35', '24')] };
	it('allows 57 at rotation 2 and 5, refuses other rotations and other tiles', () => {
		expect(validateTileLay(ctx(home, '24'), lay('D35', '57-0', 2)).ok).toBe(true);
		expect(validateTileLay(ctx(home, '24'), lay('D35', '57-0', 5)).ok).toBe(true);
		expect(code(validateTileLay(ctx(home, '24'), lay('D35', '57-0', 0)))).toBe('swansea_rotation');
		expect(code(validateTileLay(ctx(home, '24'), lay('D35', '5-0', 2)))).toBe('swansea_tile');
	});
});

describe('new track connects to the company network', () => {
	const home: BoardState = { ...emptyBoard(), tokens: [token('H23', '7')] };
	it('refuses track on a hex the company does not reach, allows its home hex', () => {
		expect(code(validateTileLay(ctx(home, '7'), lay('H27', '7-0', 0)))).toBe('not_connected');
		expect(validateTileLay(ctx(home, '7'), lay('H23', '57-0', 0)).ok).toBe(true);
	});

	it('reaches a neighbour only across a side its track points to', () => {
		// 57 at rotation 0 leads to H25 (edge 0) and H21 (edge 3), not to I24 (edge 5)
		expect(validateTileLay(ctx(warrington, '7'), lay('H25', '4-0', 0)).ok).toBe(true);
		expect(code(validateTileLay(ctx(warrington, '7'), lay('I24', '7-0', 0)))).toBe('not_connected');
	});

	it('refuses exits that lead off the map or across an impassable border', () => {
		// Grimsby N23 has no hex to the north-east (edge 4)
		const grimsby: BoardState = { ...emptyBoard(), tokens: [token('N23', '9')] };
		expect(code(validateTileLay(ctx(grimsby, '9'), lay('N23', '57-0', 1)))).toBe('exit_blocked');
	});
});

describe('terrain and estuary costs', () => {
	const home: BoardState = { ...emptyBoard(), tokens: [token('H23', '7')] };
	it('refuses a lay the company cannot pay for (£40 river) and allows it with £40', () => {
		expect(code(validateTileLay(ctx(home, '7', { cash: 30 }), lay('H23', '57-0', 0)))).toBe('insufficient_cash');
		const r = validateTileLay(ctx(home, '7', { cash: 40 }), lay('H23', '57-0', 0));
		expect(r.ok && r.value.cost).toBe(40);
	});

	it('pays terrain once: a green upgrade on a laid river hex is free', () => {
		const r = validateTileLay(ctx(warrington, '7', { cash: 0 }), lay('H23', '14-0', 0));
		expect(r.ok && r.value.cost).toBe(0);
	});

	it('charges £40 for each estuary crossing, once from each side', () => {
		const grimsby: BoardState = { ...emptyBoard(), tokens: [token('N23', '9')] };
		const across = validateTileLay(ctx(grimsby, '9'), lay('N23', '57-0', 0));
		expect(across.ok && across.value.cost).toBe(20 + 40);
		const along = validateTileLay(ctx(grimsby, '9'), lay('N23', '5-0', 0));
		expect(along.ok && along.value.cost).toBe(20);
		// Hull's side (N21 edge 0) is still charged, as Hull had no track on that side
		const afterGrimsby = across.ok ? across.value.board : grimsby;
		const hull = validateTileLay(ctx(afterGrimsby, '9'), lay('N21', '57-1', 0));
		expect(hull.ok && hull.value.cost).toBe(20 + 40);
	});

	it('charges £20 for every London upgrade and £100 for the English Channel', () => {
		const london: BoardState = { ...emptyBoard(), tokens: [token('M38', 'LNWR', 'normal', 3)] };
		const x20 = validateTileLay(ctx(london, 'LNWR'), lay('M38', 'X20-0', 0));
		expect(x20.ok && x20.value.cost).toBe(20);
		const x21 = validateTileLay(ctx(x20.ok ? x20.value.board : london, 'LNWR'), lay('M38', 'X21-0', 0));
		expect(x21.ok && x21.value.cost).toBe(20);
		const channel: BoardState = { ...emptyBoard(), tokens: [token('P43', 'SECR')] };
		const ec = validateTileLay(ctx(channel, 'SECR', { cash: 99 }), lay('P43', 'X4-0', 0));
		expect(code(ec)).toBe('insufficient_cash');
		const paid = validateTileLay(ctx(channel, 'SECR', { cash: 100 }), lay('P43', 'X4-0', 0));
		expect(paid.ok && paid.value.cost).toBe(100);
	});

	it('applies a river discount given as a parameter (P10: £10 off each river)', () => {
		const c = { ...ctx(home, '7', { cash: 30 }), cost: { discounts: [{ terrain: 'swamp', discount: 10, hexes: null }] } };
		const r = validateTileLay(c, lay('H23', '57-0', 0));
		expect(r.ok && r.value.cost).toBe(30);
	});
});

describe('tile lays per turn', () => {
	it('refuses a second lay (here an upgrade) by a minor; the first is allowed', () => {
		const done: LayDone[] = [{ hex: hexId('H25'), upgrade: false }];
		expect(code(validateTileLay(ctx(warrington, '7', { done }), lay('H23', '14-0', 0)))).toBe('tile_lays_used');
		expect(validateTileLay(ctx(warrington, '7'), lay('H23', '14-0', 0)).ok).toBe(true);
	});

	it('gives a major from phase 3 a second yellow lay, but not a second upgrade', () => {
		const board: BoardState = { ...warrington, tokens: [token('H23', 'LNWR')] };
		const done: LayDone[] = [{ hex: hexId('H19'), upgrade: false }];
		// Crewe (H25, a town) lies on the track's south end
		expect(validateTileLay(ctx(board, 'LNWR', { done }), lay('H25', '4-0', 0)).ok).toBe(true);
		expect(code(validateTileLay(ctx(board, 'LNWR', { done }), lay('H23', '14-0', 0)))).toBe('second_lay_not_upgrade');
		const afterUpgrade: LayDone[] = [{ hex: hexId('H19'), upgrade: true }];
		expect(code(validateTileLay(ctx(board, 'LNWR', { done: afterUpgrade }), lay('H25', '4-0', 0)))).toBe(
			'tile_lays_used'
		);
		expect(code(validateTileLay(ctx(board, 'LNWR', { done, phase: PHASE_2 }), lay('H25', '4-0', 0)))).toBe(
			'tile_lays_used'
		);
	});

	it('counts M14 home token as its lay on its first turn', () => {
		const c = { ...ctx(warrington, '7'), homeTokenCountsAsLay: true };
		expect(code(validateTileLay(c, lay('H23', '14-0', 0)))).toBe('home_token_is_lay');
		expect(legalTileLays(c)).toEqual([]);
	});
});

describe('towns are removed only by P2', () => {
	const board: BoardState = { ...emptyBoard(), tokens: [token('J21', 'LYR')] };
	it('refuses plain track on a town hex for a normal lay and allows it for P2', () => {
		expect(code(validateTileLay(ctx(board, 'LYR'), lay('J21', '7-0', 0)))).toBe('city_town_mismatch');
		const p2 = { ...ctx(board, 'LYR'), townRemoval: true };
		expect(validateTileLay(p2, lay('J21', '7-0', 0)).ok).toBe(true);
	});
});

describe('legal lay query', () => {
	it('offers the home hex with its yellow city tiles, rotations and costs, and only that hex', () => {
		const home: BoardState = { ...emptyBoard(), tokens: [token('H23', '7')] };
		const options = legalTileLays(ctx(home, '7', { phase: PHASE_2, cash: 100 }));
		expect(options.map((o) => o.hex)).toEqual(['H23']);
		expect(options[0].tiles.map((t) => t.tile)).toEqual(['5', '6', '57']);
		// every exit of H23 leads to a hex, so every rotation is offered, each at the £40 river
		for (const t of options[0].tiles) {
			expect(t.rotations.map((r) => r.rotation)).toEqual([0, 1, 2, 3, 4, 5]);
			expect(new Set(t.rotations.map((r) => r.cost))).toEqual(new Set([40]));
		}
	});

	it('offers nothing the company cannot afford', () => {
		const home: BoardState = { ...emptyBoard(), tokens: [token('H23', '7')] };
		expect(legalTileLays(ctx(home, '7', { phase: PHASE_2, cash: 39 }))).toEqual([]);
	});
});

describe('London track rights (consent hexes with stubs)', () => {
	// GWR's right on L39 (stub on edge 4, towards London). A company at Reading (K38, with 57
	// turned to exits 2 and 5) reaches L39 by its edge 2; tile 7 at rotation 1 (exits 1, 2)
	// leaves the stub uncovered.
	const reading: BoardState = {
		...emptyBoard(),
		tiles: { K38: { tile: tileId('57-0'), rotation: 2 } },
		tokens: [token('K38', 'MR')]
	};
	it('requires the printed stub to be continued once nobody holds the right', () => {
		const c = { ...ctx(reading, 'MR'), trackRight: () => 'none' as const };
		expect(code(validateTileLay(c, lay('L39', '7-0', 1)))).toBe('track_right_stub');
		// 7 at rotation 2 (exits 2, 3) still misses it; 8 at rotation 2 (exits 2, 4) continues it
		expect(code(validateTileLay(c, lay('L39', '7-0', 2)))).toBe('track_right_stub');
		expect(validateTileLay(c, lay('L39', '8-0', 2)).ok).toBe(true);
	});

	it('does not bind while a player holds the right', () => {
		const c = { ...ctx(reading, 'MR'), trackRight: () => 'other' as const };
		expect(validateTileLay(c, lay('L39', '7-0', 1)).ok).toBe(true);
	});
});

describe('tile supply', () => {
	it('uses the next free copy of a tile and takes a replaced tile back into the supply', () => {
		const home: BoardState = { ...emptyBoard(), tokens: [token('H23', '7')] };
		const first = validateTileLay(ctx(home, '7'), lay('H23', '57-0', 0));
		expect(first.ok).toBe(true);
		const board = first.ok ? first.value.board : home;
		expect(code(validateTileLay(ctx(board, '7'), lay('H25', '57-0', 0)))).toBe('tile_unavailable');
		expect(code(validateTileLay(ctx(board, '7'), lay('H23', '57-6', 0)))).toBe('tile_unavailable');
		const options = legalTileLays(ctx(board, '7'));
		expect(options.find((o) => o.hex === 'H23')?.tiles.map((t) => [t.tile, t.tileId])).toEqual([
			['14', '14-0'],
			['15', '15-0'],
			['619', '619-0']
		]);
		const upgraded = validateTileLay(ctx(board, '7'), lay('H23', '14-0', 0));
		expect(upgraded.ok && upgraded.value.board.tiles.H23).toEqual({ tile: '14-0', rotation: 0 });
		// 57-0 is free again once replaced
		const again = upgraded.ok ? upgraded.value.board : board;
		const h19: BoardState = { ...again, tokens: [...again.tokens, token('H19', '7')] };
		expect(validateTileLay(ctx(h19, '7', { phase: PHASE_2 }), lay('H19', '57-0', 0)).ok).toBe(true);
	});
});
