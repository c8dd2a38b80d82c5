// A random player that drives the game page like a person would: it looks only at the controls
// the page shows for the player to act (bid boxes, the active panel, the operating round's map,
// tile picker, station and buy confirmations, routes, dividends, other choices), picks one with
// a seeded random generator and clicks it. It never works out a rule: numbers it types come from
// the range the page prints next to the input, and whether a click is a move is judged only by
// the page's log head (`data-head` on the sync-state element) moving on.
import type { Page } from '@playwright/test';

/** A small seeded generator (mulberry32): the same seed gives the same game. */
export function seededRandom(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** One control the page offers, as collected in the browser. */
export interface Control {
	id: string;
	kind: string;
	/** true: a move the log should record; false: a step on the way (open, choose, turn, cancel); null: not known. */
	commit: boolean | null;
	weight: number;
	label: string;
	/** For a typed amount: the range the page shows. */
	min?: number;
	max?: number;
	step?: number;
	/** For a select: how many options it has. */
	options?: number;
}

export interface Step {
	n: number;
	round: string;
	kind: string;
	label: string;
	commit: boolean | null;
	headMoved: boolean;
	ms: number;
}

export interface Stall {
	reason: 'no-control' | 'no-progress' | 'move-not-recorded' | 'click-failed';
	round: string;
	detail: string;
	screenshot: string | null;
}

export interface PlayResult {
	actions: number;
	moves: number;
	headChanges: number;
	endReason: 'game-end' | 'max-actions' | 'stall' | 'time-limit';
	wallMs: number;
	msPerAction: number;
	lastRound: string;
	stall: Stall | null;
	refusals: string[];
	unexpected: string[];
	steps: Step[];
}

export interface PlayOptions {
	seed: number;
	maxActions: number;
	/** Stop once the heading no longer shows this round (e.g. stop after "Operating Round 1.1"). */
	stopAfterRound?: string;
	/** Wall-clock limit in ms. */
	timeLimitMs?: number;
	/** Clicks in a row without the head moving before it counts as a stall. */
	stallClicks?: number;
	/** Where a stall's screenshot goes (a folder); none when absent. */
	screenshotDir?: string;
	/** Called after every click (for progress output). */
	onStep?: (s: Step) => void;
}

const HEAD = '[data-testid="sync-state"]';

async function head(page: Page): Promise<string> {
	return (await page.locator(HEAD).getAttribute('data-head')) ?? '';
}

async function round(page: Page): Promise<string> {
	return ((await page.locator('h1 .round').first().textContent({ timeout: 5_000 }).catch(() => '')) ?? '').trim();
}

/**
 * Marks (data-uirp) and describes every enabled, visible control of the acting panels. Runs in
 * the page. While a confirmation is open (tile picker, station, buy, acquire) only its controls count.
 */
function collectInPage(): Control[] {
	for (const a of ['data-uirp', 'data-uirp-input', 'data-uirp-select']) document.querySelectorAll(`[${a}]`).forEach((e) => e.removeAttribute(a));
	const out: Control[] = [];
	let n = 0;
	const shown = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
	const usable = (e: Element) => shown(e) && !(e as HTMLButtonElement).disabled && !e.closest('[inert]');
	const text = (e: Element) => (e.getAttribute('aria-label') || e.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 90);
	const taken = new Set<Element>();
	const add = (e: Element | null, c: Omit<Control, 'id' | 'label'>, label?: string) => {
		if (!e || taken.has(e) || !usable(e)) return;
		taken.add(e);
		const id = String(n++);
		e.setAttribute('data-uirp', id);
		out.push({ id, label: label ?? text(e), ...c });
	};
	const each = (root: ParentNode, sel: string, c: Omit<Control, 'id' | 'label'>, groupWeight?: number) => {
		const els = [...root.querySelectorAll(sel)].filter((e) => !taken.has(e) && usable(e));
		for (const e of els) add(e, { ...c, weight: groupWeight !== undefined ? groupWeight / els.length : c.weight });
	};

	// An open confirmation: only its own controls.
	const picker = document.querySelector('section.picker');
	const station = document.querySelector('[data-testid="station-confirm"]');
	const confirmBox = document.querySelector('[data-testid="confirm-buy"], [data-testid="confirm-acquire"]');
	if (picker && shown(picker)) {
		each(picker, '[data-tile]', { kind: 'tile', commit: false, weight: 0 }, 1);
		for (const b of picker.querySelectorAll('.actions button')) {
			const t = text(b);
			if (t.startsWith('Confirm')) add(b, { kind: 'tile-confirm', commit: true, weight: 6 });
			else if (t.startsWith('Turn')) add(b, { kind: 'tile-turn', commit: false, weight: 1 });
			else add(b, { kind: 'tile-cancel', commit: false, weight: 0.3 });
		}
		return out;
	}
	if (station && shown(station)) {
		for (const b of station.querySelectorAll('button')) {
			if (text(b).startsWith('Confirm')) add(b, { kind: 'station-confirm', commit: true, weight: 6 });
			else add(b, { kind: 'station-cancel', commit: false, weight: 0.3 });
		}
		return out;
	}
	if (confirmBox && shown(confirmBox)) {
		add(confirmBox.querySelector('[data-testid="confirm"]'), { kind: 'confirm', commit: true, weight: 6 });
		add(confirmBox.querySelector('[data-testid="cancel"]'), { kind: 'cancel', commit: false, weight: 0.3 });
		if (out.length > 0) return out;
	}

	// Stock round: bid boxes and the active player's panel.
	for (const box of document.querySelectorAll('[data-testid="bid-box"]')) {
		const input = box.querySelector('input[type="number"]') as HTMLInputElement | null;
		const submit = box.querySelector('button[type="submit"]');
		if (!input || !submit || !usable(input)) continue;
		input.setAttribute('data-uirp-input', String(n));
		add(submit, { kind: 'bid', commit: true, weight: 0, min: Number(input.min), max: Number(input.max), step: Number(input.step) || 5 }, `Bid on ${box.getAttribute('data-company')}`);
	}
	const bids = out.filter((c) => c.kind === 'bid');
	for (const c of bids) c.weight = 2 / bids.length;
	const active = document.querySelector('[data-testid="active-panel"]');
	if (active) {
		for (const li of active.querySelectorAll('li.par')) {
			const sel = li.querySelector('select');
			const b = li.querySelector('button');
			if (sel) sel.setAttribute('data-uirp-select', String(n));
			add(b, { kind: 'par', commit: true, weight: 1, options: sel ? sel.options.length : 0 });
		}
		for (const b of active.querySelectorAll('button')) {
			const t = text(b);
			if (b.getAttribute('aria-keyshortcuts') === 'p') add(b, { kind: 'pass', commit: true, weight: 3 });
			else if (t.startsWith('Auto-pass') || t.startsWith('Pass and keep')) add(b, { kind: 'auto-pass', commit: true, weight: 0.2 });
			else if (t.startsWith('Sell')) add(b, { kind: 'sell', commit: true, weight: 0.3 });
			else if (t.startsWith('Buy')) add(b, { kind: 'buy-share', commit: true, weight: 1 });
			else if (t.startsWith('Repay')) add(b, { kind: 'repay', commit: true, weight: 0.5 });
			else add(b, { kind: 'stock-other', commit: null, weight: 0.5 });
		}
	}

	// The Choices round: the Double Cash holder doubles or passes.
	const choose = document.querySelector('[data-testid="choices-round"]');
	if (choose) {
		add(choose.querySelector('[data-testid="choice-double"]'), { kind: 'choose', commit: true, weight: 1 });
		add(choose.querySelector('[data-testid="choice-pass"]'), { kind: 'choose', commit: true, weight: 1 });
	}

	// Operating round.
	const or = document.querySelector('[data-testid="operating-round"]');
	if (or) {
		const layWith = or.querySelector('.lay-with select') as HTMLSelectElement | null;
		if (layWith) add(layWith, { kind: 'lay-with', commit: false, weight: 0.3, options: layWith.options.length });
		// A map target counts when it lies inside the map's visible window (the map pans and zooms);
		// when some lie outside, "Fit the whole map" brings them in.
		const inView = (e: Element) => {
			const svg = e.closest('svg');
			if (!svg) return true;
			const r = e.getBoundingClientRect();
			const v = svg.getBoundingClientRect();
			const x = r.left + r.width / 2;
			const y = r.top + r.height / 2;
			return x >= v.left && x <= v.right && y >= v.top && y <= v.bottom;
		};
		const targets = [...or.querySelectorAll('[data-select], [data-city-select], [data-stop]')];
		for (const e of targets) if (!inView(e)) taken.add(e);
		if (targets.some((e) => !inView(e))) add(or.querySelector('button[aria-label="Fit the whole map"]'), { kind: 'fit-map', commit: false, weight: 0.5 });
		each(or, '[data-select], [data-lay-hex]', { kind: 'hex', commit: false, weight: 0 }, 3);
		each(or, '[data-city-select]', { kind: 'city', commit: false, weight: 0 }, 3);
		each(or, '[data-stop]', { kind: 'stop', commit: false, weight: 0 }, 0.3);
		const routes = or.querySelector('[data-testid="routes-panel"]');
		if (routes) {
			add(routes.querySelector('[data-testid="run"]'), { kind: 'run', commit: true, weight: 5 });
			add(routes.querySelector('[data-testid="best-routes"]'), { kind: 'best-routes', commit: false, weight: 3 });
			add(routes.querySelector('[data-testid="last-routes"]'), { kind: 'last-routes', commit: false, weight: 0.5 });
			each(routes, '[data-testid="clear-all"], [data-testid="undo-stop"], [data-testid="clear-train"], [data-testid="other-way"]', { kind: 'route-edit', commit: false, weight: 0 }, 0.3);
			each(routes, 'input[type="radio"]', { kind: 'route-train', commit: false, weight: 0 }, 0.2);
			each(routes, 'button', { kind: 'route-other', commit: false, weight: 0 }, 0.1);
		}
		each(or, '[data-testid="dividend"]', { kind: 'dividend', commit: true, weight: 0 }, 4);
		each(or, '[data-testid="emergency-sell"]', { kind: 'emergency-sell', commit: true, weight: 0 }, 3);
		const trains = or.querySelector('[data-testid="trains-panel"]');
		if (trains) {
			for (const b of trains.querySelectorAll('[data-testid="buy-train"]')) {
				const t = text(b);
				add(b, { kind: 'buy-train', commit: !t.endsWith('…'), weight: 2 });
			}
			for (const li of trains.querySelectorAll('[data-testid="company-train"]')) {
				const input = li.querySelector('[data-testid="company-train-price"]') as HTMLInputElement | null;
				const b = li.querySelector('[data-testid="company-train-buy"]');
				if (!input || !usable(input) || !b || !shown(b)) continue;
				const m = /(\d+)\D+(\d+)/.exec(input.placeholder);
				if (!m) continue;
				input.setAttribute('data-uirp-input', String(n));
				taken.add(b);
				const id = String(n++);
				b.setAttribute('data-uirp', id);
				out.push({ id, kind: 'company-train', commit: false, weight: 0.5, label: text(li), min: Number(m[1]), max: Number(m[2]), step: 1 });
			}
			each(trains, 'button', { kind: 'train-other', commit: null, weight: 1 });
		}
		const other = or.querySelector('[data-testid="other-choices"]');
		if (other) {
			each(other, 'button[aria-expanded]', { kind: 'acquire-private', commit: false, weight: 0.5 });
			each(other, 'button', { kind: 'other-choice', commit: true, weight: 1 });
		}
		add(or.querySelector('[data-testid="or-no-run"]'), { kind: 'no-run', commit: true, weight: 0.3 });
		add(or.querySelector('[data-testid="or-pass"]'), { kind: 'or-pass', commit: true, weight: 1 });
		add(or.querySelector('[data-testid="or-bar-run"]'), { kind: 'run', commit: true, weight: 5 });
		add(or.querySelector('[data-testid="or-to-step"]'), { kind: 'to-step', commit: false, weight: 0.05 });
		each(or.querySelector('.side') ?? or, 'button', { kind: 'or-other', commit: null, weight: 0.3 });
	}
	return out.filter((c) => c.weight > 0);
}

function pick<T extends { weight: number }>(items: T[], rnd: () => number): T {
	const total = items.reduce((s, c) => s + c.weight, 0);
	let r = rnd() * total;
	for (const c of items) {
		r -= c.weight;
		if (r < 0) return c;
	}
	return items[items.length - 1];
}

/** A multiple of `step` from min inside [min, max], near the bottom of the range more often. */
function amount(c: Control, rnd: () => number): number {
	const min = c.min ?? 0;
	const max = Math.max(min, c.max ?? min);
	const steps = Math.floor((max - min) / (c.step || 1));
	const k = rnd() < 0.7 ? Math.floor(rnd() * Math.min(steps + 1, 3)) : Math.floor(rnd() * (steps + 1));
	return min + k * (c.step || 1);
}

/** Collects the controls; the shim stands in for the name helper some TypeScript runners add to functions. */
async function collect(page: Page): Promise<Control[]> {
	await page.evaluate('globalThis.__name ??= (f) => f');
	return page.evaluate(collectInPage);
}

/**
 * Refusals of a move and failures the page shows. The map's remarks on a stop clicked while
 * drawing a route by hand ("No track between …") are hints on the way, not refusals.
 */
async function visibleRefusals(page: Page): Promise<string[]> {
	return page
		.locator('[data-testid="refusal"], [data-testid="log-refusals"], .problem[role="alert"]:not([data-testid="click-problem"]):not([data-testid="route-problem"])')
		.evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

async function waitSearchDone(page: Page): Promise<void> {
	const cancel = page.locator('[data-testid="cancel-search"]');
	if ((await cancel.count()) > 0) await cancel.waitFor({ state: 'detached', timeout: 30_000 }).catch(() => {});
}

async function screenshot(page: Page, dir: string | undefined, name: string): Promise<string | null> {
	if (!dir) return null;
	const path = `${dir}/${name}.png`;
	await page.screenshot({ path, fullPage: true }).catch(() => {});
	return path;
}

/** Plays on the open game page until the game ends, a limit is reached or the page stalls. */
export async function playRandomly(page: Page, opts: PlayOptions): Promise<PlayResult> {
	const rnd = seededRandom(opts.seed);
	const stallClicks = opts.stallClicks ?? 30;
	const started = Date.now();
	const steps: Step[] = [];
	const refusals: string[] = [];
	const unexpected: string[] = [];
	let stall: Stall | null = null;
	let endReason: PlayResult['endReason'] = 'max-actions';
	let idle = 0;
	let headChanges = 0;
	let moves = 0;
	let current = await round(page);

	const finish = (): PlayResult => {
		const wallMs = Date.now() - started;
		return {
			actions: steps.length,
			moves,
			headChanges,
			endReason,
			wallMs,
			msPerAction: steps.length ? Math.round(wallMs / steps.length) : 0,
			lastRound: current,
			stall,
			refusals,
			unexpected,
			steps
		};
	};

	while (steps.length < opts.maxActions) {
		if (opts.timeLimitMs !== undefined && Date.now() - started > opts.timeLimitMs) {
			endReason = 'time-limit';
			break;
		}
		if ((await page.locator('[data-testid="end-of-game"]').count()) > 0) {
			endReason = 'game-end';
			break;
		}
		current = await round(page);
		await waitSearchDone(page);
		let controls = await collect(page);
		if (controls.length === 0) {
			// The page may still be rendering the last move: look once more after a moment.
			await page.waitForTimeout(1_500);
			if ((await page.locator('[data-testid="end-of-game"]').count()) > 0) {
				endReason = 'game-end';
				break;
			}
			controls = await collect(page);
		}
		if (controls.length === 0) {
			const status = ((await page.getByTestId('turn-status').textContent().catch(() => '')) ?? '').replace(/\s+/g, ' ').trim();
			stall = { reason: 'no-control', round: current, detail: `no enabled control; status: ${status}`, screenshot: await screenshot(page, opts.screenshotDir, `stall-${steps.length}`) };
			endReason = 'stall';
			break;
		}
		const c = pick(controls, rnd);
		const before = await head(page);
		const t0 = Date.now();
		const target = page.locator(`[data-uirp="${c.id}"]`);
		try {
			if (c.kind === 'bid' || c.kind === 'company-train') {
				const input = page.locator(`[data-uirp-input="${c.id}"]`);
				await input.fill(String(amount(c, rnd)));
			}
			if (c.kind === 'par' && c.options) {
				await page.locator(`[data-uirp-select="${c.id}"]`).selectOption({ index: Math.floor(rnd() * c.options) });
			}
			if (c.kind === 'lay-with' && c.options) {
				await target.selectOption({ index: Math.floor(rnd() * c.options) });
			} else if (c.kind === 'route-train') {
				await target.check();
			} else {
				await target.click({ timeout: 10_000 });
			}
		} catch (e) {
			stall = { reason: 'click-failed', round: current, detail: `#${steps.length + 1} ${c.kind} "${c.label}": ${String(e).split('\n')[0]}`, screenshot: await screenshot(page, opts.screenshotDir, `stall-${steps.length + 1}`) };
			endReason = 'stall';
			break;
		}
		let moved = false;
		if (c.commit === true) {
			moved = await page
				.waitForFunction((h) => document.querySelector('[data-testid="sync-state"]')?.getAttribute('data-head') !== h, before, { timeout: 20_000 })
				.then(() => true)
				.catch(() => false);
		} else {
			await page.waitForTimeout(c.commit === false ? 60 : 400);
			moved = (await head(page)) !== before;
		}
		const step: Step = { n: steps.length + 1, round: current, kind: c.kind, label: c.label, commit: c.commit, headMoved: moved, ms: Date.now() - t0 };
		steps.push(step);
		opts.onStep?.(step);
		const shownRefusals = await visibleRefusals(page);
		for (const r of shownRefusals) refusals.push(`#${step.n} ${c.kind} "${c.label}": ${r}`);
		if (moved) {
			headChanges++;
			idle = 0;
		} else idle++;
		if (c.commit === true) {
			if (moved) moves++;
			else unexpected.push(`#${step.n} ${c.kind} "${c.label}" did not move the log head`);
		}
		if (c.commit === false && moved) unexpected.push(`#${step.n} ${c.kind} "${c.label}" moved the log head`);
		if (c.commit === true && !moved && shownRefusals.length === 0) {
			stall = { reason: 'move-not-recorded', round: current, detail: `#${step.n} ${c.kind} "${c.label}" was clicked but the head stayed at ${before}`, screenshot: await screenshot(page, opts.screenshotDir, `stall-${step.n}`) };
			endReason = 'stall';
			break;
		}
		if (idle >= stallClicks) {
			stall = { reason: 'no-progress', round: current, detail: `${idle} clicks without the head moving; last: ${c.kind} "${c.label}"`, screenshot: await screenshot(page, opts.screenshotDir, `stall-${step.n}`) };
			endReason = 'stall';
			break;
		}
		if (opts.stopAfterRound && current === opts.stopAfterRound && (await round(page)) !== current) {
			endReason = 'max-actions';
			current = await round(page);
			break;
		}
	}
	if (steps.length >= opts.maxActions) endReason = 'max-actions';
	if ((await page.locator('[data-testid="end-of-game"]').count()) > 0) endReason = 'game-end';
	return finish();
}

/** The two players of the games the random player creates. */
export const RANDOM_NAMES = ['Ada', 'Brunel'] as const;

/** On any page of the app: creates a 2-player 1822NRS hotseat game and waits for its first stock round. */
export async function createTwoPlayerNrs(page: Page, baseURL: string): Promise<void> {
	await page.goto(`${baseURL}/new`);
	await page.getByRole('radio', { name: /1822NRS/ }).check();
	await page.getByLabel('Number of players').selectOption('2');
	for (const [i, name] of RANDOM_NAMES.entries()) await page.getByLabel(`Name of player ${i + 1}`).fill(name);
	await page.getByRole('button', { name: 'Create 1822NRS game for 2 players' }).click();
	await page.waitForURL(/\/game\/[0-9a-f]{64}#[A-Za-z0-9_-]{43}$/, { timeout: 30_000 });
	await page.locator('h1 .round', { hasText: 'Stock Round 1' }).waitFor({ timeout: 30_000 });
}
