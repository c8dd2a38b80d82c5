// One seat on two devices (issue 17a), and a fork every player is shown (issue 17). Three browser
// profiles: Ada's laptop (A), Ada's phone (P) and Brunel (B). As in mailbox.spec.ts no profile can
// reach the signaling relay, so every update travels through the relay's encrypted mailbox; a page
// fetches it when it opens and when the browser comes back online (`pull` fires that event).
//
// A creates a 2-player 1822NRS game, B takes seat 2, A starts. From the game menu A adds a device:
// the link it shows, opened on P, makes P play for Ada too. P goes offline and bids for Ada; A,
// online, bids on another company for Ada and ends her turn; Brunel bids on top of that. P comes
// back: its bid and A's are two moves of Ada on one position. Brunel sees the fork: both moves by
// Ada's name, A's kept (Brunel built on it), and every one of Brunel's moves still in the game.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { bid, cardName, createNetworkNrsGame, SCREENSHOTS, watchErrors } from './game-helpers';

const syncState = (page: Page) => page.getByTestId('sync-state');
const logLines = (page: Page) => page.getByTestId('game-log').locator('li');

async function isolatedContext(browser: Browser): Promise<BrowserContext> {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	await context.routeWebSocket(/\/signal\/?$/, (ws) => ws.close({ code: 1008, reason: 'no relay in this test' }));
	return context;
}

