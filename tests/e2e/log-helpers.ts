// Shared steps of the log e2e tests (log-events*.spec.ts): acting and waiting for the log to grow,
// saving the game from its menu, the engine's events of a saved game, and the scan for raw ids.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { Game, type Action, type TitleId } from '../../src/lib/engine/index';
import { parseExport } from '../../src/lib/interop/parse-export';
import { mapFor } from '../../src/lib/engine/titles/g1822/board-ops';
import { COMPANIES } from '../../src/lib/engine/titles/g1822/data/companies';

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const chain = async (page: Page) => Number(await page.getByTestId('sync-state').getAttribute('data-chain'));

/** Does `what` and waits until the log has one more entry (every click here is one action). */
export async function act(page: Page, what: () => Promise<void>): Promise<void> {
	const before = await chain(page);
	await what();
	await expect.poll(() => chain(page), { timeout: 20_000 }).toBeGreaterThan(before);
}

export async function phase(page: Page): Promise<string> {
	return ((await page.getByTestId('turn-status').locator('.phase').textContent()) ?? '').replace('Phase ', '').trim();
}

/** The game as an 18xx.games file, from the game's menu. */
export async function exported(page: Page): Promise<unknown> {
	const menu = page.getByTestId('game-menu');
	if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator('summary').click();
	const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-18xx').click()]);
	return JSON.parse(readFileSync(await file.path(), 'utf8'));
}

/** The page's text without the map (whose hex labels are ids by design) and without scripts and styles. */
export async function pageText(page: Page): Promise<string> {
	return page.evaluate(() => {
		const copy = document.body.cloneNode(true) as HTMLElement;
		for (const el of copy.querySelectorAll('svg, script, style')) el.remove();
		return copy.textContent ?? '';
	});
}

/** Raw ids that must never reach a player's eyes. */
export const RAW_IDS: readonly [string, RegExp][] = [
	['a treasury share id', /_ipo\b|_treasury\b/],
	['a payment id', /\b(two_shares|one_share)\b|\bpayment:/],
	['a share id', /\b[A-Z][A-Z&]{1,5}_\d+\b|\b\d{1,2}_\d+\b/],
	['a minor card id', /\bM\d{1,2}\b/],
	['a train id', /\b(L|[2-8]|2P|LP|5P|E)-\d+\b/],
	['a private or concession code', /\b[PC]\d{1,2}-/],
	['an event or status id', /\b(phase_changed|trains_rusted|minor_closed|can_buy_trains|minor_float_phase\w*)\b/]
];
/** A minor named by its bare number in a log sentence ("acquires 17", "17 runs"). */
export const BARE_MINOR = /\b(acquires|closes|of|from|by|to) \d{1,2}\b(?! (trains?|shares?|tiles?|operating))|(^|[.;:] )\d{1,2} (runs|buys|passes|lays|places|earns|pays|withholds|closes|loses|discards)\b/m;

/**
 * The page's hex labels, "M30 (Peterborough)", as the log and the company card name a place: a
 * map coordinate with its name is meant for the eye (a minor is never written so).
 */
function withoutHexLabels(text: string, title: TitleId): string {
	let out = text;
	for (const h of mapFor(title).hexes) if (h.name) out = out.replaceAll(`${h.id} (${h.name})`, h.name).replaceAll(`${h.name} (${h.id})`, h.name);
	return out;
}

/**
 * A private's printed name, "P10-G&SWR (River Discount)", is how the card and 18xx.games name it
 * (game-view-names.ts companyLabel): allowed whole; a code with a dash in any other text is not.
 */
function withoutPrivateNames(text: string): string {
	let out = text;
	for (const c of COMPANIES) if (c.kind === 'private') out = out.replaceAll(c.name, 'a private');
	return out;
}

/** The first raw id in the page's text, named ("a share id: LNWR_1"), or null; `title` names the map whose hex labels are allowed. */
export async function rawIdIn(page: Page, title: TitleId = '1822'): Promise<string | null> {
	const text = withoutPrivateNames(withoutHexLabels(await pageText(page), title));
	for (const [what, re] of RAW_IDS) {
		const m = re.exec(text);
		if (m) return `${what}: ${m[0]} in "…${text.slice(Math.max(0, m.index - 60), m.index + 60).replace(/\s+/g, ' ')}…"`;
	}
	return null;
}

export interface LogLine {
	kind: string;
	event: string;
	position: number;
	text: string;
}

/** The page's log lines (the log written in full first). */
export async function logLines(page: Page): Promise<LogLine[]> {
	await expect(page.getByTestId('log-pending')).toHaveCount(0);
	return page
		.getByTestId('game-log')
		.locator('li')
		.evaluateAll((els) => els.map((e) => ({ kind: e.getAttribute('data-kind') ?? '', event: e.getAttribute('data-event') ?? '', position: Number(e.getAttribute('data-position')), text: (e.textContent ?? '').trim() })));
}

/** The engine's event kinds per action of the game saved from the page, replayed here through the engine. */
export async function engineEvents(page: Page): Promise<string[][]> {
	const parsed = parseExport(await exported(page));
	expect(parsed.ok).toBe(true);
	if (!parsed.ok) return [];
	const made = Game.create({ title: parsed.value.title, players: parsed.value.players, seed: parsed.value.seed, optionalRules: parsed.value.optionalRules, mode: 'import' });
	expect(made.ok).toBe(true);
	if (!made.ok) return [];
	const game = made.value;
	const engine: string[][] = [];
	for (const a of parsed.value.actions) {
		const kinds: string[] = [];
		for (const step of [a, ...((a.auto_actions ?? []) as Action[])]) {
			const r = game.processWithEvents({ ...step, auto_actions: undefined } as Action);
			expect(r.ok, `${step.type} replays`).toBe(true);
			if (r.ok) kinds.push(...r.value.map((e) => e.kind));
		}
		engine.push(kinds);
	}
	return engine;
}

/** Every action has one action line, and under it the engine's event lines, same kinds, same order. */
export function expectLogMatchesEngine(lines: readonly LogLine[], engine: readonly string[][]): void {
	const actionLines = lines.filter((l) => l.kind === 'action');
	expect(actionLines.length).toBe(engine.length);
	const ordered = (pos: number) => lines.filter((l) => l.kind === 'event' && l.position === pos).map((l) => l.event);
	// The income an operating round starts with is told under that round's header, so it is
	// compared apart from the action's other events (which keep the engine's order).
	const split = (kinds: readonly string[]) => [kinds.filter((k) => k !== 'private_income'), kinds.filter((k) => k === 'private_income')];
	for (let i = 0; i < engine.length; i++)
		expect(split(ordered(i + 1)), `events of action ${i + 1} (${actionLines.find((l) => l.position === i + 1)?.text ?? '?'})`).toEqual(split(engine[i]));
	expect(lines.filter((l) => l.kind === 'event').length).toBe(engine.flat().length);
}
