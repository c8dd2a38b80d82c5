// The game screen's figures in a real Chromium (issue 18): where money leaves a player the click
// only asks first (a forced train purchase names what the treasury, the director and a bank loan
// pay; another company's train starts with no price; taking a private shows its price), the
// dividend card shows revenue, per share and the price move of each choice, privates say what
// they do, and the map marks destinations and homes and centres on the company to act.
// Positions come from a recorded 1822MRS game (../shared/reference/fixtures), imported up to a
// chosen action and played on here. Expected figures are worked out here from the rules digest
// (9.1 a loan adds 50% interest rounded up; 8.2 dividends; 3.9 the MRS grid has £80 left of
// £90; 10.1 a private costs nothing) and from what the page shows, never read from the engine.
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { box, createNrsHotseat, SCREENSHOTS, watchErrors } from './game-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const GAME = path.join(REFERENCE, 'fixtures', '1822MRS', '1822MRS_game_end_bank.json');
const haveReference = existsSync(GAME);

/** Actions of the recorded game after which each position is reached (the file's action ids). */
const AT = {
	/** Minor 18's first turn, about to lay track at its home I42 (Bournemouth). */
	track: 54,
	/** Minor 10 may acquire P15 from Player 2. */
	private: 167,
	/** Minor 10 may buy a 2 train from Minor 15 or Minor 18 with its £55. */
	companyTrain: 226,
	/** Minor 11 must buy a train it cannot afford. */
	forced: 233,
	/** GWR chooses the dividend of an £80 run. */
	dividend: 271
} as const;

const SIZES = [
	{ name: '1920x1080', width: 1920, height: 1080 },
	{ name: '1280x800', width: 1280, height: 800 },
	{ name: '390x844', width: 390, height: 844 }
] as const;

