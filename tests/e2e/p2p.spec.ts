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
import { createNamespace, namespaceExists, namespaceUnsupported } from './p2p-netns';

interface JsonReport {
	stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

interface Run {
	readonly done: Promise<{ code: number | null; output: string }>;
	/** Stops the whole process group (the inner Playwright, its server and Chromium). */
	stop(): void;
}

function run(cmd: readonly string[], env: NodeJS.ProcessEnv): Run {
	const child = spawn(cmd[0], cmd.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	let output = '';
	let exited = false;
	const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
		const keep = (chunk: Buffer) => {
			output += chunk.toString();
			process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', reject);
		child.on('close', (code) => {
			exited = true;
			resolve({ code, output });
		});
	});
	return {
		done,
		stop() {
			if (exited || child.pid === undefined) return;
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				// Already gone.
			}
		}
	};
}

function readReport(file: string): JsonReport | null {
	try {
		return JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
	} catch {
		return null;
	}
}

// Teardown also runs when the test times out, which skips the test body's own `finally`.
let cleanup: (() => void) | null = null;
test.afterEach(() => {
	cleanup?.();
	cleanup = null;
});

test('two browsers in a private network namespace: create, join by link, play, offline merge, reconnect, reload, no secret no game, undo with consent', async () => {
	test.setTimeout(360_000);
	// Without root the test is reported as skipped (not run), with one line saying why; in CI,
	// which runs as root, a refusal is a failure.
	const unsupported = process.env.CI ? null : namespaceUnsupported();
	if (unsupported) console.log(`Two-browser network test not run: ${unsupported}.`);
	test.skip(unsupported !== null, unsupported ?? '');
	const ns = createNamespace();
	// P2P_OUT_DIR keeps the report of one run apart from another's on a shared tree.
	const outDir = path.resolve(process.env.P2P_OUT_DIR || 'tests/output/p2p');
	const report = path.join(outDir, 'report.json');
	mkdirSync(outDir, { recursive: true });
	rmSync(report, { force: true });
	const inner = run([...ns.exec, 'npx', 'playwright', 'test', '-c', 'playwright.p2p.config.ts'], {
		...process.env,
		P2P_ADDR: ns.hostAddr,
		P2P_PORT: '4327',
		P2P_REPORT: report,
		P2P_OUTPUT: path.join(outDir, 'results')
	});
	cleanup = () => {
		inner.stop();
		ns.remove();
	};
	try {
		const { code, output } = await inner.done;
		const parsed = readReport(report);
		expect(parsed, `the run inside the namespace wrote no report (exit code ${code}):\n${output.slice(-4000)}`).not.toBeNull();
		expect(parsed!.stats.unexpected, output.slice(-4000)).toBe(0);
		expect(parsed!.stats.skipped).toBe(0);
		// The inner run's two tests: play and merge, and undo with consent.
		expect(parsed!.stats.expected).toBe(2);
		expect(code).toBe(0);
	} finally {
		cleanup();
	}
	expect(namespaceExists(ns.name)).toBe(false);
});
