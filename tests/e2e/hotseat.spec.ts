// A hotseat game in a real Chromium: create a 3-player 1822NRS game through the UI, play the
// first stock round's bids by clicking and typing, and check what the page shows against figures
// worked out here from the rules (rules digest 1.1 and 3.3), not read from the engine:
// - NRS with 3 players: £500 each;
// - a bid commits its amount while it is the highest on its company, and commits nothing once
//   outbid; free cash = cash − committed; no cash changes hands during the round;
// - the next minimum on a company is its face value (£100 for minors and concessions), then the
//   highest bid + £5; a bid may not exceed free cash (counting a raise's own company as free).
// Then a reload (the log comes back from IndexedDB), a refused bid, screenshots, and deletion.
import { expect, test, type Page } from '@playwright/test';
import { bid, box, cardName, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat, HOTSEAT_NAMES } from './game-helpers';

const START_CASH = 500;

async function expectPlayer(page: Page, name: string, cash: number, committed: number) {
	const row = page.locator(`[data-testid="player-row"][data-player="${name}"]`);
	await expect(row.getByTestId('cash')).toHaveText(`£${cash}`);
	await expect(row.getByTestId('committed')).toHaveText(`£${committed}`);
}

async function expectActive(page: Page, name: string, cash: number, committed: number) {
	const panel = page.getByTestId('active-panel');
	await expect(panel.getByRole('heading', { level: 2 })).toContainText(name);
	await expect(panel.getByTestId('active-cash')).toHaveText(`£${cash}`);
	await expect(panel.getByTestId('active-committed')).toHaveText(`£${committed}`);
	await expect(panel.getByTestId('active-free')).toHaveText(`£${cash - committed}`);
}

