// The first part of a 2-player 1822NRS hotseat game played by the random player, which clicks
// only the controls the page offers (tests/support/ui-random-player.ts; `npm run ui-random`
// plays a whole game). Every click meant as a move must move the log head, no other click may,
// the page must never run out of controls or refuse a move, and nothing may log an error.
import { expect, test } from '@playwright/test';
import { SCREENSHOTS, watchErrors } from './game-helpers';
import { createTwoPlayerNrs, playRandomly } from '../support/ui-random-player';

const MAX_ACTIONS = 80;

test('a random player clicking only what the page offers plays the first 80 actions or to the end of the first operating round', async ({ page, baseURL }) => {
	test.setTimeout(150_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 900 });
	await createTwoPlayerNrs(page, baseURL!);
	const result = await playRandomly(page, {
		seed: 1822,
		maxActions: MAX_ACTIONS,
		stopAfterRound: 'Operating Round 1.1',
		timeLimitMs: 100_000,
		stallClicks: 20,
		screenshotDir: SCREENSHOTS
	});
	const { steps, ...summary } = result;
	test.info().annotations.push({ type: 'ui-random', description: JSON.stringify(summary) });

	expect(result.stall, JSON.stringify(result.stall)).toBeNull();
	expect(result.endReason).toBe('max-actions');
	expect(result.refusals).toEqual([]);
	expect(result.unexpected).toEqual([]);
	expect(errors).toEqual([]);
	// Every click the page makes a move of moved the head once; the others (open a hex, turn a tile) did not.
	const meant = steps.filter((s) => s.commit === true);
	expect(meant.length).toBeGreaterThan(10);
	expect(meant.every((s) => s.headMoved)).toBe(true);
	expect(steps.filter((s) => s.commit === false).some((s) => s.headMoved)).toBe(false);
	// It got past the first stock round: the game does move on under random clicks.
	expect(steps.some((s) => s.round.startsWith('Operating Round'))).toBe(true);
	expect(steps.length === MAX_ACTIONS || result.lastRound !== 'Operating Round 1.1').toBe(true);
});
