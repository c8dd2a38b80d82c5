// Run by p2p.spec.ts inside a private network namespace (playwright.p2p.config.ts); not run on
// its own by the main config. Two isolated browser contexts play one 1822NRS game through the
// app's relay and WebRTC:
// - A creates a 2-player game for friends, copies the link; B opens it and takes seat 2; A starts;
// - bids and passes go back and forth, each seen by the other side;
// - B goes offline (the app drops its connections on the `offline` event, as WebRTC would
//   survive `setOffline`); B bids while A takes back A's last pass: two children of one head.
//   After the merge the lower id wins on both sides and the other entry is shown to its author
//   as refused (sync/order.ts: lowest valid id wins);
// - both converge on the same head and state hash and the same log, and play goes on;
// - a reload of B keeps every action (IndexedDB);
// - D opens the full link and takes no seat: a spectator, who sees everything and acts for nobody;
// - C opens the link without its secret and never sees the game.
// A second game: taking back the other player's action needs their consent (issue 9). A asks to
// take back B's last action; B sees the request and declines (nothing changes); A asks again and
// B accepts: the action is taken back on both, at the same head and state hash. A has a STUN
// server in its settings and B none: each peer connection is made with exactly those.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cardName, createNetworkNrsGame } from './game-helpers';

const SCREENSHOTS = 'tests/output/screenshots';

function watchErrors(page: Page, into: string[], label: string): void {
	page.on('pageerror', (e) => into.push(`pageerror: ${e.message}`));
	// P2P_DEBUG=1 echoes each page's console, to see what the transport did.
	if (process.env.P2P_DEBUG) page.on('console', (m) => console.log(`[${label}] ${m.type()}: ${m.text()}`));
}

const box = (page: Page, company: string) => page.locator(`[data-testid="bid-box"][data-company="${company}"]`);
const logLines = (page: Page) => page.getByTestId('game-log').locator('li');
const syncState = (page: Page) => page.getByTestId('sync-state');

async function bid(page: Page, company: string, price: number) {
	const input = box(page, company).getByRole('spinbutton');
	await input.fill(String(price));
	await input.press('Enter');
}

async function endTurn(page: Page) {
	await page.getByRole('button', { name: /End turn|Pass/ }).first().click();
}

async function expectTurn(page: Page, name: string) {
	await expect(page.getByTestId('turn-status').locator('b')).toHaveText(name);
}

/** Newest line first, as the page shows it. */
async function expectLog(page: Page, lines: readonly string[]) {
	await expect(logLines(page)).toHaveText([...lines].reverse());
}

async function headOf(page: Page) {
	const s = syncState(page);
	return { head: await s.getAttribute('data-head'), hash: await s.getAttribute('data-state-hash'), chain: await s.getAttribute('data-chain') };
}

