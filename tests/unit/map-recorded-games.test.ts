/**
 * Recorded games: every executed `lay_tile` of every shared game is applied to our board
 * and the board must then equal the trace's `tiles`; station tokens are taken from the
 * trace's `tk` (cities from `place_token`), and each corporation lay must be among the
 * legal options our query returns for that company at that moment
 * (../shared/reference/fixtures/<title>/<game>.json and traces/<title>/<game>.jsonl).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MapDef } from '../../src/lib/engine/core/board-map';
import { tileOnHex } from '../../src/lib/engine/core/board';
import { emptyBoard, tileNameOf, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, tileId, type HexId } from '../../src/lib/engine/core/ids';
import { applyTileLay } from '../../src/lib/engine/core/track-lay';
import { TrackGraph } from '../../src/lib/engine/core/track-graph';
import { legalTileLays, type TrackRightHolder } from '../../src/lib/engine/titles/g1822/map/lays';
import {
	destinationReached,
	tokenPlacements,
	validateDestinationToken
} from '../../src/lib/engine/titles/g1822/map/stations';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import type { LayDone, TileDiscount } from '../../src/lib/engine/titles/g1822/map/tile-lays';
import { g1822Upgrade } from '../../src/lib/engine/titles/g1822/map/upgrades';
import { MAP_MRS } from '../../src/lib/engine/titles/g1822/scenarios/mrs/map';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { loadTitle, referenceRoot } from './map-reference';

const GAMES: readonly [title: string, game: string, map: MapDef, data: string][] = [
	['1822', 'discard_trains_after_sr_export', MAP_1822, '1822'],
	['1822', '1822_game_end_stock_market', MAP_1822, '1822-plus'],
	['1822', 'hs_lxemeslq_30797', MAP_1822, '1822'],
	['1822NRS', '1822NRS_game_end_bank', MAP_NRS, '1822NRS'],
	['1822NRS', '128129', MAP_NRS, '1822NRS'],
	['1822MRS', '1822MRS_game_end_bank', MAP_MRS, '1822MRS'],
	['1822MRS', '2227', MAP_MRS, '1822MRS']
];

const gamesExist = existsSync(path.join(referenceRoot, 'traces'));

interface Action {
	id: number;
	auto_actions?: Action[];
	type: string;
	entity: string | number;
	entity_type: string;
	hex?: string;
	tile?: string;
	rotation?: number;
	city?: string;
}
interface TraceLine {
	id: number;
	t: string;
	e: string | number;
	ap: number;
	r: string;
	ph: string;
	corp?: Record<string, { c: number; tk?: string[]; o?: number; co?: string[] }>;
	comp?: Record<string, number | string>;
	bb?: string[];
	tiles: Record<string, string>;
}

// Discounts as the reference's tile_discount abilities of P8 and P10 (1822.json companies[].abilities).
const P10_DISCOUNTS: TileDiscount[] = [{ terrain: 'swamp', discount: 10, hexes: null }];
const P8_DISCOUNTS: TileDiscount[] = [{ terrain: 'mountain', discount: 20, hexes: null }];

function tilesOf(map: MapDef, board: BoardState): Record<string, string> {
	const out: Record<string, string> = {};
	for (const hex of Object.keys(board.tiles)) {
		out[hex] = `${tileNameOf(board.tiles[hex].tile)}@${board.tiles[hex].rotation}`;
	}
	void map;
	return out;
}

/** Follow the trace's `tk` lists: add new tokens (city from the action or home), drop removed ones. */
function syncTokens(map: MapDef, board: BoardState, line: TraceLine, action: Action | undefined): BoardState {
	const want = new Map<string, string[]>();
	for (const [corp, c] of Object.entries(line.corp ?? {})) want.set(corp, [...(c.tk ?? [])]);
	const kept: StationToken[] = [];
	const removed: StationToken[] = [];
	const have = new Map<string, string[]>();
	for (const t of board.tokens) {
		const list = want.get(t.corporation) ?? [];
		const i = list.indexOf(t.hex);
		if (i >= 0) {
			list.splice(i, 1);
			kept.push(t);
			have.set(t.corporation, [...(have.get(t.corporation) ?? []), t.hex]);
		} else removed.push(t);
	}
	for (const [corp, hexes] of want) {
		for (const hex of hexes) {
			const h = map.byId.get(hexId(hex))!;
			const tile = tileOnHex(map, board, h.id)!;
			let city = 0;
			if (tile.def.cities.length > 1) {
				const home = map.homes.get(corporationId(corp));
				const swapped = removed.find((t) => t.hex === hex);
				if (action?.type === 'place_token' && action.city) city = Number(action.city.split('-').pop());
				else if (swapped) city = swapped.city;
				else if (home && home.hex === hex && home.city !== null) city = home.city;
			}
			const kind = action?.type === 'hex_token' && action.entity === corp ? 'destination' : 'normal';
			kept.push({ hex: h.id, city, corporation: corporationId(corp), kind });
		}
	}
	return { ...board, tokens: kept };
}

