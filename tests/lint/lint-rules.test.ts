// Each layering rule of eslint.config.js fires (issue 2): a fixture that breaks
// the rule is linted as if it lived where the rule applies, and the specific
// error is expected. Fixtures are ignored by `eslint .` and linted only here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(projectRoot, 'tests/lint/fixtures');

let eslint: ESLint;
beforeAll(() => {
	eslint = new ESLint({ cwd: projectRoot });
});

type Found = { ruleId: string | null; line: number; message: string };

/** Lints a fixture's text as if it were the file at `asPath` (relative to the project root). */
async function lintAs(fixture: string, asPath: string): Promise<Found[]> {
	const code = readFileSync(path.join(fixtures, fixture), 'utf8');
	const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, asPath) });
	return result.messages.map((m) => ({ ruleId: m.ruleId, line: m.line, message: m.message }));
}

const rulesAndLines = (found: Found[]) => found.map((f) => `${f.ruleId}@${f.line}`).sort();

describe('engine purity: forbidden imports (no-restricted-imports)', () => {
	it.each([
		['engine-imports-svelte.ts', [2, 3]],
		['engine-imports-app.ts', [2]],
		['engine-imports-yjs.ts', [2]],
		['engine-imports-y-webrtc.ts', [2]],
		['engine-imports-y-indexeddb.ts', [2]],
		['engine-imports-node.ts', [2, 3]]
	])('%s is an error in src/lib/engine', async (fixture, lines) => {
		const found = await lintAs(fixture, 'src/lib/engine/core/lint-fixture.ts');
		expect(rulesAndLines(found)).toEqual(lines.map((l) => `no-restricted-imports@${l}`).sort());
	});

	it('names the reason in the message', async () => {
		const [first] = await lintAs('engine-imports-svelte.ts', 'src/lib/engine/core/lint-fixture.ts');
		expect(first.message).toContain('The engine is pure TypeScript');
	});

	it('applies in title folders too', async () => {
		const found = await lintAs('engine-imports-y-webrtc.ts', 'src/lib/engine/titles/g1822/lint-fixture.ts');
		expect(rulesAndLines(found)).toEqual(['no-restricted-imports@2']);
	});
});

describe('engine determinism: no Math.random, no Date', () => {
	it('Math.random (called or destructured) is an error in src/lib/engine', async () => {
		const found = await lintAs('engine-math-random.ts', 'src/lib/engine/core/lint-fixture.ts');
		expect(rulesAndLines(found)).toEqual(['no-restricted-properties@3', 'no-restricted-properties@6']);
		expect(found[0].message).toContain('seeded generator');
	});

	it('Date (Date.now and new Date) is an error in src/lib/engine', async () => {
		const found = await lintAs('engine-date.ts', 'src/lib/engine/core/lint-fixture.ts');
		expect(rulesAndLines(found)).toEqual(['no-restricted-globals@2', 'no-restricted-globals@3']);
	});

	it('the same code is allowed outside the engine', async () => {
		// (src/lib/state also forbids rounding, as rule arithmetic: see below; the pages do not.)
		expect(await lintAs('engine-math-random.ts', 'src/routes/lint-fixture.ts')).toEqual([]);
		expect(await lintAs('engine-date.ts', 'src/lib/state/lint-fixture.ts')).toEqual([]);
	});
});

