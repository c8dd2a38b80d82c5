// The first operating round of a hotseat 1822NRS game, played by clicking in a real Chromium.
// Expected figures are worked out here from the rules (rules digest 1.1, 3.3, 5.2, 8.1, 3.9),
// not read from the engine:
// - NRS with 3 players: £500 each; each player wins one minor with a lone £100 bid and pays it;
// - phase 1 minors float at £50 with £100 from the bank in the treasury;
// - a minor's first turn may start by buying an L train, £50 in NRS;
// - a minor's dividend is half: the treasury keeps floor(revenue / 2), the owner gets the rest;
// - its price moves right one cell when the revenue is above 0: £50 → £60 on the NRS grid's
//   row 8 (…, 45, 50P, 60, …), or left to £45 when it is 0.
import { expect, test, type Page } from '@playwright/test';
import { bid as typeBid, box, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat, HOTSEAT_NAMES } from './game-helpers';
const START_CASH = 500;
const BID = 100;
const MINOR_TREASURY = 100;
const MINOR_PAR = 50;
const L_PRICE = 50;
const PRICE_RIGHT_OF_50 = 60;
const PRICE_LEFT_OF_50 = 45;

const panel = (page: Page) => page.getByTestId('company-panel');

async function bid(page: Page, company: string, price: number) {
	await typeBid(page, company, price);
	await expect(box(page, company)).toContainText(`£${price}`);
}

async function expectPlayerCash(page: Page, name: string, cash: number) {
	await expect(page.locator(`[data-testid="player-row"][data-player="${name}"]`).getByTestId('cash')).toHaveText(`£${cash}`);
}

