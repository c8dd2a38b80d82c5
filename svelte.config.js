import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { appVersion } from './server/app-version.js';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// A single-page app: every unknown path falls back to the app shell.
		adapter: adapter({
			pages: process.env.BUILD_DIR ?? 'build',
			assets: process.env.BUILD_DIR ?? 'build',
			fallback: 'index.html',
			strict: true
		}),
		// From the project (package version and commit), not the build time: see server/app-version.js.
		version: { name: appVersion() },
		// Registered by the app itself (src/lib/state/app-update.svelte.ts) so that a new version
		// waits for the player's consent before it takes over.
		serviceWorker: { register: false }
	},
	compilerOptions: { runes: true }
};

export default config;
