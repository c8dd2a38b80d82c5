// Auto-pass in a real Chromium: a 3-player 1822NRS hotseat game where Brunel sets auto-pass while
// Ada is to act; Ada and Cleo play, and Brunel's turns are passed for him (the log says so and the
// turn goes straight to Cleo); then Brunel's auto-pass is cancelled and his turn stops at him again.
import { expect, test, type Page } from '@playwright/test';
import { bid, pressPass, SCREENSHOTS, watchErrors } from './game-helpers';

async function createGame(page: Page): Promise<void> {
	await page.goto('/new');
	await page.getByRole('radio', { name: /1822NRS/ }).check();
	await page.getByLabel('Number of players').selectOption('3');
	for (const [i, name] of ['Ada', 'Brunel', 'Cleo'].entries()) await page.getByLabel(`Name of player ${i + 1}`).fill(name);
	await page.getByRole('button', { name: 'Create 1822NRS game for 3 players' }).click();
	await expect(page).toHaveURL(/\/game\/[0-9a-f]{64}#[A-Za-z0-9_-]{43}$/, { timeout: 20_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round 1');
}

const toAct = (page: Page, name: string) => expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
const log = (page: Page) => page.getByTestId('game-log').locator('li');

test('auto-pass: set for another seat, passes that seat’s turns automatically, then cancelled', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createGame(page);

	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [ma, mb] = companies.filter((c) => c.startsWith('M'));

	// Ada is to act; this device holds every seat, so Brunel's auto-pass can be set now.
	await toAct(page, 'Ada');
	const brunel = page.getByTestId('auto-pass-2');
	await expect(brunel).toHaveAttribute('data-active', 'false');
	// Options: keep it for later stock rounds too.
	await brunel.getByText('Options').click();
	await brunel.getByLabel('Also in later stock rounds').check();
	await brunel.getByRole('button', { name: 'Auto-pass for Brunel' }).click();
	await expect(brunel).toHaveAttribute('data-active', 'true');
	await expect(brunel).toContainText('Brunel: on');
	await expect(brunel).toContainText('in every stock round');
	await expect(log(page).first()).toHaveText('Brunel sets auto-pass, for every stock round');

	// Ada bids and ends her turn: Brunel passes automatically, Cleo is to act.
	await bid(page, ma, 100);
	await pressPass(page);
	await toAct(page, 'Cleo');
	await expect(page.getByTestId('turn-status')).toContainText('Cleo');
	// Brunel's automatic pass is what Ada's pass caused: it stands under her line.
	await expect(log(page).first()).toHaveText('Ada passes');
	await expect(log(page).nth(1)).toHaveText('Brunel passes (auto-pass)');

	// Cleo bids elsewhere, Ada passes: Brunel's turn is passed again.
	await bid(page, mb, 100);
	await pressPass(page);
	await toAct(page, 'Ada');
	await pressPass(page);
	await toAct(page, 'Cleo');
	// Brunel's automatic pass is what Ada's pass caused: it stands under her line.
	await expect(log(page).first()).toHaveText('Ada passes');
	await expect(log(page).nth(1)).toHaveText('Brunel passes (auto-pass)');

	await page.screenshot({ path: `${SCREENSHOTS}/auto-pass-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await page.screenshot({ path: `${SCREENSHOTS}/auto-pass-390.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// Cancel Brunel's auto-pass while Cleo is to act; then Cleo and Ada pass and Brunel must act.
	await brunel.getByRole('button', { name: "Cancel Brunel's auto-pass" }).click();
	await expect(brunel).toHaveAttribute('data-active', 'false');
	await expect(log(page).first()).toHaveText('Brunel cancels their automatic actions');
	await bid(page, ma, 105);
	await pressPass(page);
	await toAct(page, 'Ada');
	await pressPass(page);
	await toAct(page, 'Brunel');
	await expect(page.getByTestId('turn-status')).toContainText('Brunel');
	await expect(log(page).first()).toHaveText('Ada passes');

	expect(errors).toEqual([]);
});
