// The mailbox: per game room, the relay keeps the Yjs updates players have sent, so a browser that
// opens the game later fetches what it missed even when nobody else is online. Everything in it
// is end-to-end encrypted by the browsers (src/lib/state/mailbox.ts: AES-GCM with a key derived
// from the link's secret); the server sees only a room hash and ciphertext, and can neither read
// nor forge a move.
//
//   POST /mailbox/<room>            body: one record (application/octet-stream) → 201 {"seq": n}
//   GET  /mailbox/<room>?after=<n>  → 200 {"records": [{"seq", "data" (base64)}], "last": n}
//
// <room> is 64 hex digits (a SHA-256-sized hash). Every refusal is a status and one sentence of
// plain text, and stores nothing. Other origins may use it (a link may name this relay while the
// app is served elsewhere), so it answers CORS preflights; it holds no cookies or credentials.

export const MAILBOX_PATH = '/mailbox/';
const ROOM = /^[0-9a-f]{64}$/;
/** Records returned by one GET; a client asks again with `after` for the rest. */
const PAGE = 500;

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} text
 */
function plain(response, status, text) {
	response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...CORS });
	response.end(text + '\n');
}

const CORS = {
	'Access-Control-Allow-Origin': '*',
	'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
	'Access-Control-Allow-Headers': 'Content-Type',
	'Access-Control-Max-Age': '86400'
};

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {number} limit
 * @returns {Promise<Buffer | null>} null when the body is larger than the limit
 */
function readBody(request, limit) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		let over = false;
		request.on('data', (chunk) => {
			size += chunk.length;
			if (size > limit) {
				over = true;
				chunks.length = 0;
				return;
			}
			if (!over) chunks.push(chunk);
		});
		request.on('end', () => resolve(over ? null : Buffer.concat(chunks)));
		request.on('error', reject);
	});
}

/**
 * @param {{ store: import('./mailbox-store.js').MailboxStore, maxRecordBytes: number }} options
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function createMailboxHandler(options) {
	const { store, maxRecordBytes } = options;
	return async function handle(request, response, url) {
		const room = url.pathname.slice(MAILBOX_PATH.length);
		if (request.method === 'OPTIONS') {
			response.writeHead(204, CORS);
			response.end();
			return;
		}
		if (!ROOM.test(room)) {
			plain(response, 400, 'A mailbox is named by 64 lowercase hex digits.');
			return;
		}
		if (request.method === 'GET') {
			const afterText = url.searchParams.get('after') ?? '0';
			const after = Number(afterText);
			if (!/^\d{1,15}$/.test(afterText) || !Number.isSafeInteger(after)) {
				plain(response, 400, '"after" must be a whole number of 0 or more.');
				return;
			}
			const records = (await store.list(room, after)).slice(0, PAGE);
			const body = JSON.stringify({
				records: records.map((r) => ({ seq: r.seq, data: Buffer.from(r.data).toString('base64') })),
				last: records.at(-1)?.seq ?? after
			});
			response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...CORS });
			response.end(body);
			return;
		}
		if (request.method === 'POST') {
			const declared = Number(request.headers['content-length'] ?? NaN);
			if (Number.isFinite(declared) && declared > maxRecordBytes) {
				plain(response, 413, `A mailbox record may hold at most ${maxRecordBytes} bytes, not ${declared}; nothing was stored.`);
				request.resume();
				return;
			}
			const body = await readBody(request, maxRecordBytes);
			if (body === null) {
				plain(response, 413, `A mailbox record may hold at most ${maxRecordBytes} bytes; nothing was stored.`);
				return;
			}
			const result = await store.append(room, body);
			if (!result.ok) {
				plain(response, result.status, result.reason);
				return;
			}
			response.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...CORS });
			response.end(JSON.stringify({ seq: result.seq }));
			return;
		}
		response.setHeader('Allow', 'GET, POST, OPTIONS');
		plain(response, 405, 'The mailbox takes GET and POST only.');
	};
}
