// Two browsers playing one game peer to peer, inside a private network namespace this test
// creates (see p2p-netns.ts): our server (app + signaling relay) and Chromium both run there, and
// the namespace holds only `lo` and a veth pair, so the browsers can only reach each other
// through the app's own relay. The browser steps live in p2p.inner.ts, run by a Playwright of
// their own (playwright.p2p.config.ts) started inside the namespace; this spec checks that run's
// exit code and JSON report, and always removes the namespace.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createNamespace, namespaceExists } from './p2p-netns';

interface JsonReport {
	stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

function run(cmd: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd[0], cmd.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		const keep = (chunk: Buffer) => {
			output += chunk.toString();
			process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

test('two browsers in a private network namespace: create, join by link, play, offline merge, reconnect, reload, no secret no game', async () => {
	test.setTimeout(360_000);
	const ns = createNamespace();
	const outDir = path.resolve('tests/output/p2p');
	const report = path.join(outDir, 'report.json');
	mkdirSync(outDir, { recursive: true });
	rmSync(report, { force: true });
	try {
		const { code, output } = await run([...ns.exec, 'npx', 'playwright', 'test', '-c', 'playwright.p2p.config.ts'], {
			...process.env,
			P2P_ADDR: ns.hostAddr,
			P2P_PORT: '4327',
			P2P_REPORT: report,
			P2P_OUTPUT: path.join(outDir, 'results')
		});
		const parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
		expect(parsed.stats.unexpected, output.slice(-4000)).toBe(0);
		expect(parsed.stats.skipped).toBe(0);
		expect(parsed.stats.expected).toBeGreaterThanOrEqual(1);
		expect(code).toBe(0);
	} finally {
		ns.remove();
	}
	expect(namespaceExists(ns.name)).toBe(false);
});
