// Lint: the recommended sets of typescript-eslint and eslint-plugin-svelte, plus
// the layering rules of the architecture (issue 2):
//   - the engine (src/lib/engine) is pure: no svelte, $app, Yjs or y-* providers,
//     no Node built-ins, no Math.random, no Date;
//   - only src/lib/sync (and its tests) imports Yjs, y-webrtc, y-indexeddb
//     (architecture: sync is "the only code that imports" them);
//   - src/lib/state and src/lib/components hold no company ids and no rule arithmetic
//     (issue 18): the figures the UI shows are the engine's answers.
// tests/lint checks that each of these rules fires.
import { defineConfig } from 'eslint/config';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const ENGINE = 'src/lib/engine/**';
const SYNC = 'src/lib/sync/**';
/** The sync layer's own tests build in-memory Yjs documents. */
const SYNC_TESTS = 'tests/*/sync/**';

const syncOnly = 'Only src/lib/sync may import yjs and its providers; talk to the log through the sync module.';
const yjsOutsideSync = { name: 'yjs', message: syncOnly };
const providersOutsideSync = ['y-webrtc', 'y-indexeddb', 'y-protocols'].map((name) => ({ name, message: syncOnly }));
const yjsPatternOutsideSync = {
	group: ['yjs/*', 'y-webrtc/*', 'y-indexeddb/*', 'y-protocols/*'],
	message: syncOnly
};

const enginePure = 'The engine is pure TypeScript (architecture: engine may import nothing outside itself).';

// The UI shows what the engine answers (issue 18: "state/ and components/ hold no rule arithmetic
// or company ids"): no company, concession, minor or major id written into the code, no rounding
// of money, no literal bid step. Geometry, charts and replay positions round numbers that are not
// money, so they are checked for ids only.
const UI = ['src/lib/state/**', 'src/lib/components/**'];
const UI_NOT_MONEY = [
	'src/lib/components/map/**',
	'src/lib/components/game/ValueChart.svelte',
	'src/lib/state/history-replay.ts',
	'src/lib/state/history.svelte.ts',
	'src/lib/state/game-view-log.ts',
	'src/lib/state/router-worker.ts',
	'src/lib/state/last-moves.ts'
];
const askEngine = 'Ask the engine (src/lib/engine index: tableFigures, companyCardFigures, …)';
const MAJORS = 'LNWR|GWR|LBSCR|SECR|CR|MR|LYR|NBR|SWR|NER';
const companyIdRules = [
	{
		selector: `Literal[value=/^([PMC]\\d{1,2}|${MAJORS})$/]`,
		message: `A company id in the UI: ${askEngine} for what it does, or take the id from the engine's answer.`
	},
	{
		selector: 'TemplateElement[value.raw=/(^|[^A-Za-z])[PMC]$/]',
		message: `A company id built in the UI ("M" + number): ${askEngine} for the card and its name.`
	}
];
const ruleArithmeticRules = [
	{
		selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(floor|ceil|trunc|round)$/]",
		message: `Rounding in the UI is rule arithmetic (a split, a payout, a price): ${askEngine} for the figure.`
	},
	{
		selector: "BinaryExpression[operator='%']:matches([right.value=5], [right.value=10])",
		message: `Money rounded to £5 or £10 in the UI is rule arithmetic: ${askEngine} for the figure.`
	},
	{
		selector: ":matches(BinaryExpression[operator=/^[-+]$/], AssignmentExpression[operator=/^[-+]=$/])[right.value=5]",
		message: `A literal £5 step in the UI (the bid step): ${askEngine} (tableFigures().bidStep, the bid box's minNext).`
	}
];

export default defineConfig(
	{
		ignores: [
			'build/',
			'build-*/',
			'.svelte-kit/',
			'node_modules/',
			'tests/output/',
			'test-results/',
			'playwright-report/',
			'tests/lint/fixtures/**'
		]
	},
	ts.configs.recommended,
	svelte.configs.recommended,
	{
		languageOptions: {
			globals: { ...globals.browser, ...globals.node },
			parserOptions: { extraFileExtensions: ['.svelte'] }
		},
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					destructuredArrayIgnorePattern: '^_'
				}
			],
			// The app is served at the root of its origin (no `paths.base`), so plain
			// href="/new" links are right and resolve() would add nothing.
			'svelte/no-navigation-without-resolve': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: { parser: ts.parser, svelteConfig }
		}
	},
	{
		files: ['**/*.js', '**/*.cjs'],
		rules: {
			// Plain JS files (server, configs) carry their types in JSDoc.
			'@typescript-eslint/no-require-imports': 'off'
		}
	},
	{
		// Yjs lives behind src/lib/sync (architecture: "the only code that imports yjs").
		ignores: [SYNC, SYNC_TESTS],
		rules: {
			'no-restricted-imports': [
				'error',
				{ paths: [yjsOutsideSync, ...providersOutsideSync], patterns: [yjsPatternOutsideSync] }
			]
		}
	},
	{
		files: UI,
		ignores: [...UI_NOT_MONEY, '**/*.test.ts'],
		rules: { 'no-restricted-syntax': ['error', ...companyIdRules, ...ruleArithmeticRules] }
	},
	{
		files: UI_NOT_MONEY,
		ignores: ['**/*.test.ts'],
		rules: { 'no-restricted-syntax': ['error', ...companyIdRules] }
	},
	{
		files: [ENGINE],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						yjsOutsideSync,
						{ name: 'svelte', message: enginePure + ' No svelte.' },
						{ name: 'y-webrtc', message: enginePure + ' Transport belongs to src/lib/sync.' },
						{ name: 'y-indexeddb', message: enginePure + ' Persistence belongs to src/lib/sync.' },
						{ name: 'y-protocols', message: enginePure + ' Transport belongs to src/lib/sync.' }
					],
					patterns: [
						yjsPatternOutsideSync,
						{ group: ['svelte/*'], message: enginePure + ' No svelte.' },
						{ group: ['$app/*', '$env/*', '$service-worker'], message: enginePure + ' No SvelteKit modules.' },
						{
							group: ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'child_process', 'worker_threads'],
							message: enginePure + ' No Node APIs: the engine runs in browsers and workers too.'
						}
					]
				}
			],
			'no-restricted-globals': [
				'error',
				{
					name: 'Date',
					message: 'The engine has no clock: replay must give the same state on every machine. Timestamps belong to the log entry.'
				}
			],
			'no-restricted-properties': [
				'error',
				{
					object: 'Math',
					property: 'random',
					message: 'The engine uses the seeded generator of the game, so every peer draws the same numbers.'
				}
			]
		}
	}
);
