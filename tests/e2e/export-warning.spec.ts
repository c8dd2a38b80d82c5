// The export's warning where 18xx.games may judge a move with its out-of-date track graph
// (interop/site-hazards.ts), in a real Chromium: a game of tests/fixtures/site-hazard-games.json,
// written as the site's file, is imported and played here; saving it from the game's menu still
// downloads the file, and the menu says at which action the site may stop it.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportTo18xx } from '../../src/lib/interop/export-18xx';
import type { Action, RulesVersion } from '../../src/lib/engine/index';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';

interface RecordedGame {
	name: string;
	rulesVersion: RulesVersion;
	setup: { title: TitleId; players: { id: number; name: string }[]; seed: number; optionalRules: string[] };
	actions: Action[];
}
const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'site-hazard-games.json'), 'utf8')) as { games: RecordedGame[] };

test('saving a game the site may stop writes the file and names the action', async ({ page }) => {
	test.setTimeout(120_000);
	const g = fixture.games.find((x) => x.name === 'seed 15044 game 43')!;
	const file = exportTo18xx({
		id: 'stale-graph',
		title: g.setup.title,
		players: g.setup.players,
		seed: g.setup.seed,
		optionalRules: g.setup.optionalRules,
		actions: g.actions.map((action) => ({ action })),
		rulesVersion: g.rulesVersion,
		now: 1700000000
	});
	const n = g.actions.length;

	await page.goto('/import');
	await page.getByTestId('import-file').setInputFiles({ name: 'stale.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
	await expect(page.getByTestId('import-summary')).toContainText(`${n} of ${n} logged actions replayed`);
	await page.getByTestId('import-play-here').click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#/);
	await expect(page.getByTestId('sync-state')).toHaveAttribute('data-stage', 'playing');

	const menu = page.getByTestId('game-menu');
	await menu.locator('summary').click();
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-18xx').click()]);
	const written = JSON.parse(readFileSync(await download.path(), 'utf8')) as { actions: unknown[] };
	expect(written.actions).toHaveLength(n);
	const warning = page.getByTestId('export-warning');
	await expect(warning).toContainText(`18xx.games may stop this game at action ${n} (LNWR's move)`);
	await expect(page.getByTestId('export-error')).toHaveCount(0);
	await menu.screenshot({ path: 'tests/output/screenshots/export-warning-1280x800.png' });
});
