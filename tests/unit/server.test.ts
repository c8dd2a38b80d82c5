// The server behind `npm start`: the static build with its single-page-app
// fallback (issue 2: "curl gets the shell for / and for /game/anything").
// A tiny temporary root stands in for build/, so these tests need no build.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, DEFAULT_HOST, type RunningServer } from '../../server/create-server.js';

const SHELL = '<!doctype html><html><body>app shell</body></html>';
const IMMUTABLE_JS = 'export const answer = 42;';

let root: string;
let running: RunningServer;

beforeAll(async () => {
	root = mkdtempSync(path.join(tmpdir(), 'rails-server-'));
	writeFileSync(path.join(root, 'index.html'), SHELL);
	writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
	mkdirSync(path.join(root, '_app', 'immutable', 'chunks'), { recursive: true });
	writeFileSync(path.join(root, '_app', 'immutable', 'chunks', 'a1b2.js'), IMMUTABLE_JS);
	writeFileSync(path.join(root, '_app', 'version.json'), '{"version":"1"}');
	writeFileSync(path.join(root, 'service-worker.js'), 'self.addEventListener("install", () => {});');
	running = await createServer({ port: 0, root });
});

afterAll(async () => {
	await running?.close();
	rmSync(root, { recursive: true, force: true });
});

const get = (p: string, init?: RequestInit) => fetch(running.url + p, init);

function rawGet(p: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const request = http.get({ host: running.host, port: running.port, path: p }, (response) => {
			let body = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (body += chunk));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
		});
		request.on('error', reject);
	});
}

describe('static app serving', () => {
	it('binds to 127.0.0.1 when no host is given, never to every interface', () => {
		expect(DEFAULT_HOST).toBe('127.0.0.1');
		expect(running.host).toBe('127.0.0.1');
		expect(running.server.address()).toMatchObject({ address: '127.0.0.1' });
	});

	it('serves the app shell for /', async () => {
		const response = await get('/');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
		expect(response.headers.get('cache-control')).toBe('no-cache');
		expect(await response.text()).toBe(SHELL);
	});

	it('falls back to the app shell for an unknown page such as /game/<id>', async () => {
		for (const p of ['/game/anything', '/game/abc123?x=1', '/new']) {
			const response = await get(p);
			expect(response.status, p).toBe(200);
			expect(await response.text(), p).toBe(SHELL);
		}
	});

	it('serves a static asset with its MIME type', async () => {
		const response = await get('/favicon.svg');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('image/svg+xml');
	});

	it('caches hashed build output forever and revalidates the version file', async () => {
		const chunk = await get('/_app/immutable/chunks/a1b2.js');
		expect(chunk.status).toBe(200);
		expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
		expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
		expect(await chunk.text()).toBe(IMMUTABLE_JS);

		const version = await get('/_app/version.json');
		expect(version.headers.get('cache-control')).toBe('no-cache');
	});

	it('makes the browser revalidate the service worker, so an update is found', async () => {
		const worker = await get('/service-worker.js');
		expect(worker.status).toBe(200);
		expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
		expect(worker.headers.get('cache-control')).toBe('no-cache');
	});

	it('answers a missing asset with 404, not with the shell', async () => {
		for (const p of ['/_app/immutable/chunks/gone.js', '/missing.css', '/_app/nothing']) {
			const response = await get(p);
			expect(response.status, p).toBe(404);
		}
	});

	it('does not serve files outside the root', async () => {
		// Raw requests: fetch would normalise the dot segments before sending them.
		for (const p of ['/../../../../etc/passwd', '/..%2f..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/hostname']) {
			const { status, body } = await rawGet(p);
			expect(body, p).not.toContain('root:');
			// Either refused, or the path is treated as a page of the app and gets the shell.
			expect(status === 403 || status === 404 || (status === 200 && body === SHELL), `${p} → ${status}`).toBe(true);
		}
	});

	it('answers HEAD without a body and refuses other methods', async () => {
		const head = await get('/', { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(await head.text()).toBe('');
		const post = await get('/', { method: 'POST', body: 'x' });
		expect(post.status).toBe(405);
	});
});
