// Run by deploy-netns.spec.ts inside a private network namespace (playwright.deploy.config.ts);
// not run on its own by the main config. The deployment of deploy/README.md, for real: Caddy with
// deploy/Caddyfile serves the app, the relay and the mailbox over https; coturn with
// deploy/turnserver.conf relays the players' WebRTC traffic. Two Chromium profiles play:
// - A puts the TURN server in its settings and creates a game for friends; the link A shares
//   carries that server (link-extras.ts), so B, with no settings at all, gets it from the link;
// - both profiles force `iceTransportPolicy: 'relay'`, so a peer connection can only be made
//   through TURN, and the mailbox is blocked in both, so every move travels over WebRTC;
// - B joins and claims, A starts, they bid back and forth and converge on one head and state;
// - every connected peer connection's selected candidate pair is relay to relay, through coturn;
// - the page, the relay's WebSocket and Caddy's certificate (checked against Caddy's own root).
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cardName, createNetworkNrsGame } from './game-helpers';

const out = path.resolve(process.env.DEPLOY_OUT || 'tests/output/deploy');
const addr = process.env.DEPLOY_ADDR || '127.0.0.1';
const turnPort = Number(process.env.DEPLOY_TURN_PORT || 3478);
const SCREENSHOTS = 'tests/output/screenshots';

/** The TURN user of deploy/turnserver.conf, as shipped. */
function turnUser(): { username: string; credential: string } {
	const line = readFileSync('deploy/turnserver.conf', 'utf8')
		.split('\n')
		.find((l) => l.startsWith('user='));
	const [username, credential] = line!.slice('user='.length).split(':');
	return { username, credential };
}

const syncState = (page: Page) => page.getByTestId('sync-state');
const logLines = (page: Page) => page.getByTestId('game-log').locator('li');
const headOf = async (page: Page) => ({ head: await syncState(page).getAttribute('data-head'), hash: await syncState(page).getAttribute('data-state-hash') });

async function bid(page: Page, company: string, price: number) {
	const input = page.locator(`[data-testid="bid-box"][data-company="${company}"]`).getByRole('spinbutton');
	await input.fill(String(price));
	await input.press('Enter');
}

/** A profile whose peer connections may only use TURN, and which cannot reach the mailbox. */
async function relayOnlyProfile(browser: import('@playwright/test').Browser, errors: string[], label: string) {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	await context.route('**/mailbox/**', (route) => route.abort('blockedbyclient'));
	await context.addInitScript(() => {
		const Native = window.RTCPeerConnection;
		const w = window as unknown as { iceConfigs: unknown[]; peerConnections: RTCPeerConnection[] };
		w.iceConfigs = [];
		w.peerConnections = [];
		window.RTCPeerConnection = class extends Native {
			constructor(config?: RTCConfiguration) {
				w.iceConfigs.push(JSON.parse(JSON.stringify(config?.iceServers ?? null)));
				super({ ...config, iceTransportPolicy: 'relay' });
				w.peerConnections.push(this);
			}
		};
	});
	const page = await context.newPage();
	page.on('pageerror', (e) => errors.push(`${label} pageerror: ${e.message}`));
	return { context, page };
}

/** For each connected peer connection, the candidate types of its selected pair. */
function selectedPairs(page: Page) {
	return page.evaluate(async () => {
		const w = window as unknown as { peerConnections: RTCPeerConnection[] };
		const pairs: { local: string; remote: string; localAddress: string }[] = [];
		for (const pc of w.peerConnections) {
			if (pc.connectionState !== 'connected') continue;
			const stats = await pc.getStats();
			const all = new Map<string, Record<string, unknown>>();
			stats.forEach((s: Record<string, unknown>) => all.set(s.id as string, s));
			for (const s of all.values()) {
				if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
				const pair = all.get(s.selectedCandidatePairId as string)!;
				const local = all.get(pair.localCandidateId as string)!;
				const remote = all.get(pair.remoteCandidateId as string)!;
				pairs.push({ local: local.candidateType as string, remote: remote.candidateType as string, localAddress: `${local.address}:${local.port}` });
			}
		}
		return pairs;
	});
}

