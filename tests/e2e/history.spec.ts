// History, log and chat (issues 8 and 11), in a real Chromium:
// - every shared recorded game, finished, is imported whole through /import and kept here for
//   review (hotseat seats named as in the file); it opens on its end screen. The history bar steps
//   to the start and back to the end, and every player's final score equals the file's `result`.
//   Then the history steps back round by round to an earlier action (one with tiles on the map when
//   the game has any), and the map's tiles equal those of a replay of the file's actions in Node up
//   to that position; the URL names the position and a reload shows it again;
// - in a hotseat game the log's filters narrow the lines, a line leads to its position and back,
//   and chat messages are written as the chosen seat.
// The recorded games are read from ../shared/reference at run time (never copied into the project).
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Game, type Action, type GameState } from '../../src/lib/engine';
import { tileOnHex } from '../../src/lib/engine/core/board';
import type { HexId } from '../../src/lib/engine/core/ids';
import { mapFor } from '../../src/lib/engine/titles/g1822/board-ops';
import { parseExport } from '../../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../../src/lib/interop/undo-redo';
import { bid, box, cardName, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat } from './game-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const FIXTURES = path.join(REFERENCE, 'fixtures');
const haveReference = existsSync(FIXTURES);

const files = haveReference
	? readdirSync(FIXTURES)
			.sort()
			.flatMap((title) => readdirSync(path.join(FIXTURES, title)).sort().filter((f) => f.endsWith('.json')).map((f) => path.join(title, f)))
	: [];

interface Replayed {
	readonly raw: string;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly result: Record<string, number>;
	/** State after each executed step (0: the start), as the app's history counts positions. */
	readonly states: GameState[];
}

/** The file's surviving actions, each automatic action a step of its own, replayed in Node. */
function replay(file: string): Replayed {
	const raw = readFileSync(path.join(FIXTURES, file), 'utf8');
	const json = JSON.parse(raw) as { players: { id: number; name: string }[]; result?: Record<string, number> };
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	const made = Game.create({ title: ex.title, players: ex.players, seed: ex.seed, optionalRules: ex.optionalRules, mode: 'import' });
	if (!made.ok) throw new Error(made.error.message);
	const game = made.value;
	const states: GameState[] = [game.snapshot()];
	for (const a of resolveUndoRedo(ex.actions).surviving) {
		for (const step of [a, ...(a.auto_actions ?? [])] as Action[]) {
			const r = game.process(step);
			if (!r.ok) throw new Error(`${file}: action ${String(a.id)} refused in Node: ${r.error.message}`);
			states.push(game.snapshot());
		}
	}
	return { raw, players: json.players, result: json.result ?? {}, states };
}

/** Tile name and rotation of every hex of the map as the engine has them at `state`. */
function tilesOf(state: GameState, hexes: readonly string[]): Record<string, string> {
	const map = mapFor(state.setup.title);
	const out: Record<string, string> = {};
	for (const hex of hexes) {
		const laid = tileOnHex(map, state.board, hex as HexId);
		out[hex] = laid ? `${laid.def.name}@${laid.rotation}` : '?';
	}
	return out;
}

const hasTiles = (state: GameState) => Object.keys(state.board.tiles).length > 0;

/** The map of the position shown: the operating round's own, else the Map tab's. */
async function shownTiles(page: Page): Promise<Record<string, string>> {
	const tab = page.getByTestId('tab-map');
	if ((await tab.count()) > 0) await tab.click();
	const map = page.getByTestId('hex-map').first();
	await expect(map.locator('[data-hex]').first()).toBeAttached();
	return map.evaluate((svg) => {
		const out: Record<string, string> = {};
		for (const el of svg.querySelectorAll('[data-hex]')) {
			out[el.getAttribute('data-hex') ?? ''] = `${el.getAttribute('data-tile')}@${el.getAttribute('data-rotation')}`;
		}
		return out;
	});
}

async function playing(page: Page): Promise<void> {
	await expect(page.getByTestId('sync-state')).toHaveAttribute('data-stage', 'playing', { timeout: 60_000 });
	await expect(page.getByTestId('history-bar')).toBeVisible({ timeout: 60_000 });
}

const bar = (page: Page) => page.getByTestId('history-bar');

