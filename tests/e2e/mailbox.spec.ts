// Asynchronous play through the relay's encrypted mailbox, in the browser: at no moment are two
// players' pages open, and neither browser can reach the signaling relay (its WebSocket is refused
// in both contexts), so nothing travels peer to peer: every move below reaches the other player
// through the mailbox of `node server/index.js` (MAILBOX_DIR=memory, playwright.config.ts).
//
// A creates a game for friends and closes it; B opens the link with A gone and takes seat 2; A
// reopens, sees the claim and starts; B reopens and both seeds are revealed; A bids and passes and
// closes; B opens, sees A's moves and bids; A reopens and sees B's bid. The relay holds only
// ciphertext: its records, read back from the server, contain no name, action or secret.
// A has a turn webhook for the game (a JSON receiver this test runs on loopback): A's pass, which
// hands the turn to Brunel, posts exactly one notice there, and nothing else does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { bid, watchErrors, cardName, createNetworkNrsGame } from './game-helpers';
import { deriveMailboxKeys } from '../../src/lib/state/mailbox';

const syncState = (page: Page) => page.getByTestId('sync-state');
const logLines = (page: Page) => page.getByTestId('game-log').locator('li');

/** A browser profile of its own whose pages cannot reach the signaling relay. */
async function isolatedContext(browser: import('@playwright/test').Browser): Promise<BrowserContext> {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	await context.routeWebSocket(/\/signal\/?$/, (ws) => ws.close({ code: 1008, reason: 'no relay in this test' }));
	return context;
}

/** Waits until the page's mailbox has every update of this device and reports no problem. */
async function mailboxSettled(page: Page) {
	await expect(syncState(page)).toHaveAttribute('data-mailbox-pending', '0', { timeout: 20_000 });
	await expect(syncState(page)).toHaveAttribute('data-mailbox-problem', '');
}

