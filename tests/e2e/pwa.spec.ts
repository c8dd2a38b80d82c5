// The app as an installable, offline-capable PWA: the built manifest and icons, the service
// worker's precache (with the app shell), offline loading, and the update flow that waits for
// the player's consent.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from '../../server/create-server.js';
import { cardName } from './game-helpers';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUILD = path.join(ROOT, 'build');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
	const buf = readFileSync(file);
	expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
	return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

async function waitForControl(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	// The first visit installs the worker; the page is controlled from the next load on.
	await page.reload();
	await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the built manifest has its required fields and icons at the declared sizes', () => {
	const manifest = JSON.parse(readFileSync(path.join(BUILD, 'manifest.webmanifest'), 'utf8'));
	for (const field of ['name', 'short_name', 'description', 'theme_color', 'background_color', 'start_url', 'scope']) {
		expect(typeof manifest[field], field).toBe('string');
		expect(manifest[field].length, field).toBeGreaterThan(0);
	}
	expect(manifest.display).toBe('standalone');
	const sizes = new Set<string>();
	let maskable = false;
	for (const icon of manifest.icons as { src: string; sizes: string; purpose?: string }[]) {
		const file = path.join(BUILD, icon.src.replace(/^\//, ''));
		expect(existsSync(file), icon.src).toBe(true);
		const { width, height } = pngSize(file);
		expect(`${width}x${height}`).toBe(icon.sizes);
		sizes.add(icon.sizes);
		if (icon.purpose?.split(' ').includes('maskable')) maskable = true;
	}
	expect(sizes.has('192x192')).toBe(true);
	expect(sizes.has('512x512')).toBe(true);
	expect(maskable).toBe(true);
});

test('the service worker precaches the app shell and serves the app offline', async ({ page, context }) => {
	await page.goto('/');
	await waitForControl(page);

	const cached = await page.evaluate(async () => {
		const keys = await caches.keys();
		const urls: string[] = [];
		for (const key of keys) {
			for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
		}
		return { keys, urls };
	});
	expect(cached.keys.length).toBe(1);
	expect(cached.urls).toContain('/index.html');
	expect(cached.urls).toContain('/manifest.webmanifest');

	await context.setOffline(true);
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await page.goto('/game/offline-check');
	await expect(page.locator('main')).toBeVisible();
	await page.goto('/help');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(/How a game of 1822 goes/);
	await context.setOffline(false);
});

test('a new version waits for the player before it takes over', async ({ page }) => {
	test.setTimeout(240_000);
	// Version A is the regular build; version B is built here into its own folder.
	const buildB = mkdtempSync(path.join(tmpdir(), 'rails-1822-build-b-'));
	execFileSync('npx', ['vite', 'build'], {
		cwd: ROOT,
		env: { ...process.env, BUILD_DIR: buildB, APP_VERSION: 'update-test-b' },
		stdio: 'pipe'
	});
	const versionA = JSON.parse(readFileSync(path.join(BUILD, '_app', 'version.json'), 'utf8')).version;
	expect(versionA).not.toBe('update-test-b');

	let server = await createServer({ host: '127.0.0.1', port: 0, root: BUILD });
	const port = server.port;
	try {
		await page.goto(server.url + '/');
		await waitForControl(page);
		await expect(page.getByTestId('app-version')).toHaveText(versionA);

		// The same origin now serves version B.
		await server.close();
		server = await createServer({ host: '127.0.0.1', port, root: buildB });
		await page.reload();

		const banner = page.getByRole('status').filter({ hasText: 'A new version of the app is ready' });
		await expect(banner).toBeVisible({ timeout: 30_000 });
		await page.screenshot({ path: 'tests/output/screenshots/update-banner.png' });
		// Nothing switches by itself: the page still runs version A.
		await page.waitForTimeout(1000);
		await expect(page.getByTestId('app-version')).toHaveText(versionA);

		await banner.getByRole('button', { name: 'Update now' }).click();
		await expect(page.getByTestId('app-version')).toHaveText('update-test-b', { timeout: 30_000 });
	} finally {
		await server.close();
		rmSync(buildB, { recursive: true, force: true });
	}
});

test('settings ask for persistent storage and show the browser’s answer', async ({ page }) => {
	await page.goto('/settings');
	const status = page.getByTestId('persist-status');
	await expect(status).toContainText(/granted/);
	const persisted = await page.evaluate(() => navigator.storage.persisted());
	await expect(status).toContainText(persisted ? 'is granted' : 'is not granted');
	await page.setViewportSize({ width: 390, height: 844 });
	await page.screenshot({ path: 'tests/output/screenshots/settings-390x844.png', fullPage: true });
});

test('browsers without an install prompt get install instructions', async ({ page }) => {
	await page.goto('/install');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install 1822 Rails');
	await expect(page.getByRole('heading', { name: 'Safari on iPhone or iPad' })).toBeVisible();
});

test('offline: an existing game opens from the cache, a hotseat action is played and survives a reload', async ({
	page,
	context
}) => {
	test.setTimeout(120_000);
	await page.goto('/');
	await waitForControl(page);

	// A game created while online.
	await page.goto('/new');
	await page.getByRole('radio', { name: /1822NRS/ }).check();
	await page.getByLabel('Number of players').selectOption('3');
	for (const [i, name] of ['Ada', 'Brunel', 'Cleo'].entries()) await page.getByLabel(`Name of player ${i + 1}`).fill(name);
	await page.getByRole('button', { name: 'Create 1822NRS game for 3 players' }).click();
	await expect(page).toHaveURL(/\/game\/[0-9a-f]{64}#/, { timeout: 20_000 });
	const gameUrl = page.url();
	await expect(page.getByTestId('bid-box').first()).toBeVisible();

	await context.setOffline(true);
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await page.goto(gameUrl);
	const company = await page.getByTestId('bid-box').first().getAttribute('data-company');
	expect(company).toBeTruthy();
	const box = page.locator(`[data-testid="bid-box"][data-company="${company}"]`);
	const input = box.getByRole('spinbutton');
	await input.fill('100');
	await input.press('Enter');
	await expect(page.getByTestId('active-committed')).toHaveText('£100');
	await expect(page.getByTestId('game-log')).toContainText(`Ada bids £100 on ${cardName(company ?? "")}`);

	await page.reload();
	await expect(page.getByTestId('game-log')).toContainText(`Ada bids £100 on ${cardName(company ?? "")}`);
	await expect(box).toContainText('Next bid from £105');
	await context.setOffline(false);
});
