// One small Node server on one port: the static build of the app, and the
// WebRTC signaling relay at /signal, so the app finds its relay at its own
// origin and a game on one network needs nothing else.

import http from 'node:http';
import { createSignalingRelay } from './signaling.js';
import { createStaticHandler } from './static-files.js';
import { createMailboxHandler, MAILBOX_PATH } from './mailbox.js';
import { MAILBOX_LIMITS } from './mailbox-store.js';

/** Never listen on every interface unless HOST says so. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4173;
export const SIGNALING_PATH = '/signal';

/**
 * @typedef {object} RunningServer
 * @property {import('node:http').Server} server
 * @property {string} host the address it listens on
 * @property {number} port the actual port (useful when 0 was asked for)
 * @property {string} url e.g. http://127.0.0.1:4173
 * @property {import('./signaling.js').SignalingRelay} relay
 * @property {() => Promise<void>} close
 */

/**
 * The path of a request target, or null when it is not a valid URL (such as `http://[`).
 * @param {string | undefined} target
 * @returns {string | null}
 */
export function pathOf(target) {
	try {
		return new URL(target ?? '/', 'http://localhost').pathname;
	} catch {
		return null;
	}
}

/**
 * Starts the server and resolves once it listens.
 * `mailbox` is the store of the encrypted mailbox (server/mailbox.js); without one, /mailbox/ answers 404.
 * @param {{ host?: string, port?: number, root: string, pingTimeoutMs?: number, limits?: Partial<import('./signaling.js').RelayLimits>, bus?: import('./signaling.js').BusFactory, mailbox?: import('./mailbox-store.js').MailboxStore, mailboxMaxRecordBytes?: number }} options
 * @returns {Promise<RunningServer>}
 */
export async function createServer(options) {
	const host = options.host || DEFAULT_HOST;
	const port = options.port ?? DEFAULT_PORT;
	const serveStatic = createStaticHandler(options.root);
	const relay = createSignalingRelay({
		...(options.pingTimeoutMs === undefined ? {} : { pingTimeoutMs: options.pingTimeoutMs }),
		...(options.limits ? { limits: options.limits } : {}),
		...(options.bus ? { bus: options.bus } : {})
	});

	const mailbox = options.mailbox
		? createMailboxHandler({ store: options.mailbox, maxRecordBytes: options.mailboxMaxRecordBytes ?? MAILBOX_LIMITS.maxRecordBytes })
		: null;

	const server = http.createServer((request, response) => {
		const pathname = pathOf(request.url);
		const handled =
			mailbox && pathname !== null && pathname.startsWith(MAILBOX_PATH)
				? mailbox(request, response, new URL(request.url ?? '/', 'http://localhost'))
				: serveStatic(request, response);
		handled.catch(() => {
			if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
			response.end('Internal error\n');
		});
	});

	server.on('upgrade', (request, socket, head) => {
		// A broken socket must not become an unhandled 'error' event, which would end the process.
		socket.on('error', () => socket.destroy());
		try {
			if (pathOf(request.url) === SIGNALING_PATH || pathOf(request.url) === SIGNALING_PATH + '/') {
				relay.handleUpgrade(request, socket, head);
			} else {
				socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
			}
		} catch {
			socket.destroy();
		}
	});
	// Malformed HTTP: answer 400 and close, as Node does by default, without throwing.
	server.on('clientError', (_error, socket) => {
		if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
		else socket.destroy();
	});

	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});

	const address = server.address();
	const actualPort = typeof address === 'object' && address ? address.port : port;
	const urlHost = host.includes(':') ? `[${host}]` : host;

	return {
		server,
		host,
		port: actualPort,
		url: `http://${urlHost}:${actualPort}`,
		relay,
		async close() {
			await relay.close();
			await options.mailbox?.close();
			await new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
		}
	};
}
