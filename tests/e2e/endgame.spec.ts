// The end of a game and the spreadsheet (issue 8), in a real Chromium. A recorded 1822NRS game
// that ended when the bank broke is imported through /import as a hotseat game, all but its last
// action (the import continues only unfinished games); the last one, NBR passing, is played here
// by clicking, and the game ends. Then:
// - the end screen shows one final score per player, equal to the site's `result` for that game;
// - the reason is the bank breaking; the chart has one line per player;
// - the spreadsheet tab's players table sorts by value (high to low, then low to high) and the
//   order follows the site's final scores; stepped back to the start, it has no revenue yet.
// Screenshots at 1920×1080, 1280×800 and 390×844, no console errors. The recorded game is read from
// ../shared/reference at run time (never copied into the project).
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOTS, watchErrors } from './game-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const GAME = path.join(REFERENCE, 'fixtures', '1822NRS', '1822NRS_game_end_bank.json');
const haveReference = existsSync(GAME);

interface Export {
	players: { id: number; name: string }[];
	actions: { id: number; type: string; entity: number | string }[];
	result: Record<string, number>;
	[key: string]: unknown;
}

async function noSidewaysOverflow(page: Page) {
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
}

/** Player names in the order the players table shows them. */
async function playerOrder(page: Page): Promise<string[]> {
	return page.getByTestId('sheet-players').locator('tbody tr th').allTextContents();
}

