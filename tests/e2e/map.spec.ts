// The map demo page in a real Chromium: every hex of each title is drawn, the view zooms
// by keyboard and wheel and pans by drag, coordinates toggle, a tile can be picked,
// turned and laid, and nothing is logged as an error. Screenshots at desktop and phone
// sizes go to tests/output/screenshots.
import { expect, test, type Page } from '@playwright/test';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import { MAP_MRS } from '../../src/lib/engine/titles/g1822/scenarios/mrs/map';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';

const SCREENSHOTS = 'tests/output/screenshots';

const TITLES = [
	{ id: '1822', button: '1822', hexes: MAP_1822.hexes.length },
	{ id: '1822NRS', button: 'NRS', hexes: MAP_NRS.hexes.length },
	{ id: '1822MRS', button: 'MRS', hexes: MAP_MRS.hexes.length }
] as const;

const VIEWPORTS = [
	{ width: 1280, height: 800 },
	{ width: 390, height: 844 }
] as const;

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(m.text());
	});
	return errors;
}

async function viewWidth(page: Page): Promise<number> {
	const vb = await page.getByTestId('hex-map').getAttribute('viewBox');
	return Number(vb!.split(' ')[2]);
}

/** The view once the map has been fitted to its element (the first size seen). */
async function fittedWidth(page: Page): Promise<number> {
	await expect(page.getByTestId('hex-map')).not.toHaveAttribute('viewBox', '0 0 1000 800');
	return viewWidth(page);
}

async function chooseTitle(page: Page, button: string): Promise<void> {
	await page.getByRole('group', { name: 'Title' }).getByText(button, { exact: true }).click();
}

for (const vp of VIEWPORTS) {
	for (const title of TITLES) {
		test(`draws every hex of ${title.id} at ${vp.width}x${vp.height}`, async ({ page }) => {
			const errors = watchErrors(page);
			await page.setViewportSize(vp);
			await page.goto('/map');
			await chooseTitle(page, title.button);
			await expect(page.getByTestId('map-summary')).toContainText(`${title.id}: ${title.hexes} hexes`);
			await expect(page.locator('[data-hex]')).toHaveCount(title.hexes);
			// Nothing may overflow sideways on a phone.
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
			expect(overflow).toBeLessThanOrEqual(0);
			await page.screenshot({ path: `${SCREENSHOTS}/map-${title.id}-${vp.width}x${vp.height}.png`, fullPage: true });
			expect(errors).toEqual([]);
		});
	}
}

test('zooms with the keyboard and the wheel, pans by drag, and fits again with 0', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/map');
	const viewport = page.getByRole('application');
	const fitted = await fittedWidth(page);

	await viewport.focus();
	await page.keyboard.press('+');
	const zoomedIn = await viewWidth(page);
	expect(zoomedIn).toBeLessThan(fitted);
	await page.keyboard.press('-');
	expect(await viewWidth(page)).toBeGreaterThan(zoomedIn);

	const box = (await viewport.boundingBox())!;
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	await page.mouse.wheel(0, -400);
	await expect.poll(() => viewWidth(page)).toBeLessThan(fitted * 0.8);

	const before = await page.getByTestId('hex-map').getAttribute('viewBox');
	await page.mouse.down();
	await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 5 });
	await page.mouse.up();
	expect(await page.getByTestId('hex-map').getAttribute('viewBox')).not.toBe(before);

	await page.keyboard.press('ArrowRight');
	await viewport.focus();
	await page.keyboard.press('0');
	expect(await viewWidth(page)).toBeCloseTo(fitted, 0);
	await page.getByRole('button', { name: 'Zoom in' }).click();
	expect(await viewWidth(page)).toBeLessThan(fitted);
	await page.getByRole('button', { name: 'Fit the whole map' }).click();
	expect(await viewWidth(page)).toBeCloseTo(fitted, 0);

	// a close look, to judge the drawing of tiles
	for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
	await page.screenshot({ path: `${SCREENSHOTS}/map-1822-zoomed-1280x800.png` });
	expect(errors).toEqual([]);
});

test('zooms with a two-finger pinch', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto('/map');
	const fitted = await fittedWidth(page);
	const box = (await page.getByRole('application').boundingBox())!;
	const y = box.y + box.height / 2;
	const cx = box.x + box.width / 2;
	await page.getByRole('application').evaluate(
		(el, { cx, y }) => {
			const fire = (type: string, id: number, x: number) =>
				el.dispatchEvent(
					new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true, isPrimary: id === 1 })
				);
			fire('pointerdown', 1, cx - 40);
			fire('pointerdown', 2, cx + 40);
			// fingers spread from 80 px apart to 160 px: twice as close
			fire('pointermove', 1, cx - 80);
			fire('pointermove', 2, cx + 80);
			fire('pointerup', 1, cx - 80);
			fire('pointerup', 2, cx + 80);
		},
		{ cx, y }
	);
	await expect.poll(() => viewWidth(page)).toBeCloseTo(fitted / 2, 0);
	// close enough to read on a phone
	for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
	await page.screenshot({ path: `${SCREENSHOTS}/map-1822-zoomed-390x844.png` });
	expect(errors).toEqual([]);
});

