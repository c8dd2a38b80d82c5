// History, log and chat (issues 8 and 11), in a real Chromium:
// - every shared recorded game is imported through /import as a hotseat game; the history is
//   stepped to its start and back to the end, and the end screen's final scores equal the file's
//   `result`; then a position in an operating round near the middle is opened by its URL
//   (`?action=N`, as a shared link or a reload would), and the map's tiles equal those of a replay
//   of the file's actions in Node up to that position; Alt+← steps one action back and the URL
//   follows;
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
import { bid, box, pressPass, SCREENSHOTS, watchErrors } from './game-helpers';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const FIXTURES = path.join(REFERENCE, 'fixtures');
const haveReference = existsSync(FIXTURES);
if (!haveReference) console.log('history e2e: ../shared/reference is absent; the recorded-game history tests are not run.');

const files = haveReference
	? readdirSync(FIXTURES)
			.sort()
			.flatMap((title) => readdirSync(path.join(FIXTURES, title)).sort().filter((f) => f.endsWith('.json')).map((f) => path.join(title, f)))
	: [];

interface Replayed {
	readonly raw: string;
	readonly names: ReadonlyMap<string, string>;
	readonly result: Record<string, number> | null;
	/** State after each executed action (0: the start), as the app's history counts positions. */
	readonly states: GameState[];
	readonly finished: boolean;
	/** The file without its last logged action: the import page continues only an unfinished game. */
	readonly cut: string;
	/** Steps of that last action (itself and its automatic actions). */
	readonly lastSteps: number;
	/** The control that plays the last action here (a corporation's pass or dividend), if any. */
	readonly lastControl: string | null;
}

