// Where the mailbox keeps each room's records. A record is opaque bytes (ciphertext: the server
// cannot read it); the store adds a sequence number and the time it arrived, and enforces the
// limits per room: record size, records, bytes and age. Beyond a limit it refuses with a reason
// and stores nothing.
//
// Two stores share one interface: a memory store (tests, and MAILBOX_DIR=memory) and
// an append-only file store, one file per room, which survives restarts. server/redis.js holds a
// third, for several relay processes.

import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, appendFileSync, writeFileSync, openSync, fsyncSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ maxRecordBytes: number, maxRecordsPerRoom: number, maxBytesPerRoom: number, maxAgeMs: number, maxRooms: number }} MailboxLimits
 */
/** @type {Readonly<MailboxLimits>} */
export const MAILBOX_LIMITS = Object.freeze({
	/** One Yjs update of a move is a few hundred bytes; a whole long game's state is under 1 MiB. */
	maxRecordBytes: 1024 * 1024,
	maxRecordsPerRoom: 20_000,
	maxBytesPerRoom: 16 * 1024 * 1024,
	/** Records older than this are dropped: a game idle for three months starts its mailbox afresh. */
	maxAgeMs: 90 * 24 * 3600 * 1000,
	maxRooms: 100_000
});

/**
 * @typedef {{ seq: number, time: number, data: Uint8Array }} MailboxRecord
 * @typedef {{ ok: true, seq: number } | { ok: false, status: number, reason: string }} AppendResult
 * @typedef {object} MailboxStore
 * @property {(room: string, data: Uint8Array) => Promise<AppendResult>} append
 * @property {(room: string, after: number) => Promise<MailboxRecord[]>} list records with seq > after, oldest first
 * @property {() => Promise<void>} close
 */

/**
 * The checks every store makes before appending.
 * @param {MailboxLimits} limits
 * @param {{ records: number, bytes: number }} room
 * @param {number} size
 * @returns {AppendResult | null} a refusal, or null when the record fits
 */
export function refusal(limits, room, size) {
	if (size === 0) return { ok: false, status: 400, reason: 'An empty record was sent; nothing was stored.' };
	if (size > limits.maxRecordBytes) {
		return { ok: false, status: 413, reason: `A mailbox record may hold at most ${limits.maxRecordBytes} bytes, not ${size}; nothing was stored.` };
	}
	if (room.records + 1 > limits.maxRecordsPerRoom) {
		return { ok: false, status: 507, reason: `This game's mailbox is full (${limits.maxRecordsPerRoom} records); nothing was stored. Play with the others online, or start the mailbox afresh by hosting your own relay.` };
	}
	if (room.bytes + size > limits.maxBytesPerRoom) {
		return { ok: false, status: 507, reason: `This game's mailbox is full (${limits.maxBytesPerRoom} bytes); nothing was stored. Play with the others online, or start the mailbox afresh by hosting your own relay.` };
	}
	return null;
}

/**
 * @param {{ limits?: Partial<MailboxLimits>, now?: () => number }} [options]
 * @returns {MailboxStore}
 */
export function createMemoryStore(options = {}) {
	const limits = { ...MAILBOX_LIMITS, ...options.limits };
	const now = options.now ?? Date.now;
	/** @type {Map<string, { next: number, records: MailboxRecord[] }>} */
	const rooms = new Map();

	/** @param {string} name */
	function room(name) {
		const r = rooms.get(name);
		if (!r) return null;
		const cutoff = now() - limits.maxAgeMs;
		while (r.records.length > 0 && r.records[0].time < cutoff) r.records.shift();
		return r;
	}

	return {
		async append(name, data) {
			const r = room(name);
			if (!r && rooms.size >= limits.maxRooms) return { ok: false, status: 507, reason: 'The relay holds as many mailboxes as it may; nothing was stored.' };
			const current = r ?? { next: 1, records: [] };
			const bytes = current.records.reduce((a, x) => a + x.data.length, 0);
			const refused = refusal(limits, { records: current.records.length, bytes }, data.length);
			if (refused) return refused;
			const seq = current.next++;
			current.records.push({ seq, time: now(), data: Uint8Array.from(data) });
			rooms.set(name, current);
			return { ok: true, seq };
		},
		async list(name, after) {
			return (room(name)?.records ?? []).filter((x) => x.seq > after);
		},
		async close() {
			rooms.clear();
		}
	};
}

