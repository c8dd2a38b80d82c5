// The build's version name: the package version and the commit it was built from, so two builds
// of the same source carry the same name and restarting the server (`npm start` builds again)
// offers players no "update". Uncommitted changes add a hash of the changes themselves, so a
// changed build is still told apart. APP_VERSION overrides it (tests build a "next" version).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string[]} args */
function git(args) {
	return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
}

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string} e.g. "0.1.0+3f2a9c1" or "0.1.0+3f2a9c1.dirty-5e0b77aa"
 */
export function appVersion(env = process.env) {
	if (env.APP_VERSION) return env.APP_VERSION;
	const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
	let commit;
	try {
		commit = git(['rev-parse', '--short=12', 'HEAD']).trim();
	} catch {
		return version; // not a git checkout (e.g. an unpacked release)
	}
	const changes = git(['status', '--porcelain', '--untracked-files=all', '--', 'src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json']);
	if (changes.trim() === '') return `${version}+${commit}`;
	const hash = createHash('sha256');
	hash.update(git(['diff', 'HEAD', '--', 'src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json']));
	for (const line of changes.split('\n').filter((l) => l.startsWith('??'))) {
		const file = line.slice(3);
		hash.update(file);
		try {
			hash.update(readFileSync(path.join(projectRoot, file)));
		} catch {
			// A file that vanished while we looked.
		}
	}
	return `${version}+${commit}.dirty-${hash.digest('hex').slice(0, 8)}`;
}