test('two browsers: create for friends, join by link, play, offline merge, reconnect, reload, no secret no game', async ({ browser, baseURL }) => {
	const errors: string[] = [];
	const contexts: BrowserContext[] = [];
	const newPage = async (label: string, permissions: string[] = []) => {
		const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
		if (permissions.length > 0) await context.grantPermissions(permissions, { origin: baseURL });
		contexts.push(context);
		const page = await context.newPage();
		watchErrors(page, errors, label);
		return { context, page };
	};
	const { page: a } = await newPage('A', ['clipboard-read', 'clipboard-write']);
	const { context: ctxB, page: b } = await newPage('B');
	// Every WebSocket the players open goes to the app's own relay, at its own origin.
	const sockets: string[] = [];
	for (const p of [a, b]) p.on('websocket', (ws) => sockets.push(ws.url()));

	// The app's own origin is a private address inside the namespace, not loopback.
	expect(new URL(baseURL!).hostname).toMatch(/^10\.213\./);

	// A creates a 2-player 1822NRS game for friends.
	await a.goto('/new');
	await createNetworkNrsGame(a);
	const link = a.url();
	const gameId = link.match(/\/game\/([0-9a-f]{64})/)![1];

	// The lobby: seat 1 is Ada's, seat 2 is open; the link and its QR code; Start waits.
	const seatsA = a.getByTestId('lobby-seat');
	await expect(seatsA).toHaveCount(2);
	await expect(seatsA.nth(0)).toContainText('Ada');
	await expect(seatsA.nth(0)).toContainText('this device');
	await expect(seatsA.nth(1)).toContainText('open');
	await expect(a.getByTestId('link-qr').locator('svg')).toBeVisible();
	await expect(a.getByRole('button', { name: 'Start the game' })).toBeDisabled();
	await expect(a.getByTestId('game-link')).toHaveValue(link);
	await a.getByRole('button', { name: 'Copy link' }).click();
	await expect(a.getByText('Copied.')).toBeVisible();
	const copied = await a.evaluate(() => navigator.clipboard.readText());
	expect(copied).toBe(link);

	// B opens the copied link: the log arrives through the relay and WebRTC.
	await b.goto(copied);
	const seatsB = b.getByTestId('lobby-seat');
	await expect(seatsB).toHaveCount(2, { timeout: 30_000 });
	await expect(seatsB.nth(0)).toContainText('Ada');
	await expect(b.getByTestId('spectator-note')).toBeVisible();
	await expect(b.getByRole('button', { name: 'Start the game' })).toHaveCount(0);
	// Phone size: the lobby reads without sideways scrolling.
	await b.setViewportSize({ width: 390, height: 844 });
	expect(await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
	await b.screenshot({ path: `${SCREENSHOTS}/p2p-lobby-visitor-390x844.png`, fullPage: true });
	await b.setViewportSize({ width: 1280, height: 900 });
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await expect(seatsB.nth(1)).toContainText('Brunel');
	await expect(seatsB.nth(1)).toContainText('this device');

	// A sees the claim and both players online, then starts.
	await expect(seatsA.nth(1)).toContainText('Brunel');
	await expect(a.getByTestId('peer')).toHaveCount(2);
	await expect(a.getByTestId('peers')).toContainText('Brunel');
	await a.screenshot({ path: `${SCREENSHOTS}/p2p-lobby-1280x900.png`, fullPage: true });
	await a.getByRole('button', { name: 'Start the game' }).click();

	// Both browsers reveal their seed parts and reach the first stock round.
	for (const p of [a, b]) await expect(p.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 30_000 });
	await expectTurn(a, 'Ada');
	await expectTurn(b, 'Ada');
	// B holds seat 2 only: nothing to do on Ada's turn.
	await expect(b.getByTestId('active-panel')).toHaveCount(0);
	await expect(syncState(a)).toHaveAttribute('data-mine', '0');
	await expect(syncState(b)).toHaveAttribute('data-mine', '1');

	const companies = await a.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [ma, mb] = companies.filter((c) => c.startsWith('M'));
	const cx = companies.find((c) => c.startsWith('C'))!;
	expect(ma && mb && cx).toBeTruthy();

	// Back and forth: each move shows on the other browser.
	const log = ['Stock Round 1'];
	await bid(a, ma, 100);
	log.push(`Ada bids £100 on ${cardName(ma)}`);
	await expectLog(b, log);
	await endTurn(a);
	log.push('Ada passes');
	await expectTurn(b, 'Brunel');
	await expectLog(b, log);
	// The tab title tells whose turn it is.
	await expect(b).toHaveTitle(/^▶ Your turn — /);
	await expect(a).not.toHaveTitle(/Your turn/);

	await bid(b, mb, 100);
	log.push(`Brunel bids £100 on ${cardName(mb)}`);
	await expectLog(a, log);
	await endTurn(b);
	log.push('Brunel passes');
	await expectTurn(a, 'Ada');

	await bid(a, cx, 100);
	log.push(`Ada bids £100 on ${cardName(cx)}`);
	await endTurn(a);
	log.push('Ada passes');
	await expectLog(b, log);
	await expectTurn(b, 'Brunel');
	await expect.poll(async () => (await headOf(b)).head).toBe((await headOf(a)).head);
	const forkPoint = await headOf(a);

	// B goes offline; the app drops its relay and peer connections on the `offline` event.
	await ctxB.setOffline(true);
	await expect(b.getByTestId('offline')).toBeVisible();
	await expect(a.getByTestId('peer')).toHaveCount(1, { timeout: 45_000 });

	// Both act on the same head: B outbids Ada on the first minor; A takes back A's last pass.
	await bid(b, ma, 105);
	await expect(logLines(b).first()).toHaveText(`Brunel bids £105 on ${cardName(ma)}`);
	await a.getByRole('button', { name: 'Take back my last action' }).click();
	await expectTurn(a, 'Ada');
	// The taken-back pass leaves the log; a line of its own says what was taken back.
	const tookBack = 'Ada took back: Ada passes';
	await expect(logLines(a).first()).toHaveText(tookBack);
	await expect(logLines(a).nth(1)).toHaveText(`Ada bids £100 on ${cardName(cx)}`);
	// Each side's entry is a child of the same head.
	expect((await headOf(b)).head).not.toBe(forkPoint.head);
	expect((await headOf(a)).head).not.toBe(forkPoint.head);

	// Back online: the logs merge and both pick the same winner.
	await ctxB.setOffline(false);
	await expect(b.getByTestId('offline')).toHaveCount(0);
	await expect
		.poll(async () => {
			const [ha, hb] = [await headOf(a), await headOf(b)];
			return ha.head === hb.head && ha.hash === hb.hash && ha.hash !== '';
		}, { timeout: 60_000 })
		.toBe(true);
	await expect(a.getByTestId('peer')).toHaveCount(2, { timeout: 30_000 });

	// Exactly one of the two entries was refused, and its author is told why.
	const refusedA = a.getByTestId('log-refusals');
	const refusedB = b.getByTestId('log-refusals');
	await expect.poll(async () => (await refusedA.count()) + (await refusedB.count())).toBe(1);
	const undoWon = (await refusedB.count()) === 1;
	console.log(`p2p: the merge kept ${undoWon ? "Ada's undo" : "Brunel's bid"}`);
	const loser = undoWon ? refusedB : refusedA;
	await expect(loser).toContainText('1 move(s) from this device were not accepted');
	await expect(loser).toContainText('reached the game first');
	let merged: string[];
	if (undoWon) {
		merged = [...log.slice(0, -1), tookBack]; // Ada's pass is taken back; Brunel's bid never happened.
		await expectTurn(a, 'Ada');
		await expectTurn(b, 'Ada');
	} else {
		merged = [...log, `Brunel bids £105 on ${cardName(ma)}`];
		await expectTurn(a, 'Brunel');
		await expectTurn(b, 'Brunel');
	}
	await expectLog(a, merged);
	await expectLog(b, merged);

	// Play goes on after the merge: whoever is to act passes, and the other sees it.
	const [actor, watcher] = undoWon ? [a, b] : [b, a];
	await endTurn(actor);
	// Ada passing again right after taking her pass back plays the same action again: a redo.
	merged.push(undoWon ? 'Ada passes redo' : 'Brunel passes');
	await expectLog(watcher, merged);
	await expect.poll(async () => (await headOf(b)).head).toBe((await headOf(a)).head);
	await a.screenshot({ path: `${SCREENSHOTS}/p2p-player-a-1280x900.png`, fullPage: true });
	await b.screenshot({ path: `${SCREENSHOTS}/p2p-player-b-1280x900.png`, fullPage: true });
	const converged = await headOf(a);
	expect(await headOf(b)).toEqual(converged);

	// A reload keeps every action: B's log comes back from IndexedDB.
	await b.reload();
	await expectLog(b, merged);
	await expect(syncState(b)).toHaveAttribute('data-head', converged.head!);
	await expect(syncState(b)).toHaveAttribute('data-state-hash', converged.hash!);

	// D has the full link but takes no seat: a spectator sees every move and can act for nobody.
	const { page: d } = await newPage('D');
	await d.goto(link);
	await expectLog(d, merged);
	await expect(d.getByTestId('spectator-note')).toContainText('can act for nobody');
	await expect(d.getByTestId('active-panel')).toHaveCount(0);
	// Exact: the log's lines are buttons too ("Ada bids £100 on …" leads to that position).
	await expect(d.getByRole('button', { name: 'Bid', exact: true })).toHaveCount(0);
	await expect(d.getByRole('button', { name: 'Take back my last action' })).toHaveCount(0);
	await expect(syncState(d)).toHaveAttribute('data-mine', '');
	await expect(syncState(d)).toHaveAttribute('data-head', converged.head!);
	await expect(a.getByTestId('peers')).toContainText('Spectator');
	await d.screenshot({ path: `${SCREENSHOTS}/p2p-spectator-1280x900.png`, fullPage: true });

	const relay = `${baseURL!.replace(/^http/, 'ws')}/signal`;
	expect(sockets.length).toBeGreaterThan(0);
	expect(new Set(sockets)).toEqual(new Set([relay]));

	// C has the link without its secret: an explicit message, no seats, no log, no connection.
	const { page: c } = await newPage('C');
	const socketsC: string[] = [];
	c.on('websocket', (ws) => socketsC.push(ws.url()));
	await c.goto(link.slice(0, link.indexOf('#')));
	await expect(c.getByRole('heading', { name: 'This link is missing its secret part' })).toBeVisible();
	await c.waitForTimeout(3000);
	await expect(c.getByTestId('lobby-seat')).toHaveCount(0);
	await expect(c.getByTestId('game-log')).toHaveCount(0);
	await expect(syncState(c)).toHaveAttribute('data-chain', '0');
	expect(socketsC).toEqual([]);
	const dbs = await c.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
	expect(dbs.some((n) => n.includes(gameId))).toBe(false);
	await c.screenshot({ path: `${SCREENSHOTS}/p2p-no-secret-1280x900.png`, fullPage: true });

	for (const context of contexts) await context.close();
	expect(errors).toEqual([]);
});