// File format: a sequence of frames, each [seq u32][time f64][length u32][data], big-endian.
const HEADER = 16;

/** @param {MailboxRecord} r */
function frame(r) {
	const out = Buffer.alloc(HEADER + r.data.length);
	out.writeUInt32BE(r.seq, 0);
	out.writeDoubleBE(r.time, 4);
	out.writeUInt32BE(r.data.length, 12);
	out.set(r.data, HEADER);
	return out;
}

/**
 * @param {Buffer} buf
 * @returns {MailboxRecord[]}
 */
function parseFrames(buf) {
	/** @type {MailboxRecord[]} */
	const records = [];
	let at = 0;
	while (at + HEADER <= buf.length) {
		const length = buf.readUInt32BE(at + 12);
		if (at + HEADER + length > buf.length) break; // a torn last write: ignore it
		records.push({ seq: buf.readUInt32BE(at), time: buf.readDoubleBE(at + 4), data: new Uint8Array(buf.subarray(at + HEADER, at + HEADER + length)) });
		at += HEADER + length;
	}
	return records;
}

/**
 * An append-only file per room, named by the room hash. Records are appended and fsynced; records
 * past their age are dropped by rewriting the file (to a temporary name, then renamed over it).
 * @param {{ dir: string, limits?: Partial<MailboxLimits>, now?: () => number }} options
 * @returns {MailboxStore}
 */
export function createFileStore(options) {
	const limits = { ...MAILBOX_LIMITS, ...options.limits };
	const now = options.now ?? Date.now;
	const dir = path.resolve(options.dir);
	mkdirSync(dir, { recursive: true });
	for (const f of readdirSync(dir)) if (f.endsWith('.tmp')) rmSync(path.join(dir, f), { force: true });
	/** @type {Map<string, { next: number, records: MailboxRecord[] }>} loaded rooms */
	const cache = new Map();
	let roomCount = readdirSync(dir).filter((f) => f.endsWith('.room')).length;

	/** @param {string} name */
	const fileOf = (name) => path.join(dir, `${name}.room`);

	/** @param {string} name */
	function load(name) {
		let r = cache.get(name);
		if (!r) {
			let buf;
			try {
				buf = readFileSync(fileOf(name));
			} catch {
				return null;
			}
			const records = parseFrames(buf);
			r = { next: (records.at(-1)?.seq ?? 0) + 1, records };
			cache.set(name, r);
		}
		const cutoff = now() - limits.maxAgeMs;
		if (r.records.length > 0 && r.records[0].time < cutoff) {
			r.records = r.records.filter((x) => x.time >= cutoff);
			const tmp = fileOf(name) + '.tmp';
			writeFileSync(tmp, Buffer.concat(r.records.map(frame)));
			renameSync(tmp, fileOf(name));
		}
		return r;
	}

	return {
		async append(name, data) {
			const r = load(name);
			if (!r && roomCount >= limits.maxRooms) return { ok: false, status: 507, reason: 'The relay holds as many mailboxes as it may; nothing was stored.' };
			const current = r ?? { next: 1, records: [] };
			const bytes = current.records.reduce((a, x) => a + x.data.length, 0);
			const refused = refusal(limits, { records: current.records.length, bytes }, data.length);
			if (refused) return refused;
			const record = { seq: current.next, time: now(), data: Uint8Array.from(data) };
			const fd = openSync(fileOf(name), 'a');
			try {
				appendFileSync(fd, frame(record));
				fsyncSync(fd);
			} finally {
				closeSync(fd);
			}
			current.next++;
			current.records.push(record);
			if (!r) {
				cache.set(name, current);
				roomCount++;
			}
			return { ok: true, seq: record.seq };
		},
		async list(name, after) {
			return (load(name)?.records ?? []).filter((x) => x.seq > after);
		},
		async close() {
			cache.clear();
		}
	};
}
