// Several relay processes behind one address (REDIS_URL): they share the signaling topics through
// Redis pub/sub (a bus for server/signaling.js) and the encrypted mailbox through Redis (a store
// for server/mailbox.js, with the same limits and refusals as the file store).
//
// Keys, all under the prefix (default "rails-1822:"):
//   signal:<topic>      a pub/sub channel per topic; each message is "<process id>\n<publish JSON>"
//   mb:<room>:r         sorted set, score = seq, member = "<seq>:<time>:<ciphertext>"
//   mb:<room>:t         sorted set, score = time, member = "<seq>:<size>" (to drop old records)
//   mb:<room>:m         hash: next seq, count, bytes
//   mb:rooms            sorted set, score = last append, member = room (for the room limit)
// A room's keys expire once it has been idle for the age limit, as its records would.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MAILBOX_LIMITS, refusal } from './mailbox-store.js';

export const REDIS_PREFIX = 'rails-1822:';

/**
 * A client for `redis://[user:pass@]host:port[/db]`, `rediss://…` (TLS) or `unix:///path/to/redis.sock`.
 * @param {string} url
 * @param {import('ioredis').RedisOptions} options
 */
function newRedis(url, options) {
	if (url.startsWith('unix:')) return new Redis({ ...options, path: new URL(url).pathname });
	if (!/^rediss?:\/\//.test(url)) throw new Error(`REDIS_URL must start with redis://, rediss:// or unix://, not "${url}".`);
	return new Redis(url, options);
}

/**
 * A connection that says what went wrong once, not at every retry.
 * @param {string} url
 * @param {string} role
 */
export function connectRedis(url, role) {
	const redis = newRedis(url, { maxRetriesPerRequest: 3, connectionName: `rails-1822-${role}` });
	let lastError = '';
	redis.on('error', (/** @type {Error} */ e) => {
		if (e.message === lastError) return;
		lastError = e.message;
		console.error(`Redis (${role}): ${e.message}`);
	});
	redis.on('ready', () => {
		lastError = '';
	});
	return redis;
}

/**
 * Resolves once Redis answers, or rejects with one sentence.
 * @param {string} url
 * @param {number} [ms]
 */
export async function checkRedis(url, ms = 5000) {
	const redis = newRedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: ms });
	redis.on('error', () => {});
	try {
		await redis.connect();
		await redis.ping();
	} catch (e) {
		throw new Error(`Redis at ${url} did not answer (${e instanceof Error ? e.message : String(e)}).`);
	} finally {
		redis.disconnect();
	}
}

/**
 * A bus for the signaling relay: publishes go to every other relay process subscribed to the topic.
 * @param {{ url: string, prefix?: string }} options
 * @returns {import('./signaling.js').BusFactory}
 */
export function createRedisBus(options) {
	const prefix = (options.prefix ?? REDIS_PREFIX) + 'signal:';
	return (deliver) => {
		const self = randomBytes(9).toString('base64url');
		const pub = connectRedis(options.url, 'publish');
		const sub = connectRedis(options.url, 'subscribe');
		sub.on('message', (/** @type {string} */ channel, /** @type {string} */ text) => {
			if (!channel.startsWith(prefix)) return;
			const nl = text.indexOf('\n');
			// Our own publishes were already delivered here by the relay.
			if (nl < 0 || text.slice(0, nl) === self) return;
			deliver(channel.slice(prefix.length), text.slice(nl + 1));
		});
		return {
			publish(topic, message) {
				pub.publish(prefix + topic, `${self}\n${message}`).catch(() => {});
			},
			subscribe(topic) {
				sub.subscribe(prefix + topic).catch(() => {});
			},
			unsubscribe(topic) {
				sub.unsubscribe(prefix + topic).catch(() => {});
			},
			async close() {
				await Promise.allSettled([pub.quit(), sub.quit()]);
			}
		};
	};
}

