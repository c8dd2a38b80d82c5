// The client of the relay's encrypted mailbox (server/mailbox.js): so a friend who opens the game
// hours later, with nobody else online, still gets every move. Each Yjs update is sealed with
// AES-GCM under a key derived (HKDF-SHA-256) from the link's secret and the game id, and posted
// under a room hash derived the same way but independently; the relay sees only that hash and
// ciphertext. A record that does not open under the key (garbage, or a forgery by someone who
// knows the room hash but not the secret) is ignored.
//
// Yjs itself stays behind src/lib/sync: this module talks to the document through `MailboxDoc`,
// three functions the sync layer provides (src/lib/sync/mailbox-doc.ts); mailbox-carrier.ts attaches
// a client to every game the app opens.

/** The document, as the mailbox needs it. Updates are Yjs updates, opaque here. */
export interface MailboxDoc {
	/** Calls the listener with each update made on this device (not with those the mailbox applied). */
	onLocalUpdate(listener: (update: Uint8Array) => void): () => void;
	/** Applies updates fetched from the mailbox. */
	apply(updates: readonly Uint8Array[]): void;
	/** What this document holds that the given updates lack, as one update; null when nothing. */
	missingFrom(updates: readonly Uint8Array[]): Uint8Array | null;
}

export interface MailboxKeys {
	/** 64 hex digits: the only name the relay learns. */
	readonly room: string;
	readonly key: CryptoKey;
}

const SALT = 'rails-1822/mailbox/v1';
const RECORD_VERSION = 1;
const IV_BYTES = 12;

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

/** The mailbox's room hash and key for a game: two independent HKDF derivations from the secret. */
export async function deriveMailboxKeys(secret: string, game: string): Promise<MailboxKeys> {
	if (secret.length === 0) throw new Error('The mailbox needs the link secret.');
	const base = await crypto.subtle.importKey('raw', utf8(secret), 'HKDF', false, ['deriveBits', 'deriveKey']);
	const params = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: utf8(SALT), info: utf8(`${info}\n${game}`) });
	const roomBits = await crypto.subtle.deriveBits(params('mailbox-room'), base, 256);
	const key = await crypto.subtle.deriveKey(params('mailbox-key'), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
	return { room: hex(new Uint8Array(roomBits)), key };
}

/** [version][12-byte IV][AES-GCM ciphertext and tag], bound to the room by the additional data. */
export async function sealRecord(keys: MailboxKeys, update: Uint8Array): Promise<Uint8Array> {
	const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
	const sealed = new Uint8Array(
		await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(keys.room) }, keys.key, update as Uint8Array<ArrayBuffer>)
	);
	const out = new Uint8Array(1 + IV_BYTES + sealed.length);
	out[0] = RECORD_VERSION;
	out.set(iv, 1);
	out.set(sealed, 1 + IV_BYTES);
	return out;
}

/** The update inside a record, or null when it does not open under these keys. */
export async function openRecord(keys: MailboxKeys, record: Uint8Array): Promise<Uint8Array | null> {
	if (record.length < 1 + IV_BYTES + 16 || record[0] !== RECORD_VERSION) return null;
	try {
		const plain = await crypto.subtle.decrypt(
			{ name: 'AES-GCM', iv: record.slice(1, 1 + IV_BYTES), additionalData: utf8(keys.room) },
			keys.key,
			record.slice(1 + IV_BYTES)
		);
		return new Uint8Array(plain);
	} catch {
		return null;
	}
}

/** The mailbox beside a relay: `wss://host/signal` → `https://host/mailbox/`. */
export function mailboxBaseUrl(signalingUrl: string): string {
	const url = new URL(signalingUrl);
	url.protocol = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol;
	url.pathname = url.pathname.replace(/\/signal\/?$/, '') + '/mailbox/';
	url.search = '';
	url.hash = '';
	return url.toString();
}

function fromBase64(text: string): Uint8Array {
	const bin = atob(text);
	const out = new Uint8Array(bin.length);
	for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
	return out;
}

export interface MailboxStatus {
	/** Records fetched that opened under the key, and those that did not (ignored). */
	readonly opened: number;
	readonly ignored: number;
	readonly posted: number;
	/** Updates of this device not yet accepted by the relay (being sent, or refused and to be sent again). */
	readonly pending: number;
	/** The relay's last refusal or the last network failure, in words; null when all is well. */
	readonly problem: string | null;
}

export interface MailboxOptions {
	readonly baseUrl: string;
	readonly keys: MailboxKeys;
	readonly doc: MailboxDoc;
	/** How often to look for moves made elsewhere; 0 for never (tests call sync()). */
	readonly pollMs?: number;
	readonly fetch?: typeof fetch;
}

