/**
 * A late joiner and the relay's mailbox, printed as JSON (no assertion on time): one device plays
 * a 1,500-entry 1822NRS game (bids and their undos by the seat to act, each entry posted to the
 * mailbox as it is made, as the app does), on our real server on loopback with the in-memory
 * store. Then a second device, with nothing of the game, opens it with nobody else online:
 *
 * - `fetchApplyMs`: from its mailbox client's start to its document holding every entry (the
 *   GETs, page by page, AES-GCM decryption of each record, and applying them to the document);
 * - `toViewMs`: from the same start to its ordered view having the writer's head (adds decoding,
 *   signature checks, ordering and the engine's replay of the whole game);
 * - `records`, `bytes`: what the relay held for the game.
 *
 *   npx tsx scripts/bench-mailbox.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bidBoxes } from '../src/lib/engine';
import { bidAction } from '../src/lib/state/stock-actions';
import { deriveMailboxKeys, MailboxClient } from '../src/lib/state/mailbox';
import { makeGenesis } from '../src/lib/sync/author';
import { makeSecret } from '../src/lib/sync/links';
import { engine1822, RULES_1822, setupJson } from '../src/lib/sync/engine-1822';
import { MemoryKeyStore } from '../src/lib/sync/key-store';
import { LOCAL_ORIGIN, LogDoc } from '../src/lib/sync/log-doc';
import { yjsMailboxDoc } from '../src/lib/sync/mailbox-doc';
import { GameSession } from '../src/lib/sync/session';
import { createServer } from '../server/create-server.js';
import { createMemoryStore } from '../server/mailbox-store.js';

export const MAILBOX_ENTRIES = 1500;

const round = (ms: number) => Math.round(ms * 100) / 100;
const isLocal = (o: unknown) => o === LOCAL_ORIGIN || o === null || o === undefined;

function until<S>(session: GameSession<S>, done: () => boolean): Promise<void> {
	return new Promise((resolve) => {
		const off = session.subscribe(() => {
			if (!done()) return;
			queueMicrotask(() => off());
			resolve();
		});
	});
}

export interface MailboxBench {
	readonly entries: number;
	readonly records: number;
	readonly bytes: number;
	readonly fetchApplyMs: number;
	readonly toViewMs: number;
	/** Writing the game (not the figure measured; for scale). */
	readonly writeMs: number;
}

export async function benchMailbox(entries = MAILBOX_ENTRIES): Promise<MailboxBench> {
	const dir = mkdtempSync(path.join(tmpdir(), 'rails-bench-mailbox-'));
	writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
	const store = createMemoryStore();
	const server = await createServer({ port: 0, root: dir, mailbox: store });
	try {
		const baseUrl = `${server.url}/mailbox/`;
		const secret = makeSecret();
		const keys = new MemoryKeyStore();
		const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), 2, RULES_1822);
		await keys.putCreator(genesis.id, creator);
		const mailboxKeys = await deriveMailboxKeys(secret, genesis.id);

		// The writer: both seats on one device, every entry posted to the mailbox as it is made.
		const writerLog = new LogDoc();
		const writerDoc = writerLog.doc;
		const writerClient = new MailboxClient({ baseUrl, keys: mailboxKeys, doc: yjsMailboxDoc(writerDoc, isLocal) });
		await writerClient.start();
		const writer = await GameSession.open({ game: genesis.id, adapter: engine1822, keys, log: writerLog, appVersion: 'bench', resume: null });
		const writeStart = performance.now();
		writer.appendGenesis(genesis.wire);
		await writer.refresh();
		for (const [seat, name] of ['Ada', 'Brunel'].entries()) {
			const r = await writer.claim(seat, name);
			if (!r.ok) throw new Error(r.message);
		}
		const started = await writer.start();
		if (!started.ok) throw new Error(started.message);
		await until(writer, () => writer.view?.stage === 'playing');
		for (let i = 0; writerLog.entries().length < entries; i++) {
			const view = writer.view!;
			const seat = view.expected[0];
			const written =
				i % 2 === 0 ? await writer.append(bidAction(seat + 1, bidBoxes(view.state!).find((c) => c.startsWith('M'))!, 100), seat) : await writer.undo(seat);
			if (!written.ok) throw new Error(`entry ${i} refused: ${written.message}`);
		}
		await writerClient.flush();
		const writeMs = performance.now() - writeStart;
		const head = writer.view!.head;
		if (writerClient.status.problem) throw new Error(writerClient.status.problem);
		await writerClient.stop();
		await writer.close();
		const held = await store.list(mailboxKeys.room, 0);

		// The late joiner: an empty document, nobody else online.
		const joinerLog = new LogDoc();
		const joinerDoc = joinerLog.doc;
		const joiner = await GameSession.open({ game: genesis.id, adapter: engine1822, keys: new MemoryKeyStore(), log: joinerLog, appVersion: 'bench', resume: null });
		const viewed = until(joiner, () => joiner.view?.head === head);
		const client = new MailboxClient({ baseUrl, keys: mailboxKeys, doc: yjsMailboxDoc(joinerDoc, isLocal) });
		const start = performance.now();
		await client.start();
		const fetchApplyMs = performance.now() - start;
		if (joinerLog.entries().length !== writerLog.entries().length) throw new Error(`the joiner got ${joinerLog.entries().length} of ${writerLog.entries().length} entries`);
		await viewed;
		const toViewMs = performance.now() - start;
		await client.stop();
		await joiner.close();
		return {
			entries: joinerLog.entries().length,
			records: held.length,
			bytes: held.reduce((a, r) => a + r.data.length, 0),
			fetchApplyMs: round(fetchApplyMs),
			toViewMs: round(toViewMs),
			writeMs: round(writeMs)
		};
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	benchMailbox().then(
		(r) => process.stdout.write(JSON.stringify(r) + '\n'),
		(e: unknown) => {
			process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
			process.exit(1);
		}
	);
}