/** A creates a 2-player 1822NRS game for friends, B takes seat 2, A starts: both in Stock Round 1. */
async function startTwoPlayerGame(a: Page, b: Page) {
	await a.goto('/new');
	await createNetworkNrsGame(a);
	await b.goto(a.url());
	await expect(b.getByTestId('lobby-seat')).toHaveCount(2, { timeout: 30_000 });
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await expect(a.getByTestId('lobby-seat').nth(1)).toContainText('Brunel');
	await a.getByRole('button', { name: 'Start the game' }).click();
	for (const p of [a, b]) await expect(p.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 30_000 });
}

test('two browsers: taking back the other player’s action asks them; declined, nothing changes; accepted, undone on both', async ({ browser, baseURL }) => {
	const errors: string[] = [];
	const contexts: BrowserContext[] = [];
	const newPage = async (label: string) => {
		const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
		// Records the STUN/TURN servers each peer connection is made with.
		await context.addInitScript(() => {
			const Native = window.RTCPeerConnection;
			const seen: unknown[] = [];
			(window as unknown as { iceConfigs: unknown[] }).iceConfigs = seen;
			window.RTCPeerConnection = class extends Native {
				constructor(config?: RTCConfiguration) {
					seen.push(JSON.parse(JSON.stringify(config?.iceServers ?? null)));
					super(config);
				}
			};
		});
		contexts.push(context);
		const page = await context.newPage();
		watchErrors(page, errors, label);
		return page;
	};
	const iceConfigs = (p: Page) => p.evaluate(() => (window as unknown as { iceConfigs: unknown[] }).iceConfigs);
	const a = await newPage('A');
	const b = await newPage('B');
	// A sets a STUN server in settings (an address inside the namespace: nothing leaves it); B keeps
	// the default, none.
	const stun = `stun:${new URL(baseURL!).hostname}:3478`;
	await a.goto('/settings');
	await a.getByRole('textbox', { name: 'Servers', exact: true }).fill(stun);
	await a.getByRole('button', { name: 'Save servers' }).click();
	await expect(a.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
	await startTwoPlayerGame(a, b);
	// Every peer connection got exactly the servers of its browser's settings: A its STUN server,
	// B none (not the peer library's public defaults).
	await expect.poll(async () => (await iceConfigs(a)).length).toBeGreaterThan(0);
	expect(new Set((await iceConfigs(a)).map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify([{ urls: stun }])]));
	expect(new Set((await iceConfigs(b)).map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify([])]));

	const companies = await a.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [ma, mb] = companies.filter((c) => c.startsWith('M'));
	const log = ['Stock Round 1'];
	await bid(a, ma, 100);
	await endTurn(a);
	log.push(`Ada bids £100 on ${cardName(ma)}`, 'Ada passes');
	await expectTurn(b, 'Brunel');
	await bid(b, mb, 100);
	const brunelsBid = `Brunel bids £100 on ${cardName(mb)}`;
	log.push(brunelsBid);
	await expectLog(a, log);
	await expect.poll(async () => (await headOf(b)).head).toBe((await headOf(a)).head);
	const before = await headOf(a);

	// Each side is offered the undo that fits: B its own last action, A a request to Brunel.
	await expect(b.getByRole('button', { name: 'Take back my last action' })).toBeVisible();
	await expect(a.getByRole('button', { name: 'Take back my last action' })).toHaveCount(0);
	const ask = a.getByRole('button', { name: 'Take back the last action (asks Brunel)' });

	// First request: B sees it, play is paused on both, and B declines.
	await ask.click();
	for (const p of [a, b]) {
		const banner = p.getByTestId('undo-request');
		await expect(banner).toContainText(`Ada asks to take back the last action (${brunelsBid})`);
		await expect(banner).toContainText('Brunel: not answered yet');
		await expect(p.getByTestId('turn-status')).toContainText('Play is paused');
	}
	// Nothing else can be played while it is open: B's bidding controls are gone.
	await expect(b.getByTestId('active-panel')).toHaveCount(0);
	await expect(a.getByRole('button', { name: 'Accept', exact: false })).toHaveCount(0);
	await expect(a.getByRole('button', { name: 'Withdraw the request' })).toBeVisible();
	await b.screenshot({ path: `${SCREENSHOTS}/p2p-undo-request-1280x900.png`, fullPage: true });
	await b.getByRole('button', { name: 'Decline' }).click();
	// The log keeps the request and its answer, each a line of its own.
	const asked = `Ada asked to take back: ${brunelsBid}`;
	log.push(asked, "Brunel declined Ada's request to take back");
	for (const p of [a, b]) {
		await expect(p.getByTestId('undo-outcome')).toHaveAttribute('data-status', 'declined');
		await expect(p.getByTestId('undo-outcome')).toContainText("Brunel declined Ada's request");
		await expect(p.getByTestId('undo-request')).toHaveCount(0);
		await expectLog(p, log);
		await expectTurn(p, 'Brunel');
	}
	await expect.poll(async () => (await headOf(b)).head).toBe((await headOf(a)).head);
	// Nothing changed: the state is the one before the request.
	expect((await headOf(a)).hash).toBe(before.hash);
	await expect(a.getByTestId('log-refusals')).toHaveCount(0);

	// Second request: B accepts, and Brunel's bid is taken back on both.
	await ask.click();
	await expect(b.getByTestId('undo-request')).toBeVisible();
	await b.getByRole('button', { name: 'Accept as Brunel' }).click();
	// Brunel's bid leaves the log; the second request and its acceptance are added.
	const undone = [...log.filter((l) => l !== brunelsBid), asked, "Brunel accepted Ada's request to take back"];
	for (const p of [a, b]) {
		await expect(p.getByTestId('undo-outcome')).toHaveAttribute('data-status', 'undone');
		await expect(p.getByTestId('undo-outcome')).toContainText("Brunel accepted: Ada's request took back the last action");
		await expectLog(p, undone);
		await expectTurn(p, 'Brunel');
	}
	await expect
		.poll(async () => {
			const [ha, hb] = [await headOf(a), await headOf(b)];
			return ha.head === hb.head && ha.hash === hb.hash && ha.hash !== '' && ha.hash !== before.hash;
		})
		.toBe(true);
	await a.screenshot({ path: `${SCREENSHOTS}/p2p-undo-accepted-1280x900.png`, fullPage: true });

	// Play goes on: Brunel bids again, and A sees it.
	await bid(b, mb, 100);
	// The same bid as the one taken back, right after it: the log marks it as a redo.
	await expectLog(a, [...undone, `${brunelsBid} redo`]);

	for (const context of contexts) await context.close();
	expect(errors).toEqual([]);
});