/** The file's surviving actions, each automatic action a step of its own, replayed in Node. */
function replay(file: string): Replayed {
	const raw = readFileSync(path.join(FIXTURES, file), 'utf8');
	const json = JSON.parse(raw) as { players: { id: number; name: string }[]; result?: Record<string, number>; actions: { id: number }[] };
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	const made = Game.create({ title: ex.title, players: ex.players, seed: ex.seed, optionalRules: ex.optionalRules, mode: 'import' });
	if (!made.ok) throw new Error(made.error.message);
	const game = made.value;
	const states: GameState[] = [game.snapshot()];
	const surviving = resolveUndoRedo(ex.actions).surviving;
	let lastSteps = 0;
	let lastControl: string | null = null;
	outer: for (const a of surviving) {
		const batch = [a, ...(a.auto_actions ?? [])] as Action[];
		const before = states[states.length - 1];
		for (const step of batch) {
			if (!game.process(step).ok) break outer;
			states.push(game.snapshot());
		}
		lastSteps = batch.length;
		const corp = typeof a.entity === 'string' && before.round.kind === 'operating';
		lastControl =
			corp && a.type === 'pass'
				? '[data-testid="or-pass"]'
				: corp && a.type === 'dividend'
					? `[data-testid="dividend"][data-kind="${String((a as { kind?: unknown }).kind)}"]`
					: null;
	}
	const last = states[states.length - 1];
	const lastId = json.actions[json.actions.length - 1]?.id;
	const cut = JSON.stringify({ ...json, status: 'active', result: {}, actions: json.actions.filter((a) => a.id !== lastId) });
	return {
		cut,
		lastSteps,
		lastControl,
		raw,
		names: new Map(json.players.map((p) => [String(p.id), p.name])),
		result: json.result && Object.keys(json.result).length > 0 ? json.result : null,
		states,
		finished: last.end.finished
	};
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

async function shownTiles(page: Page): Promise<Record<string, string>> {
	return page
		.getByTestId('hex-map')
		.first()
		.evaluate((svg) => {
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

for (const file of files) {
	test(`history of ${file}: final scores at the end, the map of an earlier action by its URL`, async ({ page }) => {
		test.setTimeout(180_000);
		const errors = watchErrors(page);
		const game = replay(file);
		// The file less its last action is imported; that action is played here when the page can.
		const playLast = game.lastControl !== null;
		const total = game.states.length - 1 - (playLast ? 0 : game.lastSteps);

		await page.setViewportSize({ width: 1280, height: 800 });
		await page.goto('/import');
		await page.getByTestId('import-file').setInputFiles({ name: path.basename(file), mimeType: 'application/json', buffer: Buffer.from(game.cut) });
		await expect(page.getByTestId('import-summary')).toContainText('logged actions replayed', { timeout: 60_000 });
		await page.getByTestId('import-play-here').click();
		await page.waitForURL(/\/game\/[0-9a-f]{64}#/, { timeout: 60_000 });
		await playing(page);
		if (game.lastControl) await page.locator(game.lastControl).click({ timeout: 60_000 });
		// Every imported action, automatic ones included, is a step of the history.
		await expect(bar(page)).toHaveAttribute('data-length', String(total));

		// To the start and back to the end.
		await page.getByTestId('history-start').click();
		await expect(bar(page)).toHaveAttribute('data-position', '0');
		await expect(page).toHaveURL(/\?action=0#/);
		await expect(page.getByTestId('history-note')).toBeVisible();
		await page.getByTestId('history-end').click();
		await expect(bar(page)).toHaveAttribute('data-viewing', 'false');
		expect(new URL(page.url()).searchParams.has('action')).toBe(false);

		if (playLast && game.finished && game.result) {
			for (const [id, value] of Object.entries(game.result)) {
				const name = game.names.get(id) ?? id;
				await expect(page.locator(`[data-testid="final-score"][data-player="${name}"]`)).toHaveAttribute('data-value', String(value));
			}
		} else {
			console.log(`history e2e: ${file} ends with an action this page cannot play here; its final scores are not compared.`);
		}

		// An operating-round position near the middle, with tiles on the map, opened by its URL.
		const middle = Math.floor(total / 2);
		const order = Array.from({ length: total }, (_, i) => i).sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
		const at = order.find((n) => game.states[n].round.kind === 'operating' && Object.keys(game.states[n].board.tiles).length > 0);
		if (at === undefined) {
			console.log(`history e2e: ${file} has no operating round with tiles; the map check is not run.`);
		} else {
			const url = new URL(page.url());
			url.searchParams.set('action', String(at));
			await page.goto(url.toString());
			await playing(page);
			await expect(bar(page)).toHaveAttribute('data-position', String(at));
			const tiles = await shownTiles(page);
			expect(Object.keys(tiles).length).toBeGreaterThan(20);
			expect(tiles).toEqual(tilesOf(game.states[at], Object.keys(tiles)));

			// A reload shows the same position.
			await page.reload();
			await playing(page);
			await expect(bar(page)).toHaveAttribute('data-position', String(at));
			expect(await shownTiles(page)).toEqual(tiles);

			// Alt+← steps back one action; the URL names it.
			await page.keyboard.press('Alt+ArrowLeft');
			await expect(bar(page)).toHaveAttribute('data-position', String(at - 1));
			await expect(page).toHaveURL(new RegExp(`\\?action=${at - 1}#`));
			if (game.states[at - 1].round.kind === 'operating') {
				expect(await shownTiles(page)).toEqual(tilesOf(game.states[at - 1], Object.keys(tiles)));
			}
			if (file.endsWith('1822_game_end_stock_market.json')) {
				await page.screenshot({ path: `${SCREENSHOTS}/history-1280.png`, fullPage: false });
				await page.setViewportSize({ width: 390, height: 844 });
				await page.screenshot({ path: `${SCREENSHOTS}/history-390.png`, fullPage: false });
			}
			// Back to the present.
			await page.getByTestId('history-present').click();
			await expect(bar(page)).toHaveAttribute('data-viewing', 'false');
		}
		expect(errors).toEqual([]);
	});
}

test('hotseat log: filters, a line leads to its position, chat as the chosen seat', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto('/new');
	await page.getByRole('radio', { name: /1822NRS/ }).check();
	await page.getByLabel('Number of players').selectOption('3');
	const names = ['Ada', 'Brunel', 'Cleo'];
	for (const [i, name] of names.entries()) await page.getByLabel(`Name of player ${i + 1}`).fill(name);
	await page.getByRole('button', { name: 'Create 1822NRS game for 3 players' }).click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/);
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
	await expect(log.locator('li[data-kind="action"]')).toHaveText([/Ada passes/, new RegExp(`Ada bids £100 on ${minor}`)]);
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
