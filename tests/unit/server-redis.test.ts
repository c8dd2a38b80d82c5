// Several relay processes sharing one Redis (REDIS_URL): Debian's redis-server is started here on
// a unix socket in a temporary folder (no TCP port at all), and two real `node server/index.js`
// processes use it. A client on each relay meets the other (signaling topics fan out through
// Redis pub/sub), and the encrypted mailbox is one: a player moves on relay one and leaves, a
// friend on relay two sees it with nobody else online, moves, and the first sees that. The Redis
// store keeps the file store's limits and refusals. Without redis-server these tests are not run
// (one line says so); under CI=1 that is a failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRedisStore } from '../../server/redis.js';
import { createMemoryStore } from '../../server/mailbox-store.js';
import { deriveMailboxKeys, mailboxBaseUrl, MailboxClient } from '../../src/lib/state/mailbox';
import { LOCAL_ORIGIN, LogDoc } from '../../src/lib/sync/log-doc';
import { yjsMailboxDoc } from '../../src/lib/sync/mailbox-doc';

const haveRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
if (!haveRedis) {
	const line = 'Redis relay tests not run: redis-server is missing ("sudo apt-get install -y redis-server").';
	if (process.env.CI) throw new Error(line.replace('not run', 'cannot run under CI'));
	console.log(line);
}

let dir = '';
let redisUrl = '';
const children: ChildProcess[] = [];

function exited(child: ChildProcess): Promise<number | null> {
	return new Promise((resolve) => {
		if (child.exitCode !== null) resolve(child.exitCode);
		else child.once('exit', (code) => resolve(code));
	});
}

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 15_000): Promise<T> {
	const started = Date.now();
	for (;;) {
		const got = await Promise.resolve(probe()).catch(() => null);
		if (got !== null) return got;
		if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

beforeAll(async () => {
	if (!haveRedis) return;
	dir = mkdtempSync(path.join(tmpdir(), 'rails-redis-'));
	writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
	const socket = path.join(dir, 'redis.sock');
	const redis = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no', '--dir', dir], {
		stdio: ['ignore', 'pipe', 'pipe']
	});
	children.push(redis);
	let log = '';
	redis.stdout!.on('data', (d) => (log += d));
	await until('redis-server listening on its socket', () => (existsSync(socket) ? true : null)).catch((e) => {
		throw new Error(`${e.message}\n${log.slice(-2000)}`);
	});
	redisUrl = `unix://${socket}`;
});

