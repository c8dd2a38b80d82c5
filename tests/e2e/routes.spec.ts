// Routes by hand in a real Chromium (issues 7 and 8): a hotseat 1822NRS game, seeded, is played by
// clicking to the first minor's route step; its L train's route is built by clicking stops on
// the map, edited, replaced by the route finder's best and edited again, then run.
// Expected figures come from the rules and the printed map, not from the engine:
// - an L train may run inside its company's one station alone, earning that city's value
//   (rules digest 7.1 L/LP); a minor's home city is printed on the map (white, phase 1 values);
// - a minor pays half its revenue, the treasury keeping floor(revenue / 2) (rules digest 8.1).
import { expect, test, type Page } from '@playwright/test';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { bid, pressPass, SCREENSHOTS, watchErrors, openSeededNrs, HOTSEAT_NAMES } from './game-helpers';

const BID = 100;

/** A minor's home city as printed on the NRS map: its hex, its node's number on the tile, its yellow-phase value. */
function printedHome(minor: string): { hex: string; node: number; value: number } {
	const home = [...MAP_NRS.homes].find(([corp]) => corp === minor)?.[1];
	const h = home ? MAP_NRS.hexes.find((x) => x.id === home.hex) : undefined;
	if (!home || !h) throw new Error(`no home for minor ${minor}`);
	const city = home.city ?? 0;
	const node = h.tile.nodes.findIndex((n) => n.kind === 'city' && n.index === city);
	const revenue = h.tile.cities[city].revenue;
	return { hex: home.hex, node, value: typeof revenue === 'number' ? revenue : (revenue.yellow ?? 0) };
}

/** Hex ids like "G16": letter column, number row; a rough distance for picking a far-off stop. */
function far(a: string, b: string): number {
	const [la, na] = [a.charCodeAt(0), Number(a.slice(1))];
	const [lb, nb] = [b.charCodeAt(0), Number(b.slice(1))];
	return Math.abs(la - lb) + Math.abs(na - nb);
}

/**
 * Waits until the map's view has stopped changing (the map centres on the acting company once it
 * knows its size, which can come late on a busy machine), so a click on a stop lands on it.
 */
async function settledMap(page: Page): Promise<void> {
	const map = page.getByTestId('hex-map');
	let last = await map.getAttribute('viewBox');
	for (let i = 0; i < 40; i++) {
		await page.waitForTimeout(250);
		const now = await map.getAttribute('viewBox');
		if (now === last) return;
		last = now;
	}
	throw new Error('the map kept moving');
}

async function noSidewaysOverflow(page: Page) {
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
}

const total = (page: Page) => page.getByTestId('run-total');