async function noSidewaysOverflow(page: Page) {
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens the tile picker on a hex offering a tile with more than one legal rotation; returns the hex. */
async function openPickerWithRotations(page: Page, via: 'map' | 'list'): Promise<{ hex: string; rotations: number }> {
	const hexes = await page.locator('[data-select]').evaluateAll((els) => els.map((e) => e.getAttribute('data-select') ?? ''));
	expect(hexes.length).toBeGreaterThan(0);
	for (const hex of hexes) {
		await page.locator(via === 'map' ? `[data-select="${hex}"]` : `[data-lay-hex="${hex}"]`).click();
		const picker = page.getByRole('region', { name: `Lay a tile on ${hex}` });
		await expect(picker).toBeVisible();
		const tiles = picker.locator('[data-tile]');
		for (let i = 0; i < (await tiles.count()); i++) {
			const label = (await tiles.nth(i).getAttribute('aria-label')) ?? '';
			const n = Number(label.match(/(\d+) legal rotation/)?.[1] ?? 0);
			if (n > 1) {
				if (!label.includes('chosen')) await tiles.nth(i).click();
				return { hex, rotations: n };
			}
		}
		await page.keyboard.press('Escape');
	}
	throw new Error('no hex offers a tile with two legal rotations');
}

test('hotseat 1822NRS: first stock round, then the first minor lays track, buys an L and runs', async ({ page }) => {
	test.setTimeout(180_000);
	const errors = watchErrors(page);
	// The route finder's worker starts when the operating round is shown (it warms up there).
	const workers: string[] = [];
	page.on('worker', (w) => workers.push(w.url()));
	await page.setViewportSize({ width: 1280, height: 800 });

	await createNrsHotseat(page);
	const names = HOTSEAT_NAMES;

	// Stock round 1: each player bids £100 on a different minor and ends the turn.
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	expect(minors).toHaveLength(3);
	const ownerOf = new Map<string, string>();
	for (const [i, name] of names.entries()) {
		await expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
		await bid(page, minors[i], BID);
		ownerOf.set(minors[i].slice(1), name);
		await pressPass(page);
	}
	// Everyone passes until the round ends.
	for (let i = 0; i < 6 && !(await page.getByRole('heading', { level: 1 }).textContent())?.includes('Operating Round'); i++) {
		await pressPass(page);
		await page.waitForTimeout(150);
	}
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');
	for (const n of names) await expectPlayerCash(page, n, START_CASH - BID);

	// The first minor to operate belongs to the player who bid on it.
	const turn = (await page.getByTestId('turn-status').locator('b').textContent()) ?? '';
	const m = turn.match(/^Minor (\d+) \((\w+)\)$/);
	expect(m).not.toBeNull();
	const [, minor, owner] = m!;
	expect(ownerOf.get(minor)).toBe(owner);
	const label = `Minor ${minor}`;
	await expect(panel(page)).toHaveAttribute('data-company', minor);
	await expect(panel(page).getByTestId('company-president')).toHaveText(owner);
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${MINOR_TREASURY}`);
	await expect(panel(page).getByTestId('company-price')).toHaveText(`£${MINOR_PAR}`);
	await expect(panel(page).getByTestId('company-trains')).toHaveText('none');
	await expect(page.getByTestId('or-step')).toHaveText('First turn: buy an L train');
	await page.screenshot({ path: `${SCREENSHOTS}/or-map-1280x800.png`, fullPage: true });

	// First-turn housekeeping: buy an L train.
	await page.locator('[data-testid="buy-train"][data-train="L"]').click();
	await expect(panel(page).getByTestId('company-trains')).toHaveText('L');
	let cash = MINOR_TREASURY - L_PRICE;
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${cash}`);
	const log = page.getByTestId('game-log');
	await expect(log).toContainText(`${label} buys an L train for £${L_PRICE}`);

	// Track, at phone size first: open the picker from the list of hexes, look, cancel with Escape.
	await page.setViewportSize({ width: 390, height: 844 });
	const first = await openPickerWithRotations(page, 'list');
	await expect(page.getByRole('region', { name: `Lay a tile on ${first.hex}` })).toBeVisible();
	await noSidewaysOverflow(page);
	await page.screenshot({ path: `${SCREENSHOTS}/or-tile-picker-390x844.png`, fullPage: true });
	await page.keyboard.press('Escape');
	await expect(page.getByRole('region', { name: /Lay a tile on/ })).toHaveCount(0);

	// Then at desktop size: click the hex on the map, choose a tile, turn it with R, confirm with Enter.
	await page.setViewportSize({ width: 1280, height: 800 });
	const { hex, rotations } = await openPickerWithRotations(page, 'map');
	const picker = page.getByRole('region', { name: `Lay a tile on ${hex}` });
	await expect(picker).toContainText(`Rotation 1 of ${rotations}`);
	await page.keyboard.press('r');
	await expect(picker).toContainText(`Rotation 2 of ${rotations}`);
	const tile = ((await picker.locator('[aria-pressed="true"]').getAttribute('data-tile')) ?? '').trim();
	expect(tile).not.toBe('');
	const cost = Number(((await picker.getByTestId('lay-cost').textContent()) ?? '').replace('£', ''));
	expect(Number.isInteger(cost)).toBe(true);
	await page.screenshot({ path: `${SCREENSHOTS}/or-tile-picker-1280x800.png`, fullPage: true });
	// Enter confirms (with the focus back on the map; on a picker button Enter presses that button).
	await page.locator(`[data-select="${hex}"]`).focus();
	await page.keyboard.press('Enter');
	await expect(picker).toHaveCount(0);
	await expect(log).toContainText(new RegExp(`${label} lays tile ${tile} on ${hex}( \\([^)]*\\))? for £${cost}`));
	cash -= cost;
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${cash}`);

	// Run: the best routes, drawn on the map, with their revenue; the dividend follows at once.
	// The search runs in the route-finder worker, started (and warmed up) with the round.
	await page.getByTestId('best-routes').click();
	expect(workers.filter((u) => /worker/.test(u))).toHaveLength(1);
	await expect(page.getByTestId('route-row').first()).toBeVisible();
	const revenue = Number(((await page.getByTestId('run-total').textContent()) ?? '').replace('£', ''));
	expect(Number.isInteger(revenue)).toBe(true);
	const kept = Math.floor(revenue / 2);
	const paid = revenue - kept;
	if (revenue > 0) await expect(page.getByTestId('minor-split')).toContainText(`£${kept} stays in the treasury, £${paid} goes to its owner`);
	await page.screenshot({ path: `${SCREENSHOTS}/or-routes-1280x800.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await noSidewaysOverflow(page);
	await page.screenshot({ path: `${SCREENSHOTS}/or-routes-390x844.png`, fullPage: true });
	// The narrowest phones the issue names: 375 px.
	await page.setViewportSize({ width: 375, height: 812 });
	await noSidewaysOverflow(page);
	await page.screenshot({ path: `${SCREENSHOTS}/or-routes-375x812.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.getByTestId('run').click();

	// The run pays at once (a minor has no dividend choice); the companies table shows the minor
	// whether or not its turn has ended (with too little cash for a train there is nothing more to do).
	cash += kept;
	const row = page.locator(`[data-testid="company-row"][data-company="${minor}"]`);
	await expect(row.getByTestId('row-cash')).toHaveText(`£${cash}`);
	await expect(row.getByTestId('row-price')).toHaveText(`£${revenue > 0 ? PRICE_RIGHT_OF_50 : PRICE_LEFT_OF_50}`);
	await expect(row.getByTestId('row-trains')).toHaveText('L');
	await expectPlayerCash(page, owner, START_CASH - BID + paid);
	for (const n of names.filter((x) => x !== owner)) await expectPlayerCash(page, n, START_CASH - BID);
	// The run, then what it paid, as the engine's dividend event (issue 18).
	await expect(log).toContainText(`${label} runs for £${revenue}`);
	await expect(log.locator('li[data-event="dividend"]').first()).toHaveText(
		revenue > 0
			? `${label} earns £${revenue}: £${paid} to ${owner} and £${kept} kept in its treasury; share price £${MINOR_PAR} → £${PRICE_RIGHT_OF_50}`
			: `${label} earns nothing; share price £${MINOR_PAR} → £${PRICE_LEFT_OF_50}`
	);

	// If the minor may still buy a train, it declines; then the next minor operates.
	if ((await page.getByTestId('turn-status').locator('b').textContent()) === turn) await page.getByTestId('or-pass').click();
	await expect(page.getByTestId('turn-status').locator('b')).not.toHaveText(turn);
	await expect(page.getByTestId('turn-status').locator('b')).toHaveText(/^Minor \d+ \(\w+\)$/);
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${MINOR_TREASURY}`);
	await expect(page.getByTestId('or-step')).toHaveText('First turn: buy an L train');

	expect(errors).toEqual([]);
});
