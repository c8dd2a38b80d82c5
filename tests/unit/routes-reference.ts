/**
 * Test helper: walks a recorded game (../shared/reference fixtures + traces) and yields,
 * for every executed `run_routes`, the board just before it (tiles from the lays, station
 * tokens from the trace's `tk`), the phase, the company's trains by id (E and L→2 variants
 * from `buy_train`, the P+ attachment from the `choose` before the run) and its mail
 * contracts. Shared by the route oracle test and the router benchmark.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MapDef } from '../../src/lib/engine/core/board-map';
import { tileOnHex } from '../../src/lib/engine/core/board';
import { emptyBoard, tileNameOf, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId, tileId, trainId } from '../../src/lib/engine/core/ids';
import { applyTileLay } from '../../src/lib/engine/core/track-lay';
import { phaseColorsOf } from '../../src/lib/engine/core/revenue';
import type { PhaseColor } from '../../src/lib/engine/core/tile';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import {
	SPECIAL_HEXES_1822,
	SPECIAL_HEXES_MRS,
	SPECIAL_HEXES_NRS,
	type SpecialHexes
} from '../../src/lib/engine/titles/g1822/map/special-hexes';
import { MAP_MRS } from '../../src/lib/engine/titles/g1822/scenarios/mrs/map';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { pullmanCanAttach, routeTrain, type RouteTrain } from '../../src/lib/engine/titles/g1822/routes/trains';
import type { RecordedRoute } from '../../src/lib/interop/routes';
import { loadTitle, referenceRoot } from './map-reference';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { routeContext, type RouteContext } from '../../src/lib/engine/titles/g1822/routes/context';

export interface RecordedGame {
	readonly title: string;
	readonly game: string;
	readonly map: MapDef;
	readonly data: string;
	readonly special: SpecialHexes;
}

export const RECORDED_GAMES: readonly RecordedGame[] = [
	{ title: '1822', game: 'discard_trains_after_sr_export', map: MAP_1822, data: '1822', special: SPECIAL_HEXES_1822 },
	{ title: '1822', game: '1822_game_end_stock_market', map: MAP_1822, data: '1822-plus', special: SPECIAL_HEXES_1822 },
	{ title: '1822', game: 'hs_lxemeslq_30797', map: MAP_1822, data: '1822', special: SPECIAL_HEXES_1822 },
	{ title: '1822NRS', game: '1822NRS_game_end_bank', map: MAP_NRS, data: '1822NRS', special: SPECIAL_HEXES_NRS },
	{ title: '1822NRS', game: '128129', map: MAP_NRS, data: '1822NRS', special: SPECIAL_HEXES_NRS },
	{ title: '1822MRS', game: '1822MRS_game_end_bank', map: MAP_MRS, data: '1822MRS', special: SPECIAL_HEXES_MRS },
	{ title: '1822MRS', game: '2227', map: MAP_MRS, data: '1822MRS', special: SPECIAL_HEXES_MRS }
];

interface Action {
	id: number;
	type: string;
	entity: string | number;
	entity_type: string;
	auto_actions?: Action[];
	hex?: string;
	tile?: string;
	rotation?: number;
	city?: string;
	train?: string;
	variant?: string;
	choice?: string | number;
	routes?: RecordedRoute[];
	subsidy?: number;
}

interface TraceLine {
	id: number;
	t: string;
	e: string | number;
	ap: number;
	r: string;
	ph: string;
	corp?: Record<string, { tk?: string[]; tr?: string[]; co?: string[] }>;
	tiles: Record<string, string>;
}

export interface RecordedRun {
	readonly actionId: number;
	readonly corporation: string;
	readonly board: BoardState;
	readonly phase: string;
	readonly phaseColors: readonly PhaseColor[];
	readonly trains: readonly RouteTrain[];
	readonly mailContracts: number;
	readonly routes: readonly RecordedRoute[];
	readonly subsidy: number | null;
	/** The train names the company held, in order (trace `tr`). */
	readonly trainNames: readonly string[];
}

/** "X21-0-3" → the hex holding tile X21-0 (or the preprinted tile "N29-0" of N29), and city 3. */
function spotOf(board: BoardState, city: string): { hex: string; city: number } {
	const parts = city.split('-');
	const cityIndex = Number(parts.pop());
	const tile = parts.join('-');
	const placed = Object.keys(board.tiles).find((h) => board.tiles[h].tile === tile);
	return { hex: placed ?? parts[0], city: cityIndex };
}

