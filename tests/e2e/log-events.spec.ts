// The log tells the story (issue 18): a hotseat 1822NRS game is played by clicking through three
// stock rounds and the operating rounds between them, until the first 3 train is bought and
// phase 3 begins. Then:
// - every event line of the page's log is checked against the engine: the game is saved from its
//   menu as an 18xx.games file and replayed here through the engine, and for each action the
//   page lists the same number of event lines, of the same kinds, in the same order;
// - every train purchase a company is forced into (it has no train at its train step) showed,
//   before the click, who pays what;
// - no raw id reaches the page's text (share ids, "_ipo", "two_shares", minor cards as "M17",
//   train ids, bare minor numbers in the log).
// The play: each player bids the minimum on a minor nobody has bid on yet, once per stock round
// (the first round leaves minor box 1 unbid, so that its minor closes); the first minor to
// operate declines its L train, so that it must buy one at its train step; every other minor
// buys an L on its first turn, lays no track, runs its best routes and buys another L while it
// may. The Ls run out (bought, or removed for unbid minors), so a minor must then buy a 3.
import { expect, test } from '@playwright/test';
import { bid, box, pressPass, SCREENSHOTS, watchErrors, createNrsHotseat } from './game-helpers';
import { act, BARE_MINOR, engineEvents, expectLogMatchesEngine, heading, logLines, phase, rawIdIn } from './log-helpers';

