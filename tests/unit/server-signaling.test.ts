// The signaling relay at /signal speaks y-webrtc's signaling protocol
// (y-webrtc/bin/server.js): subscribe, unsubscribe, publish (relayed to every
// subscriber with a `clients` count) and ping → pong.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServer, type RunningServer } from '../../server/create-server.js';

let root: string;
let running: RunningServer;
const open: WebSocket[] = [];

beforeAll(async () => {
	root = mkdtempSync(path.join(tmpdir(), 'rails-signal-'));
	writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
	running = await createServer({ port: 0, root });
});

afterAll(async () => {
	for (const ws of open) ws.terminate();
	await running?.close();
	rmSync(root, { recursive: true, force: true });
});

type Message = Record<string, unknown>;

/** A client that queues what it receives so a test can await the next message. */
async function connect(p = '/signal') {
	const ws = new WebSocket(running.url.replace(/^http/, 'ws') + p);
	open.push(ws);
	const queue: Message[] = [];
	const waiting: ((m: Message) => void)[] = [];
	ws.on('message', (data) => {
		const message = JSON.parse(data.toString()) as Message;
		const next = waiting.shift();
		if (next) next(message);
		else queue.push(message);
	});
	await new Promise<void>((resolve, reject) => {
		ws.once('open', () => resolve());
		ws.once('error', reject);
	});
	return {
		ws,
		send: (m: Message) => ws.send(JSON.stringify(m)),
		next: () =>
			new Promise<Message>((resolve, reject) => {
				const queued = queue.shift();
				if (queued) return resolve(queued);
				const timer = setTimeout(() => reject(new Error('no message within 2 s')), 2000);
				waiting.push((m) => {
					clearTimeout(timer);
					resolve(m);
				});
			}),
		/** Resolves true when nothing arrives within the given time. */
		silentFor: (ms: number) =>
			new Promise<boolean>((resolve) => {
				if (queue.length > 0) return resolve(false);
				const timer = setTimeout(() => resolve(true), ms);
				waiting.push((m) => {
					clearTimeout(timer);
					queue.unshift(m);
					resolve(false);
				});
			})
	};
}

/** A ping round-trip proves the relay has processed everything sent before it. */
async function settle(client: Awaited<ReturnType<typeof connect>>) {
	client.send({ type: 'ping' });
	expect(await client.next()).toEqual({ type: 'pong' });
}

describe('signaling relay (y-webrtc protocol)', () => {
	it('answers ping with pong', async () => {
		const a = await connect();
		a.send({ type: 'ping' });
		expect(await a.next()).toEqual({ type: 'pong' });
	});

	it('relays a publish to every subscriber of the topic, with the subscriber count', async () => {
		const a = await connect();
		const b = await connect();
		a.send({ type: 'subscribe', topics: ['room-1'] });
		b.send({ type: 'subscribe', topics: ['room-1', 'room-2'] });
		await settle(a);
		await settle(b);

		const data = { type: 'announce', from: 'peer-a' };
		a.send({ type: 'publish', topic: 'room-1', data });
		const expected = { type: 'publish', topic: 'room-1', data, clients: 2 };
		expect(await b.next()).toEqual(expected);
		// y-webrtc's server echoes to the sender too; y-webrtc ignores its own messages.
		expect(await a.next()).toEqual(expected);
	});

	it('does not relay to clients of other topics', async () => {
		const a = await connect();
		const c = await connect();
		a.send({ type: 'subscribe', topics: ['room-x'] });
		c.send({ type: 'subscribe', topics: ['room-y'] });
		await settle(a);
		await settle(c);
		a.send({ type: 'publish', topic: 'room-x', data: 1 });
		expect(await a.next()).toMatchObject({ topic: 'room-x', clients: 1 });
		expect(await c.silentFor(200)).toBe(true);
	});

	it('stops relaying to a client after it unsubscribes', async () => {
		const a = await connect();
		const b = await connect();
		a.send({ type: 'subscribe', topics: ['room-u'] });
		b.send({ type: 'subscribe', topics: ['room-u'] });
		await settle(a);
		await settle(b);
		b.send({ type: 'unsubscribe', topics: ['room-u'] });
		await settle(b);
		a.send({ type: 'publish', topic: 'room-u', data: 'hi' });
		expect(await a.next()).toMatchObject({ topic: 'room-u', clients: 1 });
		expect(await b.silentFor(200)).toBe(true);
	});

	it('forgets a closed client so it is no longer counted', async () => {
		const a = await connect();
		const b = await connect();
		a.send({ type: 'subscribe', topics: ['room-c'] });
		b.send({ type: 'subscribe', topics: ['room-c'] });
		await settle(a);
		await settle(b);
		await new Promise<void>((resolve) => {
			b.ws.once('close', () => resolve());
			b.ws.close();
		});
		// The server sees the close shortly after the client does.
		await new Promise((resolve) => setTimeout(resolve, 100));
		a.send({ type: 'publish', topic: 'room-c', data: 'anyone?' });
		expect(await a.next()).toMatchObject({ clients: 1 });
	});

	it('ignores malformed messages and keeps the connection', async () => {
		const a = await connect();
		a.ws.send('not json');
		a.send({ no: 'type' });
		a.send({ type: 'publish' });
		await settle(a);
	});

	it('refuses WebSocket upgrades on other paths', async () => {
		await expect(connect('/elsewhere')).rejects.toThrow();
	});
});

describe('signaling relay heartbeat', () => {
	it('closes a connection that stops answering pings', async () => {
		const quick = await createServer({ port: 0, root, pingTimeoutMs: 50 });
		try {
			// autoPong off: this client never answers the server's heartbeat.
			const ws = new WebSocket(quick.url.replace(/^http/, 'ws') + '/signal', { autoPong: false });
			open.push(ws);
			const closed = new Promise<boolean>((resolve) => ws.once('close', () => resolve(true)));
			const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000));
			expect(await Promise.race([closed, timeout])).toBe(true);
		} finally {
			await quick.close();
		}
	});
});