test('toggles coordinates and location names', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/map');
	await expect(page.locator('text.coord')).toHaveCount(0);
	await page.getByRole('checkbox', { name: 'Coordinates' }).check();
	await expect(page.locator('text.coord')).toHaveCount(MAP_1822.hexes.length);
	await expect(page.locator('[data-hex="M38"] text.coord')).toHaveText('M38');
	await page.getByRole('checkbox', { name: 'Coordinates' }).uncheck();
	await expect(page.locator('text.coord')).toHaveCount(0);
	// the same by keyboard on the map: C
	await page.getByRole('application').focus();
	await page.keyboard.press('c');
	await expect(page.locator('text.coord')).toHaveCount(MAP_1822.hexes.length);
	await page.keyboard.press('c');
	await expect(page.locator('text.coord')).toHaveCount(0);

	const named = MAP_1822.hexes.filter((h) => h.name).length;
	await expect(page.locator('[data-hex] text.name')).toHaveCount(named);
	await page.getByRole('checkbox', { name: 'Names' }).uncheck();
	await expect(page.locator('[data-hex] text.name')).toHaveCount(0);
	expect(errors).toEqual([]);
});

test('picks a legal tile, turns it through its legal rotations and lays it', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/map');
	const hexes = page.locator('[data-select]');
	const status = page.getByText(/^Rotation \d+ of \d+$/);
	await expect(hexes.first()).toBeAttached();
	// find a hex whose first legal tile has several legal rotations
	let hex: string | null = null;
	let rotations = 0;
	for (let i = 0; i < (await hexes.count()); i++) {
		const h = hexes.nth(i);
		const id = await h.getAttribute('data-select');
		await h.dispatchEvent('click');
		await expect(page.getByRole('region', { name: `Lay a tile on ${id}` })).toBeVisible();
		rotations = Number(/of (\d+)/.exec((await status.textContent())!)![1]);
		if (rotations > 1) {
			hex = id;
			break;
		}
		await page.keyboard.press('Escape');
		await expect(status).toBeHidden();
	}
	expect(hex, 'some hex offers a tile with several legal rotations').not.toBeNull();
	const picker = page.getByRole('region', { name: `Lay a tile on ${hex}` });
	await expect(picker).toBeVisible();
	await expect(status).toHaveText(`Rotation 1 of ${rotations}`);
	await page.keyboard.press('r');
	await expect(status).toHaveText(`Rotation 2 of ${rotations}`);
	// clicking the previewed hex turns the tile on to the next legal rotation
	await page.locator(`[data-select="${hex}"]`).dispatchEvent('click');
	await expect(status).toHaveText(`Rotation ${rotations > 2 ? 3 : 1} of ${rotations}`);
	await page.keyboard.press('ArrowLeft');
	await expect(status).toHaveText(`Rotation 2 of ${rotations}`);
	await page.screenshot({ path: `${SCREENSHOTS}/map-picker-1280x800.png`, fullPage: true });
	await page.keyboard.press('Escape');
	await expect(picker).toBeHidden();

	await page.locator(`[data-select="${hex}"]`).dispatchEvent('click');
	await expect(picker).toBeVisible();
	const tile = await picker.locator('button[aria-pressed="true"]').getAttribute('data-tile');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('status')).toContainText(`laid tile ${tile}-`);
	await expect(page.getByRole('status')).toContainText(`on ${hex}`);
	await expect(picker).toBeHidden();
	expect(errors).toEqual([]);
});

test('places a station in a legal city after confirming', async ({ page }) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/map');
	await page.getByRole('group', { name: 'Action' }).getByText('Station').click();
	const city = page.locator('[data-city-select]').first();
	await expect(city).toBeAttached();
	const key = (await city.getAttribute('data-city-select'))!;
	await city.dispatchEvent('click');
	const panel = page.getByRole('region', { name: 'Place a station' });
	await expect(panel).toBeVisible();
	await panel.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('status')).toContainText(`placed a station on ${key.slice(0, key.lastIndexOf('-'))}`);
	expect(errors).toEqual([]);
});

test('follows the dark colour scheme', async ({ page }) => {
	const errors = watchErrors(page);
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/map');
	await expect(page.locator('[data-hex]')).toHaveCount(MAP_1822.hexes.length);
	await page.screenshot({ path: `${SCREENSHOTS}/map-1822-dark-1280x800.png`, fullPage: true });
	expect(errors).toEqual([]);
});
