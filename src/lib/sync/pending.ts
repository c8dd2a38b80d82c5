/**
 * Updates left pending (issue 17): Yjs applies an update only once everything it builds on has
 * arrived; until then it keeps it aside (`doc.store.pendingStructs`, `pendingDs`). With every
 * message delivered, out-of-order arrival resolves itself; but a message lost on a link (a data
 * channel closed mid-send, a peer that was briefly away) leaves the later ones pending for good,
 * and the game stalls on that device with no sign. So a device that holds pending updates for a
 * while asks its peers for what it lacks: a y-protocols sync step 1 (its state vector), which
 * y-webrtc answers on every connection with a sync step 2 holding exactly the missing updates.
 */
import * as Y from 'yjs';

/** True while the document holds updates it cannot apply yet. */
export function hasPendingUpdates(doc: Y.Doc): boolean {
	return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

function varUint(n: number, out: number[]): void {
	let v = n;
	while (v > 0x7f) {
		out.push(0x80 | (v & 0x7f));
		v = Math.floor(v / 128);
	}
	out.push(v);
}

/** y-protocols' message sync (0), step 1 (0), then the state vector as a length-prefixed byte array. */
export function syncStep1Message(doc: Y.Doc): Uint8Array {
	const sv = Y.encodeStateVector(doc);
	const head: number[] = [0, 0];
	varUint(sv.length, head);
	const out = new Uint8Array(head.length + sv.length);
	out.set(head, 0);
	out.set(sv, head.length);
	return out;
}

/** The state vector a sync step 1 message carries, or null when it is not one. */
export function readSyncStep1(message: Uint8Array): Uint8Array | null {
	if (message.length < 3 || message[0] !== 0 || message[1] !== 0) return null;
	let length = 0;
	let shift = 1;
	let i = 2;
	for (; i < message.length; i++) {
		const b = message[i];
		length += (b & 0x7f) * shift;
		shift *= 128;
		if ((b & 0x80) === 0) break;
	}
	i++;
	if (i + length !== message.length) return null;
	return message.subarray(i);
}

export interface PendingRecoveryOptions {
	/** First wait after updates are seen pending, then doubling; reset once nothing is pending. */
	readonly delayMs?: number;
	readonly maxAsks?: number;
	/** Timers (tests drive them by hand). */
	readonly schedule?: (run: () => void, ms: number) => unknown;
	readonly cancel?: (handle: unknown) => void;
}

/**
 * Watches a document: after each update, if some are pending, waits `delayMs` (out-of-order
 * arrival usually resolves itself meanwhile) and, if still pending, calls `ask` (send a sync
 * step 1 to every peer); again after twice as long, up to `maxAsks` times.
 */
export class PendingRecovery {
	readonly #doc: Y.Doc;
	readonly #ask: () => void;
	readonly #delay: number;
	readonly #max: number;
	readonly #schedule: (run: () => void, ms: number) => unknown;
	readonly #cancel: (handle: unknown) => void;
	#timer: unknown = null;
	#tries = 0;
	/** How many times peers were asked, in all. */
	asked = 0;
	readonly #onUpdate = () => this.poke();

	constructor(doc: Y.Doc, ask: () => void, opts: PendingRecoveryOptions = {}) {
		this.#doc = doc;
		this.#ask = ask;
		this.#delay = opts.delayMs ?? 300;
		this.#max = opts.maxAsks ?? 8;
		this.#schedule = opts.schedule ?? ((run, ms) => setTimeout(run, ms));
		this.#cancel = opts.cancel ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
		doc.on('afterTransaction', this.#onUpdate);
		this.poke();
	}

	get pending(): boolean {
		return hasPendingUpdates(this.#doc);
	}

	/** Looks again (after an update, or a new peer). */
	poke(): void {
		if (!this.pending) {
			this.#tries = 0;
			if (this.#timer !== null) this.#cancel(this.#timer);
			this.#timer = null;
			return;
		}
		if (this.#timer !== null || this.#tries >= this.#max) return;
		this.#timer = this.#schedule(() => {
			this.#timer = null;
			if (!this.pending) {
				this.#tries = 0;
				return;
			}
			this.#tries++;
			this.asked++;
			this.#ask();
			this.poke();
		}, this.#delay * 2 ** this.#tries);
	}

	stop(): void {
		this.#doc.off('afterTransaction', this.#onUpdate);
		if (this.#timer !== null) this.#cancel(this.#timer);
		this.#timer = null;
	}
}
