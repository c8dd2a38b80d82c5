import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { signalingRelayPlugin } from './server/vite-plugin.js';

export default defineConfig({
	plugins: [sveltekit(), signalingRelayPlugin()],
	test: {
		include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/reference/**/*.test.ts'],
		environment: 'node',
		// One line, once, when ../shared/reference is absent (the tests that need it are skipped).
		globalSetup: ['tests/support/reference-notice.ts'],
		testTimeout: 60_000
	}
});
