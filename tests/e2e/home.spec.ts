// The home page in a real Chromium: heading, main navigation, a call to start a
// game; screenshots at desktop and phone sizes go to tests/output/screenshots.
import { expect, test } from '@playwright/test';

const SCREENSHOTS = 'tests/output/screenshots';

test.describe('home page', () => {
	for (const viewport of [
		{ name: 'desktop', width: 1280, height: 800 },
		{ name: 'phone', width: 390, height: 844 }
	]) {
		test(`shows the heading and the main navigation (${viewport.name} ${viewport.width}x${viewport.height})`, async ({
			page
		}) => {
			const errors: string[] = [];
			page.on('pageerror', (error) => errors.push(error.message));
			await page.setViewportSize({ width: viewport.width, height: viewport.height });
			await page.goto('/');

			await expect(page.getByRole('heading', { level: 1 })).toHaveText('1822 Rails');
			const nav = page.getByRole('navigation', { name: 'Main' });
			await expect(nav).toBeVisible();
			const links = nav.getByRole('link');
			await expect(links).toHaveText(['Home', 'New game', 'Import', 'Help', 'Settings']);
			await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
			await expect(page.getByRole('main').getByRole('link', { name: 'New game' })).toBeVisible();

			// Nothing may overflow sideways on a phone.
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
			expect(overflow).toBeLessThanOrEqual(0);

			await page.screenshot({ path: `${SCREENSHOTS}/home-${viewport.width}x${viewport.height}.png`, fullPage: true });
			expect(errors).toEqual([]);
		});
	}

	test('follows the dark colour scheme of the system', async ({ page }) => {
		await page.emulateMedia({ colorScheme: 'dark' });
		await page.setViewportSize({ width: 1280, height: 800 });
		await page.goto('/');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('1822 Rails');
		const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		expect(background).toBe('rgb(20, 23, 28)');
		await page.screenshot({ path: `${SCREENSHOTS}/home-dark-1280x800.png`, fullPage: true });
	});

	test('"New game" leads to the three titles', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 });
		await page.goto('/');
		await page.getByRole('main').getByRole('link', { name: 'New game' }).click();
		await expect(page).toHaveURL(/\/new$/);
		await expect(page.getByRole('heading', { level: 2 })).toHaveText([/^1822\b/, /^1822NRS/, /^1822MRS/]);
		await page.screenshot({ path: `${SCREENSHOTS}/new-390x844.png`, fullPage: true });
	});
});

test('a shared game link loads the app, which shows the game id', async ({ page }) => {
	await page.goto('/game/abc123');
	await expect(page.getByRole('heading', { level: 1 })).toContainText('abc123');
	await expect(page.getByText('This is not a game link')).toBeVisible();
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
