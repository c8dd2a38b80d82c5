// The always-visible game information in a real Chromium: the market grid, the depot and phase
// table, the tile manifest, the companies to come and the players' table. Expected figures are
// worked out here from the reference data (../shared/reference/data/<title>.json), a recorded
// game's trace (../shared/reference/traces/1822MRS/2227.jsonl) and the rules digest, never read
// back from the app.
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bid, box, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat, HOTSEAT_NAMES } from './game-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const DATA_NRS = path.join(REFERENCE, 'data', '1822NRS.json');
const DATA_MRS = path.join(REFERENCE, 'data', '1822MRS.json');
const GAME = path.join(REFERENCE, 'fixtures', '1822MRS', '2227.json');
const TRACE = path.join(REFERENCE, 'traces', '1822MRS', '2227.jsonl');
const haveReference = [DATA_NRS, DATA_MRS, GAME, TRACE].every((f) => existsSync(f));

interface RefData {
	market: { raw: string[][] };
	trains: { name: string; in_depot_after_setup: string[] }[];
	tiles: { name: string; count: number }[];
}
interface TraceLine {
	id: number;
	r: string;
	corp: Record<string, { sp?: number; x?: number }>;
	depot: Record<string, number>;
	tiles: Record<string, string>;
	bb?: string[];
}

/** Phase 1 minors float at £50 (rules digest 3.8, 6.2). */
const PHASE_1_MINOR_PRICE = 50;

async function openTab(page: Page, id: string): Promise<void> {
	await page.getByTestId(`tab-${id}`).click();
	await expect(page.getByTestId(`tab-${id}`)).toHaveAttribute('aria-selected', 'true');
}

async function shoot(page: Page, name: string, testId: string): Promise<void> {
	for (const [w, h] of [
		[1280, 800],
		[390, 844]
	] as const) {
		await page.setViewportSize({ width: w, height: h });
		const el = page.getByTestId(testId).first();
		await el.scrollIntoViewIfNeeded();
		await el.screenshot({ path: `${SCREENSHOTS}/${name}-${w}.png` });
		// Nothing but the market's own scroller may push the page sideways on a phone.
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow, `${name} at ${w}px`).toBeLessThanOrEqual(0);
	}
	await page.setViewportSize({ width: 1280, height: 800 });
}

async function marketPriceOf(page: Page, company: string): Promise<string | null> {
	return page.locator(`[data-testid="market-cell"]:has([data-logo="${company}"])`).getAttribute('data-price');
}

test('hotseat 1822NRS: market, depot, tiles and companies to come match the reference data', async ({ page }) => {
	test.skip(!haveReference, 'needs ../shared/reference');
	test.setTimeout(150_000);
	const errors = watchErrors(page);
	const data = JSON.parse(readFileSync(DATA_NRS, 'utf8')) as RefData;
	await page.setViewportSize({ width: 1280, height: 800 });

	await createNrsHotseat(page);
	const names = HOTSEAT_NAMES;

	// Market: one cell per printed price, the printed e cells marked, nobody on it yet.
	await openTab(page, 'market');
	const printed = data.market.raw.flat().filter((t) => t !== '');
	await expect(page.getByTestId('market-cell')).toHaveCount(printed.length);
	await expect(page.locator('[data-testid="market-cell"][data-end="true"]')).toHaveCount(printed.filter((t) => t.includes('e')).length);
	await expect(page.locator('[data-testid="market-cell"] [data-logo]')).toHaveCount(0);

	// Depot: every type at its setup count; the next train is an L.
	await openTab(page, 'trains');
	for (const t of data.trains) {
		const n = t.in_depot_after_setup.length;
		if (n === 0 || t.name === '7') continue;
		await expect(page.locator(`[data-testid="depot-row"][data-train="${t.name}"]`).getByTestId('trains-left')).toHaveText(`${n} / ${n}`);
	}
	await expect(page.getByTestId('next-train')).toHaveAttribute('data-train', 'L');
	await expect(page.locator('[data-testid="phase-row"][aria-current="step"]')).toHaveAttribute('data-phase', '1');

	// Tiles: nothing laid, so every limited tile shows its full box count.
	await openTab(page, 'tiles');
	for (const t of data.tiles.filter((x) => x.count > 0)) {
		await expect(page.locator(`[data-testid="tile-count"][data-tile="${t.name}"]`)).toHaveAttribute('data-left', String(t.count));
	}

	// Companies to come: the starred companies are exactly the bid boxes on the page.
	await openTab(page, 'upcoming');
	const boxes = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	expect(boxes.length).toBeGreaterThan(0);
	const starred = await page
		.locator('[data-testid="upcoming-company"][data-boxed="true"]')
		.evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	expect([...starred].sort()).toEqual([...boxes].sort());

	// Each player wins one minor for £100; the round ends and the minors float at £50.
	const minors = boxes.filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	for (const [i, name] of names.entries()) {
		await expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
		await bid(page, minors[i], 100);
		await expect(box(page, minors[i])).toContainText('£100');
		await pressPass(page);
	}
	for (let i = 0; i < 6 && !(await page.getByRole('heading', { level: 1 }).textContent())?.includes('Operating Round'); i++) {
		await pressPass(page);
		await page.waitForTimeout(150);
	}
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');
	await openTab(page, 'market');
	for (const m of minors) expect(await marketPriceOf(page, m.slice(1))).toBe(String(PHASE_1_MINOR_PRICE));
	// The three minors are bought, so they have left the minor stack.
	await openTab(page, 'upcoming');
	for (const m of minors) await expect(page.locator(`[data-testid="upcoming-company"][data-company="${m}"]`)).toHaveCount(0);
	// Players: one certificate each (the minor), no loans.
	for (const n of names) {
		const row = page.locator(`[data-testid="player-row"][data-player="${n}"]`);
		await expect(row.getByTestId('certs')).toHaveText(/^1\/\d+$/);
		await expect(row.getByTestId('debt')).toHaveText('—');
	}
	// Companies: each floated minor with its one home station used and none left on the charter.
	for (const m of minors) await expect(page.locator(`[data-testid="company-row"][data-company="${m.slice(1)}"]`)).toHaveCount(1);
	await shoot(page, 'companies', 'companies-table');
	expect(errors).toEqual([]);
});

