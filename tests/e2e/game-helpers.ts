// Shared steps of the game e2e tests: console-error capture and the stock round's controls.
import type { Page } from '@playwright/test';

export const SCREENSHOTS = 'tests/output/screenshots';

/** Collects page errors and console errors; a test asserts the list stays empty. */
export function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(`console: ${m.text()}`);
	});
	return errors;
}

export const box = (page: Page, company: string) => page.locator(`[data-testid="bid-box"][data-company="${company}"]`);

/** Types a bid into a bid box and confirms it with Enter. */
export async function bid(page: Page, company: string, price: number): Promise<void> {
	const input = box(page, company).getByRole('spinbutton');
	await input.fill(String(price));
	await input.press('Enter');
}

/** Passes with the P shortcut (focus must not be in an input, so the heading is clicked first). */
export async function pressPass(page: Page): Promise<void> {
	await page.getByRole('heading', { level: 1 }).click();
	await page.keyboard.press('p');
}