async function position(page: Page): Promise<number> {
	return Number(await bar(page).getAttribute('data-position'));
}

for (const file of files) {
	test(`history of ${file}: kept for review, final scores at the end, the map of an earlier action`, async ({ page }) => {
		test.setTimeout(180_000);
		const errors = watchErrors(page);
		const game = replay(file);
		const total = game.states.length - 1;
		const final = game.states[total];
		expect(final.end.finished).toBe(true);
		expect(game.players.map((p) => String(p.id)).sort()).toEqual(Object.keys(game.result).sort());

		await page.setViewportSize({ width: 1280, height: 800 });
		await page.goto('/import');
		await page.getByTestId('import-file').setInputFiles({ name: path.basename(file), mimeType: 'application/json', buffer: Buffer.from(game.raw) });
		await expect(page.getByTestId('import-summary')).toContainText('logged actions replayed', { timeout: 60_000 });
		// A finished game is not continued: it is kept for review, with the file's names for its seats.
		await expect(page.getByTestId('import-play')).toHaveCount(0);
		await expect(page.getByTestId('import-seat-name')).toHaveCount(game.players.length);
		for (const [i, p] of game.players.entries()) await expect(page.getByTestId('import-seat-name').nth(i)).toHaveValue(p.name);
		const shots = file.endsWith('1822_game_end_stock_market.json');
		if (shots) {
			await page.getByTestId('import-review').screenshot({ path: `${SCREENSHOTS}/import-review-1280.png` });
			await page.setViewportSize({ width: 390, height: 844 });
			await page.screenshot({ path: `${SCREENSHOTS}/import-review-390.png`, fullPage: true });
			await page.setViewportSize({ width: 1280, height: 800 });
		}
		await page.getByTestId('import-keep-here').click();
		await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
		await playing(page);
		// It opens on the end screen; every imported step, automatic ones included, is a step of the history.
		await expect(page.getByTestId('end-of-game')).toBeVisible();
		await expect(bar(page)).toHaveAttribute('data-length', String(total));

		// The history bar: to the start, then to the end.
		await page.getByTestId('history-start').click();
		await expect(bar(page)).toHaveAttribute('data-position', '0');
		await expect(page).toHaveURL(/\?action=0#/);
		await expect(page.getByTestId('end-of-game')).toHaveCount(0);
		await page.getByTestId('history-end').click();
		await expect(bar(page)).toHaveAttribute('data-viewing', 'false');
		expect(new URL(page.url()).searchParams.has('action')).toBe(false);

		// Every player's final score, as the file records it.
		await expect(page.getByTestId('final-score')).toHaveCount(game.players.length);
		for (const p of game.players) {
			await expect(page.locator(`[data-testid="final-score"][data-player="${p.name}"]`)).toHaveAttribute('data-value', String(game.result[String(p.id)]));
		}
		if (shots) {
			await page.screenshot({ path: `${SCREENSHOTS}/review-end-1280.png`, fullPage: false });
		}

		// Back round by round to an earlier action: one with tiles near the middle of the game when
		// the game has tiles at all (one game ends before any operating round: any earlier action).
		const middle = Math.floor(total / 2);
		const withTiles = Array.from({ length: total }, (_, i) => i)
			.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))
			.find((n) => hasTiles(game.states[n]));
		const target = withTiles ?? middle;
		let at = total;
		for (let clicks = 0; at > target && clicks < 60; clicks++) {
			await page.getByTestId('history-round-back').click();
			await expect(bar(page)).toHaveAttribute('data-viewing', 'true');
			await expect.poll(() => position(page)).toBeLessThan(at);
			at = await position(page);
		}
		expect(at).toBeLessThanOrEqual(target);
		// A round may begin before the first tile of the game: forward to where the map has some.
		for (let clicks = 0; withTiles !== undefined && !hasTiles(game.states[at]) && clicks < 10; clicks++) {
			await page.getByTestId('history-round-forward').click();
			await expect.poll(() => position(page)).toBeGreaterThan(at);
			at = await position(page);
		}
		expect(at).toBeLessThan(total);
		if (withTiles === undefined) console.log(`history e2e: ${file} has no tiles laid; its map is compared with the preprinted one.`);
		else expect(hasTiles(game.states[at])).toBe(true);
		await expect(page).toHaveURL(new RegExp(`\\?action=${at}#`));
		await expect(page.getByTestId('past-badge')).toBeVisible();

		const tiles = await shownTiles(page);
		expect(Object.keys(tiles).length).toBeGreaterThan(20);
		expect(tiles).toEqual(tilesOf(game.states[at], Object.keys(tiles)));
		// Stepping back changed the map: the earlier tiles are not the final ones.
		if (withTiles !== undefined) expect(tiles).not.toEqual(tilesOf(final, Object.keys(tiles)));

		// A reload shows the same position and map.
		await page.reload();
		await playing(page);
		await expect(bar(page)).toHaveAttribute('data-position', String(at));
		expect(await shownTiles(page)).toEqual(tiles);
		if (shots) {
			await page.evaluate(() => window.scrollTo(0, 0));
			await page.screenshot({ path: `${SCREENSHOTS}/history-1280.png`, fullPage: false });
			await page.setViewportSize({ width: 390, height: 844 });
			await page.screenshot({ path: `${SCREENSHOTS}/history-390.png`, fullPage: false });
		}
		// Back to the present: the end screen again.
		await page.getByTestId('history-present').click();
		await expect(bar(page)).toHaveAttribute('data-viewing', 'false');
		await expect(page.getByTestId('end-of-game')).toBeVisible();
		expect(errors).toEqual([]);
	});
}

