// The lint rule tests run apart from the unit tests: they lint fixture files
// with ESLint's Node API and need no SvelteKit plugin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	root: fileURLToPath(new URL('../..', import.meta.url)),
	test: {
		include: ['tests/lint/**/*.test.ts'],
		environment: 'node',
		testTimeout: 60_000
	}
});
