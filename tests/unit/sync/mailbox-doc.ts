// The Yjs side of the mailbox (src/lib/state/mailbox.ts's MailboxDoc), for the tests. It imports
// yjs, so in the app it belongs in src/lib/sync; openGame would start a MailboxClient with it
// beside the WebRTC transport (see the note in deploy/README.md).
import * as Y from 'yjs';
import type { MailboxDoc } from '../../../src/lib/state/mailbox';

/** Origin of the updates the mailbox applies, so they are not sent back to it. */
export const MAILBOX_ORIGIN = Symbol('mailbox');

/** `isLocal` says which updates to post at once (default: this device's own transactions). */
export function yjsMailboxDoc(doc: Y.Doc, isLocal: (origin: unknown) => boolean = (o) => o === null || o === undefined): MailboxDoc {
	return {
		onLocalUpdate(listener) {
			const handler = (update: Uint8Array, origin: unknown) => {
				if (origin !== MAILBOX_ORIGIN && isLocal(origin)) listener(update);
			};
			doc.on('update', handler);
			return () => doc.off('update', handler);
		},
		apply(updates) {
			if (updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates([...updates]), MAILBOX_ORIGIN);
		},
		missingFrom(updates) {
			const vector = updates.length > 0 ? Y.encodeStateVectorFromUpdate(Y.mergeUpdates([...updates])) : undefined;
			const diff = Y.encodeStateAsUpdate(doc, vector);
			return Y.decodeUpdate(diff).structs.length > 0 ? diff : null;
		}
	};
}
