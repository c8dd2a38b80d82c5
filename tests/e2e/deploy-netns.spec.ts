// The deployment of deploy/README.md played through by two browsers, inside a private network
// namespace this test creates (p2p-netns.ts): our server, Caddy with deploy/Caddyfile (https, its
// internal CA), coturn with deploy/turnserver.conf, and Chromium all run there, and nothing is
// routed outside it. The browser steps live in deploy.inner.ts, run by a Playwright of their own
// (playwright.deploy.config.ts) started inside the namespace; this spec checks that run's exit
// code and JSON report, and always removes the namespace. Needs root, caddy and coturn; without
// them it is reported as not run with one line saying why, and under CI=1 that is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createNamespace, namespaceExists, namespaceUnsupported } from './p2p-netns';

interface JsonReport {
	stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

function missingTools(): string | null {
	const missing = ['caddy', 'turnserver'].filter((cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status !== 0);
	if (missing.length === 0) return null;
	return `${missing.join(' and ')} missing ("sudo apt-get install -y ${missing.map((m) => (m === 'turnserver' ? 'coturn' : m)).join(' ')}")`;
}

let cleanup: (() => void) | null = null;
test.afterEach(() => {
	cleanup?.();
	cleanup = null;
});

test('deployment: Caddy (https) and coturn in a private network namespace, two Chromium profiles play with TURN forced', async () => {
	test.setTimeout(360_000);
	const unsupported = missingTools() ?? (process.env.CI ? null : namespaceUnsupported());
	if (unsupported) {
		const line = `Deployment test not run: ${unsupported}.`;
		if (process.env.CI) throw new Error(line);
		console.log(line);
	}
	test.skip(unsupported !== null, unsupported ?? '');
	const ns = createNamespace();
	const outDir = path.resolve(process.env.DEPLOY_OUT_DIR || 'tests/output/deploy');
	const report = path.join(outDir, 'report.json');
	rmSync(outDir, { recursive: true, force: true });
	mkdirSync(outDir, { recursive: true });
	const child = spawn(ns.exec[0], [...ns.exec.slice(1), 'npx', 'playwright', 'test', '-c', 'playwright.deploy.config.ts'], {
		env: { ...process.env, DEPLOY_ADDR: ns.hostAddr, DEPLOY_OUT: outDir, DEPLOY_HTTPS_PORT: '8443', DEPLOY_APP_PORT: '4337', DEPLOY_TURN_PORT: '3478' },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true
	});
	let output = '';
	let exited = false;
	const done = new Promise<number | null>((resolve, reject) => {
		const keep = (chunk: Buffer) => {
			output += chunk.toString();
			process.stdout.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		child.on('error', reject);
		child.on('close', (code) => {
			exited = true;
			resolve(code);
		});
	});
	cleanup = () => {
		if (!exited && child.pid !== undefined) {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				// Already gone.
			}
		}
		ns.remove();
	};
	try {
		const code = await done;
		let parsed: JsonReport | null = null;
		try {
			parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
		} catch {
			parsed = null;
		}
		expect(parsed, `the run inside the namespace wrote no report (exit code ${code}):\n${output.slice(-4000)}`).not.toBeNull();
		expect(parsed!.stats.unexpected, output.slice(-4000)).toBe(0);
		expect(parsed!.stats.skipped).toBe(0);
		expect(parsed!.stats.expected).toBe(1);
		expect(code).toBe(0);
	} finally {
		cleanup();
	}
	expect(namespaceExists(ns.name)).toBe(false);
});
