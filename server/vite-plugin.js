// `npm run dev`: the Vite dev server gets the same signaling relay at /signal as `npm start`,
// so two tabs of a dev build find each other, and the mailbox at /mailbox/ (in memory: it is
// emptied when the dev server stops). Other upgrades (Vite's own hot-reload socket) are left to
// Vite.

import { pathOf, SIGNALING_PATH } from './create-server.js';
import { createSignalingRelay } from './signaling.js';
import { createMailboxHandler, MAILBOX_PATH } from './mailbox.js';
import { createMemoryStore, MAILBOX_LIMITS } from './mailbox-store.js';

/** @returns {import('vite').Plugin} */
export function signalingRelayPlugin() {
	return {
		name: 'rails-signaling-relay',
		configureServer(server) {
			const httpServer = server.httpServer;
			if (!httpServer) return;
			const relay = createSignalingRelay();
			const store = createMemoryStore();
			const mailbox = createMailboxHandler({ store, maxRecordBytes: MAILBOX_LIMITS.maxRecordBytes });
			server.middlewares.use((request, response, next) => {
				const pathname = pathOf(request.url);
				if (pathname === null || !pathname.startsWith(MAILBOX_PATH)) return next();
				mailbox(request, response, new URL(request.url ?? '/', 'http://localhost')).catch(next);
			});
			httpServer.on('upgrade', (request, socket, head) => {
				const pathname = pathOf(request.url);
				if (pathname !== SIGNALING_PATH && pathname !== SIGNALING_PATH + '/') return;
				socket.on('error', () => socket.destroy());
				try {
					relay.handleUpgrade(request, socket, head);
				} catch {
					socket.destroy();
				}
			});
			httpServer.on('close', () => {
				void relay.close();
				void store.close();
			});
		}
	};
}
