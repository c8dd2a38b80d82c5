/**
 * The spreadsheet (issue 8) as plain tables: every company's cash, trains, stations, price,
 * president and revenue in each past operating round; every player's cash, shares and value.
 * Each cell carries the text shown and the key it sorts by, so the page sorts any column the
 * same way (`sortRows`). Pure; figures come from the engine (prices, scores) and the game's
 * replay (state/game-stats.ts), nothing is re-derived from the rules here.
 */
import { corporationPrice, scores, type GameState } from '../engine';
import type { GameStats } from './game-stats';
import { corporationLabel } from './operating-view';
import { playerName } from './stock-view';

export interface SheetColumn {
	readonly id: string;
	readonly label: string;
	/** Right-aligned, sorted high to low on the first click. */
	readonly numeric: boolean;
	/** A longer name for the header's tooltip and screen readers. */
	readonly title?: string;
}

export interface SheetCell {
	readonly text: string;
	/** Null sorts last whichever the direction (a company that did not operate, no price yet). */
	readonly sort: number | string | null;
}

export interface SheetRow {
	readonly key: string;
	readonly cells: readonly SheetCell[];
}

export interface SheetTable {
	readonly columns: readonly SheetColumn[];
	readonly rows: readonly SheetRow[];
}

export type SortDirection = 'ascending' | 'descending';

const money = (v: number): string => `£${v.toLocaleString('en-GB')}`;
const cell = (text: string, sort: number | string | null): SheetCell => ({ text, sort });
const numberCell = (v: number | null, show: (v: number) => string = money): SheetCell => (v === null ? cell('—', null) : cell(show(v), v));

/** The president's player name, or null while the president's certificate is not with a player. */
function presidentOf(state: GameState, id: string): string | null {
	const owner = state.corporations[id]?.shares.find((c) => c.president)?.owner;
	return typeof owner === 'string' && owner.startsWith('player:') ? playerName(state, Number(owner.slice('player:'.length))) : null;
}

/**
 * Companies in play (floated minors, IPO'd majors), in the engine's order (minors by number, then
 * majors), and closed ones that ran in an operating round `stats` has seen (their past revenue,
 * marked closed). Revenue columns are those operating rounds, oldest first.
 */
export function companySheet(state: GameState, stats: GameStats | null): SheetTable {
	const ors = stats?.operatingRounds ?? [];
	const columns: SheetColumn[] = [
		{ id: 'company', label: 'Company', numeric: false },
		{ id: 'president', label: 'President', numeric: false },
		{ id: 'price', label: 'Price', numeric: true, title: 'Share price' },
		{ id: 'cash', label: 'Cash', numeric: true, title: 'Treasury' },
		{ id: 'trains', label: 'Trains', numeric: false },
		{ id: 'stations', label: 'Stations', numeric: true, title: 'Stations placed / left on the charter' },
		...ors.map((or) => ({ id: `rev:${or}`, label: or, numeric: true, title: `Revenue in ${or}` }))
	];
	const rows: SheetRow[] = [];
	for (const corp of Object.values(state.corporations)) {
		const revenue = stats?.revenue[corp.id] ?? {};
		if (corp.closed ? !ors.some((or) => revenue[or] !== undefined) : !(corp.ipoed || corp.floated)) continue;
		const revenueCells = ors.map((or) => numberCell(revenue[or] ?? null));
		if (corp.closed) {
			const none = cell('—', null);
			const label = `${corporationLabel(state, corp.id)} (closed)`;
			rows.push({ key: corp.id, cells: [cell(label, `2${corp.id.padStart(3, '0')}`), none, none, none, none, none, ...revenueCells] });
			continue;
		}
		const placed = corp.charter.filter((t) => t.at !== null).length;
		const left = corp.charter.length - placed;
		const president = presidentOf(state, corp.id);
		const trains = corp.trains.map((t) => t.name);
		rows.push({
			key: corp.id,
			cells: [
				// Minors sort by number, before the majors (whose names sort among themselves).
				cell(corporationLabel(state, corp.id), corp.type === 'minor' ? `0${corp.id.padStart(3, '0')}` : `1${corp.id}`),
				cell(president ?? '—', president),
				numberCell(corporationPrice(state, corp.id)),
				numberCell(corp.cash),
				cell(trains.length > 0 ? trains.join(', ') : '—', trains.length > 0 ? trains.join(',') : null),
				cell(`${placed} / ${left}`, placed),
				...revenueCells
			]
		});
	}
	return { columns, rows };
}

/**
 * Players in seat order: cash, the percentage held of each company any player holds, and value
 * (the engine's score: rules digest 11).
 */
export function playerSheet(state: GameState): SheetTable {
	const values = scores(state);
	const held = Object.values(state.corporations).filter(
		(c) => !c.closed && c.shares.some((s) => typeof s.owner === 'string' && s.owner.startsWith('player:'))
	);
	const columns: SheetColumn[] = [
		{ id: 'player', label: 'Player', numeric: false },
		{ id: 'cash', label: 'Cash', numeric: true },
		...held.map((c) => ({ id: `share:${c.id}`, label: corporationLabel(state, c.id), numeric: true, title: `Percent of ${corporationLabel(state, c.id)} held` })),
		{ id: 'value', label: 'Value', numeric: true, title: 'Cash, shares at market value and concessions, less debt' }
	];
	const rows: SheetRow[] = state.setup.players.map((sp, seat) => {
		const p = state.players.find((q) => q.id === sp.id);
		const holder = `player:${sp.id}`;
		return {
			key: String(sp.id),
			cells: [
				cell(p?.name ?? sp.name, seat),
				numberCell(p?.cash ?? 0),
				...held.map((c) => {
					const mine = c.shares.filter((s) => s.owner === holder);
					const percent = mine.reduce((n, s) => n + s.percent, 0);
					const pres = mine.some((s) => s.president);
					return percent === 0 ? cell('', null) : cell(`${percent}%${pres ? ' P' : ''}`, percent);
				}),
				numberCell(values[String(sp.id)] ?? 0)
			]
		};
	});
	return { columns, rows };
}

function compareKeys(a: number | string, b: number | string): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const sa = String(a);
	const sb = String(b);
	return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Rows ordered by column `col`; empty cells last in either direction, ties in their first order. */
export function sortRows(rows: readonly SheetRow[], col: number, direction: SortDirection): SheetRow[] {
	const sign = direction === 'ascending' ? 1 : -1;
	return rows
		.map((row, i) => ({ row, i }))
		.sort((a, b) => {
			const ka = a.row.cells[col]?.sort ?? null;
			const kb = b.row.cells[col]?.sort ?? null;
			if (ka === null || kb === null) return ka === kb ? a.i - b.i : ka === null ? 1 : -1;
			return sign * compareKeys(ka, kb) || a.i - b.i;
		})
		.map((x) => x.row);
}