/** Every executed run_routes of a recorded game with the position it ran in. */
export function recordedRuns(g: RecordedGame): RecordedRun[] {
	const fixture = JSON.parse(readFileSync(path.join(referenceRoot, 'fixtures', g.title, `${g.game}.json`), 'utf8')) as {
		actions: Action[];
	};
	const actions = new Map(fixture.actions.map((a) => [a.id, a]));
	const lines = readFileSync(path.join(referenceRoot, 'traces', g.title, `${g.game}.jsonl`), 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as TraceLine);
	const phases = loadTitle(g.data).phases;
	const map = g.map;

	let board: BoardState = emptyBoard();
	const variants = new Map<string, string>();
	const destinationPlaced = new Set<string>();
	const placedCity = new Map<string, number>(); // "corp|hex" → city index from place_token
	let pullman: { corp: string; choice: number } | null = null;
	let prev: TraceLine | null = null;
	const out: RecordedRun[] = [];

	const seen = new Set<string>();
	const syncTokens = (line: TraceLine) => {
		const tokens: StationToken[] = [];
		for (const [corp, c] of Object.entries(line.corp ?? {})) {
			const hexes = c.tk ?? [];
			if (hexes.length > 0 && !seen.has(corp)) {
				seen.add(corp);
				// LNWR's destination token comes with its home token (no action of its own)
				const dest = map.destinations.get(corporationId(corp));
				if (dest && hexes.includes(dest)) destinationPlaced.add(corp);
			}
			const used = new Map<string, number[]>();
			for (const hex of hexes) {
				const h = hexId(hex);
				const tile = tileOnHex(map, board, h);
				if (!tile) continue;
				const taken = used.get(hex) ?? [];
				let city = 0;
				if (tile.def.cities.length > 1) {
					const home = map.homes.get(corporationId(corp));
					const placed = placedCity.get(`${corp}|${hex}`);
					const old = board.tokens.find((t) => t.corporation === corp && t.hex === hex && !taken.includes(t.city));
					if (old) city = old.city;
					else if (placed !== undefined && !taken.includes(placed)) city = placed;
					else if (home && home.hex === hex && home.city !== null && !taken.includes(home.city)) city = home.city;
					else {
						// a token taken over from a minor ("replace"): a city no other company holds
						const gone = board.tokens.find(
							(t) => t.hex === hex && /^\d+$/.test(t.corporation) && !(line.corp ?? {})[t.corporation]?.tk?.includes(hex)
						);
						const held = board.tokens.filter((t) => t.hex === hex && t.corporation !== corp).map((t) => t.city);
						const free = tile.def.cities.map((_, i) => i).filter((i) => !held.includes(i) && !taken.includes(i));
						city = gone ? gone.city : (free[0] ?? 0);
					}
				}
				taken.push(city);
				used.set(hex, taken);
				const dest = map.destinations.get(corporationId(corp));
				const kind = dest === h && destinationPlaced.has(corp) ? 'destination' : 'normal';
				tokens.push({ hex: h, city, corporation: corporationId(corp), kind });
			}
		}
		board = { ...board, tokens };
	};

	for (const line of lines) {
		const action = line.ap === 1 ? actions.get(line.id) : undefined;
		if (action) {
			const all = [action, ...(action.auto_actions ?? [])];
			if (action.type === 'run_routes' && prev) {
				const corp = String(action.entity);
				const c = prev.corp?.[corp] ?? {};
				const names = c.tr ?? [];
				const ids = (action.routes ?? []).map((r) => r.train);
				// the trace shows the train carrying the P+ with a "+" [g_1822/step/route.rb attach_pullman]
				let pullmanId: string | null = null;
				const plus = names.find((n) => n.endsWith('+') && n !== 'P+');
				if (plus && pullman && pullman.corp === corp) {
					const name = plus.slice(0, -1);
					if (!pullmanCanAttach(name)) throw new Error(`P+ on ${name} at ${action.id}`);
					pullmanId = ids.find((id) => (variants.get(id) ?? id.split('-')[0]) === name) ?? null;
				}
				const trains = ids
					.map((id) => routeTrain(trainId(id), variants.get(id) ?? id.split('-')[0], id === pullmanId))
					.filter((t): t is RouteTrain => t !== null);
				const phase = phases.find((p) => p.name === prev!.ph)!;
				out.push({
					actionId: action.id,
					corporation: corp,
					board,
					phase: phase.name,
					phaseColors: phaseColorsOf(phase.tiles),
					trains,
					mailContracts: (c.co ?? []).filter((x) => x === 'P6' || x === 'P7').length,
					routes: action.routes ?? [],
					subsidy: action.subsidy ?? null,
					trainNames: names
				});
				pullman = null;
			}
			for (const a of all) {
				if (a.type === 'lay_tile') {
					const r = applyTileLay(map, board, hexId(a.hex!), tileId(a.tile!), a.rotation!);
					if (!r.ok) throw new Error(`lay ${line.id} failed: ${r.error.message}`);
					board = r.value;
				} else if (a.type === 'buy_train' && a.train && a.variant) {
					variants.set(a.train, a.variant);
				} else if (a.type === 'hex_token') {
					destinationPlaced.add(String(a.entity));
				} else if (a.type === 'place_token' && a.city) {
					const s = spotOf(board, a.city);
					placedCity.set(`${a.entity}|${s.hex}`, s.city);
				} else if (a.type === 'choose' && a.entity_type === 'corporation' && /^\d+$/.test(String(a.choice))) {
					pullman = { corp: String(a.entity), choice: Number(a.choice) };
				}
			}
		}
		if (line.ap === 1) syncTokens(line);
		if (Object.keys(board.tiles).length !== Object.keys(line.tiles).length) {
			// keep the board's tiles honest against the trace
			const ours = Object.fromEntries(Object.entries(board.tiles).map(([h, t]) => [h, `${tileNameOf(t.tile)}@${t.rotation}`]));
			throw new Error(`tiles differ after ${line.id}: ${JSON.stringify(ours).length} vs trace`);
		}
		prev = line;
	}
	return out;
}

/** The route board and the engine's route context of a recorded run, as the run's action saw them. */
export function runContext(g: RecordedGame, run: RecordedRun): { rb: RouteBoard; ctx: RouteContext } {
	const rb = new RouteBoard(g.map, run.board);
	const ctx = routeContext({
		map: g.map,
		board: run.board,
		rb,
		special: g.special,
		corporation: corporationId(run.corporation),
		major: !/^\d+$/.test(run.corporation),
		phaseColors: run.phaseColors,
		trains: run.trains,
		mailContracts: run.mailContracts
	});
	return { rb, ctx };
}