/** Makes the page fetch the mailbox now (the app does so when the browser comes back online). */
async function pull(page: Page) {
	await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/** Pulls until the page's head is `head`. */
async function reach(page: Page, head: string) {
	await expect(async () => {
		await pull(page);
		await expect(syncState(page)).toHaveAttribute('data-head', head, { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
}

async function pushed(page: Page) {
	await expect(syncState(page)).toHaveAttribute('data-mailbox-pending', '0', { timeout: 20_000 });
}

test('a second device plays for a seat; its offline move is a fork the other player sees, and nobody loses a move', async ({ browser }) => {
	test.setTimeout(240_000);
	const errors: string[] = [];
	const open = async (context: BrowserContext, url: string) => {
		const page = await context.newPage();
		const seen = watchErrors(page);
		// The refused relay socket and the offline stretch are this test's doing; any other error counts.
		page.on('close', () => errors.push(...seen.filter((x) => !/WebSocket|Failed to fetch|ERR_INTERNET_DISCONNECTED|mailbox/i.test(x))));
		await page.goto(url);
		return page;
	};
	const ctxA = await isolatedContext(browser);
	const ctxP = await isolatedContext(browser);
	const ctxB = await isolatedContext(browser);

	// The game: A creates it, B takes seat 2, A starts, B reveals.
	const a = await open(ctxA, '/new');
	await createNetworkNrsGame(a);
	const link = a.url();
	await pushed(a);
	const b = await open(ctxB, link);
	await expect(b.getByTestId('lobby-seat')).toHaveCount(2, { timeout: 30_000 });
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await pushed(b);
	await expect(async () => {
		await pull(a);
		await expect(a.getByTestId('lobby-seat').nth(1)).toContainText('Brunel', { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
	await a.getByRole('button', { name: 'Start the game' }).click();
	await pushed(a);
	await expect(async () => {
		await pull(b);
		await expect(b.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
	await pushed(b);
	await expect(async () => {
		await pull(a);
		await expect(a.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
	await expect(a.getByTestId('turn-status').locator('b')).toHaveText('Ada');

	// A adds a device from the game menu: a link and a QR code.
	await a.getByText('Game menu').click();
	await expect(a.getByTestId('device-row')).toHaveText(['First device (this device)']);
	await a.getByTestId('device-name').fill('Phone');
	await a.getByTestId('add-device').click();
	await expect(a.getByTestId('device-offer').locator('svg')).toBeVisible();
	await a.getByTestId('devices').screenshot({ path: `${SCREENSHOTS}/add-device.png` });
	const deviceLink = await a.getByTestId('device-link').inputValue();
	expect(deviceLink.startsWith(`${link}&device=`)).toBe(true);
	await pushed(a);

	// P opens it: P plays for Ada too, and the link is gone from P's address bar.
	const p = await open(ctxP, deviceLink);
	await expect(p.getByTestId('device-offer-status')).toHaveAttribute('data-status', 'joined', { timeout: 30_000 });
	await expect(syncState(p)).toHaveAttribute('data-mine', '0');
	expect(p.url()).toBe(link);
	await pushed(p);
	await expect(async () => {
		await pull(a);
		await expect(a.getByTestId('device-row')).toHaveCount(2, { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
	await expect(a.getByTestId('device-row')).toHaveText(['First device (this device)', /^Phone\s*Remove device$/]);
	const start = (await syncState(a).getAttribute('data-head'))!;
	await reach(b, start);
	await reach(p, start);

	// P goes offline and bids for Ada; A, online, bids on another company for Ada and ends her turn.
	const companies = await a.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [mp, ma, mb] = companies.filter((c) => c.startsWith('M'));
	await ctxP.setOffline(true);
	await bid(p, mp, 100);
	await expect(logLines(p).first()).toHaveText(`Ada bids £100 on ${cardName(mp)}`);
	await bid(a, ma, 100);
	await expect(logLines(a).first()).toHaveText(`Ada bids £100 on ${cardName(ma)}`);
	await a.getByRole('button', { name: /End turn|Pass/ }).first().click();
	await expect(a.getByTestId('turn-status').locator('b')).toHaveText('Brunel');
	await pushed(a);

	// Brunel builds on A's moves.
	await reach(b, (await syncState(a).getAttribute('data-head'))!);
	await bid(b, mb, 100);
	await expect(logLines(b).first()).toHaveText(`Brunel bids £100 on ${cardName(mb)}`);
	await pushed(b);
	const brunel = { head: (await syncState(b).getAttribute('data-head'))!, hash: await syncState(b).getAttribute('data-state-hash') };

	// P comes back online: its bid reaches everyone and is refused, A's kept.
	await ctxP.setOffline(false);
	await pushed(p);
	await reach(p, brunel.head);
	await pull(b);
	await expect(b.getByTestId('fork-notice')).toBeVisible({ timeout: 30_000 });
	const notice = b.getByTestId('fork-notice');
	await expect(notice).toContainText('Ada made two moves at the same point');
	await expect(notice.locator('[data-kept="true"]')).toHaveText(`Ada bids £100 on ${cardName(ma)} — kept`);
	await expect(notice.locator('[data-kept="false"]')).toHaveText(`Ada bids £100 on ${cardName(mp)} — not played`);
	await expect(notice).toContainText("Nobody's moves were lost");
	await notice.screenshot({ path: `${SCREENSHOTS}/fork-notice.png` });
	// Brunel lost nothing: the same head and state, and his bid still in the log.
	await expect(syncState(b)).toHaveAttribute('data-head', brunel.head);
	await expect(syncState(b)).toHaveAttribute('data-state-hash', brunel.hash!);
	await expect(logLines(b).first()).toHaveText(`Brunel bids £100 on ${cardName(mb)}`);
	await expect(logLines(b)).toContainText([`Ada bids £100 on ${cardName(ma)}`]);
	// The phone's minor by its whole name: "Minor 1" must not match "Minor 12".
	await expect(logLines(b).filter({ hasText: new RegExp(`${cardName(mp).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\d)`) })).toHaveCount(0);
	// The log tells everyone that Ada's seat gained a device.
	await expect(logLines(b).filter({ hasText: 'Ada offered the seat to a new device' })).toHaveCount(1);
	await expect(logLines(b).filter({ hasText: 'Ada\'s new device "Phone" joined the seat' })).toHaveCount(1);
	// Every device agrees, and the phone is told its bid was not taken.
	await reach(a, brunel.head);
	await expect(syncState(p)).toHaveAttribute('data-state-hash', brunel.hash!);
	await expect(p.getByTestId('fork-notice')).toBeVisible();
	await expect(p.getByTestId('log-refusals')).toBeVisible();

	// A removes the phone: P no longer plays for Ada.
	await a.getByTestId('remove-device').click();
	await expect(a.getByTestId('device-row')).toHaveCount(1);
	await expect(logLines(a).filter({ hasText: 'Ada removed a device from the seat' })).toHaveCount(1);
	await pushed(a);
	await expect(async () => {
		await pull(p);
		await expect(syncState(p)).toHaveAttribute('data-mine', '', { timeout: 1500 });
	}).toPass({ timeout: 30_000 });

	for (const page of [a, p, b]) await page.close();
	await ctxA.close();
	await ctxP.close();
	await ctxB.close();
	expect(errors).toEqual([]);
});
