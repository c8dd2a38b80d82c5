// Repaying a player loan in a stock round, in part or in full, as 18xx.games offers it. The game is
// the first 41 actions of a random 1822MRS game (tests/fixtures/player-debt-mrs-2p.json): P2 is to
// act in a stock round, in debt after a forced train purchase, and may repay.
// Expected figures come from the rules, not from the engine: a repayment moves its amount from the
// player's cash off the debt; at most the smaller of cash and debt can be repaid (rules digest 9.2;
// g_1822/step/buy_sell_par_shares.rb actions, base.rb payoff_player_loan).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, watchErrors } from './game-helpers';

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'player-debt-mrs-2p.json');
const PART = 10;

const money = async (page: Page, label: string) => {
	const text = (await page.getByTestId('active-panel').locator(`dt:text-is("${label}") + dd`).textContent()) ?? '';
	return Number(text.replace('£', ''));
};

test('a player in debt repays part of the loan, is refused a bad amount, then repays the rest', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 900 });
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: 'player-debt.json', mimeType: 'application/json', buffer: readFileSync(FIXTURE) });
	await expect(page.getByTestId('import-summary')).toContainText('41 of 41 logged actions replayed');
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round');

	const panel = page.getByTestId('active-panel');
	await expect(panel.getByRole('heading', { level: 2 })).toContainText('P2');
	const debt = await money(page, 'Loan');
	const cash = await money(page, 'Cash');
	expect(debt).toBeGreaterThan(PART);
	expect(cash).toBeGreaterThan(PART);
	const most = Math.min(cash, debt);

	// The amount field starts at the most that can be repaid; the full button says what it pays.
	const amount = panel.getByTestId('repay-amount');
	await expect(amount).toHaveValue(String(most));
	await expect(panel.getByTestId('repay-all')).toContainText(`£${most}`);

	// A bad amount is refused in words before anything is sent.
	await amount.fill('0');
	await expect(panel.getByTestId('repay-part')).toBeDisabled();
	await expect(panel.getByRole('alert')).toContainText(`Repay a whole amount from £1 to £${most}.`);
	await amount.fill(String(most + 1));
	await expect(panel.getByTestId('repay-part')).toBeDisabled();

	// Part of the loan: the amount leaves the cash and the debt; the turn goes on.
	await amount.fill(String(PART));
	await panel.getByTestId('repay-part').click();
	await expect(page.getByTestId('game-log')).toContainText(`P2 repays £${PART} of debt (£${debt - PART} left)`);
	await expect.poll(() => money(page, 'Loan')).toBe(debt - PART);
	await expect.poll(() => money(page, 'Cash')).toBe(cash - PART);
	await expect(panel.getByRole('heading', { level: 2 })).toContainText('P2');
	await expect(amount).toHaveValue(String(Math.min(cash - PART, debt - PART)));
	await page.screenshot({ path: `${SCREENSHOTS}/repay-loan-1280.png`, fullPage: true });

	// The rest: the full repayment pays what it can. A player left with debt and no cash has
	// nothing more to do, and the turn passes by itself, as on the site.
	await panel.getByTestId('repay-all').click();
	const paid = Math.min(cash - PART, debt - PART);
	const left = debt - PART - paid;
	await expect(page.getByTestId('game-log')).toContainText(`P2 repays £${paid} of debt (${left > 0 ? `£${left} left` : 'debt cleared'})`);
	const p2 = page.locator('[data-testid="player-row"][data-player="P2"]');
	await expect(p2.getByTestId('debt')).toHaveText(left > 0 ? `£${left}` : '—');
	await expect(p2.getByTestId('cash')).toHaveText(`£${cash - PART - paid}`);
	if (left > 0) await expect(panel.getByRole('heading', { level: 2 })).toContainText('P1');
	expect(errors).toEqual([]);
});