/** Keeps one game's document and its mailbox in step. */
export class MailboxClient {
	readonly #opts: MailboxOptions;
	readonly #fetch: typeof fetch;
	/** Every update the mailbox holds, opened: what `missingFrom` compares against. */
	readonly #known: Uint8Array[] = [];
	#last = 0;
	#opened = 0;
	#ignored = 0;
	#posted = 0;
	#problem: string | null = null;
	#unsent = 0;
	readonly #listeners = new Set<(status: MailboxStatus) => void>();
	#pending: Promise<void> = Promise.resolve();
	#stopListening: (() => void) | null = null;
	#timer: ReturnType<typeof setInterval> | null = null;
	#stopped = false;

	constructor(opts: MailboxOptions) {
		this.#opts = opts;
		this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init));
	}

	get status(): MailboxStatus {
		return { opened: this.#opened, ignored: this.#ignored, posted: this.#posted, pending: this.#unsent, problem: this.#problem };
	}

	/** Calls the listener after every change of `status`. */
	onStatus(listener: (status: MailboxStatus) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	#changed(): void {
		const status = this.status;
		for (const l of this.#listeners) l(status);
	}

	/** Fetches what was missed, uploads what the mailbox lacks, then follows local updates. */
	async start(): Promise<void> {
		this.#stopListening = this.#opts.doc.onLocalUpdate((update) => {
			this.#unsent++;
			this.#changed();
			this.#queue(() => this.#post(update));
		});
		await this.sync();
		if (this.#opts.pollMs) this.#timer = setInterval(() => void this.sync().catch(() => {}), this.#opts.pollMs);
	}

	/** One round: fetch new records, apply them, and post whatever this device has that they lack. */
	sync(): Promise<void> {
		return this.#queue(async () => {
			await this.#fetchNew();
			const missing = this.#opts.doc.missingFrom(this.#known);
			// Whatever was refused or lost before is in `missing`: one post sends it all.
			if (missing) await this.#post(missing, true);
			else if (this.#unsent > 0) {
				this.#unsent = 0;
				this.#changed();
			}
		});
	}

	/** Waits until every update so far has been posted (or refused). */
	flush(): Promise<void> {
		return this.#queue(async () => {});
	}

	async stop(): Promise<void> {
		this.#stopped = true;
		this.#stopListening?.();
		if (this.#timer) clearInterval(this.#timer);
		await this.#pending;
	}

	#queue(task: () => Promise<void>): Promise<void> {
		const run = this.#pending.then(task, task);
		this.#pending = run.catch(() => {});
		return run;
	}

	async #fetchNew(): Promise<void> {
		for (;;) {
			const response = await this.#request(`${this.#opts.baseUrl}${this.#opts.keys.room}?after=${this.#last}`);
			if (!response) return;
			let body: { records: { seq: number; data: string }[]; last: number };
			try {
				body = (await response.json()) as typeof body;
				if (!Array.isArray(body.records) || !Number.isSafeInteger(body.last)) throw new Error('not a mailbox answer');
			} catch {
				// A relay without a mailbox (MAILBOX_DIR=off, or another relay program) may answer with a page.
				this.#problem = `The relay at ${this.#opts.baseUrl} keeps no mailbox; moves travel only to players who are online.`;
				this.#changed();
				return;
			}
			if (body.records.length === 0) return;
			const opened: Uint8Array[] = [];
			for (const r of body.records) {
				const update = await openRecord(this.#opts.keys, fromBase64(r.data));
				if (update) opened.push(update);
				else this.#ignored++;
			}
			this.#last = body.last;
			this.#opened += opened.length;
			this.#known.push(...opened);
			if (opened.length > 0 && !this.#stopped) this.#opts.doc.apply(opened);
			this.#changed();
		}
	}

	/** `all`: the update holds everything not yet accepted, so nothing stays pending once it is. */
	async #post(update: Uint8Array, all = false): Promise<void> {
		const sealed = await sealRecord(this.#opts.keys, update);
		const response = await this.#request(`${this.#opts.baseUrl}${this.#opts.keys.room}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/octet-stream' },
			body: sealed as Uint8Array<ArrayBuffer>,
			// A move made just before the tab closes still reaches the relay (browsers cap keepalive bodies at 64 KiB).
			keepalive: sealed.length < 60_000
		});
		if (!response) {
			this.#changed();
			return;
		}
		this.#posted++;
		this.#known.push(update);
		this.#unsent = all ? 0 : Math.max(0, this.#unsent - 1);
		this.#changed();
	}

	/** A response with a 2xx status, or null with the problem noted in words. */
	async #request(url: string, init?: RequestInit): Promise<Response | null> {
		let response: Response;
		try {
			response = await this.#fetch(url, init);
		} catch (e) {
			this.#problem = `The mailbox at ${this.#opts.baseUrl} could not be reached (${e instanceof Error ? e.message : String(e)}); moves still travel to players who are online.`;
			return null;
		}
		if (!response.ok) {
			const text = (await response.text()).trim();
			this.#problem = `The mailbox refused (${response.status}): ${text || response.statusText}`;
			return null;
		}
		this.#problem = null;
		return response;
	}
}
