// The encrypted mailbox end to end, with the real server and file store: a player moves and
// closes; a friend opens the game later, with nobody else online, and sees the move; the friend
// moves; the first player reopens and sees it. The relay's stored bytes hold no plaintext.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createServer, type RunningServer } from '../../../server/create-server.js';
import { createFileStore } from '../../../server/mailbox-store.js';
import { deriveMailboxKeys, mailboxBaseUrl, MailboxClient, openRecord, sealRecord } from '../../../src/lib/state/mailbox';
import { yjsMailboxDoc } from '../../../src/lib/sync/mailbox-doc';

const GAME = 'g-mailbox-test';
const SECRET = 'kL3v0Zr9s7QdW1xYbT5nEa2uHc8mJpFg6oRiVtNy4eU';
const MOVE_A = { type: 'bid', entity: 'Ada', company: 'P17', price: 70, note: 'ada-plaintext-marker' };
const MOVE_B = { type: 'lay_tile', entity: 'Brunel', hex: 'H23', tile: '57-0', rotation: 3, note: 'brunel-plaintext-marker' };

let dir: string;
let root: string;
let running: RunningServer;

beforeAll(async () => {
	dir = mkdtempSync(path.join(tmpdir(), 'rails-mailbox-'));
	root = path.join(dir, 'app');
	await import('node:fs').then((fs) => fs.mkdirSync(root));
	writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
	running = await createServer({ port: 0, root, mailbox: createFileStore({ dir: path.join(dir, 'store') }) });
});

afterAll(async () => {
	await running?.close();
	rmSync(dir, { recursive: true, force: true });
});

/** A device: its own copy of the game (what IndexedDB would keep) and a mailbox client while open. */
class Device {
	saved: Uint8Array | null = null;
	doc: Y.Doc | null = null;
	client: MailboxClient | null = null;

	async open(): Promise<Y.Doc> {
		const doc = new Y.Doc();
		if (this.saved) Y.applyUpdate(doc, this.saved);
		const keys = await deriveMailboxKeys(SECRET, GAME);
		this.client = new MailboxClient({ baseUrl: mailboxBaseUrl(running.url.replace(/^http/, 'ws') + '/signal'), keys, doc: yjsMailboxDoc(doc) });
		await this.client.start();
		this.doc = doc;
		return doc;
	}

	move(action: object) {
		this.doc!.getArray<string>('log').push([JSON.stringify(action)]);
	}

	log(): unknown[] {
		return this.doc!.getArray<string>('log').toArray().map((s) => JSON.parse(s));
	}

	async close() {
		await this.client!.flush();
		await this.client!.stop();
		expect(this.client!.status.problem).toBeNull();
		expect(this.client!.status.pending).toBe(0);
		this.saved = Y.encodeStateAsUpdate(this.doc!);
		this.doc!.destroy();
		this.doc = null;
	}
}

describe('encrypted mailbox on the relay', () => {
	it('A moves and leaves; B opens later alone and sees it; B moves; A reopens and sees that', async () => {
		const a = new Device();
		const b = new Device();
		await a.open();
		a.move(MOVE_A);
		await a.close();

		// A is gone: nobody else is online when B opens the game.
		await b.open();
		expect(b.log()).toEqual([MOVE_A]);
		b.move(MOVE_B);
		await b.close();

		await a.open();
		expect(a.log()).toEqual([MOVE_A, MOVE_B]);
		await a.close();
	});

	it('stores only a room hash and ciphertext: no action, name, game id or secret in the bytes', async () => {
		const files = readdirSync(path.join(dir, 'store'));
		expect(files.length).toBe(1);
		const { room } = await deriveMailboxKeys(SECRET, GAME);
		expect(files[0]).toBe(`${room}.room`);
		const bytes = readFileSync(path.join(dir, 'store', files[0]));
		expect(bytes.length).toBeGreaterThan(100);
		const text = bytes.toString('latin1');
		for (const plain of ['plaintext-marker', 'lay_tile', 'bid', 'P17', 'H23', 'Ada', 'Brunel', GAME, SECRET, 'log']) {
			expect(text.includes(plain), `stored bytes contain "${plain}"`).toBe(false);
		}
	});

	it('a record forged by someone with the room hash but not the secret is ignored', async () => {
		const keys = await deriveMailboxKeys(SECRET, GAME);
		const other = await deriveMailboxKeys('another-secret', GAME);
		const forged = await sealRecord({ room: keys.room, key: other.key }, Y.encodeStateAsUpdate(new Y.Doc()));
		const response = await fetch(`${running.url}/mailbox/${keys.room}`, { method: 'POST', body: forged as Uint8Array<ArrayBuffer> });
		expect(response.status).toBe(201);
		const c = new Device();
		const doc = await c.open();
		expect(c.client!.status.ignored).toBe(1);
		expect(doc.getArray('log').length).toBe(2);
		await c.close();
	});

	it('a record opens only in its own room and only with its own key', async () => {
		const keys = await deriveMailboxKeys(SECRET, GAME);
		const sealed = await sealRecord(keys, new Uint8Array([1, 2, 3]));
		expect(await openRecord(keys, sealed)).toEqual(new Uint8Array([1, 2, 3]));
		expect(await openRecord({ ...keys, room: '0'.repeat(64) }, sealed)).toBeNull();
		expect(await openRecord(await deriveMailboxKeys(SECRET, 'other-game'), sealed)).toBeNull();
		const tampered = Uint8Array.from(sealed);
		tampered[20] ^= 1;
		expect(await openRecord(keys, tampered)).toBeNull();
	});

	it('a relay without a mailbox is reported in words, whatever it answers', async () => {
		const bare = await createServer({ port: 0, root });
		try {
			const doc = new Y.Doc();
			const client = new MailboxClient({ baseUrl: `${bare.url}/mailbox/`, keys: await deriveMailboxKeys(SECRET, GAME), doc: yjsMailboxDoc(doc) });
			await client.start();
			expect(client.status.problem).toMatch(/keeps no mailbox|The mailbox refused \(404\)/);
			await client.stop();
		} finally {
			await bare.close();
		}
	});

	it('a refusal of the relay is reported in words and the device keeps its move', async () => {
		const small = await createServer({ port: 0, root, mailbox: createFileStore({ dir: path.join(dir, 'small'), limits: { maxBytesPerRoom: 200 } }) });
		try {
			const doc = new Y.Doc();
			const client = new MailboxClient({ baseUrl: `${small.url}/mailbox/`, keys: await deriveMailboxKeys(SECRET, GAME), doc: yjsMailboxDoc(doc) });
			await client.start();
			doc.getArray<string>('log').push(['x'.repeat(500)]);
			await client.flush();
			expect(client.status.problem).toMatch(/^The mailbox refused \(507\): This game's mailbox is full \(200 bytes\); nothing was stored/);
			expect(doc.getArray('log').length).toBe(1);
			// The refused update stays pending, to be sent again by the next round.
			expect(client.status.pending).toBe(1);
			await client.stop();
		} finally {
			await small.close();
		}
	});
});
