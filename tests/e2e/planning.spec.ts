// Planning branches, undo/redo and keyboard shortcuts on a hotseat 1822NRS game (issue 8), in a
// real Chromium. The game: 3 players, each winning one minor with a lone £100 bid in stock round 1
// (rules digest 3.3), so that the first operating round opens with a minor's first turn: it may
// buy an L train (£50 in NRS), lay track and run (rules digest 5.2; a minor keeps half its
// revenue, rounded down, rules digest 8.1).
//
// What must hold: moves tried on a branch show their results on the page, and after the branch is
// discarded the game's log, head, chain and state hash are exactly as before — also after a reload,
// so nothing was stored. Undo then redo returns to the same state hash.
import { expect, test, type Page } from '@playwright/test';
import { bid, box, cardName, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat, HOTSEAT_NAMES } from './game-helpers';

const BID = 100;
const MINOR_TREASURY = 100;
const L_PRICE = 50;

const panel = (page: Page) => page.getByTestId('company-panel');
const sync = (page: Page) => page.getByTestId('sync-state');
const banner = (page: Page) => page.getByTestId('planning-banner');

interface Live {
	readonly head: string;
	readonly hash: string;
	readonly chain: string;
	readonly log: string;
}

async function live(page: Page): Promise<Live> {
	const s = sync(page);
	return {
		head: (await s.getAttribute('data-head')) ?? '',
		hash: (await s.getAttribute('data-state-hash')) ?? '',
		chain: (await s.getAttribute('data-chain')) ?? '',
		log: (await page.getByTestId('game-log').textContent()) ?? ''
	};
}

async function expectLive(page: Page, want: Live): Promise<void> {
	await expect(sync(page)).toHaveAttribute('data-head', want.head);
	await expect(sync(page)).toHaveAttribute('data-state-hash', want.hash);
	await expect(sync(page)).toHaveAttribute('data-chain', want.chain);
	expect(await page.getByTestId('game-log').textContent()).toBe(want.log);
}

/** Keys go to the page, not to a control: click the heading first. */
async function press(page: Page, key: string): Promise<void> {
	await page.getByRole('heading', { level: 1 }).click();
	await page.keyboard.press(key);
}

async function createToFirstOperatingRound(page: Page): Promise<void> {
	await createNrsHotseat(page);
	const names = HOTSEAT_NAMES;
	await planAndEscapeInStockRound(page);
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minors = companies.filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	for (const [i, name] of names.entries()) {
		await expect(page.getByTestId('active-panel').getByRole('heading', { level: 2 })).toContainText(name);
		await bid(page, minors[i], BID);
		await expect(box(page, minors[i])).toContainText(`£${BID}`);
		await pressPass(page);
	}
	for (let i = 0; i < 6 && !(await page.getByRole('heading', { level: 1 }).textContent())?.includes('Operating Round'); i++) {
		await pressPass(page);
		await page.waitForTimeout(150);
	}
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Operating Round 1.1');
}

/** A bid tried on a branch shows in its bid box; Escape discards the branch and the bid is gone. */
async function planAndEscapeInStockRound(page: Page): Promise<void> {
	const before = await live(page);
	const first = (await page.getByTestId('bid-box').first().getAttribute('data-company')) ?? '';
	await page.getByTestId('plan-open').click();
	await expect(banner(page)).toContainText('0 moves tried');
	await bid(page, first, BID);
	await expect(box(page, first)).toContainText(`£${BID}`);
	await expect(banner(page)).toContainText('1 move tried');
	await expect(page.getByTestId('game-log')).toContainText(`Ada bids £${BID} on ${cardName(first)}`);
	await press(page, 'Escape');
	await expect(banner(page)).toHaveCount(0);
	await expect(page.getByTestId('game-log')).not.toContainText(`Ada bids £${BID} on ${cardName(first)}`);
	await expectLive(page, before);
}