/**
 * Minors that closed (left `corp`) or left the bid boxes without floating no longer hold
 * their home slot [rules digest 3.8 step 7, 5.7: the minor is closed].
 */
class MinorWatch {
	private lastBoxes: string[] = [];
	private floated = new Set<string>();
	private prevCorps: string[] = [];

	closed(line: TraceLine): string[] {
		const out: string[] = [];
		const corps = Object.keys(line.corp ?? {});
		for (const id of corps) if (/^\d+$/.test(id)) this.floated.add(id);
		for (const id of this.prevCorps) if (/^\d+$/.test(id) && !corps.includes(id)) out.push(id);
		this.prevCorps = corps;
		if (line.bb) {
			for (const c of this.lastBoxes) {
				const id = c.slice(1);
				if (c.startsWith('M') && !line.bb.includes(c) && !this.floated.has(id) && !corps.includes(id)) out.push(id);
			}
			this.lastBoxes = line.bb;
		}
		return out;
	}
}

/** "15-1-0" → the hex holding tile 15-1 (or the preprinted tile "E6-0" of E6), and city 0. */
function spotOf(map: MapDef, board: BoardState, city: string): { hex: HexId; city: number } {
	const parts = city.split('-');
	const cityIndex = Number(parts.pop());
	const tile = parts.join('-');
	const placed = Object.keys(board.tiles).find((h) => board.tiles[h].tile === tile);
	return { hex: hexId(placed ?? parts[0]), city: cityIndex };
}

function tokenHexes(board: BoardState, corp: string): string[] {
	return board.tokens
		.filter((t) => t.corporation === corp)
		.map((t) => t.hex as string)
		.sort();
}

