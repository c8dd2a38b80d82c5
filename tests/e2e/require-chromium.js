// Run before the end-to-end tests: they use Debian's Chromium and never download
// a browser, so a missing Chromium must stop the run with one clear line.
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

try {
	accessSync(chromium, constants.X_OK);
} catch {
	console.error(
		`End-to-end tests need Chromium at ${chromium}, which is missing: install it with "sudo apt-get install -y chromium" (Debian) and run the tests again.`
	);
	process.exit(1);
}
