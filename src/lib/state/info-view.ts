/**
 * The always-visible game information as display rows, read from an engine snapshot: the stock
 * market with the companies on each price, the depot and what the next train brings, the phase
 * table, the tile manifest with the copies left, and the companies still to come. Pure; it
 * decides no legality, it only lays out what the state and the title's data say.
 */
import { configFor, tableFigures, type GameState } from '../engine';
import { phaseAfterTrain } from '../engine/core/phases';
import { tileNameOf } from '../engine/core/board-state';
import type { TileDef } from '../engine/core/tile';
import { trainTypeOf } from '../engine/core/trains';
import { mapFor } from '../engine/titles/g1822/board-ops';
import { allBidBoxes } from '../engine/titles/g1822/stock/bidboxes';

// ---------------------------------------------------------------- market

/** Colour zones of the printed market, in the order a cell's letters are read (rules digest 3.9). */
export const MARKET_ZONES = ['end', 'majorPar', 'par', 'noLimit', 'plain'] as const;
export type MarketZone = (typeof MARKET_ZONES)[number];

export interface MarketCellView {
	readonly row: number;
	readonly column: number;
	readonly price: number;
	readonly zone: MarketZone;
	/** An `e` cell: reaching it ends the game. */
	readonly endGame: boolean;
	/** Corporations on this price, earliest arrival first (the stack order, rules digest 3.9). */
	readonly companies: readonly string[];
}

export interface MarketView {
	readonly columns: number;
	/** rows[r][c]; null where the printed grid has no cell. */
	readonly rows: readonly (readonly (MarketCellView | null)[])[];
}

export function marketView(state: GameState): MarketView {
	const market = configFor(state).market;
	const byCell = new Map<string, { id: string; seq: number }[]>();
	for (const corp of Object.values(state.corporations)) {
		if (corp.closed || !corp.price) continue;
		const key = `${corp.price.row}:${corp.price.column}`;
		const list = byCell.get(key) ?? [];
		list.push({ id: corp.id, seq: corp.price.seq });
		byCell.set(key, list);
	}
	let columns = 0;
	const rows = market.rows.map((r) => {
		columns = Math.max(columns, r.length);
		return r.map((cell): MarketCellView | null => {
			if (!cell) return null;
			const here = (byCell.get(`${cell.row}:${cell.column}`) ?? []).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
			const zone: MarketZone = cell.endGame
				? 'end'
				: cell.majorPar
					? 'majorPar'
					: cell.par
						? 'par'
						: cell.noCertLimit
							? 'noLimit'
							: 'plain';
			return { row: cell.row, column: cell.column, price: cell.price, zone, endGame: cell.endGame, companies: here.map((h) => h.id) };
		});
	});
	return { columns, rows };
}

// ---------------------------------------------------------------- depot and phases

export interface TrainVariantView {
	readonly name: string;
	readonly price: number;
	readonly rustsOn: string | null;
}

export interface DepotTrainRow {
	readonly name: string;
	readonly price: number;
	readonly distance: string;
	/** Copies still in the depot; null for the unlimited type while it is on sale. */
	readonly left: number | null;
	/** Copies in the game (without those that start on a private); null when unlimited. */
	readonly total: number | null;
	readonly rustsOn: string | null;
	readonly variants: readonly TrainVariantView[];
	readonly events: readonly string[];
}

export interface NextTrainView {
	readonly id: string;
	readonly name: string;
	readonly price: number;
	readonly variants: readonly TrainVariantView[];
	/** The phase buying it (or the named variant) starts, when it starts one. */
	readonly phaseIfBought: readonly { readonly train: string; readonly phase: string }[];
	/** Whether it is the first of its type, so its rusting and events still lie ahead (rules digest 6.1). */
	readonly first: boolean;
	/** Train types (and variants) that rust when the first of this type is bought. */
	readonly rusts: readonly string[];
	readonly events: readonly string[];
}

