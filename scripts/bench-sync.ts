/**
 * Sync timings, printed as JSON (no assertion on time):
 *
 * - `actionToPeerMs`: from one device appending a signed 1822 action to the other device's ordered
 *   view having it as head; median over 50 actions. The two devices are separate Yjs documents
 *   whose updates travel through a WebSocket relay on loopback (Node has no WebRTC, so the data
 *   channel is replaced by the relay; signing, transport, decoding, signature checks, ordering and
 *   the engine's replay are all in the measured time). The actions alternate a bid and its undo by
 *   the seat to act, so the game stays in its first stock round.
 * - `verify1500Ms`: decoding and verifying the signatures of a 1500-entry log (Ed25519, @noble/curves strict).
 * - `orderSpam`: ordering a 1,500-move log with 20,000 signed spam entries (see orderWithSpam);
 *   the refresh after one move re-decides only the new head (order.ts keeps what each call found).
 *
 *   npx tsx scripts/bench-sync.ts
 */
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { bidBoxes, type GameState } from '../src/lib/engine';
import { bidAction } from '../src/lib/state/stock-actions';
import { makeClaim, makeGenesis, makePlay, makeReveal, makeStart } from '../src/lib/sync/author';
import { sha256Hex } from '../src/lib/sync/bytes';
import type { EngineAdapter } from '../src/lib/sync/engine-adapter';
import { LogOrderer } from '../src/lib/sync/order';
import { decodeEntry } from '../src/lib/sync/entry';
import { engine1822, RULES_1822, setupJson } from '../src/lib/sync/engine-1822';
import { generateIdentity, verifyText } from '../src/lib/sync/identity';
import { MemoryKeyStore, type SeatSecret } from '../src/lib/sync/key-store';
import { linkLogDoc, type ByteLink } from '../src/lib/sync/byte-link';
import { GameSession } from '../src/lib/sync/session';

const ACTIONS = 50;
const LOG_SIZE = 1500;
const SPAM = 20_000;

