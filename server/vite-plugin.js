// `npm run dev`: the Vite dev server gets the same signaling relay at /signal as `npm start`,
// so two tabs of a dev build find each other. Other upgrades (Vite's own hot-reload socket) are
// left to Vite.

import { pathOf, SIGNALING_PATH } from './create-server.js';
import { createSignalingRelay } from './signaling.js';

/** @returns {import('vite').Plugin} */
export function signalingRelayPlugin() {
	return {
		name: 'rails-signaling-relay',
		configureServer(server) {
			const httpServer = server.httpServer;
			if (!httpServer) return;
			const relay = createSignalingRelay();
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
			httpServer.on('close', () => void relay.close());
		}
	};
}
