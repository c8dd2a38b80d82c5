/**
 * The game's Yjs document: one append-only Y.Array of `{ body, sig }` entries and one for chat.
 * Nothing is ever edited or deleted; order within the arrays carries no meaning (see order.ts).
 * Remote peers may push anything, so reads are `unknown` until decoded.
 */
import * as Y from 'yjs';
import type { WireEntry } from './entry';
import type { WireChat } from './chat';

export const LOG_ARRAY = 'log';
export const CHAT_ARRAY = 'chat';
/** Tags this device's own writes, so observers can tell them from remote ones. */
export const LOCAL_ORIGIN = Symbol('local');

export class LogDoc {
	readonly doc: Y.Doc;
	readonly #log: Y.Array<unknown>;
	readonly #chat: Y.Array<unknown>;

	constructor(doc: Y.Doc = new Y.Doc()) {
		this.doc = doc;
		this.#log = doc.getArray<unknown>(LOG_ARRAY);
		this.#chat = doc.getArray<unknown>(CHAT_ARRAY);
	}

	entries(): unknown[] {
		return this.#log.toArray();
	}

	chatItems(): unknown[] {
		return this.#chat.toArray();
	}

	append(...wires: WireEntry[]): void {
		// Plain objects with only the two strings: what is stored is exactly what was signed.
		this.doc.transact(() => this.#log.push(wires.map((w) => ({ body: w.body, sig: w.sig }))), LOCAL_ORIGIN);
	}

	appendChat(message: WireChat): void {
		this.doc.transact(() => this.#chat.push([{ body: message.body, sig: message.sig }]), LOCAL_ORIGIN);
	}

	/** Raw push without the shape guarantee; only tests use it to play a hostile peer. */
	appendRaw(item: unknown): void {
		this.doc.transact(() => this.#log.push([item]), LOCAL_ORIGIN);
	}

	onLog(listener: (local: boolean) => void): () => void {
		const handler = (_event: Y.YArrayEvent<unknown>, tr: Y.Transaction) => listener(tr.origin === LOCAL_ORIGIN);
		this.#log.observe(handler);
		return () => this.#log.unobserve(handler);
	}

	onChat(listener: () => void): () => void {
		const handler = () => listener();
		this.#chat.observe(handler);
		return () => this.#chat.unobserve(handler);
	}
}
