// The log tells the story in the full game (issue 18): a 3-player hotseat 1822 game, its company
// stacks shuffled with a fixed seed, is played by clicking what the page offers through three
// stock rounds (four with this seed) and the operating rounds between them, until a minor is
// forced to buy the first 3 train and phase 3 begins. The seed is fixed by opening the game from a one-action 18xx.games
// file (Ada's first pass) through /import, since a new game's seed comes from every seat's
// reveal; everything after that first pass is clicked here. Then:
// - every line of the page's log is checked against the engine's events: the game is saved
//   from its menu and replayed here through the engine, and for each action the page lists one
//   action line and the same event lines, of the same kinds, in the same order;
// - every train purchase a company is forced into showed, before the confirming click, who pays
//   what (its treasury, its president, a loan);
// - no raw id reaches the page's text, scanned at every change of round and at the end.
// The play: in every stock round each player bids the minimum on one minor box nobody has bid on,
// leaving box 1 unbid (so that its minor closes and a train leaves the bank); in the first, Ada
// also bids on a private and Brunel on a concession. The first minor to operate declines its L
// train, so that it must buy one at its train step; every other minor buys an L on its first
// turn, lays no track, runs its best routes (withholding where it may choose), and buys another L while it may. The Ls
// run out (bought, or removed for unbid minors), so a new minor must then buy a 3, which it
// cannot pay alone.
import { expect, test } from '@playwright/test';
import { box, HOTSEAT_NAMES, openSeeded1822, SCREENSHOTS, watchErrors } from './game-helpers';
import { act, BARE_MINOR, engineEvents, expectLogMatchesEngine, heading, logLines, phase, rawIdIn } from './log-helpers';

const NAMES = HOTSEAT_NAMES;

/** What each player bids on in a stock round, in order: one minor each, and in the first round a private (Ada) and a concession (Brunel). */
function wishes(player: string, stockRound: number): ('minor' | 'private' | 'concession')[] {
	if (stockRound > 1) return ['minor'];
	if (player === 'Ada') return ['minor', 'private'];
	if (player === 'Brunel') return ['minor', 'concession'];
	return ['minor'];
}
const KIND_OF = (company: string): 'minor' | 'private' | 'concession' => (/^M\d+$/.test(company) ? 'minor' : /^C\d+$/.test(company) ? 'concession' : 'private');