function median(xs: readonly number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = Math.floor(s.length / 2);
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** A relay that forwards every binary message to the other clients. */
async function startRelay(): Promise<{ url: string; close: () => Promise<void> }> {
	const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
	wss.on('connection', (ws) => {
		ws.on('message', (data: RawData) => {
			for (const other of wss.clients) if (other !== ws && other.readyState === WebSocket.OPEN) other.send(data);
		});
	});
	const { port } = wss.address() as { port: number };
	return {
		url: `ws://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				for (const c of wss.clients) c.terminate();
				wss.close(() => resolve());
			})
	};
}

/** A log document whose updates go out over the relay and come back in from it. */
async function connect(url: string): Promise<{ link: ByteLink; socket: WebSocket }> {
	const socket = new WebSocket(url);
	await new Promise<void>((resolve, reject) => {
		socket.once('open', () => resolve());
		socket.once('error', reject);
	});
	const link = linkLogDoc((update) => socket.send(update));
	socket.on('message', (data: RawData) => link.receive(new Uint8Array(data as Buffer)));
	return { link, socket };
}

function until<S>(session: GameSession<S>, done: () => boolean): Promise<void> {
	return new Promise((resolve) => {
		const off = session.subscribe(() => {
			if (!done()) return;
			queueMicrotask(() => off());
			resolve();
		});
	});
}

async function actionToPeer(): Promise<number[]> {
	const relay = await startRelay();
	const devices = [await connect(relay.url), await connect(relay.url)];
	const keys = [new MemoryKeyStore(), new MemoryKeyStore()];
	const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), 2, RULES_1822);
	await keys[0].putCreator(genesis.id, creator);
	const sessions: GameSession<GameState>[] = [];
	for (const [i, d] of devices.entries()) {
		sessions.push(await GameSession.open({ game: genesis.id, adapter: engine1822, keys: keys[i], log: d.link.log, appVersion: 'bench' }));
	}
	sessions[0].appendGenesis(genesis.wire);
	await until(sessions[1], () => sessions[1].view?.stage === 'claiming');
	await sessions[0].claim(0, 'Ada');
	await sessions[1].claim(1, 'Brunel');
	await until(sessions[0], () => sessions[0].view?.claims.length === 2);
	await sessions[0].start();
	await Promise.all(sessions.map((s) => until(s, () => s.view?.stage === 'playing')));

	const times: number[] = [];
	for (let i = 0; i < ACTIONS; i++) {
		const view = sessions[0].view!;
		const seat = view.expected[0];
		const [sender, receiver] = seat === 0 ? sessions : [sessions[1], sessions[0]];
		const start = performance.now();
		const written =
			i % 2 === 0
				? await sender.append(bidAction(seat + 1, bidBoxes(view.state!).find((c) => c.startsWith('M'))!, 100), seat)
				: await sender.undo(seat);
		if (!written.ok) throw new Error(`action ${i} refused: ${written.message}`);
		await until(receiver, () => receiver.view?.head === written.id);
		times.push(performance.now() - start);
	}
	for (const s of sessions) await s.close();
	for (const d of devices) {
		d.socket.close();
		d.link.close();
	}
	await relay.close();
	return times;
}

async function verifyLog(): Promise<number> {
	const identity = await generateIdentity('Ed25519');
	const secret: SeatSecret = { game: '0'.repeat(64), seat: 0, identity, nonce: '', claimId: '0'.repeat(64) };
	const wires: { body: string; sig: string }[] = [];
	let parent = '1'.repeat(64);
	for (let i = 0; i < LOG_SIZE; i++) {
		const e = await makePlay(RULES_1822, parent, { type: 'pass', entity: 1 + (i % 3), entity_type: 'player' }, secret);
		wires.push(e.wire);
		parent = e.id;
	}
	const start = performance.now();
	let valid = 0;
	for (const w of wires) {
		const decoded = await decodeEntry(w);
		if (decoded.ok && (await verifyText(identity.publicKey, decoded.entry.text, decoded.entry.sig))) valid++;
	}
	const ms = performance.now() - start;
	if (valid !== LOG_SIZE) throw new Error(`only ${valid} of ${LOG_SIZE} entries verified`);
	return ms;
}

/**
 * Ordering cost with spam (issue 17h): a two-seat game of 1,500 moves (a counting game: the cost
 * measured is the orderer's, not a rules engine's) plus 20,000 signed spam entries by one seat
 * (out-of-turn moves and undo requests under old heads, beyond the per-head cap, and children of
 * unknown entries). Reported: the first ordering (every signature checked once) and the median
 * refresh after one new move, over 20 moves.
 */
async function orderWithSpam(): Promise<{ firstMs: number; refreshMs: number }> {
	const counting: EngineAdapter<{ n: number; turn: number }> = {
		rules: 'bench-count-1',
		initialState: () => ({ ok: true, state: { n: 0, turn: 0 } }),
		expectedSeats: (s) => [s.turn],
		apply: (s, a, seat) => (a.type === 'tick' && a.entity === seat ? { ok: true, state: { n: s.n + 1, turn: 1 - s.turn } } : { ok: false, error: { code: 'no', message: 'no' } }),
		hash: (s) => `${s.n}/${s.turn}`
	};
	const rules = counting.rules;
	const { genesis, creator } = await makeGenesis({}, 2, rules);
	const claims = [await makeClaim(genesis.id, rules, 0, 'A'), await makeClaim(genesis.id, rules, 1, 'B')];
	const start = await makeStart(genesis.id, rules, claims.map((c) => c.entry.id), creator);
	const items: unknown[] = [genesis.wire, ...claims.map((c) => c.entry.wire), start.wire];
	for (const c of claims) items.push((await makeReveal(rules, start.id, c.secret)).wire);
	const o = new LogOrderer(counting, genesis.id);
	let r = await o.order(items);
	let seat = r.expected[0];
	const heads: string[] = [];
	const movers: number[] = [];
	for (let i = 0; i < LOG_SIZE; i++) {
		const e = await makePlay(rules, r.head ?? start.id, { type: 'tick', entity: seat }, claims[seat].secret);
		items.push(e.wire);
		heads.push(e.id);
		movers.push(seat);
		r = { ...r, head: e.id };
		seat = 1 - seat;
	}
	for (let i = 0; i < SPAM; i++) {
		// The seat that just moved, so that its tick is out of turn; its undo requests need consent.
		const j = i % heads.length;
		const spammer = claims[movers[j]].secret;
		const parent = i % 4 === 0 ? sha256Hex(`nowhere ${i}`) : heads[j];
		const action = i % 2 ? { type: 'tick', entity: movers[j] } : { type: 'undo', action_id: start.id, attempt: 1 + (i % 999) };
		items.push((await makePlay(rules, await parent, action, spammer)).wire);
	}
	let t0 = performance.now();
	r = await o.order(items);
	const firstMs = performance.now() - t0;
	const times: number[] = [];
	for (let i = 0; i < 20; i++) {
		const s = r.expected[0];
		items.push((await makePlay(rules, r.head!, { type: 'tick', entity: s }, claims[s].secret)).wire);
		t0 = performance.now();
		r = await o.order(items);
		times.push(performance.now() - t0);
	}
	if (r.state?.n !== LOG_SIZE + 20) throw new Error(`spam changed the game: ${r.state?.n} moves`);
	return { firstMs, refreshMs: median(times) };
}

export async function benchSync(): Promise<{
	actionToPeerMs: { median: number; min: number; max: number; n: number };
	verify1500Ms: number;
	orderSpam: { log: number; spam: number; firstMs: number; refreshAfterMoveMs: number };
}> {
	const times = await actionToPeer();
	const verify = await verifyLog();
	const spam = await orderWithSpam();
	return {
		actionToPeerMs: { median: round(median(times)), min: round(Math.min(...times)), max: round(Math.max(...times)), n: times.length },
		verify1500Ms: round(verify),
		orderSpam: { log: LOG_SIZE, spam: SPAM, firstMs: round(spam.firstMs), refreshAfterMoveMs: round(spam.refreshMs) }
	};
}

if (import.meta.url === `file://${process.argv[1]}`) {
	benchSync().then(
		(r) => process.stdout.write(JSON.stringify(r) + '\n'),
		(e: unknown) => {
			process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
			process.exit(1);
		}
	);
}
