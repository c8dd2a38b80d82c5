// The full 1822 game on a phone with a touch screen (issue 18), 390×844 with touch emulated: the
// first screen shows the game, the step's main action and End turn sit in a sticky bar at the
// foot of the screen (at the route step its main action runs the routes found), and no keyboard hint ("(Enter)", "(Esc)") is shown, in the stock round,
// an operating turn with the tile picker open, the route step, the log, the market and the end
// screen of a finished game. Screenshots go to tests/output/screenshots as touch-1822-*-390.png.
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { box, openSeeded1822, SCREENSHOTS, watchErrors } from './game-helpers';
import { act, heading } from './log-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const FINISHED = path.join(REFERENCE, 'fixtures', '1822', '1822_game_end_stock_market.json');
const W = 390;
const H = 844;

test.use({ viewport: { width: W, height: H }, hasTouch: true, isMobile: true });

/** No keyboard hint is visible: the hint spans are hidden and no "(Enter)"-like text shows. */
async function noKeyHints(page: Page, where: string): Promise<void> {
	for (const hint of await page.locator('.key-hint').all()) await expect(hint, `a key hint in ${where}`).toBeHidden();
	expect(await page.locator('body').innerText(), `key hints in ${where}`).not.toMatch(/\((Enter|Esc|Backspace|R|P|Space)\)|\((Backspace|Enter) [a-z]/);
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow, `sideways scroll in ${where}`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: `${SCREENSHOTS}/touch-1822-${name}-${W}.png` });
}

/** An element's box lies inside the screen now (the sticky bar, whatever the scroll). */
async function onScreen(page: Page, testId: string): Promise<void> {
	const b = await page.getByTestId(testId).first().boundingBox();
	expect(b, testId).not.toBeNull();
	expect(b!.y, `${testId} top`).toBeGreaterThanOrEqual(0);
	expect(b!.y + b!.height, `${testId} bottom`).toBeLessThanOrEqual(H + 1);
}

