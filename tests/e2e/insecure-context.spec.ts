// Plain http at a network address is not a secure context, so the browser has no WebCrypto. The
// app must say so in words (and what to do) rather than fail with "Cannot read properties of
// undefined (reading 'generateKey')". Chromium maps the made-up name lan.test to our loopback
// server, so the page has a non-local http origin while nothing leaves this machine.
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

test('over plain http on a network name, "Create game" explains https or localhost instead of a TypeError', async ({ baseURL }) => {
	const port = new URL(baseURL!).port;
	const browser = await chromium.launch({
		executablePath: CHROMIUM_PATH,
		args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP lan.test 127.0.0.1']
	});
	try {
		const page = await browser.newPage();
		await page.goto(`http://lan.test:${port}/new`);
		expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
		const banner = page.getByTestId('insecure-context');
		await expect(banner).toContainText('https://');
		await expect(banner).toContainText(`http://localhost:${port}`);
		await page.getByRole('button', { name: /^Create .* game/ }).click();
		const alert = page.getByRole('alert').filter({ hasText: 'The game could not be created' });
		await expect(alert).toContainText('does not treat as secure');
		await expect(alert).not.toContainText('generateKey');
		await expect(page).toHaveURL(/\/new$/);
	} finally {
		await browser.close();
	}
});

test('on localhost the page is secure and shows no such notice', async ({ page }) => {
	await page.goto('/new');
	await expect(page.getByRole('heading', { name: 'New game' })).toBeVisible();
	await expect(page.getByTestId('insecure-context')).toHaveCount(0);
});
