// The relay's mailbox API and its stores: every bad request gets a status and a sentence and
// stores nothing; limits per room (record size, records, bytes, age); the file store survives a
// restart.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../server/create-server.js';
import { createFileStore, createMemoryStore, type MailboxStore } from '../../server/mailbox-store.js';

let dir: string;
let root: string;
const servers: RunningServer[] = [];
const ROOM = 'ab'.repeat(32);

beforeAll(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'rails-mbox-'));
	root = path.join(dir, 'app');
	mkdirSync(root);
	writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
});
afterEach(async () => {
	for (const s of servers.splice(0)) await s.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(mailbox: MailboxStore, extra: { mailboxMaxRecordBytes?: number } = {}) {
	const s = await createServer({ port: 0, root, mailbox, ...extra });
	servers.push(s);
	return s;
}

const post = (s: RunningServer, room: string, body: Uint8Array | string) => fetch(`${s.url}/mailbox/${room}`, { method: 'POST', body: body as BodyInit });
const list = async (s: RunningServer, room: string, after = 0) => {
	const r = await fetch(`${s.url}/mailbox/${room}?after=${after}`);
	return (await r.json()) as { records: { seq: number; data: string }[]; last: number };
};

describe('mailbox API', () => {
	it('appends records and lists those after a sequence number', async () => {
		const s = await start(createMemoryStore());
		expect(await (await post(s, ROOM, 'one')).json()).toEqual({ seq: 1 });
		expect(await (await post(s, ROOM, 'two')).json()).toEqual({ seq: 2 });
		const all = await list(s, ROOM);
		expect(all.records.map((r) => Buffer.from(r.data, 'base64').toString())).toEqual(['one', 'two']);
		expect(all.last).toBe(2);
		expect((await list(s, ROOM, 1)).records.map((r) => r.seq)).toEqual([2]);
		expect(await list(s, 'cd'.repeat(32))).toEqual({ records: [], last: 0 });
	});

	it.each([
		['a room that is not 64 hex digits', `/mailbox/game-1`, 'GET', 400, /64 lowercase hex digits/],
		['an upper-case room', `/mailbox/${'AB'.repeat(32)}`, 'GET', 400, /64 lowercase hex digits/],
		['a negative "after"', `/mailbox/${ROOM}?after=-1`, 'GET', 400, /"after" must be a whole number/],
		['a non-numeric "after"', `/mailbox/${ROOM}?after=x`, 'GET', 400, /"after" must be a whole number/],
		['DELETE', `/mailbox/${ROOM}`, 'DELETE', 405, /GET and POST only/]
	])('refuses %s with a sentence', async (_name, url, method, status, text) => {
		const s = await start(createMemoryStore());
		const r = await fetch(s.url + url, { method });
		expect(r.status).toBe(status);
		expect(await r.text()).toMatch(text);
	});

	it('refuses an empty record and a record over the size limit, storing nothing', async () => {
		const s = await start(createMemoryStore({ limits: { maxRecordBytes: 100 } }), { mailboxMaxRecordBytes: 100 });
		const empty = await post(s, ROOM, new Uint8Array(0));
		expect(empty.status).toBe(400);
		const big = await post(s, ROOM, new Uint8Array(101));
		expect(big.status).toBe(413);
		expect(await big.text()).toMatch(/at most 100 bytes, not 101; nothing was stored/);
		expect((await list(s, ROOM)).records).toEqual([]);
	});

	it('refuses beyond the records and bytes of a room, and other rooms still work', async () => {
		const s = await start(createMemoryStore({ limits: { maxRecordsPerRoom: 2, maxBytesPerRoom: 1000 } }));
		expect((await post(s, ROOM, 'a')).status).toBe(201);
		expect((await post(s, ROOM, 'b')).status).toBe(201);
		const full = await post(s, ROOM, 'c');
		expect(full.status).toBe(507);
		expect(await full.text()).toMatch(/mailbox is full \(2 records\); nothing was stored/);
		const other = 'ef'.repeat(32);
		const tooMany = await post(s, other, new Uint8Array(1001));
		expect(tooMany.status).toBe(507);
		expect(await tooMany.text()).toMatch(/full \(1000 bytes\)/);
		expect((await post(s, other, 'ok')).status).toBe(201);
		expect((await list(s, ROOM)).records.length).toBe(2);
	});

	it('refuses a new room beyond the number of rooms', async () => {
		const s = await start(createMemoryStore({ limits: { maxRooms: 1 } }));
		expect((await post(s, ROOM, 'a')).status).toBe(201);
		const r = await post(s, 'ef'.repeat(32), 'b');
		expect(r.status).toBe(507);
		expect(await r.text()).toMatch(/as many mailboxes as it may/);
	});

	it('answers a CORS preflight, so an app served elsewhere can use this relay', async () => {
		const s = await start(createMemoryStore());
		const r = await fetch(`${s.url}/mailbox/${ROOM}`, { method: 'OPTIONS' });
		expect(r.status).toBe(204);
		expect(r.headers.get('access-control-allow-origin')).toBe('*');
	});

	it('without a mailbox store the path is just a page of the app', async () => {
		const s = await createServer({ port: 0, root });
		servers.push(s);
		expect((await fetch(`${s.url}/mailbox/${ROOM}`, { method: 'POST', body: 'x' })).status).toBe(405);
	});
});

describe.each([
	['memory', (now: () => number, limits = {}) => createMemoryStore({ now, limits })],
	['file', (now: () => number, limits = {}) => createFileStore({ dir: mkdtempSync(path.join(dir, 'store-')), now, limits })]
])('%s store', (_name, make) => {
	it('drops records older than the age limit, and keeps numbering after them', async () => {
		let t = 1_000_000;
		const store = make(() => t, { maxAgeMs: 1000 });
		await store.append(ROOM, new Uint8Array([1]));
		t += 600;
		await store.append(ROOM, new Uint8Array([2]));
		t += 600;
		expect((await store.list(ROOM, 0)).map((r) => r.seq)).toEqual([2]);
		expect(await store.append(ROOM, new Uint8Array([3]))).toEqual({ ok: true, seq: 3 });
		t += 5000;
		expect(await store.list(ROOM, 0)).toEqual([]);
		await store.close();
	});
});

describe('file store', () => {
	it('keeps records across a restart, in one file named by the room hash', async () => {
		const storeDir = path.join(dir, 'restart');
		const first = createFileStore({ dir: storeDir });
		await first.append(ROOM, new Uint8Array([7, 7]));
		await first.append(ROOM, new Uint8Array([8]));
		await first.close();
		expect(readdirSync(storeDir)).toEqual([`${ROOM}.room`]);
		const second = createFileStore({ dir: storeDir });
		expect((await second.list(ROOM, 0)).map((r) => [r.seq, [...r.data]])).toEqual([
			[1, [7, 7]],
			[2, [8]]
		]);
		expect(await second.append(ROOM, new Uint8Array([9]))).toEqual({ ok: true, seq: 3 });
		await second.close();
	});
});
