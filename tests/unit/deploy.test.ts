// The deploy/ folder, run for real on loopback: Caddy with deploy/Caddyfile and its internal CA
// in front of our server (https for the app and the mailbox, wss for the relay, verified against
// the CA Caddy made), and coturn with deploy/turnserver.conf answering a TURN allocation with the
// configured realm. Needs Debian's caddy and coturn (.ci/run installs them); without them these
// tests are reported as skipped, with one line saying why.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createServer, type RunningServer } from '../../server/create-server.js';
import { createMemoryStore } from '../../server/mailbox-store.js';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const haveCaddy = has('caddy');
const haveCoturn = has('turnserver');
if (!haveCaddy || !haveCoturn) {
	console.log(`deploy tests not run: ${[!haveCaddy && 'caddy', !haveCoturn && 'coturn'].filter(Boolean).join(' and ')} missing ("sudo apt-get install -y caddy coturn").`);
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
	for (const c of children) c.kill('SIGTERM');
	for (const f of cleanups) await f();
});

function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const s = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = s.address() as net.AddressInfo;
			s.close(() => resolve(port));
		});
	});
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 20_000): Promise<T> {
	const started = Date.now();
	for (;;) {
		const got = await probe().catch(() => null);
		if (got !== null) return got;
		if (Date.now() - started > ms) throw new Error(`${what} did not come up within ${ms} ms`);
		await new Promise((r) => setTimeout(r, 200));
	}
}

function get(url: string, ca: Buffer, init: { method?: string; body?: Buffer } = {}) {
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const req = https.request(url, { ca, method: init.method ?? 'GET', headers: init.body ? { 'content-type': 'application/octet-stream' } : {} }, (res) => {
			let body = '';
			res.on('data', (d) => (body += d));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
		});
		req.on('error', reject);
		req.end(init.body);
	});
}

describe.skipIf(!haveCaddy)('Caddy with deploy/Caddyfile', () => {
	it('serves the app, the mailbox and the relay over https with its internal CA', async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'rails-caddy-'));
		const root = path.join(dir, 'app');
		mkdirSync(root);
		writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>rails</title>');
		const app: RunningServer = await createServer({ port: 0, root, mailbox: createMemoryStore() });
		cleanups.push(() => app.close(), () => rmSync(dir, { recursive: true, force: true }));
		const [httpsPort, httpPort] = [await freePort(), await freePort()];
		const caddy = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
			env: {
				...process.env,
				HOME: dir,
				XDG_DATA_HOME: path.join(dir, 'data'),
				XDG_CONFIG_HOME: path.join(dir, 'config'),
				GAME_HOST: 'localhost',
				GAME_PORT: String(httpsPort),
				GAME_HTTP_PORT: String(httpPort),
				GAME_UPSTREAM: `127.0.0.1:${app.port}`,
				CADDY_ADMIN: 'off'
			},
			stdio: ['ignore', 'ignore', 'pipe']
		});
		children.push(caddy);
		let log = '';
		caddy.stderr!.on('data', (d) => (log += d));
		const caFile = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
		const ca = await until('Caddy\'s root certificate', async () => (existsSync(caFile) ? readFileSync(caFile) : null)).catch((e) => {
			throw new Error(`${e.message}\n${log.slice(-2000)}`);
		});
		const base = `https://localhost:${httpsPort}`;
		const shell = await until('Caddy over https', async () => {
			const r = await get(`${base}/game/x`, ca);
			return r.status === 200 ? r : null;
		});
		expect(shell.body).toContain('<title>rails</title>');

		const room = 'ab'.repeat(32);
		expect((await get(`${base}/mailbox/${room}`, ca, { method: 'POST', body: Buffer.from('sealed') })).status).toBe(201);
		expect(JSON.parse((await get(`${base}/mailbox/${room}`, ca)).body).last).toBe(1);

		const ws = new WebSocket(`wss://localhost:${httpsPort}/signal`, { ca });
		await new Promise<void>((resolve, reject) => {
			ws.once('open', () => resolve());
			ws.once('error', reject);
		});
		const echo = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
		ws.send(JSON.stringify({ type: 'subscribe', topics: ['t'] }));
		ws.send(JSON.stringify({ type: 'publish', topic: 't', data: 'through caddy' }));
		expect(await echo).toEqual({ type: 'publish', topic: 't', data: 'through caddy', clients: 1 });
		ws.close();
	});
});

/** A TURN Allocate request without credentials (RFC 5766): the server must ask for them. */
function allocateRequest(): Buffer {
	const b = Buffer.alloc(20 + 8);
	b.writeUInt16BE(0x0003, 0); // Allocate
	b.writeUInt16BE(8, 2);
	b.writeUInt32BE(0x2112a442, 4); // magic cookie
	for (let i = 8; i < 20; i++) b[i] = i;
	b.writeUInt16BE(0x0019, 20); // REQUESTED-TRANSPORT
	b.writeUInt16BE(4, 22);
	b[24] = 17; // UDP
	return b;
}

function attributes(msg: Buffer): Map<number, Buffer> {
	const out = new Map<number, Buffer>();
	let at = 20;
	while (at + 4 <= msg.length) {
		const type = msg.readUInt16BE(at);
		const len = msg.readUInt16BE(at + 2);
		out.set(type, msg.subarray(at + 4, at + 4 + len));
		at += 4 + Math.ceil(len / 4) * 4;
	}
	return out;
}

describe.skipIf(!haveCoturn)('coturn with deploy/turnserver.conf', () => {
	it('asks an unauthenticated allocation for credentials of the configured realm', async () => {
		const port = await freePort();
		const turn = spawn('turnserver', ['-c', 'deploy/turnserver.conf', '--listening-ip', '127.0.0.1', '--listening-port', String(port), '--allow-loopback-peers', '--no-tcp', '--no-tls', '--no-dtls', '--pidfile', path.join(tmpdir(), `rails-turn-${port}.pid`)], {
			stdio: ['ignore', 'pipe', 'pipe']
		});
		children.push(turn);
		const socket = dgram.createSocket('udp4');
		cleanups.push(() => void socket.close());
		const answer = await until('coturn', () =>
			new Promise<Buffer | null>((resolve) => {
				const timer = setTimeout(() => resolve(null), 300);
				socket.once('message', (m) => {
					clearTimeout(timer);
					resolve(m);
				});
				socket.send(allocateRequest(), port, '127.0.0.1');
			})
		);
		expect(answer.readUInt16BE(0)).toBe(0x0113); // Allocate error response
		const attrs = attributes(answer);
		const error = attrs.get(0x0009)!;
		expect(error[2] * 100 + error[3]).toBe(401);
		expect(attrs.get(0x0014)?.toString()).toBe('rails-1822'); // REALM
	});
});