describe('yjs only from src/lib/sync', () => {
	it.each(['src/lib/state/lint-fixture.ts', 'src/routes/lint-fixture.ts', 'src/lib/router/lint-fixture.ts', 'tests/unit/lint-fixture.ts'])(
		'importing yjs from %s is an error',
		async (asPath) => {
			const found = await lintAs('yjs-outside-sync.ts', asPath);
			expect(rulesAndLines(found)).toEqual(['no-restricted-imports@2', 'no-restricted-imports@3']);
			expect(found[0].message).toContain('Only src/lib/sync may import yjs');
		}
	);

	it.each(['engine-imports-y-webrtc.ts', 'engine-imports-y-indexeddb.ts'])(
		'%s: the Yjs providers are likewise kept to src/lib/sync',
		async (fixture) => {
			const found = await lintAs(fixture, 'src/lib/state/lint-fixture.ts');
			expect(rulesAndLines(found)).toEqual(['no-restricted-imports@2']);
			expect(found[0].message).toContain('Only src/lib/sync may import');
		}
	);

	it('importing yjs from src/lib/sync is allowed', async () => {
		expect(await lintAs('yjs-in-sync.ts', 'src/lib/sync/lint-fixture.ts')).toEqual([]);
		expect(await lintAs('yjs-in-sync.ts', 'src/lib/sync/log/lint-fixture.ts')).toEqual([]);
	});

	it('the sync layer’s own tests may build Yjs documents', async () => {
		expect(await lintAs('yjs-in-sync.ts', 'tests/unit/sync/lint-fixture.ts')).toEqual([]);
	});
});

describe('clean engine code passes', () => {
	it('a pure engine module has no lint errors', async () => {
		expect(await lintAs('engine-clean.ts', 'src/lib/engine/core/lint-fixture.ts')).toEqual([]);
	});
});

describe('the fixtures themselves', () => {
	it('are left out of `eslint .`, which would otherwise fail on them', async () => {
		expect(await eslint.isPathIgnored(path.join(fixtures, 'engine-date.ts'))).toBe(true);
	});
});

describe('the UI holds no company ids and no rule arithmetic (issue 18)', () => {
	const UI_PLACES = ['src/lib/state/lint-fixture.ts', 'src/lib/components/game/lint-fixture.ts'];

	it.each(UI_PLACES)('company ids written into %s are errors: a literal P16, a built "M" + number, a major', async (asPath) => {
		const found = await lintAs('ui-company-ids.ts', asPath);
		expect(rulesAndLines(found)).toEqual(['no-restricted-syntax@2', 'no-restricted-syntax@3', 'no-restricted-syntax@4']);
		expect(found[0].message).toContain('A company id in the UI');
	});

	it.each(UI_PLACES)('rounding money and a literal £5 step in %s are errors', async (asPath) => {
		const found = await lintAs('ui-rule-arithmetic.ts', asPath);
		expect(rulesAndLines(found)).toEqual([
			'no-restricted-syntax@2',
			'no-restricted-syntax@3',
			'no-restricted-syntax@4',
			'no-restricted-syntax@6',
			'no-restricted-syntax@7'
		]);
		expect(found.map((f) => f.message).join('\n')).toContain('Rounding in the UI is rule arithmetic');
		expect(found.map((f) => f.message).join('\n')).toContain('A literal £5 step');
	});

	it('fires in a component’s script and markup alike', async () => {
		const found = await lintAs('ui-arithmetic.svelte', 'src/lib/components/game/LintFixture.svelte');
		expect(rulesAndLines(found)).toEqual(['no-restricted-syntax@3', 'no-restricted-syntax@6']);
	});

	it.each(UI_PLACES)('code that shows the engine’s answers passes in %s', async (asPath) => {
		expect(await lintAs('ui-clean.ts', asPath)).toEqual([]);
	});

	it('map geometry may round (not money) but still holds no company ids', async () => {
		expect(await lintAs('ui-rule-arithmetic.ts', 'src/lib/components/map/lint-fixture.ts')).toEqual([]);
		const ids = await lintAs('ui-company-ids.ts', 'src/lib/components/map/lint-fixture.ts');
		expect(rulesAndLines(ids)).toEqual(['no-restricted-syntax@2', 'no-restricted-syntax@3', 'no-restricted-syntax@4']);
	});

	it('the engine itself may name its companies and do its arithmetic', async () => {
		expect(await lintAs('ui-company-ids.ts', 'src/lib/engine/titles/g1822/lint-fixture.ts')).toEqual([]);
		expect(await lintAs('ui-rule-arithmetic.ts', 'src/lib/engine/titles/g1822/lint-fixture.ts')).toEqual([]);
	});
});
