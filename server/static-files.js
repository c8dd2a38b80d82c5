// Serves the static build of the app. The app is a single-page app: any path
// that is not a file falls back to the app shell (index.html), so a shared link
// such as /game/<id> loads. A missing path that names an asset (under /_app/,
// or with a known file extension such as .js) is a 404 instead, so a stale
// asset is never answered with HTML.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** @type {Readonly<Record<string, string>>} */
export const MIME_TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.map': 'application/json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.gif': 'image/gif',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.ico': 'image/x-icon',
	'.woff': 'font/woff',
	'.woff2': 'font/woff2',
	'.wasm': 'application/wasm'
};

/** Hashed build output never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell, the service worker and version.json must be revalidated so an update is seen. */
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * @param {string} urlPath a decoded path starting with '/'
 * @returns {string}
 */
function cacheControlFor(urlPath) {
	if (urlPath.startsWith('/_app/immutable/')) return IMMUTABLE;
	if (urlPath.endsWith('.html') || urlPath === '/service-worker.js' || urlPath.startsWith('/_app/'))
		return NO_CACHE;
	return SHORT;
}

/**
 * A missing asset is a 404; any other path is a page of the app.
 * @param {string} urlPath
 */
function looksLikeAsset(urlPath) {
	return urlPath.startsWith('/_app/') || Object.hasOwn(MIME_TYPES, path.extname(urlPath).toLowerCase());
}

/**
 * @param {string} file
 * @returns {Promise<import('node:fs').Stats | null>}
 */
async function fileStats(file) {
	try {
		const stats = await stat(file);
		return stats.isFile() ? stats : null;
	} catch {
		return null;
	}
}

/**
 * @param {string} root the build directory
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<void>}
 */
export function createStaticHandler(root) {
	const base = path.resolve(root);
	const shell = path.join(base, 'index.html');

	/**
	 * @param {import('node:http').IncomingMessage} request
	 * @param {import('node:http').ServerResponse} response
	 * @param {number} status
	 * @param {string} text
	 */
	function plain(request, response, status, text) {
		response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE });
		response.end(request.method === 'HEAD' ? undefined : text + '\n');
	}

	/**
	 * @param {import('node:http').IncomingMessage} request
	 * @param {import('node:http').ServerResponse} response
	 * @param {string} file
	 * @param {import('node:fs').Stats} stats
	 * @param {string} cacheControl
	 */
	function sendFile(request, response, file, stats, cacheControl) {
		const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
		response.writeHead(200, {
			'Content-Type': type,
			'Content-Length': stats.size,
			'Cache-Control': cacheControl,
			'X-Content-Type-Options': 'nosniff',
			// The game's secret lives in the URL fragment; never leak the path to other sites either.
			'Referrer-Policy': 'no-referrer'
		});
		if (request.method === 'HEAD') {
			response.end();
			return;
		}
		createReadStream(file)
			.on('error', () => response.destroy())
			.pipe(response);
	}

	return async function handle(request, response) {
		if (request.method !== 'GET' && request.method !== 'HEAD') {
			response.setHeader('Allow', 'GET, HEAD');
			plain(request, response, 405, 'Method not allowed');
			return;
		}
		let urlPath;
		try {
			urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
		} catch {
			plain(request, response, 400, 'Bad request');
			return;
		}
		if (urlPath.includes('\0')) {
			plain(request, response, 400, 'Bad request');
			return;
		}
		// Resolve inside the root only: '..' segments cannot climb out of it.
		const file = path.join(base, path.normalize(urlPath));
		if (file !== base && !file.startsWith(base + path.sep)) {
			plain(request, response, 403, 'Forbidden');
			return;
		}

		const candidates = urlPath.endsWith('/') ? [path.join(file, 'index.html')] : [file, file + '.html'];
		for (const candidate of candidates) {
			const stats = await fileStats(candidate);
			if (stats) {
				const servedPath = '/' + path.relative(base, candidate).split(path.sep).join('/');
				sendFile(request, response, candidate, stats, cacheControlFor(servedPath));
				return;
			}
		}

		if (looksLikeAsset(urlPath)) {
			plain(request, response, 404, 'Not found');
			return;
		}
		const shellStats = await fileStats(shell);
		if (!shellStats) {
			plain(request, response, 503, 'The app is not built yet: run `npm run build` (or `npm start`).');
			return;
		}
		sendFile(request, response, shell, shellStats, NO_CACHE);
	};
}
