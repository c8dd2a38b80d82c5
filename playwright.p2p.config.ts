// The inner run of tests/e2e/p2p.spec.ts: that spec creates a private network namespace and runs
// this config inside it (our server and Chromium both live there; nothing is routed outside).
// P2P_ADDR is the address of one end of the namespace's veth pair. Plain http on that address is
// not a secure context, which WebCrypto and the clipboard need; Chromium is told to treat this
// one origin as secure, as a browser behind an https proxy would.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

const addr = process.env.P2P_ADDR || '127.0.0.1';
const port = Number(process.env.P2P_PORT || 4327);
const baseURL = `http://${addr}:${port}`;
const report = process.env.P2P_REPORT || 'tests/output/p2p-report.json';

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: 'p2p.inner.ts',
	outputDir: process.env.P2P_OUTPUT || 'tests/output/p2p-results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	timeout: 180_000,
	expect: { timeout: 15_000 },
	reporter: [['list'], ['json', { outputFile: report }]],
	use: {
		baseURL,
		browserName: 'chromium',
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: [...CHROMIUM_ARGS, `--unsafely-treat-insecure-origin-as-secure=${baseURL}`]
		}
	},
	webServer: {
		command: 'node server/index.js',
		env: { HOST: addr, PORT: String(port), MAILBOX_DIR: 'memory' },
		url: baseURL,
		reuseExistingServer: false,
		timeout: 30_000,
		stdout: 'pipe'
	}
});
