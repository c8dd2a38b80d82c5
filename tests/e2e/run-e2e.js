// `npm run test:e2e`: builds the app and runs Playwright in Debian's Chromium. Without Chromium
// the end-to-end tests are not run, and one line says so and how to fix it; the run then ends
// with success outside CI (type checks, lint and unit tests have run), and fails in CI, which
// must run everything. Arguments go to Playwright (e.g. a spec file, or --grep).
import { spawnSync } from 'node:child_process';
import { chromiumMissing } from './require-chromium.js';

const missing = chromiumMissing();
if (missing) {
	console.log(`End-to-end tests NOT RUN. ${missing}`);
	process.exit(process.env.CI ? 1 : 0);
}

/** @param {string[]} args */
function npx(args) {
	const result = spawnSync('npx', args, { stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

npx(['vite', 'build']);
npx(['playwright', 'test', ...process.argv.slice(2)]);