/** Lays a tile on the first offered hex: picks it on the map, turns it with R when it can turn, confirms with Enter. */
async function layTile(page: Page): Promise<{ hex: string; tile: string; cost: number }> {
	const hex = (await page.locator('[data-select]').first().getAttribute('data-select')) ?? '';
	expect(hex).not.toBe('');
	await page.locator(`[data-select="${hex}"]`).click();
	const picker = page.getByRole('region', { name: `Lay a tile on ${hex}` });
	await expect(picker).toBeVisible();
	const chosen = picker.locator('[aria-pressed="true"]');
	const label = (await chosen.getAttribute('aria-label')) ?? '';
	const rotations = Number(label.match(/(\d+) legal rotation/)?.[1] ?? 1);
	if (rotations > 1) {
		await page.keyboard.press('r');
		await expect(picker).toContainText(`Rotation 2 of ${rotations}`);
	}
	const tile = ((await chosen.getAttribute('data-tile')) ?? '').trim();
	const cost = Number(((await picker.getByTestId('lay-cost').textContent()) ?? '').replace('£', ''));
	await page.locator(`[data-select="${hex}"]`).focus();
	await page.keyboard.press('Enter');
	await expect(picker).toHaveCount(0);
	return { hex, tile, cost };
}

test('planning branch: buy, lay and run privately, discard, nothing changed; undo/redo and shortcuts in hotseat', async ({ page }) => {
	test.setTimeout(240_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createToFirstOperatingRound(page);

	const turn = (await page.getByTestId('turn-status').locator('b').textContent()) ?? '';
	const [, minor] = turn.match(/^Minor (\d+) \((\w+)\)$/) ?? [];
	expect(minor).toBeTruthy();
	const label = `Minor ${minor}`;
	const before = await live(page);
	expect(before.hash).not.toBe('');

	// Open a branch: the banner says it is private and counts the moves tried.
	await page.getByTestId('plan-open').click();
	await expect(banner(page)).toBeVisible();
	await expect(banner(page)).toContainText('Planning — nothing here is shared; 0 moves tried');
	// Undo and redo of the live game step aside while the branch is open.
	await expect(page.getByTestId('undo')).toHaveCount(0);

	// On the branch: buy the L train, lay a tile (choose, rotate, confirm), run the best routes.
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${MINOR_TREASURY}`);
	await page.locator('[data-testid="buy-train"][data-train="L"]').click();
	await expect(panel(page).getByTestId('company-trains')).toHaveText('L');
	await expect(banner(page)).toHaveAttribute('data-moves', '1');
	const lay = await layTile(page);
	let cash = MINOR_TREASURY - L_PRICE - lay.cost;
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${cash}`);
	const log = page.getByTestId('game-log');
	await expect(log).toContainText('Planned moves (private');
	await expect(log).toContainText(new RegExp(`${label} lays tile ${lay.tile} on ${lay.hex}( \\([^)]*\\))? for £${lay.cost}`));
	await expect(banner(page)).toHaveAttribute('data-moves', '2');
	// Skip the station where one is offered, to reach the run.
	for (let i = 0; i < 3 && (await page.getByTestId('best-routes').count()) === 0; i++) {
		await page.getByTestId('or-pass').click();
		await page.waitForTimeout(100);
	}
	await page.getByTestId('best-routes').click();
	// The search reports better runs as it finds them; read the total once it has finished.
	await expect(page.getByTestId('cancel-search')).toHaveCount(0, { timeout: 30_000 });
	await expect(page.getByTestId('run')).toBeEnabled();
	const revenue = Number(((await page.getByTestId('run-total').textContent()) ?? '').replace('£', ''));
	expect(Number.isInteger(revenue)).toBe(true);
	await page.getByTestId('run').click();
	cash += Math.floor(revenue / 2);
	const row = page.locator(`[data-testid="company-row"][data-company="${minor}"]`);
	await expect(row.getByTestId('row-cash')).toHaveText(`£${cash}`);
	await expect(log).toContainText(`${label} runs for £${revenue}`);
	const tried = Number(await banner(page).getAttribute('data-moves'));
	expect(tried).toBeGreaterThanOrEqual(3);
	await expect(banner(page)).toContainText(`${tried} moves tried`);
	// The live game did not move.
	await expect(sync(page)).toHaveAttribute('data-head', before.head);
	await expect(sync(page)).toHaveAttribute('data-state-hash', before.hash);
	await page.screenshot({ path: `${SCREENSHOTS}/planning-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	expect(overflow).toBeLessThanOrEqual(0);
	await page.screenshot({ path: `${SCREENSHOTS}/planning-390.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });

	// Step back on the branch (button, then Ctrl+Z): the run is taken back there.
	await page.getByTestId('plan-step-back').click();
	await expect(banner(page)).toHaveAttribute('data-moves', String(tried - 1));
	await expect(log).not.toContainText(`${label} runs for`);
	await press(page, 'Control+z');
	await expect(banner(page)).toHaveAttribute('data-moves', String(tried - 2));
	await press(page, 'Control+Shift+z');
	await expect(banner(page)).toHaveAttribute('data-moves', String(tried - 1));

	// Discard: the page shows the live game again, unchanged. (Escape is the operating round's
	// first: it clears the routes being built there; discarding by Escape is shown in the stock round.)
	await page.getByTestId('plan-discard').click();
	await expect(banner(page)).toHaveCount(0);
	await expect(panel(page).getByTestId('company-cash')).toHaveText(`£${MINOR_TREASURY}`);
	await expect(panel(page).getByTestId('company-trains')).toHaveText('none');
	await expectLive(page, before);

	// Nothing was stored either: after a reload the log is the same.
	await page.reload();
	await expect(sync(page)).toHaveAttribute('data-stage', 'playing', { timeout: 20_000 });
	await expectLive(page, before);

	// Undo and redo on the live hotseat game: the hash after redo is the one before the undo.
	await page.locator('[data-testid="buy-train"][data-train="L"]').click();
	await expect(panel(page).getByTestId('company-trains')).toHaveText('L');
	await expect(sync(page)).not.toHaveAttribute('data-state-hash', before.hash);
	const bought = await live(page);
	await page.getByTestId('undo').click();
	await expect(sync(page)).toHaveAttribute('data-state-hash', before.hash);
	await expect(panel(page).getByTestId('company-trains')).toHaveText('none');
	await expect(page.getByTestId('redo')).toContainText(`${label} buys an L train`);
	await page.getByTestId('redo').click();
	await expect(sync(page)).toHaveAttribute('data-state-hash', bought.hash);
	await expect(panel(page).getByTestId('company-trains')).toHaveText('L');
	await expect(page.getByTestId('redo')).toHaveCount(0);
	// Each is an entry of its own: the undo and the replayed action.
	await expect(sync(page)).toHaveAttribute('data-chain', String(Number(bought.chain) + 2));

	// The same with the keys: Ctrl+Z, then Ctrl+Y.
	await press(page, 'Control+z');
	await expect(sync(page)).toHaveAttribute('data-state-hash', before.hash);
	await press(page, 'Control+y');
	await expect(sync(page)).toHaveAttribute('data-state-hash', bought.hash);

	// P passes where a pass is offered: here, laying track.
	const step = (await page.getByTestId('or-step').textContent()) ?? '';
	await press(page, 'p');
	await expect(page.getByTestId('or-step')).not.toHaveText(step);
	await expect(log).toContainText(`${label} passes`);

	// The "?" overlay lists the shortcuts; Escape closes it.
	await press(page, '?');
	const help = page.getByTestId('shortcuts-help');
	await expect(help).toBeVisible();
	for (const what of ['Undo the last action', 'Redo', 'Pass', 'Confirm', 'Cancel']) await expect(help).toContainText(what);
	await page.setViewportSize({ width: 390, height: 844 });
	await page.screenshot({ path: `${SCREENSHOTS}/planning-shortcuts-390.png` });
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.keyboard.press('Escape');
	await expect(help).toHaveCount(0);

	// Focus is visible on the page's controls when moving with the keyboard: every control the Tab
	// key reaches from the title on has an outline.
	await page.getByRole('heading', { level: 1 }).click();
	const reached: { what: string; outline: string; width: string }[] = [];
	for (let i = 0; i < 14; i++) {
		await page.keyboard.press('Tab');
		reached.push(
			await page.evaluate(() => {
				const el = document.activeElement as HTMLElement;
				const style = getComputedStyle(el);
				const what = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} ${el.textContent?.trim().slice(0, 30) ?? ''}`;
				const controls = ['BUTTON', 'A', 'SUMMARY', 'SELECT', 'INPUT'];
				if (!controls.includes(el.tagName)) return { what, outline: 'n/a', width: 'n/a' };
				return { what, outline: el.matches(':focus-visible') ? style.outlineStyle : 'not focus-visible', width: style.outlineWidth };
			})
		);
	}
	expect(reached.some((r) => r.what.startsWith('button[undo]'))).toBe(true);
	expect(reached.filter((r) => r.outline !== 'n/a' && (r.outline === 'none' || r.outline === 'not focus-visible' || r.width === '0px'))).toEqual([]);

	expect(errors).toEqual([]);
});