test('full 1822: every log line matches the engine, forced purchases show their payer, no raw ids', async ({ page }) => {
	test.setTimeout(300_000);
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 1280, height: 800 });
	await openSeeded1822(page);

	let stockRounds = 0;
	let operatingRounds = 0;
	let lastRound = '';
	let done = new Map<string, string[]>();
	let claimed = new Set<string>();
	let declined = false;
	const forcedTexts: string[] = [];
	const rawIds: string[] = [];
	const companiesBid = new Set<string>();

	for (let i = 0; i < 600 && (await phase(page)) !== '3'; i++) {
		const round = ((await heading(page).textContent()) ?? '').trim();
		if (round !== lastRound) {
			lastRound = round;
			done = new Map();
			claimed = new Set();
			if (round.includes('Stock Round')) stockRounds += 1;
			if (round.includes('Operating Round')) {
				operatingRounds += 1;
				// At 1280×800 the 1822 map is the page: at least 60% of the window's width.
				if (operatingRounds === 1) {
					const map = await page.getByTestId('operating-round').locator('.map-col').boundingBox();
					expect(map?.width ?? 0, 'map width at 1280×800').toBeGreaterThanOrEqual(0.6 * 1280);
				}
			}
			const raw = await rawIdIn(page);
			if (raw) rawIds.push(`${round}: ${raw}`);
		}
		if (round.includes('Stock Round')) {
			const name = ((await page.getByTestId('active-panel').getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/\s*to act$/, '').trim();
			expect(NAMES as readonly string[]).toContain(name);
			const mine = done.get(name) ?? [];
			const want = wishes(name, stockRounds).filter((k) => !mine.includes(k));
			const companies = await page.getByTestId('bid-box').evaluateAll((els) => els.map((e) => e.getAttribute('data-company') ?? ''));
			// Box 1 (the first minor box) stays unbid: its minor closes and a train leaves the bank.
			const firstMinor = companies.find((c) => KIND_OF(c) === 'minor');
			let target: string | null = null;
			for (const kind of want) {
				const open = companies.filter((c) => KIND_OF(c) === kind && c !== firstMinor && !claimed.has(c));
				// A private or concession: the last box of its kind; a minor: the first open box.
				for (const c of kind === 'minor' ? open : open.reverse()) {
					const input = box(page, c).getByRole('spinbutton');
					if ((await input.count()) > 0 && (await input.isEnabled())) {
						target = c;
						break;
					}
				}
				if (target) break;
			}
			if (target) {
				const t = target;
				const input = box(page, t).getByRole('spinbutton');
				const min = Number(await input.getAttribute('min'));
				await act(page, async () => {
					await input.fill(String(min));
					await box(page, t).getByRole('button', { name: /bid/i }).click();
				});
				claimed.add(t);
				companiesBid.add(KIND_OF(t));
				done.set(name, [...mine, KIND_OF(t)]);
			} else await act(page, () => page.getByTestId('active-panel').locator('button[aria-keyshortcuts="p"]').click());
			continue;
		}
		if (round.includes('Choices')) {
			await act(page, () => page.getByTestId('choice-pass').click());
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
			const run = page.getByTestId('run');
			// The search is over when its button is back (it hides while searching); what it found is then shown.
			await expect(page.getByTestId('best-routes')).toBeVisible({ timeout: 30_000 });
			const runs = await expect.poll(() => run.isEnabled(), { timeout: 500 }).toBe(true).then(() => true, () => false);
			if (runs) await act(page, () => run.click());
			else await act(page, () => page.getByTestId('or-no-run').click());
		} else if (step === 'Dividend') {
			// Withheld, so that the minor can buy its second L sooner.
			const withhold = page.locator('[data-testid="dividend"][data-kind="withhold"]');
			const choice = (await withhold.count()) > 0 ? withhold : page.getByTestId('dividend').first();
			await act(page, () => choice.click());
		} else if (step === 'Buy trains') {
			const trains = ((await page.getByTestId('company-panel').getByTestId('company-trains').textContent()) ?? '').trim();
			if (trains === 'none') {
				// Forced: before the click the page says who pays what, with the engine's figures.
				const note = page.getByTestId('forced-purchase');
				await expect(note).toBeVisible();
				const treasury = Number(await note.getAttribute('data-treasury'));
				const president = Number(await note.getAttribute('data-president-pays'));
				const loan = Number(await note.getAttribute('data-loan'));
				await expect(note).toContainText(`Its treasury pays £${treasury}`);
				const owner = /\((\w+)\)$/.exec(((await page.getByTestId('turn-status').locator('b').textContent()) ?? '').trim())?.[1] ?? '?';
				if (president > 0) await expect(note).toContainText(`${owner}, its president, pays £${president}`);
				if (loan > 0) await expect(note).toContainText(`remaining £${loan}`);
				const text = ((await note.textContent()) ?? '').replace(/\s+/g, ' ').trim();
				forcedTexts.push(text);
				await page.screenshot({ path: `${SCREENSHOTS}/log-1822-forced-purchase-${forcedTexts.length}-1280x800.png`, fullPage: true });
				// When the treasury cannot pay alone the click only asks: the payers are listed, then confirmed.
				const buy = page.getByTestId('buy-train').first();
				const confirm = page.getByTestId('confirm-buy');
				if (president > 0 || loan > 0) {
					await buy.click();
					await expect(confirm).toBeVisible();
					const payers = confirm.getByTestId('payers');
					await expect(payers).toContainText(`pays £${treasury} from its treasury`);
					if (president > 0) await expect(payers).toContainText(`${owner} pays £${president} from their own cash`);
					forcedTexts.push(((await payers.textContent()) ?? '').replace(/\s+/g, ' ').trim());
					await page.screenshot({ path: `${SCREENSHOTS}/log-1822-forced-confirm-1280x800.png`, fullPage: true });
					await act(page, () => confirm.getByTestId('confirm').click());
				} else {
					await act(page, () => buy.click());
					await expect(confirm).toHaveCount(0);
				}
			} else if ((await buyL.count()) > 0 && (await buyL.first().isEnabled())) await act(page, () => buyL.first().click());
			else await act(page, () => page.getByTestId('or-pass').click());
		} else await act(page, () => page.getByTestId('or-pass').click());
	}
	expect(await phase(page)).toBe('3');
	// At least two whole stock rounds with the operating rounds between them, and the three kinds of box bid on.
	expect(stockRounds).toBeGreaterThanOrEqual(3);
	expect(operatingRounds).toBeGreaterThanOrEqual(2);
	expect([...companiesBid].sort()).toEqual(['concession', 'minor', 'private']);
	// The first minor's L declined, and the 3 no minor could afford alone.
	expect(forcedTexts.some((t) => /has no train and must buy one: an L train/.test(t))).toBe(true);
	expect(forcedTexts.some((t) => /must buy one: a 3 train .*its president, pays £\d+/.test(t))).toBe(true);

	const lines = await logLines(page);
	const engine = await engineEvents(page);
	expectLogMatchesEngine(lines, engine);
	const told = new Set(engine.flat());
	for (const k of ['auction_won', 'minor_floated', 'trains_removed', 'minor_closed', 'president_contributed', 'phase_changed', 'trains_rusted']) expect(told, k).toContain(k);
	const eventText = lines.filter((l) => l.kind === 'event').map((l) => l.text);
	expect(eventText.some((t) => /^Phase 3 begins/.test(t))).toBe(true);
	expect(lines.some((l) => l.kind === 'action' && /^Minor \d+ buys a 3 train for £\d+$/.test(l.text))).toBe(true);

	// No raw id on the page at any change of round nor now, and no minor by bare number in the log.
	const raw = await rawIdIn(page);
	if (raw) rawIds.push(`end: ${raw}`);
	expect(rawIds).toEqual([]);
	for (const l of lines) expect(BARE_MINOR.exec(l.text)?.[0] ?? null, l.text).toBeNull();

	const log = page.getByTestId('game-log');
	await log.evaluate((el) => {
		el.style.maxHeight = '70rem';
	});
	await log.scrollIntoViewIfNeeded();
	await log.screenshot({ path: `${SCREENSHOTS}/log-1822-events-1280.png` });
	expect(errors).toEqual([]);
});