test('full 1822 on a touch phone: the game first, a sticky action bar, no key hints, from the stock round to the end screen', async ({ page }) => {
	test.setTimeout(240_000);
	const errors = watchErrors(page);
	await openSeeded1822(page);

	// The stock round: the first bid box starts on the first screen; Pass sits in view with no hint.
	await page.evaluate(() => window.scrollTo(0, 0));
	expect((await page.getByTestId('bid-box').first().boundingBox())?.y ?? Infinity, 'first bid box on the first screen').toBeLessThan(H);
	const pass = page.getByTestId('active-panel').locator('button[aria-keyshortcuts="p"]');
	await expect(pass).toBeInViewport();
	await noKeyHints(page, 'the stock round');
	await noSidewaysScroll(page, 'the stock round');
	await shot(page, 'stock');

	// Each player wins a minor with a lone bid (boxes 2 to 4), typed and tapped, then all pass.
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => /^M\d+$/.test(c)).slice(1, 4);
	for (const m of minors) {
		const input = box(page, m).getByRole('spinbutton');
		const min = await input.getAttribute('min');
		await act(page, async () => {
			await input.fill(String(min));
			await box(page, m).getByRole('button', { name: 'Bid', exact: true }).tap();
		});
	}
	for (let i = 0; i < 8 && !((await heading(page).textContent()) ?? '').includes('Operating Round'); i++) await act(page, () => pass.tap());
	await expect(heading(page)).toContainText('Operating Round 1.1');

	// The first minor's first turn: the game first, the step's way on in the sticky bar.
	await page.evaluate(() => window.scrollTo(0, 0));
	await expect(page.getByTestId('operating-round').locator('.map-col')).toBeInViewport();
	await onScreen(page, 'or-action-bar');
	await expect(page.getByTestId('or-action-bar').getByTestId('or-pass')).toBeVisible();
	await expect(page.getByTestId('or-action-bar').getByTestId('or-to-step')).toBeVisible();
	await noKeyHints(page, 'an operating turn');
	await shot(page, 'operating');
	await act(page, () => page.locator('[data-testid="buy-train"][data-train="L"]').first().tap());

	// Lay track: a tapped hex opens the tile picker over the map.
	await expect(page.getByTestId('or-step')).toHaveText('Lay track');
	const hex = page.locator('[data-lay-hex]').first();
	await hex.scrollIntoViewIfNeeded();
	await hex.tap();
	const picker = page.getByRole('region', { name: /^Lay a tile on / });
	await expect(picker).toBeInViewport();
	await onScreen(page, 'or-action-bar');
	await noKeyHints(page, 'the tile picker');
	await noSidewaysScroll(page, 'the tile picker');
	await shot(page, 'tile-picker');
	await picker.getByRole('button', { name: /^Cancel/ }).tap();
	await expect(picker).toHaveCount(0);

	// Pass to the route step: Best routes, Run and Do not run, with no hint.
	for (let i = 0; i < 4 && (await page.getByTestId('or-step').textContent()) !== 'Run trains'; i++) await act(page, () => page.getByTestId('or-action-bar').getByTestId('or-pass').tap());
	await expect(page.getByTestId('or-step')).toHaveText('Run trains');
	await page.getByTestId('best-routes').tap();
	await expect(page.getByTestId('best-routes')).toBeVisible({ timeout: 30_000 });
	// The routes found, the bar's main action runs them (beside Do not run), wherever the page is scrolled.
	const barRun = page.getByTestId('or-action-bar').getByTestId('or-bar-run');
	await expect(barRun).toHaveText(/^Run for £\d+$/);
	await expect(page.getByTestId('or-action-bar').getByTestId('or-no-run')).toBeVisible();
	await page.getByTestId('routes-panel').scrollIntoViewIfNeeded();
	await onScreen(page, 'or-action-bar');
	await noKeyHints(page, 'the route step');
	// The help speaks of tapping, not clicking, on a touch screen.
	const help = await page.getByTestId('routes-panel').innerText();
	expect(help).toContain('tap its stops on the map');
	expect(help).not.toMatch(/\bclick/i);
	await shot(page, 'routes');
	const amount = ((await barRun.textContent()) ?? '').replace('Run for ', '').trim();
	await act(page, () => barRun.tap());
	await expect(page.getByTestId('game-log').locator('li[data-kind="action"]').first()).toHaveText(new RegExp(`^Minor \\d+ runs for ${amount}\\s*$`));

	// The log and the market tabs.
	await page.getByTestId('tab-log').tap();
	await page.getByTestId('game-log').scrollIntoViewIfNeeded();
	await noKeyHints(page, 'the log');
	await shot(page, 'log');
	await page.getByTestId('tab-market').tap();
	await page.getByTestId('market-panel').scrollIntoViewIfNeeded();
	await noKeyHints(page, 'the market');
	await noSidewaysScroll(page, 'the market');
	await shot(page, 'market');
	expect(errors).toEqual([]);
});

test('full 1822 on a touch phone: the end screen of a finished game, no key hints', async ({ page }) => {
	test.skip(!existsSync(FINISHED), 'needs ../shared/reference');
	test.setTimeout(240_000);
	const errors = watchErrors(page);
	const raw = readFileSync(FINISHED, 'utf8');
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: '1822-end.json', mimeType: 'application/json', buffer: Buffer.from(raw) });
	await expect(page.getByTestId('import-review')).toBeVisible({ timeout: 120_000 });
	await page.getByTestId('import-keep-here').tap();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 120_000 });
	const end = page.getByTestId('end-of-game');
	await expect(end).toBeVisible({ timeout: 60_000 });
	await page.evaluate(() => window.scrollTo(0, 0));
	// The end screen is the first thing seen: its final scores start on the first screen.
	expect((await end.getByTestId('final-score').first().boundingBox())?.y ?? Infinity, 'first final score on the first screen').toBeLessThan(H);
	await noKeyHints(page, 'the end screen');
	await noSidewaysScroll(page, 'the end screen');
	await shot(page, 'end');
	expect(errors).toEqual([]);
});
