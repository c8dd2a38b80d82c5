// Two relay processes sharing topics through a bus (the interface a Redis pub/sub bus would
// implement): a client on each meets the other, and a topic nobody on a relay joined is not
// delivered there.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServer, type RunningServer } from '../../server/create-server.js';
import type { BusFactory } from '../../server/signaling.js';

/** An in-process stand-in for Redis pub/sub: every relay hears every other's publishes on topics it subscribed. */
function memoryNetwork() {
	const members = new Set<{ topics: Set<string>; deliver: (topic: string, message: string) => void }>();
	const factory: BusFactory = (deliver) => {
		const me = { topics: new Set<string>(), deliver };
		members.add(me);
		return {
			publish(topic, message) {
				for (const m of members) if (m !== me && m.topics.has(topic)) m.deliver(topic, message);
			},
			subscribe: (topic) => void me.topics.add(topic),
			unsubscribe: (topic) => void me.topics.delete(topic),
			async close() {
				members.delete(me);
			}
		};
	};
	return { factory, members };
}

const root = mkdtempSync(path.join(tmpdir(), 'rails-bus-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
const servers: RunningServer[] = [];
afterAll(async () => {
	for (const s of servers) await s.close();
	rmSync(root, { recursive: true, force: true });
});

async function client(s: RunningServer) {
	const ws = new WebSocket(s.url.replace(/^http/, 'ws') + '/signal');
	await new Promise((r) => ws.once('open', r));
	const got: Record<string, unknown>[] = [];
	ws.on('message', (d) => got.push(JSON.parse(d.toString())));
	return { ws, got };
}

describe('relay bus', () => {
	it('a client on each of two relays meets the other through the bus', async () => {
		const net = memoryNetwork();
		const one = await createServer({ port: 0, root, bus: net.factory });
		const two = await createServer({ port: 0, root, bus: net.factory });
		servers.push(one, two);
		const a = await client(one);
		const b = await client(two);
		const c = await client(two);
		a.ws.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		b.ws.send(JSON.stringify({ type: 'subscribe', topics: ['room'] }));
		c.ws.send(JSON.stringify({ type: 'subscribe', topics: ['other'] }));
		await new Promise((r) => setTimeout(r, 100));
		a.ws.send(JSON.stringify({ type: 'publish', topic: 'room', data: 'hello from one' }));
		await new Promise((r) => setTimeout(r, 200));
		expect(b.got).toEqual([{ type: 'publish', topic: 'room', data: 'hello from one', clients: 1 }]);
		expect(a.got).toEqual([{ type: 'publish', topic: 'room', data: 'hello from one', clients: 1 }]);
		expect(c.got).toEqual([]);
		// Once nobody on relay two has the topic, it leaves the bus topic too.
		b.ws.send(JSON.stringify({ type: 'unsubscribe', topics: ['room'] }));
		await new Promise((r) => setTimeout(r, 100));
		expect([...net.members].map((m) => [...m.topics].sort())).toEqual([['room'], ['other']]);
	});
});