/** A webhook receiver on loopback that answers CORS, as a JSON service must for a browser to post. */
async function webhookReceiver() {
	const got: unknown[] = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' };
			if (req.method === 'POST') got.push(JSON.parse(body));
			res.writeHead(204, cors);
			res.end();
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turn`, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('two players who are never online together: every move goes through the encrypted mailbox', async ({ browser, baseURL }) => {
	test.setTimeout(180_000);
	const errors: string[] = [];
	const hook = await webhookReceiver();
	const ctxA = await isolatedContext(browser);
	const ctxB = await isolatedContext(browser);
	const open = async (context: BrowserContext, url: string) => {
		const page = await context.newPage();
		const seen = watchErrors(page);
		// The refused relay socket is this test's doing; any other error counts.
		page.on('close', () => errors.push(...seen.filter((x) => !/WebSocket/.test(x))));
		await page.goto(url);
		return page;
	};

	// A creates a 2-player 1822NRS game for friends, then closes it.
	let a = await open(ctxA, '/new');
	await createNetworkNrsGame(a);
	const link = a.url();
	await expect(a.getByTestId('lobby-seat').nth(0)).toContainText('Ada');
	await mailboxSettled(a);
	await a.close();

	// B opens the link with A gone: the lobby comes from the mailbox. B takes seat 2 and closes.
	let b = await open(ctxB, link);
	await expect(b.getByTestId('lobby-seat')).toHaveCount(2, { timeout: 30_000 });
	await expect(b.getByTestId('lobby-seat').nth(0)).toContainText('Ada');
	await expect(b.getByTestId('peer')).toHaveCount(1);
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await expect(b.getByTestId('lobby-seat').nth(1)).toContainText('Brunel');
	await mailboxSettled(b);
	await b.close();

	// A reopens, sees Brunel's claim, and starts (A's seed part is revealed at once).
	a = await open(ctxA, link);
	await expect(a.getByTestId('lobby-seat').nth(1)).toContainText('Brunel', { timeout: 30_000 });
	await a.getByRole('button', { name: 'Start the game' }).click();
	await expect(syncState(a)).toHaveAttribute('data-stage', 'revealing');
	await mailboxSettled(a);
	await a.close();

	// B reopens: the start arrives, B reveals its part, and the first stock round begins.
	b = await open(ctxB, link);
	await expect(b.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 30_000 });
	await expect(b.getByTestId('turn-status').locator('b')).toHaveText('Ada');
	await mailboxSettled(b);
	await b.close();

	// A reopens, sets the game's turn webhook, bids and passes, and closes.
	a = await open(ctxA, link);
	await expect(a.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 30_000 });
	await a.getByText('Game menu').click();
	await a.getByLabel('Webhook of a chat channel').fill(hook.url);
	await a.getByRole('button', { name: 'Save webhook' }).click();
	await expect(a.getByTestId('turn-webhook').getByRole('status')).toHaveText('Saved (json).');
	const companies = await a.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [ma, mb] = companies.filter((c) => c.startsWith('M'));
	await bid(a, ma, 100);
	await a.getByRole('button', { name: /End turn|Pass/ }).first().click();
	await expect(a.getByTestId('turn-status').locator('b')).toHaveText('Brunel');
	await mailboxSettled(a);
	// A's pass handed the turn to Brunel: one notice (A's bid kept the turn, so it posted none).
	await expect.poll(() => hook.got.length).toBe(1);
	expect(hook.got[0]).toEqual({ event: 'turn', game: link.match(/\/game\/([0-9a-f]{64})/)![1], title: '1822NRS', round: 'Stock Round 1', toAct: ['Brunel'], text: 'Brunel: your move in 1822NRS (Stock Round 1).' });
	const afterA = await syncState(a).getAttribute('data-head');
	await a.close();

	// B, alone, sees A's moves and bids.
	b = await open(ctxB, link);
	await expect(syncState(b)).toHaveAttribute('data-head', afterA!, { timeout: 30_000 });
	await expect(logLines(b).first()).toHaveText('Ada passes');
	await expect(logLines(b).nth(1)).toHaveText(`Ada bids £100 on ${cardName(ma)}`);
	await bid(b, mb, 100);
	await expect(logLines(b).first()).toHaveText(`Brunel bids £100 on ${cardName(mb)}`);
	await mailboxSettled(b);
	const afterB = { head: await syncState(b).getAttribute('data-head'), hash: await syncState(b).getAttribute('data-state-hash') };
	await b.close();

	// A reopens and sees B's bid: the same head and state.
	a = await open(ctxA, link);
	await expect(syncState(a)).toHaveAttribute('data-head', afterB.head!, { timeout: 30_000 });
	await expect(syncState(a)).toHaveAttribute('data-state-hash', afterB.hash!);
	await expect(logLines(a).first()).toHaveText(`Brunel bids £100 on ${cardName(mb)}`);
	await expect(a.getByTestId('peer')).toHaveCount(1);
	await a.close();

	// What the relay holds for this game: ciphertext under a room hash, nothing readable.
	const [, game, secret] = /\/game\/([0-9a-f]{64})#(.+)$/.exec(link)!;
	const { room } = await deriveMailboxKeys(secret, game);
	const held = (await (await fetch(`${baseURL}/mailbox/${room}`)).json()) as { records: { data: string }[] };
	expect(held.records.length).toBeGreaterThan(5);
	const bytes = Buffer.concat(held.records.map((r) => Buffer.from(r.data, 'base64'))).toString('latin1');
	// Markers of six or more characters: shorter ones turn up in random ciphertext by chance.
	for (const plain of ['Brunel', '"type"', '"entity"', '"body"', game, secret]) expect(bytes.includes(plain), `relay bytes hold "${plain}"`).toBe(false);

	await ctxA.close();
	await ctxB.close();
	// Nothing else posted: not B's bid (B has no webhook), not A's reopening.
	expect(hook.got).toHaveLength(1);
	await hook.close();
	expect(errors).toEqual([]);
});
