/**
 * A log document carried over any ordered byte channel (a WebSocket, a worker port): every local
 * Yjs update goes out as one message, and every message in is applied as a remote update. The app
 * itself uses y-webrtc (providers.ts); this is for tools and benchmarks outside the browser.
 */
import * as Y from 'yjs';
import { LogDoc } from './log-doc';

const REMOTE = Symbol('byte-link');

export interface ByteLink {
	readonly log: LogDoc;
	/** Hand each incoming message to this. */
	receive(update: Uint8Array): void;
	close(): void;
}

export function linkLogDoc(send: (update: Uint8Array) => void): ByteLink {
	const doc = new Y.Doc();
	const onUpdate = (update: Uint8Array, origin: unknown) => {
		if (origin !== REMOTE) send(update);
	};
	doc.on('update', onUpdate);
	return {
		log: new LogDoc(doc),
		receive: (update) => Y.applyUpdate(doc, update, REMOTE),
		close: () => {
			doc.off('update', onUpdate);
			doc.destroy();
		}
	};
}