function caddyCertificateVerifies(url: string): Promise<string> {
	const ca = readFileSync(path.join(out, 'caddy', 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt'));
	return new Promise((resolve, reject) => {
		const req = https.get(url, { ca }, (res) => {
			res.resume();
			const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate(true);
			resolve(`${res.statusCode} ${cert.issuer?.CN ?? ''}`);
		});
		req.on('error', reject);
	});
}

test('two Chromium profiles through Caddy (https) and coturn (TURN forced): join by a link that carries the TURN server, play, converge', async ({ browser, baseURL }) => {
	const errors: string[] = [];
	const contexts: BrowserContext[] = [];
	const { username, credential } = turnUser();
	const turnLine = `turn:${addr}:${turnPort}?transport=udp&username=${username}&credential=${credential}`;

	// Caddy's certificate for this address is signed by Caddy's own root.
	expect(await caddyCertificateVerifies(`${baseURL}/`)).toMatch(/^200 Caddy Local Authority/);

	const A = await relayOnlyProfile(browser, errors, 'A');
	const B = await relayOnlyProfile(browser, errors, 'B');
	contexts.push(A.context, B.context);
	const a = A.page;
	const b = B.page;
	const sockets: string[] = [];
	for (const p of [a, b]) p.on('websocket', (ws) => sockets.push(ws.url()));

	await a.goto('/settings');
	expect(a.url()).toMatch(/^https:\/\//);
	expect(await a.evaluate(() => window.isSecureContext)).toBe(true);
	await a.getByRole('textbox', { name: 'Servers', exact: true }).fill(turnLine);
	await a.getByRole('button', { name: 'Save servers' }).click();
	await expect(a.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

	await a.goto('/new');
	await createNetworkNrsGame(a);
	const shared = await a.getByTestId('game-link').inputValue();
	// The shared link carries A's TURN server after the secret.
	expect(shared.startsWith(a.url() + '&ice=')).toBe(true);
	expect(new URLSearchParams(shared.slice(shared.indexOf('&') + 1)).getAll('ice')).toEqual([
		`turn:${addr}:${turnPort}?transport=udp&username=${username}&credential=${credential}`
	]);

	// B has no settings: the TURN server comes from the link. Through TURN only, the lobby arrives.
	await b.goto(shared);
	await expect(b.getByTestId('lobby-seat')).toHaveCount(2, { timeout: 60_000 });
	await b.getByLabel('Your name').fill('Brunel');
	await b.getByRole('button', { name: 'Take seat 2' }).click();
	await expect(a.getByTestId('lobby-seat').nth(1)).toContainText('Brunel');
	await expect(a.getByTestId('peer')).toHaveCount(2);
	await a.getByRole('button', { name: 'Start the game' }).click();
	for (const p of [a, b]) await expect(p.getByRole('heading', { level: 1 })).toContainText('Stock Round 1', { timeout: 30_000 });

	const companies = await a.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
	const [ma, mb] = companies.filter((c) => c.startsWith('M'));
	await bid(a, ma, 100);
	await a.getByRole('button', { name: /End turn|Pass/ }).first().click();
	await expect(logLines(b).first()).toHaveText('Ada passes');
	await bid(b, mb, 100);
	await expect(logLines(a).first()).toHaveText(`Brunel bids £100 on ${cardName(mb)}`);
	await expect
		.poll(async () => {
			const [ha, hb] = [await headOf(a), await headOf(b)];
			return ha.head === hb.head && ha.hash === hb.hash && ha.hash !== '';
		})
		.toBe(true);
	await a.screenshot({ path: `${SCREENSHOTS}/deploy-turn-a-1280x900.png`, fullPage: true });

	// Both profiles made their peer connections with the TURN server (B's from the link), and every
	// connected one runs relay to relay, through coturn's relay addresses.
	const turnServer = { urls: `turn:${addr}:${turnPort}?transport=udp`, username, credential };
	for (const p of [a, b]) {
		const configs = (await p.evaluate(() => (window as unknown as { iceConfigs: unknown[] }).iceConfigs)) as unknown[][];
		expect(configs.length).toBeGreaterThan(0);
		for (const c of configs) expect(c).toEqual([turnServer]);
		const pairs = await selectedPairs(p);
		expect(pairs.length).toBeGreaterThan(0);
		for (const pair of pairs) {
			expect(pair).toMatchObject({ local: 'relay', remote: 'relay' });
			expect(pair.localAddress.startsWith(`${addr}:`)).toBe(true);
		}
	}
	// The relay is reached through Caddy, over wss.
	expect(new Set(sockets)).toEqual(new Set([`${baseURL!.replace(/^https/, 'wss')}/signal`]));

	for (const context of contexts) await context.close();
	expect(errors).toEqual([]);
});