test('the log tells the story: every event line matches the engine, forced purchases show their payer, no raw ids', async ({ page }) => {
	test.setTimeout(180_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await createNrsHotseat(page);

	let stockRounds = 0;
	let lastRound = '';
	let bidders = new Set<string>();
	let claimed = new Set<string>();
	let declined = false;
	let forcedSeen = 0;
	const forcedTexts: string[] = [];

	for (let i = 0; i < 400 && (await phase(page)) !== '3'; i++) {
		const round = ((await heading(page).textContent()) ?? '').trim();
		if (round !== lastRound) {
			lastRound = round;
			bidders = new Set();
			claimed = new Set();
			if (round.includes('Stock Round')) stockRounds += 1;
		}
		if (round.includes('Stock Round')) {
			const name = ((await page.getByTestId('active-panel').getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
			const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
			const minors = companies.filter((c) => /^M\d+$/.test(c));
			// The first stock round leaves box 1 unbid: its minor closes and a train leaves the bank.
			const open = (stockRounds === 1 ? minors.slice(1) : minors).filter((m) => !claimed.has(m));
			let target: string | null = null;
			if (!bidders.has(name)) {
				for (const m of open) {
					const input = box(page, m).getByRole('spinbutton');
					if ((await input.count()) > 0 && (await input.isEnabled())) {
						target = m;
						break;
					}
				}
			}
			if (target) {
				const min = Number(await box(page, target).getByRole('spinbutton').getAttribute('min'));
				await act(page, () => bid(page, target, min));
				claimed.add(target);
				bidders.add(name);
			}
			await act(page, () => pressPass(page));
			continue;
		}
		expect(round).toContain('Operating Round');
		const step = ((await page.getByTestId('or-step').textContent()) ?? '').trim();
		const buyL = page.locator('[data-testid="buy-train"][data-train="L"]');
		if (step === 'First turn: buy an L train') {
			if (!declined || (await buyL.count()) === 0) {
				declined = true;
				await act(page, () => page.getByTestId('or-pass').click());
			} else await act(page, () => buyL.first().click());
		} else if (step === 'Run trains') {
			// The best routes (a minor whose home has nothing to run to finds none, and runs nothing).
			await page.getByTestId('best-routes').click();
			await page.waitForTimeout(300);
			const run = page.getByTestId('run');
			await expect.poll(async () => (await run.isEnabled()) || (await page.getByTestId('cancel-search').count()) === 0, { timeout: 20_000 }).toBe(true);
			if (await run.isEnabled()) await act(page, () => run.click());
			else await act(page, () => page.getByTestId('or-no-run').click());
		} else if (step === 'Buy trains') {
			const trains = ((await page.getByTestId('company-panel').getByTestId('company-trains').textContent()) ?? '').trim();
			if (trains === 'none') {
				// Forced: before the click the page says who pays what, with the engine's figures.
				const note = page.getByTestId('forced-purchase');
				await expect(note).toBeVisible();
				const treasury = Number(await note.getAttribute('data-treasury'));
				const president = Number(await note.getAttribute('data-president-pays'));
				await expect(note).toContainText(`Its treasury pays £${treasury}`);
				if (president > 0) {
					const owner = /\((\w+)\)$/.exec(((await page.getByTestId('turn-status').locator('b').textContent()) ?? '').trim())?.[1] ?? '?';
					await expect(note).toContainText(`${owner}, its president, pays £${president}`);
				}
				forcedTexts.push(((await note.textContent()) ?? '').replace(/\s+/g, ' ').trim());
				await page.screenshot({ path: `${SCREENSHOTS}/log-forced-purchase-${forcedSeen + 1}-1280x800.png`, fullPage: true });
				forcedSeen += 1;
				// Money leaving the president is asked first: the payers are listed, then confirmed.
				const confirm = page.getByTestId('confirm-buy');
				if (president > 0) {
					await page.getByTestId('buy-train').first().click();
					await expect(confirm.getByTestId('payers')).toContainText(`pays £${president} from their own cash`);
					await act(page, () => confirm.getByTestId('confirm').click());
				} else await act(page, () => page.getByTestId('buy-train').first().click());
			} else if ((await buyL.count()) > 0) await act(page, () => buyL.first().click());
			else await act(page, () => page.getByTestId('or-pass').click());
		} else await act(page, () => page.getByTestId('or-pass').click());
	}
	expect(await phase(page)).toBe('3');
	// Three stock rounds, so at least two whole ones with the operating rounds between them.
	expect(stockRounds).toBeGreaterThanOrEqual(3);
	// The first minor's L declined, and the 3 no minor could afford alone.
	expect(forcedSeen).toBeGreaterThanOrEqual(2);
	expect(forcedTexts.some((t) => /its president, pays £\d+/.test(t))).toBe(true);

	const lines = await logLines(page);
	// The engine's events, from the saved game replayed here.
	const engine = await engineEvents(page);
	expectLogMatchesEngine(lines, engine);
	expect(engine.flat().length).toBeGreaterThan(20);
	// The story has its main moments.
	const told = new Set(engine.flat());
	for (const k of ['auction_won', 'minor_floated', 'dividend', 'trains_removed', 'minor_closed', 'president_contributed', 'phase_changed', 'trains_rusted']) expect(told, k).toContain(k);
	// And says them in words: the phase and the rusting.
	const eventText = lines.filter((l) => l.kind === 'event').map((l) => l.text);
	expect(eventText.some((t) => /^Phase 3 begins: yellow and green tiles may be laid.*; L trains rust$/.test(t))).toBe(true);
	expect(eventText.some((t) => /^Minor \d+ loses (an L train|\w+ L trains) to rust$/.test(t))).toBe(true);
	expect(lines.some((l) => l.kind === 'action' && /^Minor \d+ buys a 3 train for £\d+$/.test(l.text))).toBe(true);

	// No raw id anywhere on the page (the map's hex labels aside), nor a minor by bare number in the log.
	expect(await rawIdIn(page, '1822NRS')).toBeNull();
	for (const l of lines) expect(BARE_MINOR.exec(l.text)?.[0] ?? null, l.text).toBeNull();

	// The log's last lines, unscrolled for the picture.
	const log = page.getByTestId('game-log');
	await log.evaluate((el) => {
		el.style.maxHeight = '70rem';
	});
	await log.scrollIntoViewIfNeeded();
	await log.screenshot({ path: `${SCREENSHOTS}/log-events-1280.png` });
	await page.screenshot({ path: `${SCREENSHOTS}/log-events-page-1280x800.png`, fullPage: true });
	expect(errors).toEqual([]);
});