export interface DepotView {
	readonly trains: readonly DepotTrainRow[];
	readonly next: NextTrainView | null;
	/** Trains discarded back to the depot, by current name, in discard order. */
	readonly discarded: readonly { readonly name: string; readonly count: number }[];
}

function distanceText(d: number | 'local'): string {
	return d === 'local' ? '1 city + 1 town' : `${d}`;
}

/** Trains (and variants) whose rusting is triggered by the first train named `name`. */
function rustedBy(state: GameState, name: string): string[] {
	const out: string[] = [];
	for (const t of configFor(state).trains) {
		if (t.rustsOn === name) out.push(t.name);
		for (const v of t.variants) if (v.rustsOn === name) out.push(v.name);
	}
	return out;
}

export function depotView(state: GameState): DepotView {
	const config = configFor(state);
	const counts = new Map<string, number>();
	for (const id of state.depot.upcoming) counts.set(trainTypeOf(id), (counts.get(trainTypeOf(id)) ?? 0) + 1);
	const trains: DepotTrainRow[] = [];
	for (const t of config.trains) {
		const reserved = t.reservedFor ? Object.keys(t.reservedFor).length : 0;
		// Types whose every copy starts on a private card never enter the depot (rules digest 6.1).
		if (t.num >= 0 && reserved >= t.num) continue;
		const inDepot = counts.get(t.name) ?? 0;
		trains.push({
			name: t.name,
			price: t.price,
			distance: distanceText(t.distance),
			left: t.num < 0 && inDepot > 0 ? null : inDepot,
			total: t.num < 0 ? null : t.num - reserved,
			rustsOn: t.rustsOn,
			variants: t.variants.map((v) => ({ name: v.name, price: v.price, rustsOn: v.rustsOn })),
			events: t.events
		});
	}
	const discarded: { name: string; count: number }[] = [];
	for (const d of state.depot.discarded) {
		const row = discarded.find((x) => x.name === d.name);
		if (row) row.count++;
		else discarded.push({ name: d.name, count: 1 });
	}
	return { trains, next: nextTrain(state), discarded };
}

function nextTrain(state: GameState): NextTrainView | null {
	const config = configFor(state);
	const id = state.depot.upcoming[0];
	if (id === undefined) return null;
	const name = trainTypeOf(id);
	const def = config.trains.find((t) => t.name === name);
	if (!def) return null;
	const phaseIfBought: { train: string; phase: string }[] = [];
	for (const train of [name, ...def.variants.map((v) => v.name)]) {
		const after = phaseAfterTrain(config.phases, state.phase, train);
		if (after !== state.phase) phaseIfBought.push({ train, phase: config.phases[after].name });
	}
	// The first of a type is the one carrying its events and rusting (rules digest 6.1). A limited
	// type is untouched while every copy is still in the depot and none was discarded back; the
	// unlimited type's first copy is the one that starts its phase.
	const inDepot = state.depot.upcoming.filter((t) => trainTypeOf(t) === name).length;
	const reserved = def.reservedFor ? Object.keys(def.reservedFor).length : 0;
	const first =
		def.num >= 0
			? inDepot === def.num - reserved && !state.depot.discarded.some((d) => trainTypeOf(d.id) === name)
			: phaseIfBought.length > 0;
	return {
		id,
		name,
		price: def.price,
		variants: def.variants.map((v) => ({ name: v.name, price: v.price, rustsOn: v.rustsOn })),
		phaseIfBought,
		first,
		rusts: rustedBy(state, name),
		events: def.events
	};
}

export interface PhaseRow {
	readonly name: string;
	/** Train types whose first purchase starts it (empty: the game starts in it). */
	readonly on: readonly string[];
	readonly tiles: readonly string[];
	readonly trainLimit: { readonly minor: number; readonly major: number };
	readonly operatingRounds: number;
	readonly status: readonly string[];
	/** Train types that rust when a train starting this phase (and no later one) is first bought. */
	readonly rusts: readonly string[];
	readonly current: boolean;
	readonly past: boolean;
}