test('hotseat log: filters, a line leads to its position, chat as the chosen seat', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createNrsHotseat(page);
	await expect(page.getByTestId('turn-status')).toContainText('Ada', { timeout: 30_000 });
	const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const minor = companies.find((c) => /^M\d+$/.test(c))!;
	await bid(page, minor, 100);
	await pressPass(page);
	await expect(page.getByTestId('turn-status')).toContainText('Brunel');
	await pressPass(page);
	await expect(page.getByTestId('turn-status')).toContainText('Cleo');

	const log = page.getByTestId('game-log');
	await expect(log.locator('li[data-kind="action"]')).toHaveCount(3);
	// One player's actions only.
	await page.getByTestId('log-actor').selectOption({ label: 'Ada' });
	await expect(log.locator('li[data-kind="action"]')).toHaveText([/Ada passes/, new RegExp(`Ada bids £100 on ${cardName(minor)}`)]);
	await page.getByTestId('log-actor').selectOption({ label: 'everyone' });
	await page.getByTestId('log-scope').selectOption('round');
	await expect(log.locator('li[data-kind="action"]')).toHaveCount(3);

	// A line leads to its position: after Ada's bid, nobody can act there; Back returns to the present.
	await log.locator('li[data-kind="action"]', { hasText: 'Ada bids' }).getByRole('button').click();
	await expect(page).toHaveURL(/\?action=1#/);
	await expect(page.getByTestId('history-note')).toContainText('after action 1');
	await expect(box(page, minor)).toContainText('Ada £100');
	await page.goBack();
	await expect(bar(page)).toHaveAttribute('data-viewing', 'false');
	await expect(page.getByTestId('turn-status')).toContainText('Cleo');

	// Chat: Cleo (to act) speaks by default; Ada is chosen for the second message.
	await page.getByTestId('chat-text').fill('Good luck, all.');
	await page.getByTestId('chat-send').click();
	await page.getByTestId('chat-seat').selectOption({ label: 'Ada' });
	await page.getByTestId('chat-text').fill('Thank you!');
	await page.getByTestId('chat-text').press('Enter');
	const messages = page.getByTestId('chat-message');
	await expect(messages).toHaveCount(2);
	await expect(messages.nth(0)).toContainText('Ada');
	await expect(messages.nth(0)).toContainText('Thank you!');
	await expect(messages.nth(1)).toContainText('Cleo');
	await expect(messages.nth(1)).toContainText('Good luck, all.');
	await page.getByTestId('chat').scrollIntoViewIfNeeded();
	await page.screenshot({ path: `${SCREENSHOTS}/log-chat-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });
	await page.getByTestId('game-log').scrollIntoViewIfNeeded();
	await page.screenshot({ path: `${SCREENSHOTS}/log-chat-390.png`, fullPage: false });
	expect(errors).toEqual([]);
});
