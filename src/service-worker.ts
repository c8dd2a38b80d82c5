/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />

// The app's own service worker: everything a player needs offline (the app, its engine and
// the shell) is precached at install; games themselves live in IndexedDB.
import { build, files, version } from '$service-worker';

const sw = globalThis.self as unknown as ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'rails-1822-';
const CACHE = `${CACHE_PREFIX}${version}`;

// The static adapter's fallback page is the app shell for every route (/game/<id> included).
// SvelteKit's `build` and `files` lists do not contain it, so it is added here.
const SHELL = '/index.html';
const PRECACHE = Array.from(new Set([...build, ...files, SHELL]));

function isHtml(response: Response): boolean {
	return (response.headers.get('content-type') ?? '').includes('text/html');
}

sw.addEventListener('install', (event) => {
	// No skipWaiting here: a new version waits until the player accepts it (see the update
	// banner), so a game is never switched to new code in the middle of a turn.
	event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const key of await caches.keys()) {
				if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
			}
			await sw.clients.claim();
		})()
	);
});

sw.addEventListener('message', (event) => {
	if (event.data && event.data.type === 'SKIP_WAITING') void sw.skipWaiting();
	if (event.data && event.data.type === 'GET_VERSION') event.source?.postMessage({ type: 'VERSION', version });
});

sw.addEventListener('fetch', (event) => {
	const request = event.request;
	if (request.method !== 'GET') return;
	const url = new URL(request.url);
	if (url.origin !== sw.location.origin) return;
	if (url.pathname.startsWith('/signal')) return;

	if (request.mode === 'navigate') {
		// Navigations try the network first, so the shell is fresh when online, and fall back to
		// the cached shell offline. A shell from the network that belongs to a newer deployment
		// (its entry script is not in this version's precache) is not used either: the page keeps
		// running this version until the player accepts the update.
		event.respondWith(
			(async () => {
				const cache = await caches.open(CACHE);
				try {
					const response = await fetch(request);
					if (!response.ok || !isHtml(response)) return response;
					const entry = /\/_app\/immutable\/entry\/start\.[^"']+\.js/.exec(await response.clone().text());
					if (!entry || PRECACHE.includes(entry[0])) return response;
					return (await cache.match(SHELL)) ?? response;
				} catch {
					return (await cache.match(SHELL)) ?? Response.error();
				}
			})()
		);
		return;
	}

	if (PRECACHE.includes(url.pathname)) {
		// Precached files are versioned with the cache: serve them from it.
		event.respondWith(
			(async () => {
				const cache = await caches.open(CACHE);
				return (await cache.match(url.pathname)) ?? fetch(request);
			})()
		);
	}
});