async function importAt(page: Page, lastAction: number): Promise<void> {
	const full = JSON.parse(readFileSync(GAME, 'utf8')) as { actions: { id: number }[] } & Record<string, unknown>;
	const prefix = { ...full, status: 'active', result: {}, actions: full.actions.filter((a) => a.id <= lastAction) };
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: `at-${lastAction}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(prefix)) });
	await expect(page.getByTestId('import-summary')).toContainText(`${prefix.actions.length} of ${prefix.actions.length} logged actions replayed`, { timeout: 60_000 });
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
	await expect(page.getByTestId('company-panel')).toBeVisible({ timeout: 30_000 });
}

const pounds = (text: string | null): number => Number(/£(\d+)/.exec(text ?? '')?.[1] ?? NaN);

test.describe('figures of the game screen', () => {
	test.skip(!haveReference, 'needs ../shared/reference');

	test('a forced train purchase says what the treasury, the director and the bank pay before it is confirmed', async ({ page }) => {
		test.setTimeout(150_000);
		const errors = watchErrors(page);
		await page.setViewportSize({ width: 1280, height: 800 });
		await importAt(page, AT.forced);
		await expect(page.getByTestId('company-panel')).toHaveAttribute('data-company', '11');
		const treasury = pounds(await page.getByTestId('company-cash').textContent());
		const offer = page.getByTestId('buy-train').filter({ hasText: '…' }).first();
		const price = pounds(await offer.textContent());
		expect(price).toBeGreaterThan(treasury);
		await offer.click();
		const confirm = page.getByTestId('confirm-buy');
		await expect(confirm).toBeVisible();
		const lines = await confirm.getByTestId('payers').locator('li').allTextContents();
		expect(lines[0]).toBe(`Minor 11 pays £${treasury} from its treasury.`);
		const director = pounds(lines[1]);
		// What neither can pay is lent: price − treasury − director; the debt adds 50%, rounded up.
		const loan = price - treasury - director;
		expect(loan).toBeGreaterThan(0);
		expect(lines[2]).toContain(`£${loan}, paid on at once; their debt grows by £${loan + Math.ceil(loan / 2)}`);
		await page.screenshot({ path: `${SCREENSHOTS}/figures-forced-buy-1280x800.png` });
		// Nothing happens until the purchase is confirmed.
		await confirm.getByTestId('cancel').click();
		await expect(confirm).toHaveCount(0);
		await expect(page.getByTestId('company-cash')).toHaveText(`£${treasury}`);
		await offer.click();
		await page.getByTestId('confirm-buy').getByTestId('confirm').click();
		await expect(page.getByTestId('confirm-buy')).toHaveCount(0);
		await expect(page.getByTestId('company-panel')).not.toHaveAttribute('data-company', '11', { timeout: 15_000 });
		expect(errors).toEqual([]);
	});

	test('another company’s train starts with no price, shows the range and is confirmed', async ({ page }) => {
		test.setTimeout(150_000);
		const errors = watchErrors(page);
		await page.setViewportSize({ width: 1280, height: 800 });
		await importAt(page, AT.companyTrain);
		const cash = pounds(await page.getByTestId('company-cash').textContent());
		const row = page.getByTestId('company-train').first();
		await expect(row).toContainText(`any price from £1 to £${cash}`);
		const input = row.getByTestId('company-train-price');
		await expect(input).toHaveValue('');
		await expect(row.getByTestId('company-train-buy')).toBeDisabled();
		await input.fill(String(cash + 5));
		await expect(row.getByTestId('company-train-buy')).toBeDisabled();
		await input.fill('20');
		await row.getByTestId('company-train-buy').click();
		const confirm = row.getByTestId('confirm-buy');
		await expect(confirm).toContainText('Minor 10 pays £20 from its treasury to Minor');
		await page.screenshot({ path: `${SCREENSHOTS}/figures-company-train-1280x800.png` });
		const before = (await page.locator('[data-testid="company-row"][data-company="10"]').getByTestId('row-trains').textContent()) ?? '';
		await confirm.getByTestId('confirm').click();
		// Bought: Minor 10 paid £20 and holds one train more (its turn may then end).
		const row10 = page.locator('[data-testid="company-row"][data-company="10"]');
		await expect(row10.getByTestId('row-cash')).toHaveText(`£${cash - 20}`, { timeout: 15_000 });
		await expect(row10.getByTestId('row-trains')).not.toHaveText(before);
		expect(errors).toEqual([]);
	});

	test('taking a private shows its price (nothing), who gives it up and what it does, and asks first', async ({ page }) => {
		test.setTimeout(150_000);
		const errors = watchErrors(page);
		await page.setViewportSize({ width: 1280, height: 800 });
		await importAt(page, AT.private);
		const item = page.locator('[data-testid="acquire-private"][data-company="P15"]');
		await expect(item).toContainText('£0, from Player 2');
		await expect(item).toContainText('£10 times the phase number');
		await item.getByRole('button').first().click();
		await expect(item.getByTestId('confirm-acquire')).toContainText('Minor 10 takes');
		await expect(item.getByTestId('confirm-acquire')).toContainText('for £0');
		await item.getByTestId('confirm').click();
		await expect(page.locator('[data-testid="acquire-private"][data-company="P15"]')).toHaveCount(0, { timeout: 15_000 });
		expect(errors).toEqual([]);
	});

	test('the dividend card shows revenue, what is kept, per share, who gets what and the price move of each choice', async ({ page }) => {
		test.setTimeout(150_000);
		const errors = watchErrors(page);
		await page.setViewportSize({ width: 1280, height: 800 });
		await importAt(page, AT.dividend);
		await expect(page.getByTestId('company-panel')).toHaveAttribute('data-company', 'GWR');
		const revenue = pounds(await page.getByTestId('dividend-revenue').textContent());
		const price = pounds(await page.getByTestId('company-price').textContent());
		expect([revenue, price]).toEqual([80, 90]);
		const choice = (kind: string) => page.locator(`[data-testid="dividend-choice"][data-kind="${kind}"]`);
		// Pay out: £80 / 10 shares = £8 a share; D = £80 < P = £90, so no move.
		await expect(choice('payout').getByTestId('dividend-kept')).toHaveText('£0');
		await expect(choice('payout').getByTestId('dividend-per-share')).toHaveText('£8');
		await expect(choice('payout').getByTestId('dividend-price')).toContainText('£90 → £90');
		for (const r of await choice('payout').getByTestId('dividend-receiver').allTextContents()) {
			const shares = Number(/\((\d+) shares?\)/.exec(r)?.[1]);
			expect(pounds(r.slice(r.indexOf(')')))).toBe(shares * 8);
		}
		// Half: the treasury keeps half rounded down to £10 (£40); £40 is shared, £4 a share; no move.
		await expect(choice('half').getByTestId('dividend-kept')).toHaveText('£40');
		await expect(choice('half').getByTestId('dividend-per-share')).toHaveText('£4');
		await expect(choice('half').getByTestId('dividend-price')).toContainText('£90 → £90');
		// Withhold: nothing shared, one step left: £80 on the MRS grid.
		await expect(choice('withhold').getByTestId('dividend-kept')).toHaveText('£80');
		await expect(choice('withhold').getByTestId('dividend-price')).toContainText('£90 → £80');
		for (const s of SIZES) {
			await page.setViewportSize({ width: s.width, height: s.height });
			await page.getByTestId('dividend-panel').scrollIntoViewIfNeeded();
			await page.screenshot({ path: `${SCREENSHOTS}/figures-dividend-${s.name}.png` });
		}
		expect(errors).toEqual([]);
	});

	test('the map marks destinations and unfloated homes, and centres on the company to act', async ({ page }) => {
		test.setTimeout(150_000);
		const errors = watchErrors(page);
		await page.setViewportSize({ width: 1280, height: 800 });
		await importAt(page, AT.track);
		await expect(page.getByTestId('company-panel')).toHaveAttribute('data-company', '18');
		const map = page.getByTestId('hex-map');
		// Majors not yet started have their destinations marked; minors not yet floated their homes.
		await expect(map.locator('[data-marker="destination"]').first()).toBeAttached();
		expect(await map.locator('[data-marker="destination"]').count()).toBeGreaterThan(3);
		expect(await map.locator('[data-home]').count()).toBeGreaterThan(3);
		// Minor 18 has laid no track yet: the map centres on its home station, I42 (Bournemouth).
		await expect
			.poll(async () => {
				const vb = ((await map.getAttribute('viewBox')) ?? '').split(/\s+/).map(Number);
				const t = (await map.locator('[data-hex="I42"]').first().getAttribute('transform')) ?? '';
				const [x, y] = (/translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(t) ?? []).slice(1).map(Number);
				const [vx, vy, vw, vh] = vb;
				return vw <= 900 && x > vx && x < vx + vw && y > vy && y < vy + vh;
			})
			.toBe(true);
		for (const s of SIZES) {
			await page.setViewportSize({ width: s.width, height: s.height });
			await page.screenshot({ path: `${SCREENSHOTS}/figures-operating-${s.name}.png` });
		}
		// The tile picker on the hex to lay.
		const hex = (await page.locator('[data-select]').first().getAttribute('data-select')) ?? '';
		await page.setViewportSize({ width: 1280, height: 800 });
		await page.locator(`[data-select="${hex}"]`).first().click();
		await expect(page.getByRole('region', { name: `Lay a tile on ${hex}` })).toBeVisible();
		for (const s of SIZES) {
			await page.setViewportSize({ width: s.width, height: s.height });
			await page.screenshot({ path: `${SCREENSHOTS}/figures-tile-picker-${s.name}.png` });
		}
		// The market tab (the picker closed first: on a phone it is a sheet over the page).
		await page.setViewportSize({ width: 1280, height: 800 });
		await page.keyboard.press('Escape');
		await expect(page.getByRole('region', { name: `Lay a tile on ${hex}` })).toHaveCount(0);
		await page.getByTestId('tab-market').click();
		for (const s of SIZES) {
			await page.setViewportSize({ width: s.width, height: s.height });
			await page.getByTestId('market-panel').scrollIntoViewIfNeeded();
			await page.screenshot({ path: `${SCREENSHOTS}/figures-market-${s.name}.png` });
		}
		expect(errors).toEqual([]);
	});
});

test('bid boxes say what a private does and who may take it; the status line shows the phase colour, the depot the bank', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createNrsHotseat(page);
	// NRS with 3 players: the bank keeps £12,000 − 3 × £500 = £10,500 (rules digest 1.1); phase 1 lays yellow.
	await expect(page.getByTestId('phase')).toHaveAttribute('data-colour', 'yellow');
	await page.getByTestId('tab-trains').click();
	await expect(page.getByTestId('bank-cash')).toHaveText('£10,500');
	const privates = page.locator('[data-testid="bid-box"][data-company^="P"]');
	expect(await privates.count()).toBeGreaterThan(0);
	for (const b of await privates.all()) {
		await expect(b.getByTestId('box-ability')).toHaveText(/\w+.*\./);
		await expect(b).toContainText(/may acquire it from phase \d|No company may acquire it/);
	}
	// A minor's box names its home city; a concession's its major.
	const minor = page.locator('[data-testid="bid-box"][data-company^="M"]').first();
	await expect(minor).toContainText('Home:');
	const concession = page.locator('[data-testid="bid-box"][data-company^="C"]').first();
	if ((await concession.count()) > 0) await expect(concession).toContainText('Starts the major');
	// The next bid is the minimum with no bid, and the steps are of £5 (rules digest 3.3).
	const company = (await minor.getAttribute('data-company')) ?? '';
	await expect(box(page, company)).toContainText('Next bid from £100');
	for (const s of SIZES) {
		await page.setViewportSize({ width: s.width, height: s.height });
		await page.screenshot({ path: `${SCREENSHOTS}/figures-stock-${s.name}.png` });
	}
	expect(errors).toEqual([]);
});
