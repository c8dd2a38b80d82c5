// Restarting the seed (issue 17, docs/sync-ordering.md "restarting the seed"). Two browser
// profiles, Ada (A) and Brunel (B); as in devices.spec.ts no profile reaches the signaling relay,
// so every update travels through the relay's encrypted mailbox (`pull` fetches it).
//
// B takes seat 2 and closes the game; before A starts, B's browser loses the seed nonce of its
// claim (as a client that withholds its reveal would). A starts; B's part never comes. A's lobby
// names Brunel and offers the restart; A asks for it. B opens the game again: its browser signs a
// fresh commitment first (its reveal was the missing one), A's signs, B reveals first, then A; the
// game starts, and both browsers are on the same head and state.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createNetworkNrsGame, SCREENSHOTS, watchErrors } from './game-helpers';

const syncState = (page: Page) => page.getByTestId('sync-state');

async function isolatedContext(browser: Browser): Promise<BrowserContext> {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	await context.routeWebSocket(/\/signal\/?$/, (ws) => ws.close({ code: 1008, reason: 'no relay in this test' }));
	return context;
}

async function pull(page: Page) {
	await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function pushed(page: Page) {
	await expect(syncState(page)).toHaveAttribute('data-mailbox-pending', '0', { timeout: 20_000 });
}

test('a seat whose part of the seed never comes: the other restarts it, every seat commits and reveals afresh, and the game starts the same everywhere', async ({ browser }) => {
	test.setTimeout(240_000);
	const errors: string[] = [];
	const open = async (context: BrowserContext, url: string) => {
		const page = await context.newPage();
		const seen = watchErrors(page);
		page.on('close', () => errors.push(...seen.filter((x) => !/WebSocket|Failed to fetch|mailbox/i.test(x))));
		await page.goto(url);
		return page;
	};
	const ctxA = await isolatedContext(browser);
	const ctxB = await isolatedContext(browser);

	const a = await open(ctxA, '/new');
	await createNetworkNrsGame(a);
	const link = a.url();
	const game = new URL(link).pathname.split('/').pop()!;
	await pushed(a);
	let b = await open(ctxB, link);
	await expect(b.getByTestId('lobby-seat')).toHaveCount(2, { timeout: 30_000 });
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await pushed(b);
	await b.close();

	// Brunel's browser forgets the nonce its claim committed to: it will never reveal it.
	const home = await open(ctxB, '/');
	const blanked = await home.evaluate(async (key) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const r = indexedDB.open('rails-1822-keys', 1);
			r.onsuccess = () => resolve(r.result);
			r.onerror = () => reject(r.error);
		});
		const store = db.transaction('seats', 'readwrite').objectStore('seats');
		const secret = await new Promise<Record<string, unknown> | undefined>((resolve) => {
			const r = store.get(key);
			r.onsuccess = () => resolve(r.result as Record<string, unknown> | undefined);
		});
		if (!secret) return false;
		await new Promise<void>((resolve, reject) => {
			const r = store.put({ ...secret, nonce: '' }, key);
			r.onsuccess = () => resolve();
			r.onerror = () => reject(r.error);
		});
		db.close();
		return true;
	}, `${game}/1`);
	expect(blanked).toBe(true);
	await home.close();

	await expect(async () => {
		await pull(a);
		await expect(a.getByTestId('lobby-seat').nth(1)).toContainText('Brunel', { timeout: 1500 });
	}).toPass({ timeout: 30_000 });
	await a.getByRole('button', { name: 'Start the game' }).click();
	await pushed(a);

	// A's part is in, Brunel's is missing: A is offered the restart and asks for it.
	const restart = a.getByTestId('seed-restart');
	await expect(restart).toBeVisible({ timeout: 30_000 });
	await expect(restart).toContainText('If Brunel never comes back');
	await a.getByTestId('restart-seed').click();
	await expect(restart).toContainText('Ada asked to restart the seed with fresh nonces');
	await expect(restart).toContainText('Waiting for Brunel to sign a fresh commitment');
	await expect(a.getByTestId('restart-seed')).toHaveCount(0);
	await restart.screenshot({ path: `${SCREENSHOTS}/seed-restart.png` });
	await pushed(a);

	// Brunel opens the game again: his browser commits first, then each reveals, Brunel first.
	b = await open(ctxB, link);
	await expect(async () => {
		await pull(a);
		await pull(b);
		await expect(a.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 1500 });
		await expect(b.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 1500 });
	}).toPass({ timeout: 90_000 });
	await pushed(a);
	await pushed(b);
	await expect(async () => {
		await pull(a);
		await pull(b);
		const [ha, hb] = [await syncState(a).getAttribute('data-head'), await syncState(b).getAttribute('data-head')];
		expect(ha).toBe(hb);
		expect(await syncState(a).getAttribute('data-state-hash')).toBe(await syncState(b).getAttribute('data-state-hash'));
	}).toPass({ timeout: 30_000 });

	for (const page of [a, b]) await page.close();
	await ctxA.close();
	await ctxB.close();
	expect(errors).toEqual([]);
});