test('routes by hand: click stops, see the revenue, edit, best routes, edit one train, run', async ({ page }) => {
	test.setTimeout(240_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });

	await openSeededNrs(page);
	// Ada passed first (the seeded file's one action), so Brunel bids first.
	const names = [HOTSEAT_NAMES[1], HOTSEAT_NAMES[2], HOTSEAT_NAMES[0]];

	// The read-only map of a stock round, with its toggles; no track or station yet.
	await page.getByTestId('tab-map').click();
	const mapPanel = page.getByTestId('map-panel');
	await expect(mapPanel.locator('[data-hex]').first()).toBeVisible();
	await mapPanel.getByTestId('show-last-moves').check();
	await expect(mapPanel.getByTestId('last-moves-legend')).toContainText('No track or station placed yet.');
	await mapPanel.getByRole('checkbox', { name: 'Coordinates' }).check();
	await mapPanel.scrollIntoViewIfNeeded();
	await page.screenshot({ path: `${SCREENSHOTS}/map-panel-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await noSidewaysOverflow(page);
	await page.screenshot({ path: `${SCREENSHOTS}/map-panel-390.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// Stock round 1: each player wins a minor with a lone bid, then everyone passes.
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	expect(minors).toHaveLength(3);
	for (const [i, name] of names.entries()) {
		await expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
		await bid(page, minors[i], BID);
		await pressPass(page);
	}
	for (let i = 0; i < 6 && !(await page.getByRole('heading', { level: 1 }).textContent())?.includes('Operating Round'); i++) {
		await pressPass(page);
		await page.waitForTimeout(150);
	}
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');

	const turn = (await page.getByTestId('turn-status').locator('b').textContent()) ?? '';
	const [, minor, owner] = turn.match(/^Minor (\d+) \((\w+)\)$/) ?? [];
	expect(minor).toBeTruthy();
	const label = `Minor ${minor}`;
	const { hex: home, node: homeNode } = printedHome(minor);
	// The local run's value, read once the home city has track (the tile laid there sets it).
	let cityValue = 0;
	const log = page.getByTestId('game-log');

	// First turn: an L train; track on the home hex when it has none yet, since a local run needs
	// track in its city (a printed city with no track is no stop on 18xx.games either).
	await page.locator('[data-testid="buy-train"][data-train="L"]').click();
	await expect(log).toContainText(`${label} buys an L train`);
	const layHexes = await page.locator('[data-lay-hex]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lay-hex') ?? ''));
	// A home with printed track is not offered (it needs no lay); one without track is.
	const layHex = layHexes.includes(home) ? home : layHexes[0];
	if (layHex) {
		await page.locator(`[data-lay-hex="${layHex}"]`).click();
		const picker = page.getByRole('region', { name: `Lay a tile on ${layHex}` });
		await expect(picker).toBeVisible();
		const tile = picker.locator('[data-tile]').first();
		if (!((await tile.getAttribute('aria-label')) ?? '').includes('chosen')) await tile.click();
		await page.locator(`[data-select="${layHex}"]`).focus();
		await page.keyboard.press('Enter');
		await expect(log).toContainText(new RegExp(`${label} lays tile \\S+ on ${layHex}`));
	}
	// Whatever is left before running (more track, a station) is declined.
	for (let i = 0; i < 4 && (await page.getByTestId('or-step').textContent()) !== 'Run trains'; i++) {
		await page.getByTestId('or-pass').click();
		await page.waitForTimeout(200);
	}
	await expect(page.getByTestId('or-step')).toHaveText('Run trains');
	// The whole map in view (the tile picker brought its hex close), so any stop can be clicked.
	await page.getByRole('button', { name: 'Fit the whole map' }).click();
	const routes = page.getByTestId('routes-panel');
	await expect(routes).toBeVisible();
	const row = routes.getByTestId('route-row');
	await expect(row).toHaveCount(1);
	await expect(row).toContainText('L train');
	await expect(row.getByTestId('route-stops')).toHaveText('no route');
	await expect(page.getByTestId('run')).toBeDisabled();

	// One click on the home city: the L runs there alone, for the city's printed value.
	const homeStop = page.locator(`[data-stop="${home}#${homeNode}"]`);
	await settledMap(page);
	await homeStop.click({ timeout: 15_000 });
	await expect(row.getByTestId('route-revenue')).toHaveText(/^£[1-9]\d*$/);
	cityValue = Number(((await row.getByTestId('route-revenue').textContent()) ?? '').replace('£', ''));
	await expect(total(page)).toHaveText(`£${cityValue}`);
	await expect(row.getByTestId('route-stops')).toContainText(home);
	await expect(page.locator(`[data-route] .route-stop`)).toHaveCount(1);

	// A stop with no track to it is refused in words, and the route stays as it was.
	const stops = await page.locator('[data-stop]').evaluateAll((els) => els.map((e) => e.getAttribute('data-stop') ?? ''));
	const farStop = stops.filter((k) => !k.startsWith(`${home}#`)).sort((a, b) => far(b, home) - far(a, home))[0];
	expect(farStop).toBeTruthy();
	await settledMap(page);
	await page.locator(`[data-stop="${farStop}"]`).click({ timeout: 15_000 });
	await expect(routes.getByTestId('click-problem')).toContainText('No track between');
	await expect(total(page)).toHaveText(`£${cityValue}`);

	// Edit: Backspace takes the stop away (nothing to run), a click puts it back.
	await page.getByRole('heading', { level: 1 }).click();
	await page.keyboard.press('Backspace');
	await expect(row.getByTestId('route-stops')).toHaveText('no route');
	await expect(total(page)).toHaveText('£0');
	await expect(page.getByTestId('run')).toBeDisabled();
	await homeStop.click();
	await expect(total(page)).toHaveText(`£${cityValue}`);

	// Best routes from the route finder: at least the local run's value, then edit that train.
	await routes.getByTestId('best-routes').click();
	await expect(routes.getByTestId('best-routes')).toBeVisible({ timeout: 30_000 });
	const best = Number(((await total(page).textContent()) ?? '').replace('£', ''));
	expect(best).toBeGreaterThanOrEqual(cityValue);
	await page.getByTestId('hex-map').screenshot({ path: `${SCREENSHOTS}/routes-best-map-1280.png` });
	await row.getByTestId('clear-train').click();
	await expect(total(page)).toHaveText('£0');
	await homeStop.click();
	await expect(total(page)).toHaveText(`£${cityValue}`);
	// No earlier run to offer again in the first operating round.
	await expect(routes.getByTestId('last-routes')).toHaveCount(0);

	// Last moves on the operating round's map: this minor's track.
	await page.getByTestId('show-last-moves').check();
	if (layHex) await expect(page.getByTestId('last-moves-legend')).toContainText(`Minor ${minor}: ${layHex}`);
	await page.screenshot({ path: `${SCREENSHOTS}/routes-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await noSidewaysOverflow(page);
	await page.screenshot({ path: `${SCREENSHOTS}/routes-390.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// Enter runs; a minor pays half at once.
	await page.getByRole('heading', { level: 1 }).click();
	await page.keyboard.press('Enter');
	const kept = Math.floor(cityValue / 2);
	await expect(log).toContainText(
		cityValue > 0 ? `${label} earns £${cityValue}: £${cityValue - kept} to ${owner} and £${kept} kept in its treasury` : `${label} runs for £0`
	);

	expect(errors).toEqual([]);
});