test('a recorded game finished here: final scores, reason, value chart, and a sortable spreadsheet', async ({ page }) => {
	test.skip(!haveReference, 'needs ../shared/reference');
	test.setTimeout(180_000);
	const errors = watchErrors(page);
	const full = JSON.parse(readFileSync(GAME, 'utf8')) as Export;
	const last = full.actions[full.actions.length - 1];
	expect([last.type, last.entity]).toEqual(['pass', 'NBR']);
	const prefix: Export = { ...full, status: 'active', result: {}, actions: full.actions.slice(0, -1) };
	const nameOf = new Map(full.players.map((p) => [String(p.id), p.name]));
	const expected = Object.entries(full.result).map(([id, value]) => ({ name: nameOf.get(id)!, value }));

	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: 'nrs-bank.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(prefix)) });
	await expect(page.getByTestId('import-summary')).toContainText(`of ${prefix.actions.length} logged actions replayed`);
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });

	// The site's last action: NBR passes, and the operating round (and the game) ends.
	await page.getByTestId('or-pass').click({ timeout: 60_000 });
	const end = page.getByTestId('end-of-game');
	await expect(end).toBeVisible({ timeout: 30_000 });

	const scores = end.getByTestId('final-score');
	await expect(scores).toHaveCount(full.players.length);
	for (const { name, value } of expected) {
		await expect(end.locator(`[data-testid="final-score"][data-player="${name}"]`)).toHaveAttribute('data-value', String(value));
	}
	// Winner first: the list is in the order of the site's scores, highest first.
	const byValue = [...expected].sort((a, b) => b.value - a.value).map((e) => e.name);
	expect(await scores.evaluateAll((els) => els.map((e) => e.getAttribute('data-player')))).toEqual(byValue);
	await expect(end.getByTestId('end-reason')).toHaveAttribute('data-reason', 'bank');
	await expect(end.getByTestId('end-reason')).toContainText('The bank broke');
	await expect(end.getByTestId('value-line')).toHaveCount(full.players.length);
	for (const p of full.players) await expect(end.locator(`[data-testid="value-line"][data-player="${p.name}"] polyline`)).toHaveCount(1);

	// The figures as a table, for readers who cannot see the chart.
	await end.getByTestId('value-table-toggle').click();
	await expect(end.getByTestId('value-table')).toBeVisible();
	await end.getByTestId('value-table-toggle').click();

	await end.scrollIntoViewIfNeeded();
	await end.screenshot({ path: `${SCREENSHOTS}/end-1280.png` });
	// The whole page at the end, on a laptop and on a wide screen: the final scores on the first screen.
	for (const [w, h] of [
		[1280, 800],
		[1920, 1080]
	] as const) {
		await page.setViewportSize({ width: w, height: h });
		await page.evaluate(() => window.scrollTo(0, 0));
		expect((await scores.first().boundingBox())?.y ?? Infinity, `first final score on the first screen at ${w}`).toBeLessThan(h);
		await noSidewaysOverflow(page);
		await page.screenshot({ path: `${SCREENSHOTS}/end-page-${w}x${h}.png` });
	}
	await page.setViewportSize({ width: 1280, height: 800 });
	// The players table writes amounts as the end screen does: thousands separated ("£7,129").
	const playerCash = await page.locator('[data-testid="player-row"] [data-testid="cash"]').allTextContents();
	expect(playerCash.length).toBe(full.players.length);
	for (const c of playerCash) expect(c).toMatch(/^£\d{1,3}(,\d{3})*$/);
	expect(playerCash.some((c) => c.includes(','))).toBe(true);

	// The spreadsheet: sort the players by value, high to low, then low to high.
	await page.getByTestId('tab-sheet').click();
	const sheet = page.getByTestId('spreadsheet');
	await expect(sheet.getByTestId('sheet-companies').locator('tbody tr').first()).toBeVisible();
	expect(await playerOrder(page)).toEqual(full.players.map((p) => p.name));
	const valueHeader = sheet.getByTestId('sheet-players').locator('th[data-column="value"]');
	await valueHeader.getByRole('button').click();
	await expect(valueHeader).toHaveAttribute('aria-sort', 'descending');
	expect(await playerOrder(page)).toEqual(byValue);
	await valueHeader.getByRole('button').click();
	await expect(valueHeader).toHaveAttribute('aria-sort', 'ascending');
	expect(await playerOrder(page)).toEqual([...byValue].reverse());

	// Companies by cash, high to low: the cash cells read in descending order.
	const cashHeader = sheet.getByTestId('sheet-companies').locator('th[data-column="cash"]');
	await cashHeader.getByRole('button').click();
	await expect(cashHeader).toHaveAttribute('aria-sort', 'descending');
	const cashIndex = await cashHeader.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th));
	const cash = await sheet
		.getByTestId('sheet-companies')
		.locator(`tbody tr > :nth-child(${cashIndex + 1})`)
		.allTextContents();
	const amounts = cash.map((t) => Number(t.replace(/[£,]/g, '')));
	expect(amounts.length).toBeGreaterThan(1);
	expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
	// Revenue of past operating rounds as columns, the last one that of this game's end.
	await expect(sheet.getByTestId('sheet-companies').locator('th[data-column="rev:OR 8.2"]')).toHaveCount(1);
	await sheet.scrollIntoViewIfNeeded();
	await sheet.screenshot({ path: `${SCREENSHOTS}/sheet-1280.png` });

	// Back at the start of the game (history), no company has operated yet; at the present again,
	// every operating round is back.
	await page.getByTestId('history-start').click();
	await expect(end).toHaveCount(0);
	await expect(sheet.getByTestId('sheet-companies').locator('th[data-column^="rev:"]')).toHaveCount(0);
	await page.getByTestId('history-end').click();
	await expect(end).toBeVisible();
	await expect(sheet.getByTestId('sheet-companies').locator('th[data-column="rev:OR 8.2"]')).toHaveCount(1);

	// A phone: the end screen and the spreadsheet fit the width (tables scroll inside themselves).
	await page.setViewportSize({ width: 390, height: 844 });
	await noSidewaysOverflow(page);
	await sheet.scrollIntoViewIfNeeded();
	await page.screenshot({ path: `${SCREENSHOTS}/sheet-390.png` });
	await end.scrollIntoViewIfNeeded();
	await expect(end.getByTestId('value-line')).toHaveCount(full.players.length);
	await noSidewaysOverflow(page);
	await end.screenshot({ path: `${SCREENSHOTS}/end-390.png` });

	// The dark theme: the same chart, its colours chosen for a dark background.
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.setViewportSize({ width: 1280, height: 800 });
	await end.scrollIntoViewIfNeeded();
	await end.screenshot({ path: `${SCREENSHOTS}/end-dark-1280.png` });

	expect(errors).toEqual([]);
});
