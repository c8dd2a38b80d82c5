// The build's version comes from the project, not the clock: building twice from the same source
// gives the same name, so restarting the server offers players no update.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appVersion } from '../../server/app-version.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('app version', () => {
	it('is the package version and the commit, the same on every call', () => {
		const env = { ...process.env, APP_VERSION: '' };
		const first = appVersion(env);
		expect(first).toMatch(new RegExp(`^${pkg.version.replace(/\./g, '\\.')}(\\+[0-9a-f]{12}(\\.dirty-[0-9a-f]{8})?)?$`));
		expect(appVersion(env)).toBe(first);
		// Nothing in it looks like a time stamp.
		expect(first).not.toMatch(/\d{13}/);
	});

	it('APP_VERSION overrides it', () => {
		expect(appVersion({ APP_VERSION: 'next' })).toBe('next');
	});
});
