// The game screen as a table (issue 18): the map is the page on a laptop and wider, the chrome
// folds into one bar, the phone shows the game first with a sticky action bar, and the page text
// of the stock round, an operating turn and the log names things instead of showing raw ids.
// Screenshots at 1920×1080, 1280×800 and 390×844 (touch) go to tests/output/screenshots.
import { expect, test, type Page } from '@playwright/test';
import { bid, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat, HOTSEAT_NAMES } from './game-helpers';

const SIZES = [
	{ name: '1920', width: 1920, height: 1080 },
	{ name: '1280', width: 1280, height: 800 }
] as const;

/** Raw ids the engine uses that must never reach the page as such. */
const RAW_IDS: readonly RegExp[] = [
	/_ipo\b/i,
	/\btwo_shares\b/,
	/\bone_share\b/,
	/\b[a-z]+_[a-z_]+\b/, // any snake_case word (an action type, a step id, a share bundle)
	/\bM\d{1,2}\b/, // a minor's id where its name ("Minor 17") belongs
	/\bC\d{1,2}\b/ // a concession's id
];

/** The visible text of an element, one string. */
async function visibleText(page: Page, selector: string): Promise<string> {
	return page.locator(selector).first().innerText();
}

function rawIdsIn(page: string): string[] {
	// Hex coordinates are the map's own names ("London (M30)", "H33 (Newport)"): not ids to hide.
	const text = page.replace(/\([A-Z]{1,2}\d{1,2}\)/g, '').replace(/\b[A-Z]{1,2}\d{1,2} \(/g, '(');
	const found: string[] = [];
	for (const re of RAW_IDS) {
		const m = text.match(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`));
		if (m) found.push(...m);
	}
	return [...new Set(found)];
}

async function shoot(page: Page, name: string): Promise<void> {
	for (const s of SIZES) {
		await page.setViewportSize({ width: s.width, height: s.height });
		await page.waitForTimeout(150);
		await page.screenshot({ path: `${SCREENSHOTS}/table-${name}-${s.name}.png` });
	}
	await page.setViewportSize({ width: 1280, height: 800 });
}

/** Stock round 1: each player wins a minor with a lone bid, then everyone passes into the first operating round. */
async function toFirstOperatingRound(page: Page): Promise<void> {
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	for (const [i, name] of HOTSEAT_NAMES.entries()) {
		await expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
		await bid(page, minors[i], 100);
		await pressPass(page);
	}
	for (let i = 0; i < 6 && !(await page.getByRole('heading', { level: 1 }).textContent())?.includes('Operating Round'); i++) {
		await pressPass(page);
		await page.waitForTimeout(150);
	}
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');
}

test('the table at 1920 and 1280: the map is the page, words not ids', async ({ page }) => {
	test.setTimeout(180_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createNrsHotseat(page);

	// The stock round.
	await shoot(page, 'stock');
	expect.soft(rawIdsIn(await visibleText(page, 'main')), 'raw ids in the stock round').toEqual([]);

	// The market: the companies' cells (the £700 "e" cell) can be reached at 1280.
	await page.getByTestId('tab-market').click();
	// The top of the market (£700e in 1822, £550e in NRS): its highest end-of-game cell.
	const cells = page.getByTestId('market-panel').locator('[data-testid="market-cell"]');
	const prices = await cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
	const top = page.getByTestId('market-panel').locator(`[data-price="${Math.max(...prices)}"]`).first();
	await expect(top).toHaveAttribute('data-end', 'true');
	await top.scrollIntoViewIfNeeded();
	await expect(top).toBeInViewport();
	await shoot(page, 'market');
	await page.getByTestId('tab-log').click();

	await toFirstOperatingRound(page);
	// An operating turn with the tile picker open.
	await page.locator('[data-testid="buy-train"]').first().click();
	const hex = page.locator('[data-lay-hex]').first();
	await hex.click();
	await expect(page.getByRole('region', { name: /^Lay a tile on / })).toBeVisible();
	await page.evaluate(() => window.scrollTo(0, 0));

	// The map takes the free width and starts near the top.
	const map = page.getByTestId('operating-round').locator('.map-col');
	const boxAt1280 = await map.boundingBox();
	expect(boxAt1280).not.toBeNull();
	expect.soft(boxAt1280!.width, 'map width at 1280×800').toBeGreaterThanOrEqual(0.6 * 1280);
	expect.soft(boxAt1280!.y, 'map top at 1280×800').toBeLessThan(200);
	await shoot(page, 'operating-tile');
	expect.soft(rawIdsIn(await visibleText(page, '[data-testid="operating-round"]')), 'raw ids in an operating turn').toEqual([]);

	// The log.
	const log = page.getByTestId('game-log');
	await log.scrollIntoViewIfNeeded();
	await shoot(page, 'log');
	expect.soft(rawIdsIn(await log.innerText()), 'raw ids in the log').toEqual([]);

	// The route step: the rest of the turn before running is declined; the best routes are drawn.
	await page.getByRole('region', { name: /^Lay a tile on / }).getByRole('button', { name: /^Cancel/ }).click();
	for (let i = 0; i < 4 && (await page.getByTestId('or-step').textContent()) !== 'Run trains'; i++) {
		await page.getByTestId('or-pass').click();
		await page.waitForTimeout(200);
	}
	await expect(page.getByTestId('or-step')).toHaveText('Run trains');
	await page.getByTestId('routes-panel').getByTestId('best-routes').click();
	await page.waitForTimeout(1000);
	await page.evaluate(() => window.scrollTo(0, 0));
	await shoot(page, 'routes');
	expect.soft(rawIdsIn(await visibleText(page, '[data-testid="operating-round"]')), 'raw ids at the route step').toEqual([]);
	expect(errors).toEqual([]);
});

test.describe('the table on a phone (390×844, touch)', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('the game first, a sticky action bar, the tile picker over the map, no key hints', async ({ page }) => {
		test.setTimeout(180_000);
		const errors = watchErrors(page);
		await createNrsHotseat(page);

		// The first screen shows the game: the first bid box starts within it.
		const firstBox = page.getByTestId('bid-box').first();
		const boxTop = (await firstBox.boundingBox())?.y ?? Infinity;
		expect.soft(boxTop, 'first bid box on the first screen').toBeLessThan(844);
		// End turn / Pass sits at the foot of the screen, with no key hint.
		const pass = page.getByTestId('active-panel').getByRole('button', { name: /^(Pass|End turn)$/ });
		await expect(pass).toBeInViewport();
		await expect(page.locator('.key-hint').first()).toBeHidden();
		await page.screenshot({ path: `${SCREENSHOTS}/table-stock-390.png` });
		await page.getByTestId('tab-market').click();
		await page.getByTestId('market-panel').scrollIntoViewIfNeeded();
		await page.screenshot({ path: `${SCREENSHOTS}/table-market-390.png` });
		await page.getByTestId('tab-log').click();

		await toFirstOperatingRound(page);
		await page.evaluate(() => window.scrollTo(0, 0));
		await page.screenshot({ path: `${SCREENSHOTS}/table-operating-390.png` });
		await expect(page.getByTestId('or-action-bar')).toBeInViewport();
		await expect(page.getByTestId('or-to-step')).toBeInViewport();
		await page.locator('[data-testid="buy-train"]').first().click();
		await page.locator('[data-lay-hex]').first().click();
		const picker = page.getByRole('region', { name: /^Lay a tile on / });
		await expect(picker).toBeInViewport();
		await page.screenshot({ path: `${SCREENSHOTS}/table-operating-tile-390.png` });
		for (const hint of await page.locator('.key-hint').all()) await expect(hint).toBeHidden();
		expect(await page.getByRole('main').innerText()).not.toMatch(/\((Enter|Esc|R)\)/);

		await page.getByTestId('game-log').scrollIntoViewIfNeeded();
		await page.screenshot({ path: `${SCREENSHOTS}/table-log-390.png` });
		expect(errors).toEqual([]);
	});
});