test('imported 1822MRS game: market prices, trains and tiles left match the trace', async ({ page }) => {
	test.skip(!haveReference, 'needs ../shared/reference');
	test.setTimeout(150_000);
	const errors = watchErrors(page);
	const data = JSON.parse(readFileSync(DATA_MRS, 'utf8')) as RefData;
	const lines = readFileSync(TRACE, 'utf8')
		.split('\n')
		.filter((l) => l.trim() !== '')
		.map((l) => JSON.parse(l) as TraceLine);
	// The last stock-round position of the game (its log has no undo before it).
	const at = [...lines].reverse().find((l) => l.r.startsWith('Stock Round') && l.bb)!;
	const full = JSON.parse(readFileSync(GAME, 'utf8')) as { actions: { id: number }[] } & Record<string, unknown>;
	const prefix = { ...full, status: 'active', result: {}, actions: full.actions.filter((a) => a.id <= at.id) };

	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: '2227-prefix.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(prefix)) });
	await expect(page.getByTestId('import-summary')).toContainText(`${prefix.actions.length} of ${prefix.actions.length} logged actions replayed`);
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(at.r);

	// Market: every open company on its traced share price.
	await openTab(page, 'market');
	const traced = Object.entries(at.corp).filter(([, c]) => !c.x && c.sp !== undefined);
	expect(traced.length).toBeGreaterThan(0);
	for (const [id, c] of traced) expect(await marketPriceOf(page, id), id).toBe(String(c.sp));
	await shoot(page, 'market', 'market-panel');

	// Depot: trains left per type as traced (the unlimited 7 shows ∞).
	await openTab(page, 'trains');
	for (const [name, count] of Object.entries(at.depot)) {
		const cell = page.locator(`[data-testid="depot-row"][data-train="${name}"]`).getByTestId('trains-left');
		if (name === '7') await expect(cell).toHaveText('∞');
		else await expect(cell).toHaveText(new RegExp(`^${count} / `));
	}
	if (!('L' in at.depot)) await expect(page.locator('[data-testid="depot-row"][data-train="L"]').getByTestId('trains-left')).toHaveText(/^0 \//);
	await shoot(page, 'depot', 'depot-panel');

	// Tiles: the box count less the copies the trace shows on the map.
	await openTab(page, 'tiles');
	const laid = new Map<string, number>();
	for (const t of Object.values(at.tiles)) laid.set(t.split('@')[0], (laid.get(t.split('@')[0]) ?? 0) + 1);
	expect(laid.size).toBeGreaterThan(0);
	for (const [name, n] of laid) {
		const total = data.tiles.find((t) => t.name === name)!.count;
		await expect(page.locator(`[data-testid="tile-count"][data-tile="${name}"]`)).toHaveAttribute('data-left', total < 0 ? 'unlimited' : String(total - n));
	}
	await shoot(page, 'tiles', 'tiles-panel');

	// Companies to come: the starred ones are the trace's bid boxes.
	await openTab(page, 'upcoming');
	const starred = await page
		.locator('[data-testid="upcoming-company"][data-boxed="true"]')
		.evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	expect([...starred].sort()).toEqual([...(at.bb ?? [])].sort());
	await shoot(page, 'upcoming', 'upcoming-panel');

	await shoot(page, 'players', 'players-panel');
	expect(errors).toEqual([]);
});
