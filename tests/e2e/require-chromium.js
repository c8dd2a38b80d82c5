// End-to-end tests use Debian's Chromium and never download a browser. This module says in one
// line when it is missing; run directly (`node tests/e2e/require-chromium.js`) it exits 1 then.
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @returns {string | null} null when Chromium is there, else the line to print */
export function chromiumMissing() {
	const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
	try {
		accessSync(chromium, constants.X_OK);
		return null;
	} catch {
		return `End-to-end tests need Chromium at ${chromium}, which is missing: install it with "sudo apt-get install -y chromium" (Debian), or set CHROMIUM_PATH to a Chromium binary, and run them again.`;
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const missing = chromiumMissing();
	if (missing) {
		console.error(missing);
		process.exit(1);
	}
}
