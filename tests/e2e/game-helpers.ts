// Shared steps of the game e2e tests: creating a hotseat game, console-error capture and the
// stock round's controls.
import { expect, type Page } from '@playwright/test';
import { COMPANIES } from '../../src/lib/engine/titles/g1822/data/companies';

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

/** The three players of the hotseat games the tests create. */
export const HOTSEAT_NAMES = ['Ada', 'Brunel', 'Cleo'] as const;

/**
 * Creates a 3-player 1822NRS hotseat game through the /new form and waits for its first stock
 * round; the page is then on the game's link (`/game/<id>#<secret>`).
 */
export async function createNrsHotseat(page: Page): Promise<void> {
	await page.goto('/new');
	await page.getByRole('radio', { name: /1822NRS/ }).check();
	await page.getByLabel('Number of players').selectOption('3');
	for (const [i, name] of HOTSEAT_NAMES.entries()) await page.getByLabel(`Name of player ${i + 1}`).fill(name);
	await page.getByRole('button', { name: 'Create 1822NRS game for 3 players' }).click();
	await expect(page).toHaveURL(/\/game\/[0-9a-f]{64}#[A-Za-z0-9_-]{43}$/, { timeout: 20_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round 1');
}

/** The NRS stack shuffle of the seeded hotseat games (the routes test's first minor and its track follow from it). */
export const SEED_NRS = 1;

/**
 * Opens a 3-player hotseat 1822NRS game whose company stacks are shuffled with SEED_NRS, through
 * /import from the file the site would save after Ada's opening pass (a new game's seed comes from
 * every seat's reveal, so a fixed one can only come in a file). The page is then on the game's
 * link, in Stock Round 1, Brunel to act.
 */
export async function openSeededNrs(page: Page): Promise<void> {
	const opening = {
		id: 1822002,
		title: '1822NRS',
		status: 'active',
		players: HOTSEAT_NAMES.map((name, i) => ({ id: i + 1, name })),
		settings: { seed: SEED_NRS, optional_rules: [] },
		actions: [{ type: 'pass', entity: 1, entity_type: 'player', id: 1, created_at: 0 }]
	};
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: '1822nrs-seed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(opening)) });
	await expect(page.getByTestId('import-summary')).toContainText('1 of 1 logged actions replayed');
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round 1');
}

/** A company card as the page and the log name it: "Minor 5" for M5, "LNWR concession" for C1, a private's printed name. */
export function cardName(id: string): string {
	const m = /^M(\d+)$/.exec(id);
	if (m) return `Minor ${m[1]}`;
	const def = COMPANIES.find((c) => c.id === id);
	if (def?.kind === 'concession' && def.corporation) return `${def.corporation} concession`;
	return def?.name ?? id;
}

/** On /new (already open): Ada creates a 2-player 1822NRS game for players on their own devices. */
export async function createNetworkNrsGame(a: Page): Promise<void> {
	await a.getByRole('radio', { name: /1822NRS/ }).check();
	await a.getByLabel('Number of players').selectOption('2');
	await a.getByRole('radio', { name: /Players on their own devices/ }).check();
	await a.getByLabel(/Your name/).fill('Ada');
	await a.getByRole('button', { name: 'Create 1822NRS game and invite 1 player' }).click();
	await expect(a).toHaveURL(/\/game\/[0-9a-f]{64}#[A-Za-z0-9_-]{43}$/, { timeout: 30_000 });
}

/** The 1822 stack shuffle of the seeded games (bid boxes M24 M16 M11 M17, C1 C4 C6, P1 P11 P10). */
export const SEED_1822 = 1;

/**
 * Opens a 3-player hotseat 1822 game whose company stacks are shuffled with SEED_1822: a new
 * game's seed comes from every seat's reveal, so the game is opened through /import from the
 * file the site would save after Ada's opening pass (its title, players, seed and that one
 * action). The page is then on the game's link, in Stock Round 1, Brunel to act.
 */
export async function openSeeded1822(page: Page): Promise<void> {
	const opening = {
		id: 1822001,
		title: '1822',
		status: 'active',
		players: HOTSEAT_NAMES.map((name, i) => ({ id: i + 1, name })),
		settings: { seed: SEED_1822, optional_rules: [] },
		actions: [{ type: 'pass', entity: 1, entity_type: 'player', id: 1, created_at: 0 }]
	};
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: '1822-seed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(opening)) });
	await expect(page.getByTestId('import-summary')).toContainText('1 of 1 logged actions replayed');
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Stock Round 1');
}
