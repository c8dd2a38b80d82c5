/**
 * The always-visible game information (src/lib/state/info-view.ts) against the reference data
 * (../shared/reference/data/<title>.json: market.raw, trains[], phases[], tiles[]) and a recorded
 * game's trace (../shared/reference/traces/1822MRS/2227.jsonl: corp sp, depot, tiles, bb), plus
 * hand-built positions whose answers are worked out in the comments.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TitleId } from '../../src/lib/engine';
import { floatMinorFor, newGame } from '../../src/lib/engine/titles/g1822/testing';
import { replayExport } from '../../src/lib/interop/replay';
import { depotView, marketView, phaseRows, tileRows, upcomingStacks } from '../../src/lib/state/info-view';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reference = path.resolve(projectRoot, '../shared/reference');
const haveData = existsSync(path.join(reference, 'data', '1822.json'));
const GAME = path.join(reference, 'fixtures', '1822MRS', '2227.json');
const TRACE = path.join(reference, 'traces', '1822MRS', '2227.jsonl');
const haveGame = existsSync(GAME) && existsSync(TRACE);

interface RefData {
	market: { raw: string[][] };
	trains: { name: string; num: number; in_depot_after_setup: string[] }[];
	phases: { name: string; tiles: string[]; train_limit: { minor: number; major: number }; operating_rounds: number }[];
	tiles: { name: string; count: number; color: string }[];
}
const load = (file: string): RefData => JSON.parse(readFileSync(path.join(reference, 'data', `${file}.json`), 'utf8')) as RefData;
const TITLES: readonly [file: string, title: TitleId][] = [
	['1822', '1822'],
	['1822NRS', '1822NRS'],
	['1822MRS', '1822MRS']
];

interface TraceLine {
	id: number;
	r: string;
	corp: Record<string, { sp?: number; x?: number }>;
	depot: Record<string, number>;
	tiles: Record<string, string>;
	bb?: string[];
}

describe.skipIf(!haveData)('stock market grid (rules digest 3.9, market as printed)', () => {
	for (const [file, title] of TITLES) {
		it(`${title}: every printed price is a cell and exactly the printed e cells are marked`, () => {
			const raw = load(file).market.raw;
			const view = marketView(newGame({ title, players: 4 }));
			expect(view.rows.length).toBe(raw.length);
			raw.forEach((row, r) =>
				row.forEach((text, c) => {
					const cell = view.rows[r][c] ?? null;
					if (text === '') expect(cell).toBeNull();
					else {
						expect(cell?.price).toBe(Number.parseInt(text, 10));
						expect(cell?.endGame).toBe(text.includes('e'));
					}
				})
			);
		});
	}
});

describe('market stack order: corporations on one price are listed in arrival order (rules digest 3.9)', () => {
	it('two minors floated at £50 in the order 7 then 3 show as [7, 3] on the 50 par cell', () => {
		const s = newGame({ title: '1822', players: 3 });
		floatMinorFor(s, '7', 1, 50);
		floatMinorFor(s, '3', 2, 50);
		const cells = marketView(s).rows.flat().filter((c) => c && c.companies.length > 0);
		expect(cells.length).toBe(1);
		expect(cells[0]?.price).toBe(50);
		expect(cells[0]?.companies).toEqual(['7', '3']);
	});
});

describe.skipIf(!haveData)('depot at setup (rules digest 1.5, 6.1)', () => {
	for (const [file, title] of TITLES) {
		it(`${title}: trains left per type are the reference depot after setup`, () => {
			const data = load(file);
			const view = depotView(newGame({ title, players: 4 }));
			for (const t of data.trains) {
				const row = view.trains.find((r) => r.name === t.name);
				if (t.in_depot_after_setup.length === 0) {
					expect(row).toBeUndefined();
					continue;
				}
				if (t.num < 0) expect(row?.left).toBeNull();
				else expect(row?.left).toBe(t.in_depot_after_setup.length);
			}
		});
	}
});

describe('the next train and what it brings (rules digest 6.2)', () => {
	it('at the start of 1822 the next train is an L; bought as its 2 variant it starts phase 2', () => {
		const next = depotView(newGame({ title: '1822', players: 4 })).next;
		expect(next?.name).toBe('L');
		expect(next?.price).toBe(60);
		expect(next?.phaseIfBought).toEqual([{ train: '2', phase: '2' }]);
		expect(next?.rusts).toEqual([]);
	});

	it('with the Ls gone in phase 1, the next train is the first 3: phase 3 at once, and it rusts the L', () => {
		const s = newGame({ title: '1822', players: 4 });
		s.depot.upcoming = s.depot.upcoming.filter((t) => !t.startsWith('L-'));
		const next = depotView(s).next;
		expect(next?.name).toBe('3');
		expect(next?.first).toBe(true);
		// Phase 2 is triggered by 2 or 3, phase 3 by 3: the loop goes 1 → 3 (rules digest 6.2).
		expect(next?.phaseIfBought).toEqual([{ train: '3', phase: '3' }]);
		expect(next?.rusts).toEqual(['L']);
	});

	it('a 3 that is not the first of its type is marked so (its rusting has happened)', () => {
		const s = newGame({ title: '1822', players: 4 });
		s.depot.upcoming = s.depot.upcoming.filter((t) => !t.startsWith('L-') && t !== '3-0');
		s.phase = 2;
		const next = depotView(s).next;
		expect(next?.id).toBe('3-1');
		expect(next?.first).toBe(false);
		expect(next?.phaseIfBought).toEqual([]);
	});
});

describe.skipIf(!haveData)('phase table (rules digest 6.2)', () => {
	for (const [file, title] of TITLES) {
		it(`${title}: rows are the reference phases, phase 1 marked current`, () => {
			const data = load(file);
			const rows = phaseRows(newGame({ title, players: 4 }));
			expect(rows.map((r) => r.name)).toEqual(data.phases.map((p) => p.name));
			rows.forEach((r, i) => {
				expect(r.tiles).toEqual(data.phases[i].tiles);
				expect(r.trainLimit).toEqual(data.phases[i].train_limit);
				expect(r.operatingRounds).toBe(data.phases[i].operating_rounds);
				expect(r.current).toBe(i === 0);
			});
		});
	}

	it('1822: the first 3 rusts the L, the first 4 the upgraded 2, a first 2 nothing (rules digest 6.1)', () => {
		const rows = phaseRows(newGame({ title: '1822', players: 4 }));
		// Phase 2 starts with a 2 (nothing rusts); a 3 bought in phase 1 goes on to phase 3.
		expect(rows.find((r) => r.name === '2')?.rusts).toEqual([]);
		expect(rows.find((r) => r.name === '3')?.rusts).toEqual(['L']);
		expect(rows.find((r) => r.name === '4')?.rusts).toEqual(['2']);
	});
});

describe.skipIf(!haveData)('tile manifest with the copies left', () => {
	for (const [file, title] of TITLES) {
		it(`${title}: at setup every tile has its full box count left`, () => {
			const data = load(file);
			const rows = tileRows(newGame({ title, players: 4 }));
			expect(rows.length).toBe(data.tiles.length);
			for (const t of data.tiles) {
				const row = rows.find((r) => r.name === t.name);
				expect(row?.color).toBe(t.color);
				expect(row?.total).toBe(t.count < 0 ? null : t.count);
				expect(row?.left).toBe(t.count < 0 ? null : t.count);
			}
		});
	}
});

describe.skipIf(!haveData || !haveGame)('recorded game 1822MRS/2227 against its trace', () => {
	const fixture = haveGame ? (JSON.parse(readFileSync(GAME, 'utf8')) as unknown) : null;
	const lines = haveGame
		? readFileSync(TRACE, 'utf8')
				.split('\n')
				.filter((l) => l.trim() !== '')
				.map((l) => JSON.parse(l) as TraceLine)
		: [];

	it('final position: every company sits on its traced share price; depot and tiles left match', () => {
		const report = replayExport(fixture);
		const state = report.game?.snapshot();
		expect(state).toBeDefined();
		if (!state) return;
		const last = lines[lines.length - 1];
		const onMarket = new Map<string, number>();
		for (const cell of marketView(state).rows.flat()) for (const c of cell?.companies ?? []) onMarket.set(c, cell?.price ?? -1);
		const traced = Object.entries(last.corp).filter(([, c]) => !c.x && c.sp !== undefined);
		expect(traced.length).toBeGreaterThan(0);
		for (const [id, c] of traced) expect(onMarket.get(id)).toBe(c.sp);

		const depot = depotView(state);
		for (const [name, count] of Object.entries(last.depot)) {
			const row = depot.trains.find((r) => r.name === name);
			expect(row?.left === null ? 1 : row?.left).toBe(count);
		}
		// L is exhausted in this game: the trace omits it, so its row shows none left.
		expect(depot.trains.find((r) => r.name === 'L')?.left).toBe(0);

		const manifest = load('1822MRS').tiles;
		const laid = new Map<string, number>();
		for (const t of Object.values(last.tiles)) laid.set(t.split('@')[0], (laid.get(t.split('@')[0]) ?? 0) + 1);
		const rows = tileRows(state);
		for (const t of manifest) {
			const row = rows.find((r) => r.name === t.name);
			expect(row?.laid).toBe(laid.get(t.name) ?? 0);
			if (t.count >= 0) expect(row?.left).toBe(t.count - (laid.get(t.name) ?? 0));
		}
		expect(rows.find((r) => r.name === '58')?.left).toBe(manifest.find((t) => t.name === '58')!.count - 2);
	});

	it('companies to come: the starred companies are the bid boxes of the trace', () => {
		const line = [...lines].reverse().find((l) => l.bb && l.r.startsWith('Stock Round'));
		expect(line).toBeDefined();
		if (!line?.bb) return;
		const state = replayExport(fixture, { until: line.id }).game?.snapshot();
		expect(state).toBeDefined();
		if (!state) return;
		const starred = upcomingStacks(state).flatMap((s) => s.companies.filter((c) => c.inBox).map((c) => c.id));
		expect([...starred].sort()).toEqual([...line.bb].sort());
	});
});

describe('companies to come at setup (rules digest 1.4)', () => {
	it('1822 with 4 players: M24, C1 and P1 head their stacks; 4 minors, 3 concessions and 3 privates are boxed', () => {
		const stacks = upcomingStacks(newGame({ title: '1822', players: 4 }));
		const by = (label: string) => stacks.find((s) => s.label === label)?.companies ?? [];
		expect(by('Minors')[0]?.id).toBe('M24');
		expect(by('Concessions')[0]?.id).toBe('C1');
		expect(by('Privates')[0]?.id).toBe('P1');
		expect(by('Minors').filter((c) => c.inBox).length).toBe(4);
		expect(by('Concessions').filter((c) => c.inBox).length).toBe(3);
		expect(by('Privates').filter((c) => c.inBox).length).toBe(3);
		// The boxed ones are the heads of their stacks.
		expect(by('Minors').slice(0, 4).every((c) => c.inBox)).toBe(true);
	});
});
