// Turn notices without a server of our own: a webhook URL per game (a Discord or Slack channel's
// incoming webhook, or any URL that takes JSON), kept in this browser, to which the browser that
// made a move posts one message when that move hands the turn to someone else. The message names
// who is to act, the game's title and the round; it never carries the link or its secret.
//
// Styles, chosen from the URL unless set:
// - discord: multipart form with `payload_json` ({"content": text}), a request browsers send
//   without a CORS preflight, so it reaches Discord from any page (the answer is not readable);
// - slack: form field `payload` ({"text": text}), likewise without a preflight;
// - json: `application/json` {"event": "turn", "game", "title", "round", "toAct", "text"}; the
//   receiver must answer CORS (Access-Control-Allow-Origin) for the browser to send it.

export type WebhookStyle = 'discord' | 'slack' | 'json';
export const WEBHOOK_STYLES: readonly WebhookStyle[] = ['discord', 'slack', 'json'];

export interface TurnWebhook {
	readonly url: string;
	readonly style: WebhookStyle;
}

export interface TurnNotice {
	readonly game: string;
	readonly title: string;
	readonly round: string;
	/** Names of the players to act now. */
	readonly toAct: readonly string[];
}

export const WEBHOOKS_STORAGE_KEY = 'rails-1822:turn-webhooks';

/** The style a URL's host suggests. */
export function styleOf(url: string): WebhookStyle {
	try {
		const host = new URL(url).hostname;
		if (/(^|\.)discord(app)?\.com$/.test(host)) return 'discord';
		if (host === 'hooks.slack.com') return 'slack';
	} catch {
		// Not a URL: parseWebhook says so.
	}
	return 'json';
}

/** A webhook from the form, or a reason it cannot be one. */
export function parseWebhook(urlText: string, style?: WebhookStyle | 'auto'): { ok: true; hook: TurnWebhook } | { ok: false; reason: string } {
	const text = urlText.trim();
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { ok: false, reason: 'it is not a web address' };
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'it must start with https:// (or http://)' };
	return { ok: true, hook: { url: url.toString(), style: style && style !== 'auto' ? style : styleOf(url.toString()) } };
}

export function noticeText(n: TurnNotice): string {
	const who = n.toAct.length > 0 ? n.toAct.join(', ') : 'Nobody';
	return `${who}: your move in ${n.title}${n.round ? ` (${n.round})` : ''}.`;
}

/** What to send: the request's body and whether the browser may read the answer. */
export function webhookRequest(hook: TurnWebhook, n: TurnNotice): { init: RequestInit; readable: boolean } {
	const text = noticeText(n);
	if (hook.style === 'discord') {
		const form = new FormData();
		form.set('payload_json', JSON.stringify({ content: text, allowed_mentions: { parse: [] } }));
		return { init: { method: 'POST', body: form, mode: 'no-cors', keepalive: true }, readable: false };
	}
	if (hook.style === 'slack') {
		return { init: { method: 'POST', body: new URLSearchParams({ payload: JSON.stringify({ text }) }), mode: 'no-cors', keepalive: true }, readable: false };
	}
	const body = JSON.stringify({ event: 'turn', game: n.game, title: n.title, round: n.round, toAct: n.toAct, text });
	return { init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, mode: 'cors', keepalive: true }, readable: true };
}

/** Posts the notice; resolves with null when sent, else one sentence saying what went wrong. */
export async function postTurnNotice(hook: TurnWebhook, n: TurnNotice, fetchFn: typeof fetch = (i, o) => fetch(i, o)): Promise<string | null> {
	const { init, readable } = webhookRequest(hook, n);
	try {
		const response = await fetchFn(hook.url, init);
		if (readable && !response.ok) return `The turn webhook answered ${response.status}.`;
		return null;
	} catch (e) {
		return `The turn webhook could not be reached (${e instanceof Error ? e.message : String(e)}).`;
	}
}

/** The part of a view the decision reads. */
export interface TurnMoment {
	readonly stage: string;
	readonly finished: boolean;
	readonly head: string | null;
	/** The seat that wrote the head entry, if any. */
	readonly headSeat: number | null;
	/** Seats to act now. */
	readonly expected: readonly number[];
	/** Seats this device holds. */
	readonly mine: readonly number[];
}

/**
 * True when `next` is the moment to post: the head moved to an entry of one of this device's
 * seats, and now someone else (and none of this device's seats) is to act. The first view seen
 * (`prev` null, e.g. a reload) never posts.
 */
export function handsTurnOn(prev: TurnMoment | null, next: TurnMoment): boolean {
	if (!prev || next.stage !== 'playing' || next.finished || next.head === null || next.head === prev.head) return false;
	if (next.headSeat === null || !next.mine.includes(next.headSeat)) return false;
	return next.expected.length > 0 && next.expected.every((s) => !next.mine.includes(s));
}

export type WebhookStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readAll(storage: WebhookStorage | null): Record<string, TurnWebhook> {
	try {
		const parsed = JSON.parse(storage?.getItem(WEBHOOKS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
		const out: Record<string, TurnWebhook> = {};
		for (const [game, v] of Object.entries(parsed ?? {})) {
			const h = v as { url?: unknown; style?: unknown };
			if (typeof h?.url !== 'string' || !WEBHOOK_STYLES.includes(h.style as WebhookStyle)) continue;
			const p = parseWebhook(h.url, h.style as WebhookStyle);
			if (p.ok) out[game] = p.hook;
		}
		return out;
	} catch {
		return {};
	}
}

/** This browser's webhook for a game, or null. */
export function gameWebhook(game: string, storage: WebhookStorage | null = browserStorage()): TurnWebhook | null {
	return readAll(storage)[game] ?? null;
}

/** Sets (or with null, removes) the game's webhook. */
export function setGameWebhook(game: string, hook: TurnWebhook | null, storage: WebhookStorage | null = browserStorage()): void {
	const all = readAll(storage);
	if (hook) all[game] = hook;
	else delete all[game];
	try {
		storage?.setItem(WEBHOOKS_STORAGE_KEY, JSON.stringify(all));
	} catch {
		// Full or disabled storage: nothing is kept.
	}
}

function browserStorage(): WebhookStorage | null {
	try {
		return globalThis.localStorage ?? null;
	} catch {
		return null;
	}
}