// Drops a room's records past their age; then (append only) checks the limits and appends.
// KEYS: r, t, m, rooms. ARGV: room, data, now, cutoff, maxRecords, maxBytes, maxRooms, ttlMs, append (1|0).
// Returns {0, seq} when appended, {1} when the relay holds too many rooms, {2, count, bytes} when
// the room is full, {3} after a trim only.
const SCRIPT = `
local cutoff = '(' .. ARGV[4]
local old = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', cutoff)
if #old > 0 then
	local freed = 0
	for _, m in ipairs(old) do
		local sep = string.find(m, ':', 1, true)
		local seq = string.sub(m, 1, sep - 1)
		freed = freed + tonumber(string.sub(m, sep + 1))
		redis.call('ZREMRANGEBYSCORE', KEYS[1], seq, seq)
	end
	redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', cutoff)
	redis.call('HINCRBY', KEYS[3], 'bytes', -freed)
	redis.call('HINCRBY', KEYS[3], 'count', -#old)
end
if ARGV[9] ~= '1' then return {3} end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', cutoff)
if not redis.call('ZSCORE', KEYS[4], ARGV[1]) and redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[7]) then return {1} end
local count = tonumber(redis.call('HGET', KEYS[3], 'count') or '0')
local bytes = tonumber(redis.call('HGET', KEYS[3], 'bytes') or '0')
local size = string.len(ARGV[2])
if count + 1 > tonumber(ARGV[5]) or bytes + size > tonumber(ARGV[6]) then return {2, count, bytes} end
local seq = redis.call('HINCRBY', KEYS[3], 'next', 1)
redis.call('ZADD', KEYS[1], seq, seq .. ':' .. ARGV[3] .. ':' .. ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], seq .. ':' .. size)
redis.call('HINCRBY', KEYS[3], 'count', 1)
redis.call('HINCRBY', KEYS[3], 'bytes', size)
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[1])
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[8]) end
return {0, seq}
`;

/** Records returned by one `list` at most; the mailbox pages with `after`. */
const LIST_LIMIT = 1000;

/**
 * The mailbox store in Redis, shared by every relay process that uses the same Redis and prefix.
 * @param {{ url: string, prefix?: string, limits?: Partial<import('./mailbox-store.js').MailboxLimits>, now?: () => number }} options
 * @returns {import('./mailbox-store.js').MailboxStore}
 */
export function createRedisStore(options) {
	const limits = { ...MAILBOX_LIMITS, ...options.limits };
	const now = options.now ?? Date.now;
	const prefix = (options.prefix ?? REDIS_PREFIX) + 'mb:';
	const redis = connectRedis(options.url, 'mailbox');
	redis.defineCommand('railsMailbox', { numberOfKeys: 4, lua: SCRIPT });
	/** @param {string} room */
	const keys = (room) => [`${prefix}${room}:r`, `${prefix}${room}:t`, `${prefix}${room}:m`, `${prefix}rooms`];
	/**
	 * @param {string} room
	 * @param {Uint8Array | string} data
	 * @param {boolean} append
	 * @returns {Promise<number[]>}
	 */
	const run = (room, data, append) => {
		const t = now();
		return /** @type {any} */ (redis).railsMailbox(
			...keys(room),
			room,
			Buffer.from(data),
			String(t),
			String(t - limits.maxAgeMs),
			String(limits.maxRecordsPerRoom),
			String(limits.maxBytesPerRoom),
			String(limits.maxRooms),
			String(limits.maxAgeMs),
			append ? '1' : '0'
		);
	};

	return {
		async append(room, data) {
			// Size and emptiness first, as the other stores do.
			const early = refusal({ ...limits, maxRecordsPerRoom: Infinity, maxBytesPerRoom: Infinity }, { records: 0, bytes: 0 }, data.length);
			if (early) return early;
			let answer;
			try {
				answer = (await run(room, data, true)).map(Number);
			} catch {
				return { ok: false, status: 503, reason: "The relay's mailbox store cannot be reached just now; nothing was stored. Try again later." };
			}
			if (answer[0] === 0) return { ok: true, seq: answer[1] };
			if (answer[0] === 1) return { ok: false, status: 507, reason: 'The relay holds as many mailboxes as it may; nothing was stored.' };
			return refusal(limits, { records: answer[1], bytes: answer[2] }, data.length) ?? { ok: false, status: 507, reason: "This game's mailbox is full; nothing was stored." };
		},
		async list(room, after) {
			await run(room, '', false);
			const members = await redis.zrangebyscoreBuffer(keys(room)[0], `(${after}`, '+inf', 'LIMIT', 0, LIST_LIMIT);
			const cutoff = now() - limits.maxAgeMs;
			/** @type {import('./mailbox-store.js').MailboxRecord[]} */
			const records = [];
			for (const m of members) {
				const a = m.indexOf(0x3a);
				const b = m.indexOf(0x3a, a + 1);
				const record = { seq: Number(m.subarray(0, a).toString()), time: Number(m.subarray(a + 1, b).toString()), data: new Uint8Array(m.subarray(b + 1)) };
				if (record.time >= cutoff) records.push(record);
			}
			return records;
		},
		async close() {
			await redis.quit().catch(() => {});
		}
	};
}
