// A hostile client against the server and its relay: no request may end the process, and every
// connection is held to its limits (topics, topic length, message rate, send buffer).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServer, type RunningServer } from '../../server/create-server.js';
import { CLOSE_POLICY } from '../../server/signaling.js';

let root: string;
const open: WebSocket[] = [];
const servers: RunningServer[] = [];

beforeAll(() => {
	root = mkdtempSync(path.join(tmpdir(), 'rails-hostile-'));
	writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
});

afterEach(async () => {
	for (const ws of open.splice(0)) ws.terminate();
	for (const s of servers.splice(0)) await s.close();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function start(limits: Record<string, number> = {}) {
	const running = await createServer({ port: 0, root, limits });
	servers.push(running);
	return running;
}

function wsUrl(running: { url: string }) {
	return running.url.replace(/^http/, 'ws') + '/signal';
}

async function connect(running: { url: string }) {
	const ws = new WebSocket(wsUrl(running));
	open.push(ws);
	await new Promise<void>((resolve, reject) => {
		ws.once('open', () => resolve());
		ws.once('error', reject);
	});
	return ws;
}

function closed(ws: WebSocket, ms = 3000) {
	return new Promise<{ code: number; reason: string } | null>((resolve) => {
		const timer = setTimeout(() => resolve(null), ms);
		ws.once('close', (code, reason) => {
			clearTimeout(timer);
			resolve({ code, reason: reason.toString() });
		});
	});
}

/** Writes raw bytes to the port and returns whatever the server answers before closing. */
function raw(port: number, text: string) {
	return new Promise<string>((resolve) => {
		const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
		let answer = '';
		socket.on('data', (d) => (answer += d.toString()));
		socket.on('error', () => resolve(answer));
		socket.on('close', () => resolve(answer));
		setTimeout(() => socket.destroy(), 2000);
	});
}

async function alive(running: { url: string }) {
	const response = await fetch(running.url + '/');
	return response.status;
}

function waitFor(check: () => boolean, ms = 5000) {
	return new Promise<boolean>((resolve) => {
		const started = Date.now();
		const tick = () => {
			if (check()) resolve(true);
			else if (Date.now() - started > ms) resolve(false);
			else setTimeout(tick, 20);
		};
		tick();
	});
}

const upgrade = (target: string) =>
	`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

describe('the server process survives hostile requests', () => {
	let child: ChildProcess;
	let port = 0;
	let exited: number | null | undefined;

	beforeAll(async () => {
		child = spawn(process.execPath, ['server/index.js'], {
			env: { ...process.env, HOST: '127.0.0.1', PORT: '0', BUILD_DIR: root },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		child.on('exit', (code) => (exited = code));
		port = await new Promise<number>((resolve, reject) => {
			let out = '';
			child.stdout!.on('data', (d) => {
				out += d.toString();
				const m = /Listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
				if (m) resolve(Number(m[1]));
			});
			child.once('exit', () => reject(new Error('server exited at start: ' + out)));
		});
	});

	afterAll(() => {
		child.kill('SIGTERM');
	});

	it.each([
		['an upgrade to an unparsable URL', upgrade('http://[')],
		['an upgrade to a bare bracket', upgrade('[')],
		['an upgrade with an absolute URL to /signal', upgrade('http://x/signal')],
		['an upgrade without a key', 'GET /signal HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'],
		['a malformed request line', 'GARBAGE\r\n\r\n'],
		['a header without a colon', 'GET / HTTP/1.1\r\nnonsense\r\n\r\n'],
		['a request to an unparsable URL', 'GET http://[ HTTP/1.1\r\nHost: a\r\n\r\n'],
		['a path with a NUL byte', 'GET /%00 HTTP/1.1\r\nHost: a\r\n\r\n']
	])('%s leaves it running', async (_name, request) => {
		await raw(port, request);
		expect(exited).toBeUndefined();
		expect(await alive({ url: `http://127.0.0.1:${port}` })).toBe(200);
	});
});

