// Turn webhooks against a local HTTP receiver on loopback: what each style sends, and when a
// browser posts (only after its own move hands the turn to someone else).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameWebhook, handsTurnOn, noticeText, parseWebhook, postTurnNotice, setGameWebhook, styleOf, type TurnMoment } from './turn-webhook';

interface Received {
	method: string;
	type: string;
	body: string;
}
const received: Received[] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
	server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			received.push({ method: req.method ?? '', type: req.headers['content-type'] ?? '', body });
			res.writeHead(req.url === '/refuse' ? 403 : 204, { 'Access-Control-Allow-Origin': '*' });
			res.end();
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const NOTICE = { game: 'a'.repeat(64), title: '1822NRS', round: 'Stock Round 1', toAct: ['Brunel'] };

describe('turn webhook styles', () => {
	it('picks the style from the address, and refuses what is not a web address', () => {
		expect(styleOf('https://discord.com/api/webhooks/1/abc')).toBe('discord');
		expect(styleOf('https://hooks.slack.com/services/T/B/x')).toBe('slack');
		expect(styleOf('https://ntfy.example.org/rails')).toBe('json');
		expect(parseWebhook('ftp://x/')).toEqual({ ok: false, reason: 'it must start with https:// (or http://)' });
		expect(parseWebhook('not a url')).toEqual({ ok: false, reason: 'it is not a web address' });
		expect(parseWebhook('https://discord.com/api/webhooks/1/abc', 'json')).toEqual({ ok: true, hook: { url: 'https://discord.com/api/webhooks/1/abc', style: 'json' } });
		expect(noticeText(NOTICE)).toBe('Brunel: your move in 1822NRS (Stock Round 1).');
	});

	it('discord: a multipart form whose payload_json holds the message', async () => {
		expect(await postTurnNotice({ url: `${base}/discord`, style: 'discord' }, NOTICE)).toBeNull();
		const got = received.at(-1)!;
		expect(got.method).toBe('POST');
		expect(got.type).toMatch(/^multipart\/form-data; boundary=/);
		expect(got.body).toContain('name="payload_json"');
		expect(got.body).toContain(JSON.stringify({ content: 'Brunel: your move in 1822NRS (Stock Round 1).', allowed_mentions: { parse: [] } }));
	});

	it('slack: a form field "payload" with {"text"}', async () => {
		expect(await postTurnNotice({ url: `${base}/slack`, style: 'slack' }, NOTICE)).toBeNull();
		const got = received.at(-1)!;
		expect(got.type).toMatch(/^application\/x-www-form-urlencoded/);
		expect(JSON.parse(new URLSearchParams(got.body).get('payload')!)).toEqual({ text: 'Brunel: your move in 1822NRS (Stock Round 1).' });
	});

	it('json: the notice as JSON, and a refusal is reported in words', async () => {
		expect(await postTurnNotice({ url: `${base}/json`, style: 'json' }, NOTICE)).toBeNull();
		const got = received.at(-1)!;
		expect(got.type).toBe('application/json');
		expect(JSON.parse(got.body)).toEqual({ event: 'turn', ...NOTICE, text: 'Brunel: your move in 1822NRS (Stock Round 1).' });
		expect(got.body).not.toContain('#');
		expect(await postTurnNotice({ url: `${base}/refuse`, style: 'json' }, NOTICE)).toBe('The turn webhook answered 403.');
		expect(await postTurnNotice({ url: 'http://127.0.0.1:1/', style: 'json' }, NOTICE)).toMatch(/^The turn webhook could not be reached/);
	});
});

describe('when a browser posts', () => {
	const at = (head: string, headSeat: number | null, expected: number[], mine = [0]): TurnMoment => ({ stage: 'playing', finished: false, head, headSeat, expected, mine });

	it('after its own move hands the turn to someone else, and only then', () => {
		expect(handsTurnOn(at('h1', 1, [0]), at('h2', 0, [1]))).toBe(true);
		// The first view (a reload) never posts.
		expect(handsTurnOn(null, at('h2', 0, [1]))).toBe(false);
		// Someone else's move: that browser posts, not this one.
		expect(handsTurnOn(at('h1', 1, [1]), at('h2', 1, [2]))).toBe(false);
		// Still this device's turn (a bid before passing), or the head did not move.
		expect(handsTurnOn(at('h1', 1, [0]), at('h2', 0, [0]))).toBe(false);
		expect(handsTurnOn(at('h2', 0, [1]), at('h2', 0, [1]))).toBe(false);
		// Hotseat: the next seat is this device's too.
		expect(handsTurnOn(at('h1', 1, [0], [0, 1]), at('h2', 0, [1], [0, 1]))).toBe(false);
		// Over.
		expect(handsTurnOn(at('h1', 1, [0]), { ...at('h2', 0, [1]), finished: true })).toBe(false);
	});

	it('keeps one webhook per game in storage', () => {
		const map = new Map<string, string>();
		const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
		setGameWebhook('g1', { url: 'https://discord.com/api/webhooks/1/abc', style: 'discord' }, storage);
		setGameWebhook('g2', { url: `${base}/json`, style: 'json' }, storage);
		expect(gameWebhook('g1', storage)).toEqual({ url: 'https://discord.com/api/webhooks/1/abc', style: 'discord' });
		setGameWebhook('g1', null, storage);
		expect(gameWebhook('g1', storage)).toBeNull();
		expect(gameWebhook('g2', storage)?.style).toBe('json');
	});
});
