// Importing an 18xx.games export through the file picker: a recorded game replays and shows its
// players; a truncated file gets its own message.
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const REFERENCE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'reference');
const GAME = path.join(REFERENCE, 'fixtures', '1822MRS', '2227.json');
const haveReference = existsSync(GAME);

test('a truncated file is refused with a message', async ({ page }) => {
	await page.goto('/import');
	const text = JSON.stringify({ title: '1822NRS', players: [{ id: 1, name: 'A' }], actions: [] });
	await page.getByTestId('import-file').setInputFiles({
		name: 'cut.json',
		mimeType: 'application/json',
		buffer: Buffer.from(text.slice(0, 30))
	});
	await expect(page.getByTestId('import-error')).toContainText('ends too early');
});

test('a recorded game is replayed and its players are shown', async ({ page }) => {
	test.skip(!haveReference, 'needs ../shared/reference');
	const raw = readFileSync(GAME, 'utf8');
	const json = JSON.parse(raw) as { actions: unknown[]; players: { name: string }[] };
	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: '2227.json', mimeType: 'application/json', buffer: Buffer.from(raw) });
	const summary = page.getByTestId('import-summary');
	await expect(summary).toContainText('1822MRS');
	await expect(summary).toContainText(`of ${json.actions.length} logged actions replayed`);
	for (const p of json.players) await expect(summary).toContainText(p.name);
	await page.screenshot({ path: 'tests/output/screenshots/import-1280x800.png', fullPage: true });
});
