// End-to-end tests run in Debian's Chromium (never a downloaded browser) against
// our own server (`node server/index.js`) serving the built app, as `npm start` does.
// tests/e2e/run-e2e.js runs first and says in one line when Chromium is missing (CHROMIUM_PATH overrides its place).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT || 4317);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.spec.ts',
	// One line when ../shared/reference is absent: the specs that need it are skipped.
	globalSetup: './tests/support/reference-notice.ts',
	outputDir: 'tests/output/results',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	forbidOnly: !!process.env.CI,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: [['list']],
	use: {
		baseURL,
		browserName: 'chromium',
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		launchOptions: {
			executablePath: CHROMIUM_PATH,
			args: [...CHROMIUM_ARGS]
		}
	},
	webServer: {
		command: 'node server/index.js',
		env: { HOST: '127.0.0.1', PORT: String(port), MAILBOX_DIR: 'memory' },
		url: baseURL,
		reuseExistingServer: false,
		timeout: 30_000,
		stdout: 'pipe'
	}
});