describe.skipIf(!gamesExist)('recorded games: tile lays, station and destination tokens', () => {
	for (const [title, game, map, data] of GAMES) {
		it(`${title}/${game}: every lay and token applies, the board matches the trace, and each is among the legal options`, () => {
			const fixture = JSON.parse(
				readFileSync(path.join(referenceRoot, 'fixtures', title, `${game}.json`), 'utf8')
			) as { actions: Action[] };
			const actions = new Map(fixture.actions.map((a) => [a.id, a]));
			const lines = readFileSync(path.join(referenceRoot, 'traces', title, `${game}.jsonl`), 'utf8')
				.split('\n')
				.filter((l) => l.trim() !== '')
				.map((l) => JSON.parse(l) as TraceLine);
			const phases = loadTitle(data).phases;
			const corpsInPlay = loadTitle(data).corporations.map((c) => corporationId(c.id));

			let board: BoardState = { ...emptyBoard(), reservations: corpsInPlay };
			const graph = new TrackGraph(map, board);
			let prev: TraceLine | null = null;
			let turn = '';
			let done: LayDone[] = [];
			let lays = 0;
			let tokenChecks = 0;
			const minors = new MinorWatch();
			const notOffered: string[] = [];
			for (const line of lines) {
				if (line.ap !== 1) continue;
				const action = actions.get(line.id);
				if (line.t === 'lay_tile' && action) {
					const hex = hexId(action.hex!);
					const old = tileOnHex(map, board, hex)!;
					const tile = map.tiles.get(tileNameOf(action.tile!))!;
					const special = action.entity_type === 'company';
					expect(g1822Upgrade(hex, old, tile, { special }).ok, `${line.id} ${action.tile} on ${hex}`).toBe(true);
					const key = `${line.r}|${line.e}`;
					if (key !== turn) {
						turn = key;
						done = [];
					}
					if (action.entity_type === 'corporation' && prev) {
						const corp = String(action.entity);
						const c = prev.corp?.[corp];
						const phase = phases.find((p) => p.name === prev!.ph)!;
						const acting = c?.o;
						const trackRight = (h: HexId): TrackRightHolder => {
							const right = map.trackRights.get(h);
							if (!right) return 'none';
							const holders = [prev!.comp?.[right.company], prev!.corp?.[right.corporation]?.o].filter(
								(x): x is number => typeof x === 'number'
							);
							if (holders.length === 0) return 'none';
							return acting !== undefined && holders.includes(acting) ? 'acting' : 'other';
						};
						graph.update(board);
						const owned = c?.co ?? [];
						const options = legalTileLays({
							map,
							board,
							graph,
							phase: { name: phase.name, tiles: phase.tiles, status: phase.status },
							corporation: corporationId(corp),
							kind: /^\d+$/.test(corp) ? 'minor' : 'major',
							cash: c?.c ?? 0,
							laysDone: done,
							cost: {
								discounts: [
									...(owned.includes('P10') ? P10_DISCOUNTS : []),
									...(owned.includes('P8') ? P8_DISCOUNTS : [])
								]
							},
							trackRight
						});
						const offered = options
							.find((o) => o.hex === hex)
							?.tiles.find((t) => t.tile === tile.name)
							?.rotations.some((r) => r.rotation === action.rotation);
						if (!offered) notOffered.push(`${line.id} ${corp} ${action.tile}@${action.rotation} on ${hex}`);
					}
					done.push({ hex, upgrade: old.def.color !== 'white' });
					const after = applyTileLay(map, board, hex, tileId(action.tile!), action.rotation!);
					expect(after.ok, `${line.id}`).toBe(true);
					if (after.ok) board = after.value;
					lays++;
					expect(tilesOf(map, board), `tiles after action ${line.id}`).toEqual(line.tiles);
				}
				// station tokens placed by the operating corporation, and destination tokens
				const tokenActions = action ? [action, ...(action.auto_actions ?? [])] : [];
				for (const a of tokenActions) {
					const corp = String(a.entity);
					if (a.type === 'place_token' && a.entity_type === 'corporation' && !/^\d+$/.test(corp) && prev) {
						graph.update(board);
						const spot = spotOf(map, board, a.city!);
						// English Channel tokens come from abilities: free and without connection
						const channel = spot.hex === 'P43';
						const places = tokenPlacements({
							map,
							board,
							graph,
							corporation: corporationId(corp),
							kind: 'major',
							cash: prev.corp?.[corp]?.c ?? 0,
							tokensLeft: 1,
							placedThisTurn: false,
							...(channel ? { price: 0, noConnection: true } : {})
						});
						tokenChecks++;
						if (!places.some((p) => p.hex === spot.hex && p.city === spot.city)) {
							notOffered.push(`${line.id} ${corp} token ${a.city} (${spot.hex})`);
						} else {
							board = {
								...board,
								tokens: [...board.tokens, { ...spot, corporation: corporationId(corp), kind: 'normal' }]
							};
							expect(tokenHexes(board, corp), `${line.id} ${corp} tokens`).toEqual([...(line.corp?.[corp]?.tk ?? [])].sort());
						}
					}
					if (a.type === 'hex_token') {
						graph.update(board);
						tokenChecks++;
						if (!destinationReached(map, board, graph, corporationId(corp))) {
							notOffered.push(`${line.id} ${corp} destination ${a.hex} not reached`);
						}
						const placed = validateDestinationToken(map, board, graph, corporationId(corp), hexId(a.hex!), {
							force: true
						});
						expect(placed.ok, `${line.id} ${corp} destination`).toBe(true);
						if (placed.ok) board = placed.value.board;
						expect(tokenHexes(board, corp), `${line.id} ${corp} tokens`).toEqual([...(line.corp?.[corp]?.tk ?? [])].sort());
					}
				}
				board = syncTokens(map, board, line, action);
				const closed = minors.closed(line);
				if (closed.length > 0) {
					board = { ...board, reservations: board.reservations.filter((c) => !closed.includes(c)) };
				}
				prev = line;
			}
			// hs_lxemeslq_30797 was undone back to action 3: none of its lays were executed
			expect(lays).toBe(lines.filter((l) => l.ap === 1 && l.t === 'lay_tile').length);
			expect(notOffered, 'recorded lays and tokens not among the legal options').toEqual([]);
			const tokenActions = lines
				.filter((l) => l.ap === 1 && actions.has(l.id))
				.flatMap((l) => {
					const a = actions.get(l.id)!;
					return [a, ...(a.auto_actions ?? [])];
				})
				.filter(
					(a) =>
						a.type === 'hex_token' ||
						(a.type === 'place_token' && a.entity_type === 'corporation' && !/^\d+$/.test(String(a.entity)))
				);
			expect(tokenChecks).toBe(tokenActions.length);
		});
	}
});