describe('relay limits per connection', () => {
	it('closes a connection that subscribes to more topics than allowed, and forgets its topics', async () => {
		const running = await start({ maxTopicsPerConnection: 5 });
		const ws = await connect(running);
		const end = closed(ws);
		ws.send(JSON.stringify({ type: 'subscribe', topics: ['a', 'b', 'c'] }));
		ws.send(JSON.stringify({ type: 'subscribe', topics: Array.from({ length: 1000 }, (_, i) => `t${i}`) }));
		const result = await end;
		expect(result).toEqual({ code: CLOSE_POLICY, reason: 'at most 5 topics per connection' });
		expect(await waitFor(() => running.relay.topicCount() === 0)).toBe(true);
	});

	it('thousands of topics in one message are refused without storing any', async () => {
		const running = await start();
		const ws = await connect(running);
		const end = closed(ws);
		// About 200 KB: under the message size limit, far over the topic limit.
		ws.send(JSON.stringify({ type: 'subscribe', topics: Array.from({ length: 25_000 }, (_, i) => `${i}`) }));
		expect((await end)?.code).toBe(CLOSE_POLICY);
		expect(running.relay.topicCount()).toBe(0);
	});

	it('refuses a topic name longer than the limit', async () => {
		const running = await start({ maxTopicLength: 16 });
		const ws = await connect(running);
		const end = closed(ws);
		ws.send(JSON.stringify({ type: 'subscribe', topics: ['x'.repeat(17)] }));
		expect(await end).toEqual({ code: CLOSE_POLICY, reason: 'a topic name must have 1 to 16 characters' });
		expect(running.relay.topicCount()).toBe(0);
	});

	it('closes a connection that sends faster than the rate limit, and leaves others alone', async () => {
		const running = await start({ messagesPerSecond: 10, messageBurst: 20 });
		const calm = await connect(running);
		const flood = await connect(running);
		const end = closed(flood);
		for (let i = 0; i < 100; i++) flood.send(JSON.stringify({ type: 'ping' }));
		expect(await end).toEqual({ code: CLOSE_POLICY, reason: 'more than 10 messages per second' });
		const pong = new Promise((resolve) => calm.once('message', (d) => resolve(JSON.parse(d.toString()))));
		calm.send(JSON.stringify({ type: 'ping' }));
		expect(await pong).toEqual({ type: 'pong' });
	});

	it('a client sending within the rate is never cut off', async () => {
		const running = await start({ messagesPerSecond: 10, messageBurst: 20 });
		const ws = await connect(running);
		const end = closed(ws, 1500);
		let pongs = 0;
		ws.on('message', () => pongs++);
		for (let i = 0; i < 15; i++) {
			ws.send(JSON.stringify({ type: 'ping' }));
			await new Promise((r) => setTimeout(r, 50));
		}
		expect(await end).toBeNull();
		expect(pongs).toBe(15);
	});

	it('drops a receiver that does not read once its send buffer passes the limit', async () => {
		const running = await start({ maxBufferedBytes: 2 * 1024 * 1024 });
		const sender = await connect(running);
		const reader = await connect(running);
		sender.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		reader.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		await waitFor(() => running.relay.topicCount() === 1);
		await new Promise((r) => setTimeout(r, 100));
		// The reader stops reading: what the relay sends it piles up in the relay's buffer.
		(reader as unknown as { _socket: net.Socket })._socket.pause();
		const big = 'x'.repeat(200 * 1024);
		let echoes = 0;
		sender.on('message', () => echoes++); // the sender reads its own echoes
		for (let i = 0; i < 150; i++) {
			sender.send(JSON.stringify({ type: 'publish', topic: 'room', data: big }));
			// Small bursts, so the sender's own echoes never pile up past the limit while it reads them.
			if (i % 4 === 3) await new Promise((r) => setTimeout(r, 30));
		}
		expect(await waitFor(() => running.relay.connectionCount() === 1, 10_000)).toBe(true);
		// The sender, which reads, is still connected and got every echo.
		expect(sender.readyState).toBe(WebSocket.OPEN);
		expect(await waitFor(() => echoes === 150)).toBe(true);
	});

	it('does not relay a publish from a client that has not joined the topic', async () => {
		const running = await start();
		const member = await connect(running);
		const outsider = await connect(running);
		member.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		await waitFor(() => running.relay.topicCount() === 1);
		const received: unknown[] = [];
		member.on('message', (d) => received.push(JSON.parse(d.toString())));
		outsider.send(JSON.stringify({ type: 'publish', topic: 'room', data: 'spam' }));
		// A ping round-trip on the outsider proves its publish was processed.
		const pong = new Promise((resolve) => outsider.once('message', resolve));
		outsider.send(JSON.stringify({ type: 'ping' }));
		await pong;
		await new Promise((r) => setTimeout(r, 100));
		expect(received).toEqual([]);
	});

	it('a forged clients count is replaced by the real one', async () => {
		const running = await start();
		const a = await connect(running);
		a.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		const echo = new Promise((resolve) => a.once('message', (d) => resolve(JSON.parse(d.toString()))));
		a.send(JSON.stringify({ type: 'publish', topic: 'room', data: 1, clients: 999 }));
		expect(await echo).toEqual({ type: 'publish', topic: 'room', data: 1, clients: 1 });
	});

	it('refuses connections beyond the limit with 503', async () => {
		const running = await start({ maxConnections: 2 });
		await connect(running);
		await connect(running);
		await expect(connect(running)).rejects.toThrow(/503/);
		expect(running.relay.connectionCount()).toBe(2);
	});

	it('refuses a message larger than the size limit', async () => {
		const running = await start({ maxMessageBytes: 1024 });
		const ws = await connect(running);
		const end = closed(ws);
		ws.send('x'.repeat(2048));
		expect((await end)?.code).toBe(1009);
	});
});