test('hotseat 1822NRS: create, bid, get outbid, raise, pass, reload, refused bid, delete', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });

	// Create the game through the form.
	await createNrsHotseat(page);
	const names = HOTSEAT_NAMES;
	const url = page.url();

	await expect(page.getByRole('heading', { level: 1 })).toContainText('1822NRS');
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round 1');
	await expect(page.getByTestId('turn-status')).toContainText('Ada');
	for (const n of names) await expectPlayer(page, n, START_CASH, 0);

	// The bid boxes: pick two minors and a concession.
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => c.startsWith('M'));
	const concession = companies.find((c) => c.startsWith('C'));
	expect(minors.length).toBeGreaterThanOrEqual(2);
	expect(concession).toBeDefined();
	const [ma, mb] = minors;
	const cx = concession!;
	// With no bid yet the next minimum is the face value, £100 for minors and concessions.
	await expect(box(page, ma)).toContainText('Next bid from £100');

	// Ada: £100 on the first minor and £100 on the concession, then ends her turn with P.
	await expectActive(page, 'Ada', START_CASH, 0);
	await bid(page, ma, 100);
	await expectActive(page, 'Ada', START_CASH, 100);
	await bid(page, cx, 100);
	await expectActive(page, 'Ada', START_CASH, 200);
	await expect(box(page, ma)).toContainText('Next bid from £105');
	await pressPass(page);

	// Brunel outbids Ada on the first minor (the minimum is now £105), then passes.
	await expectActive(page, 'Brunel', START_CASH, 0);
	await bid(page, ma, 105);
	await expectActive(page, 'Brunel', START_CASH, 105);
	await page.getByRole('button', { name: /End turn/ }).click();

	// Cleo bids on the second minor and passes.
	await expectActive(page, 'Cleo', START_CASH, 0);
	await bid(page, mb, 100);
	await pressPass(page);

	// Ada has been outbid on the first minor: only the concession is committed now.
	await expectActive(page, 'Ada', START_CASH, 100);
	await expectPlayer(page, 'Brunel', START_CASH, 105);
	await expectPlayer(page, 'Cleo', START_CASH, 100);
	// She raises to £110 (Brunel's £105 + £5).
	await bid(page, ma, 110);
	await expectActive(page, 'Ada', START_CASH, 210);
	await expectPlayer(page, 'Brunel', START_CASH, 0);

	// A bid above her free cash, typed in: refused with the engine's reason, nothing changes.
	const logBefore = await page.getByTestId('game-log').locator('li').allTextContents();
	const free = START_CASH - 210;
	await bid(page, mb, 1000);
	await expect(box(page, mb).getByTestId('refusal')).toHaveText(`You have £${free} not already committed to winning bids.`);
	await expectActive(page, 'Ada', START_CASH, 210);
	await expect(box(page, mb)).toContainText('Cleo £100');
	expect(await page.getByTestId('game-log').locator('li').allTextContents()).toEqual(logBefore);

	await pressPass(page);
	await expectActive(page, 'Brunel', START_CASH, 0);

	const expectedLog = [
		'Stock Round 1',
		`Ada bids £100 on ${cardName(ma)}`,
		`Ada bids £100 on ${cardName(cx)}`,
		'Ada passes',
		`Brunel bids £105 on ${cardName(ma)}`,
		'Brunel passes',
		`Cleo bids £100 on ${cardName(mb)}`,
		'Cleo passes',
		`Ada bids £110 on ${cardName(ma)}`,
		'Ada passes'
	];
	// The log shows the newest line first.
	await expect(page.getByTestId('game-log').locator('li')).toHaveText([...expectedLog].reverse());

	await page.screenshot({ path: `${SCREENSHOTS}/stock-round-1280x800.png`, fullPage: true });

	// Reload: every action comes back from this browser's IndexedDB.
	await page.reload();
	await expect(page.getByTestId('game-log').locator('li')).toHaveText([...expectedLog].reverse(), { timeout: 20_000 });
	await expectActive(page, 'Brunel', START_CASH, 0);
	await expectPlayer(page, 'Ada', START_CASH, 210);
	await expectPlayer(page, 'Cleo', START_CASH, 100);
	await expect(box(page, ma)).toContainText('Next bid from £115');

	// Phone size: readable, nothing overflowing sideways.
	await page.setViewportSize({ width: 390, height: 844 });
	await expect(page.getByTestId('active-panel')).toBeVisible();
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await page.screenshot({ path: `${SCREENSHOTS}/stock-round-390x844.png`, fullPage: true });
	await page.setViewportSize({ width: 375, height: 812 });
	await expect(page.getByTestId('active-panel')).toBeVisible();
	expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
	await page.screenshot({ path: `${SCREENSHOTS}/stock-round-375x812.png`, fullPage: true });

	// Everyone passes in a row: the stock round ends. Each auction goes to its highest bidder, who
	// pays the bid: Ada £110 + £100, Cleo £100, Brunel nothing. Then the first operating round
	// begins by paying each held company's income: £10 for Ada's concession (rules digest, start
	// of every OR; concessions earn £10 per OR).
	await page.setViewportSize({ width: 1280, height: 800 });
	await pressPass(page); // Brunel
	await expectActive(page, 'Cleo', START_CASH, 100);
	await pressPass(page); // Cleo
	await expectActive(page, 'Ada', START_CASH, 210);
	await pressPass(page); // Ada
	await expect(page.getByTestId('operating-round')).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');
	await expectPlayer(page, 'Ada', START_CASH - 110 - 100 + 10, 0);
	await expectPlayer(page, 'Brunel', START_CASH, 0);
	await expectPlayer(page, 'Cleo', START_CASH - 100, 0);
	const log = page.getByTestId('game-log');
	await expect(log).toContainText(`Ada wins ${cardName(ma)}`);
	await expect(log).toContainText(`Ada wins ${cardName(cx)}`);
	await expect(log).toContainText(`Cleo wins ${cardName(mb)}`);
	await expect(page.getByTestId('turn-status')).toContainText('to act');
	const turn = (await page.getByTestId('turn-status').locator('b').textContent()) ?? '';
	expect(turn).toMatch(/^Minor \d+ \((Ada|Cleo)\)$/);
	await page.screenshot({ path: `${SCREENSHOTS}/operating-round-1280x800.png`, fullPage: true });

	// Home lists the game; deleting it (after a confirmation) removes it and its database.
	await page.goto('/');
	const entry = page.getByTestId('local-game');
	await expect(entry).toHaveCount(1);
	await expect(entry).toContainText('1822NRS');
	await expect(entry).toContainText('Ada, Brunel, Cleo');
	await expect(entry).toContainText('Operating Round 1.1');
	await expect(entry).toContainText(`${turn} to act`);
	await expect(entry.getByRole('link', { name: 'Open' })).toHaveAttribute('href', url.slice(url.indexOf('/game/')));
	await page.screenshot({ path: `${SCREENSHOTS}/home-with-game-1280x800.png`, fullPage: true });
	await entry.getByRole('button', { name: 'Delete' }).click();
	await entry.getByRole('button', { name: 'Yes, delete' }).click();
	await expect(entry).toHaveCount(0);
	const gameId = url.match(/\/game\/([0-9a-f]{64})/)![1];
	const dbs = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
	expect(dbs.some((n) => n.includes(gameId))).toBe(false);

	expect(errors).toEqual([]);
});
