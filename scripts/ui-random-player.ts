// Plays a 2-player 1822NRS hotseat game in Chromium with the random player of
// tests/support/ui-random-player.ts: it clicks only what the page offers, and prints a JSON
// summary (actions, wall time, time per action, why it stopped, any stall).
// Needs a build (`npx vite build`); starts the app's own server on --port.
// Usage: npm run ui-random -- [--seed N] [--max-actions N] [--port N] [--minutes N] [--out DIR] [--quiet]
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { createTwoPlayerNrs, playRandomly } from '../tests/support/ui-random-player';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const seed = Number(arg('seed', '1'));
const maxActions = Number(arg('max-actions', '5000'));
const port = Number(arg('port', process.env.E2E_PORT ?? '4417'));
const minutes = Number(arg('minutes', '0'));
const out = arg('out', 'tests/output/ui-random');
const quiet = process.argv.includes('--quiet');
for (const [k, v] of Object.entries({ seed, maxActions, port, minutes })) {
	if (!Number.isInteger(v) || v < 0) {
		console.error(`--${k} must be a whole number, got ${v}`);
		process.exit(2);
	}
}
mkdirSync(out, { recursive: true });
const baseURL = `http://127.0.0.1:${port}`;

async function waitForServer(): Promise<void> {
	for (let i = 0; i < 150; i++) {
		try {
			if ((await fetch(baseURL)).ok) return;
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`the server did not answer on ${baseURL}`);
}

const server = spawn(process.execPath, ['server/index.js'], {
	env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), MAILBOX_DIR: 'memory' },
	stdio: ['ignore', 'ignore', 'inherit']
});
let code = 0;
try {
	await waitForServer();
	const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
	const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
	// Each error with the number of the last click before it.
	const errors: string[] = [];
	let last = 0;
	page.on('pageerror', (e) => errors.push(`after #${last}: pageerror: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(`after #${last}: console: ${m.text()}`);
	});
	await createTwoPlayerNrs(page, baseURL);
	const result = await playRandomly(page, {
		seed,
		maxActions,
		timeLimitMs: minutes > 0 ? minutes * 60_000 : undefined,
		screenshotDir: out,
		onStep: (s) => {
			last = s.n;
			if (!quiet) console.error(`${s.n}\t${s.round}\t${s.kind}\t${s.headMoved ? 'move' : '-'}\t${s.ms}ms\t${s.label}`);
		}
	});
	const endShot = `${out}/end-seed-${seed}.png`;
	await page.screenshot({ path: endShot, fullPage: true });
	const byKind: Record<string, number> = {};
	for (const s of result.steps) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
	const { steps, ...summary } = result;
	console.log(JSON.stringify({ seed, ...summary, byKind, slowest: [...steps].sort((a, b) => b.ms - a.ms).slice(0, 5), consoleErrors: errors, screenshot: endShot }, null, 2));
	if (result.endReason === 'stall') code = 1;
	await browser.close();
} catch (e) {
	console.error(e);
	code = 2;
} finally {
	server.kill();
}
process.exit(code);