export function phaseRows(state: GameState): PhaseRow[] {
	const config = configFor(state);
	return config.phases.map((p, i) => {
		// Only a trigger train that stops in this phase counts: a first 3 bought in phase 1 passes
		// phase 2 and lands in phase 3 (rules digest 6.2), so its rusting belongs to phase 3.
		const rusts = new Set<string>();
		for (const t of p.on) {
			if (i === 0 || phaseAfterTrain(config.phases, i - 1, t) !== i) continue;
			for (const r of rustedBy(state, t)) rusts.add(r);
		}
		return {
			name: p.name,
			on: p.on,
			tiles: p.tiles,
			trainLimit: p.trainLimit,
			operatingRounds: p.operatingRounds,
			status: p.status,
			rusts: [...rusts],
			current: i === state.phase,
			past: i < state.phase
		};
	});
}

// ---------------------------------------------------------------- tiles

export const TILE_COLOURS = ['yellow', 'green', 'brown', 'gray'] as const;

export interface TileRow {
	readonly name: string;
	readonly color: string;
	/** Copies in the box; null when unlimited. */
	readonly total: number | null;
	readonly laid: number;
	/** total − laid; null when unlimited. */
	readonly left: number | null;
	/** The tile itself, for drawing. */
	readonly def: TileDef | null;
}

/** The title's tile manifest in colour order (manifest order within a colour), with the copies on the map. */
export function tileRows(state: GameState): TileRow[] {
	const map = mapFor(state.setup.title);
	const laid = new Map<string, number>();
	for (const placed of Object.values(state.board.tiles)) {
		const n = tileNameOf(placed.tile);
		laid.set(n, (laid.get(n) ?? 0) + 1);
	}
	const rows: TileRow[] = [];
	for (const [name, count] of map.manifest) {
		const color: string = map.tiles.get(name)?.color ?? 'white';
		const used = laid.get(name) ?? 0;
		const def = map.tiles.get(name) ?? null;
		rows.push({ name, color, total: count < 0 ? null : count, laid: used, left: count < 0 ? null : count - used, def });
	}
	const rank = (c: string): number => {
		const i = (TILE_COLOURS as readonly string[]).indexOf(c);
		return i < 0 ? TILE_COLOURS.length : i;
	};
	return rows.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r.color) - rank(b.r.color) || a.i - b.i).map((x) => x.r);
}

// ---------------------------------------------------------------- companies to come

export interface UpcomingCompany {
	readonly id: string;
	readonly name: string;
	readonly kind: 'private' | 'concession' | 'minor';
	/** In a bid box now (the reference's timeline marks these with a star). */
	readonly inBox: boolean;
	readonly minBid: number;
	readonly revenue: number;
}

export interface UpcomingStack {
	/** "Minors", "Concessions", "Privates", or "Privates, box 2" in 1822+ with three private stacks. */
	readonly label: string;
	readonly companies: readonly UpcomingCompany[];
}

/**
 * The unsold companies of each stack in the order they will reach the bid boxes. 18xx.games shows
 * the same lists (the stacks' order is public there) with the boxed ones starred
 * [g_1822/game.rb timeline, bank_companies].
 */
export function upcomingStacks(state: GameState): UpcomingStack[] {
	const config = configFor(state);
	const boxed = new Set(allBidBoxes(state, config));
	const LABELS: Record<string, string> = { minors: 'Minors', concessions: 'Concessions', privates: 'Privates' };
	return tableFigures(state)
		.stacks.map((stack) => ({
			label: LABELS[stack.stack] ?? `Privates, box ${stack.stack.replace(/^privates-/, '')}`,
			companies: stack.companies.map((c) => {
				const def = config.companyDefs[c];
				// A minor or concession card is named after its railway; the card's own name only repeats the kind.
				const corp = def.corporation ? config.corporationDefs[def.corporation] : undefined;
				return { id: c, name: corp?.name ?? def.name, kind: def.kind, inBox: boxed.has(c), minBid: def.minBid, revenue: def.revenue };
			})
		}))
		.filter((s) => s.companies.length > 0);
}