afterAll(async () => {
	for (const c of children.reverse()) {
		c.kill('SIGTERM');
		await exited(c);
	}
	if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `node server/index.js` with REDIS_URL on a free loopback port; resolves with its address. */
async function relayProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
	const child = spawn(process.execPath, ['server/index.js'], {
		env: { ...process.env, HOST: '127.0.0.1', PORT: '0', BUILD_DIR: dir, ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	children.push(child);
	let out = '';
	child.stdout!.on('data', (d) => (out += d));
	child.stderr!.on('data', (d) => (out += d));
	// The start-up lines may come in separate chunks: wait for the last of them (the mailbox's).
	const url = await until('the relay process to listen', () =>
		(/^Mailbox: /m.test(out) ? /Listening on (http:\/\/\S+)/.exec(out)?.[1] : undefined) ?? (child.exitCode !== null ? Promise.reject(new Error(out)) : null)
	).catch(
		(e) => {
			throw new Error(`relay process: ${e.message}\n${out}`);
		}
	);
	expect(out).toContain('Mailbox: in Redis');
	return { url, child };
}

async function signalClient(relay: string) {
	const ws = new WebSocket(relay.replace(/^http/, 'ws') + '/signal');
	await new Promise((resolve, reject) => {
		ws.once('open', resolve);
		ws.once('error', reject);
	});
	const got: Record<string, unknown>[] = [];
	ws.on('message', (d) => got.push(JSON.parse(d.toString())));
	return { ws, got };
}

const GAME = 'g-redis-test';
const SECRET = 'redis-test-secret-8k2JdQw0s9TzLx4mVb7nRc1uHe5yPaGf3oKiWtNq6jU';

/** A device whose log lives in memory between openings; while open, a mailbox client on one relay. */
class Device {
	saved: LogDoc | null = null;
	client: MailboxClient | null = null;
	constructor(readonly relay: string) {}

	async open(): Promise<LogDoc> {
		const log = this.saved ?? new LogDoc();
		this.client = new MailboxClient({ baseUrl: mailboxBaseUrl(this.relay.replace(/^http/, 'ws') + '/signal'), keys: await deriveMailboxKeys(SECRET, GAME), doc: yjsMailboxDoc(log.doc, (o) => o === LOCAL_ORIGIN) });
		await this.client.start();
		this.saved = log;
		return log;
	}

	async close() {
		await this.client!.flush();
		await this.client!.stop();
		expect(this.client!.status.problem).toBeNull();
		this.client = null;
	}
}

describe.skipIf(!haveRedis)('two relay processes sharing one Redis', () => {
	it('a client on each relay meets the other, and the mailbox is one', async () => {
		const one = await relayProcess({ REDIS_URL: redisUrl });
		const two = await relayProcess({ REDIS_URL: redisUrl });

		// Signaling: subscribers on both relays receive a publish from either, with their own relay's count.
		const a = await signalClient(one.url);
		const b = await signalClient(two.url);
		const lone = await signalClient(two.url);
		a.ws.send(JSON.stringify({ type: 'subscribe', topics: ['rails-1822-room'] }));
		b.ws.send(JSON.stringify({ type: 'subscribe', topics: ['rails-1822-room'] }));
		lone.ws.send(JSON.stringify({ type: 'subscribe', topics: ['another-room'] }));
		// A subscription reaches Redis asynchronously: publish until the other side hears it.
		await until('relay two to hear relay one', () => {
			if (b.got.length > 0) return true;
			a.ws.send(JSON.stringify({ type: 'publish', topic: 'rails-1822-room', data: { type: 'announce', from: 'a' } }));
			return null;
		});
		expect(b.got[0]).toEqual({ type: 'publish', topic: 'rails-1822-room', data: { type: 'announce', from: 'a' }, clients: 1 });
		b.ws.send(JSON.stringify({ type: 'publish', topic: 'rails-1822-room', data: { type: 'answer', from: 'b' } }));
		await until('relay one to hear relay two', () => (a.got.some((m) => (m.data as { from?: string })?.from === 'b') ? true : null));
		// Each relay delivered its own client's publish once: no echo back through Redis.
		expect(b.got.filter((m) => (m.data as { from?: string })?.from === 'b')).toHaveLength(1);
		expect(lone.got).toEqual([]);
		for (const c of [a, b, lone]) c.ws.close();

		// Mailbox: A moves on relay one and leaves; B, on relay two, alone, sees it; B moves; A sees it.
		const devA = new Device(one.url);
		const devB = new Device(two.url);
		(await devA.open()).append({ body: 'ada-move', sig: 's1' });
		await devA.close();
		const logB = await devB.open();
		expect(logB.entries()).toEqual([{ body: 'ada-move', sig: 's1' }]);
		logB.append({ body: 'brunel-move', sig: 's2' });
		await devB.close();
		const logA = await devA.open();
		expect(logA.entries()).toEqual([
			{ body: 'ada-move', sig: 's1' },
			{ body: 'brunel-move', sig: 's2' }
		]);
		await devA.close();

		// Relay one stops; relay two still has everything (the mailbox is in Redis, not in a process).
		one.child.kill('SIGTERM');
		expect(await exited(one.child)).toBe(0);
		const late = new Device(two.url);
		expect((await late.open()).entries()).toHaveLength(2);
		await late.close();
		two.child.kill('SIGTERM');
		expect(await exited(two.child)).toBe(0);
	});

	it('refuses to start, with one sentence, when REDIS_URL names a Redis that does not answer', async () => {
		const child = spawn(process.execPath, ['server/index.js'], {
			env: { ...process.env, HOST: '127.0.0.1', PORT: '0', BUILD_DIR: dir, REDIS_URL: `unix://${path.join(dir, 'absent.sock')}` },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		let err = '';
		child.stderr!.on('data', (d) => (err += d));
		expect(await exited(child)).toBe(1);
		expect(err.trim().split('\n')).toHaveLength(1);
		expect(err).toMatch(/^Redis at unix:\/\/.*absent\.sock did not answer .*will not start without it/);
	});
});

describe.skipIf(!haveRedis)('the Redis mailbox store', () => {
	const room = (n: number) => n.toString(16).padStart(64, '0');

	it('keeps records in order and refuses as the memory store does, with the same sentences', async () => {
		const limits = { maxRecordsPerRoom: 3, maxBytesPerRoom: 10, maxRecordBytes: 8, maxRooms: 2 };
		const redis = createRedisStore({ url: redisUrl, prefix: `t1-${Date.now()}:`, limits });
		const memory = createMemoryStore({ limits });
		try {
			for (const store of [redis, memory]) {
				expect(await store.append(room(1), new Uint8Array([1, 2]))).toEqual({ ok: true, seq: 1 });
				expect(await store.append(room(1), new Uint8Array([3]))).toEqual({ ok: true, seq: 2 });
			}
			const same = async (data: Uint8Array, r = room(1)) => {
				const got = await redis.append(r, data);
				expect(got).toEqual(await memory.append(r, data));
				return got;
			};
			expect(await same(new Uint8Array(0))).toMatchObject({ ok: false, status: 400 });
			expect(await same(new Uint8Array(9))).toMatchObject({ ok: false, status: 413 });
			expect(await same(new Uint8Array(8))).toMatchObject({ ok: false, status: 507 }); // 3 + 8 > 10 bytes
			expect(await same(new Uint8Array([4]))).toEqual({ ok: true, seq: 3 });
			expect(await same(new Uint8Array([5]))).toMatchObject({ ok: false, status: 507 }); // a fourth record
			expect(await same(new Uint8Array([6]), room(2))).toEqual({ ok: true, seq: 1 });
			expect(await same(new Uint8Array([7]), room(3))).toMatchObject({ ok: false, status: 507, reason: 'The relay holds as many mailboxes as it may; nothing was stored.' });
			const listed = await redis.list(room(1), 1);
			expect(listed.map((r) => [r.seq, [...r.data]])).toEqual([
				[2, [3]],
				[3, [4]]
			]);
			expect(listed.map((r) => [r.seq, [...r.data]])).toEqual((await memory.list(room(1), 1)).map((r) => [r.seq, [...r.data]]));
		} finally {
			await redis.close();
			await memory.close();
		}
	});

	it('drops records past their age and frees their room in the limits', async () => {
		let time = 1_000_000;
		const limits = { maxRecordsPerRoom: 2, maxAgeMs: 1000 };
		const store = createRedisStore({ url: redisUrl, prefix: `t2-${Date.now()}:`, limits, now: () => time });
		try {
			expect(await store.append(room(1), new Uint8Array([1]))).toEqual({ ok: true, seq: 1 });
			time += 600;
			expect(await store.append(room(1), new Uint8Array([2]))).toEqual({ ok: true, seq: 2 });
			expect(await store.append(room(1), new Uint8Array([3]))).toMatchObject({ ok: false, status: 507 });
			time += 500; // the first record is now 1100 ms old
			expect((await store.list(room(1), 0)).map((r) => r.seq)).toEqual([2]);
			expect(await store.append(room(1), new Uint8Array([3]))).toEqual({ ok: true, seq: 3 });
			// Binary data of any byte, ':' included, comes back as it went in.
			const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
			const wide = createRedisStore({ url: redisUrl, prefix: `t3-${Date.now()}:` });
			expect(await wide.append(room(9), bytes)).toEqual({ ok: true, seq: 1 });
			expect([...(await wide.list(room(9), 0))[0].data]).toEqual([...bytes]);
			await wide.close();
		} finally {
			await store.close();
		}
	});
});
