/**
 * The spreadsheet's tables (issue 8) and the end screen's words for why a game ended.
 * - Sorting: numbers and names both ways, empty cells last either way, ties kept in order.
 * - Against recorded games: at the end, each company's row (president, price, cash, trains,
 *   stations placed) and each player's row (cash, shares) equal the reference engine's final
 *   trace line, and each player's value equals the site's `result`
 *   (../shared/reference/fixtures and traces).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/lib/engine';
import { resolveUndoRedo } from '../../src/lib/interop/undo-redo';
import { replayExport } from '../../src/lib/interop/replay';
import { computeGameStats } from '../../src/lib/state/game-stats';
import { companySheet, playerSheet, sortRows, type SheetRow, type SheetTable } from '../../src/lib/state/sheet-view';
import { endReasonWords } from '../../src/lib/components/game/end-reason';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const reference = path.resolve(projectRoot, '../shared/reference');
const haveReference = existsSync(path.join(reference, 'fixtures')) && existsSync(path.join(reference, 'traces'));

const row = (key: string, ...sorts: (number | string | null)[]): SheetRow => ({ key, cells: sorts.map((s) => ({ text: String(s ?? '—'), sort: s })) });
const keys = (rows: readonly SheetRow[]) => rows.map((r) => r.key);

describe('spreadsheet sorting', () => {
	const rows = [row('a', 'Cleo', 300), row('b', 'Ada', null), row('c', 'Bea', 1200), row('d', 'Dan', 300)];

	it('a money column sorts by amount, not as text (£1,200 above £300)', () => {
		expect(keys(sortRows(rows, 1, 'descending'))).toEqual(['c', 'a', 'd', 'b']);
		expect(keys(sortRows(rows, 1, 'ascending'))).toEqual(['a', 'd', 'c', 'b']);
	});

	it('an empty cell (a company that did not operate) sorts last in both directions', () => {
		expect(keys(sortRows(rows, 1, 'ascending')).at(-1)).toBe('b');
		expect(keys(sortRows(rows, 1, 'descending')).at(-1)).toBe('b');
	});

	it('names sort alphabetically; equal keys keep their first order', () => {
		expect(keys(sortRows(rows, 0, 'ascending'))).toEqual(['b', 'c', 'a', 'd']);
		expect(keys(sortRows(rows, 0, 'descending'))).toEqual(['d', 'a', 'c', 'b']);
		// a and d both hold 300: a stays first whichever the direction.
		expect(keys(sortRows(rows, 1, 'ascending')).slice(0, 2)).toEqual(['a', 'd']);
	});
});

describe('why the game ended, in words (rules digest 11)', () => {
	it('a bank broken in an operating round ends the game after the last OR of the set', () => {
		const w = endReasonWords({ finished: true, reason: 'bank', trigger: 'bank', timing: 'full_or' });
		expect(w.headline).toBe('The bank broke');
		expect(w.sentence).toContain('after the last operating round of that set');
	});
	it('a bank broken in a stock round ends the game after the next OR', () => {
		expect(endReasonWords({ finished: true, reason: 'bank', trigger: 'bank', timing: 'next_or' }).sentence).toContain('in a stock round');
	});
	it('a price reaching the end of the market in an OR ends the game with that OR', () => {
		const w = endReasonWords({ finished: true, reason: 'stock_market', trigger: 'stock_market', timing: 'current_or' });
		expect(w.headline).toContain('end of the market');
		expect(w.sentence).toContain('ended with that operating round');
	});
	it('a game ended by hand, and a first stock round without a bid, each say so', () => {
		expect(endReasonWords({ finished: true, reason: 'manually_ended', trigger: null, timing: null }).sentence).toContain('by hand');
		expect(endReasonWords({ finished: true, reason: 'dnf', trigger: null, timing: null }).headline).toBe('The game did not finish');
	});
});

interface TraceEnd {
	pl: { id: number; c: number; sh: Record<string, number> }[];
	corp: Record<string, { c: number; sp?: number; tr?: string[]; tk?: string[]; o?: number; x?: number }>;
}

function cellsOf(table: SheetTable, key: string): Record<string, { text: string; sort: number | string | null }> {
	const r = table.rows.find((x) => x.key === key);
	if (!r) throw new Error(`no row ${key}`);
	return Object.fromEntries(table.columns.map((c, i) => [c.id, r.cells[i]]));
}

describe.skipIf(!haveReference)('spreadsheet rows at the end of recorded games', () => {
	for (const name of ['1822NRS/1822NRS_game_end_bank', '1822MRS/1822MRS_game_end_bank', '1822/1822_game_end_stock_market'] as const) {
		it(`${name}: companies and players as the reference engine left them`, () => {
			const json = JSON.parse(readFileSync(path.join(reference, 'fixtures', `${name}.json`), 'utf8')) as {
				players: { id: number; name: string }[];
				result: Record<string, number>;
			};
			const lines = readFileSync(path.join(reference, 'traces', `${name}.jsonl`), 'utf8').trim().split('\n');
			const end = JSON.parse(lines[lines.length - 1]) as TraceEnd;
			const report = replayExport(json);
			expect(report.match).toBe(true);
			const state = report.game!.state as GameState;
			const nameOf = new Map(json.players.map((p) => [p.id, p.name]));

			const companies = companySheet(state, null);
			const open = Object.entries(end.corp).filter(([, c]) => !c.x);
			expect(companies.rows.map((r) => r.key).sort()).toEqual(open.map(([id]) => id).sort());
			for (const [id, c] of open) {
				const cells = cellsOf(companies, id);
				expect(cells.cash.sort, `${id} cash`).toBe(c.c);
				expect(cells.price.sort, `${id} price`).toBe(c.sp ?? null);
				expect(cells.president.text, `${id} president`).toBe(c.o === undefined ? '—' : nameOf.get(c.o));
				expect(cells.trains.text, `${id} trains`).toBe((c.tr ?? []).length > 0 ? c.tr!.join(', ') : '—');
				expect(cells.stations.sort, `${id} stations placed`).toBe((c.tk ?? []).length);
			}

			const players = playerSheet(state);
			for (const p of end.pl) {
				const cells = cellsOf(players, String(p.id));
				expect(cells.cash.sort).toBe(p.c);
				expect(cells.value.sort).toBe(json.result[String(p.id)]);
				const held = Object.fromEntries(
					players.columns.filter((c) => c.id.startsWith('share:') && cells[c.id].sort !== null).map((c) => [c.id.slice(6), cells[c.id].sort])
				);
				expect(held, `${p.id} shares`).toEqual(p.sh);
			}
		});
	}

	it('a company closed after running keeps its row, marked closed, with its past revenue', () => {
		const name = '1822NRS/1822NRS_game_end_bank';
		const json = JSON.parse(readFileSync(path.join(reference, 'fixtures', `${name}.json`), 'utf8')) as { actions: Action[] };
		const lines = readFileSync(path.join(reference, 'traces', `${name}.jsonl`), 'utf8').trim().split('\n');
		const end = JSON.parse(lines[lines.length - 1]) as TraceEnd;
		const report = replayExport(json);
		const start = replayExport({ ...json, actions: [] }).game!.state as GameState;
		const stats = computeGameStats(start, resolveUndoRedo(json.actions).surviving);
		const sheet = companySheet(report.game!.state as GameState, stats);
		const state = report.game!.state as GameState;
		// Closed by the engine's state (acquired minors); the trace's last line lists open companies only.
		const closedRan = Object.values(state.corporations)
			.filter((c) => c.closed && Object.keys(stats.revenue[c.id] ?? {}).length > 0)
			.map((c) => c.id);
		expect(closedRan.length).toBeGreaterThan(0);
		const open = Object.entries(end.corp).filter(([, c]) => !c.x).map(([id]) => id);
		expect(open.some((id) => closedRan.includes(id))).toBe(false);
		expect(sheet.rows.map((r) => r.key).sort()).toEqual([...open, ...closedRan].sort());
		for (const id of closedRan) {
			const cells = cellsOf(sheet, id);
			expect(cells.company.text).toMatch(/\(closed\)$/);
			expect(cells.cash.sort).toBeNull();
			for (const [or, amount] of Object.entries(stats.revenue[id])) expect(cells[`rev:${or}`].sort, `${id} ${or}`).toBe(amount);
		}
	});

	it('revenue columns are the operating rounds played, each company’s cells its runs', () => {
		const json = JSON.parse(readFileSync(path.join(reference, 'fixtures', '1822MRS/2227.json'), 'utf8')) as { actions: Action[] };
		const report = replayExport(json);
		const start = replayExport({ ...json, actions: [] }).game!.state as GameState;
		const stats = computeGameStats(start, resolveUndoRedo(json.actions).surviving);
		const sheet = companySheet(report.game!.state as GameState, stats);
		const revCols = sheet.columns.filter((c) => c.id.startsWith('rev:')).map((c) => c.label);
		expect(revCols).toEqual(stats.operatingRounds);
		expect(revCols.length).toBeGreaterThan(0);
		for (const r of sheet.rows) {
			const cells = cellsOf(sheet, r.key);
			for (const or of revCols) expect(cells[`rev:${or}`].sort).toBe(stats.revenue[r.key]?.[or] ?? null);
		}
	});
});
