/**
 * The Yjs side of the relay's mailbox (src/lib/state/mailbox.ts's `MailboxDoc`): which updates
 * this device made, applying fetched ones, and what the mailbox lacks. Kept here because only
 * src/lib/sync imports yjs; `openGame` hands it to the carriers it is given (index.ts).
 */
import * as Y from 'yjs';

/** The document as a carrier of updates sees it (structurally the state layer's `MailboxDoc`). */
export interface UpdateDoc {
	/** Calls the listener with each update made on this device (not with those the carrier applied). */
	onLocalUpdate(listener: (update: Uint8Array) => void): () => void;
	/** Applies updates fetched elsewhere. */
	apply(updates: readonly Uint8Array[]): void;
	/** What this document holds that the given updates lack, as one update; null when nothing. */
	missingFrom(updates: readonly Uint8Array[]): Uint8Array | null;
}

/** Origin of the updates the mailbox applies, so they are not sent back to it. */
export const MAILBOX_ORIGIN = Symbol('mailbox');

/** `isLocal` says which updates to post at once (default: transactions without an origin). */
export function yjsMailboxDoc(doc: Y.Doc, isLocal: (origin: unknown) => boolean = (o) => o === null || o === undefined): UpdateDoc {
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

