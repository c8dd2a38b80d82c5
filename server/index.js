#!/usr/bin/env node
// `npm start` runs this after building: serve build/ and the signaling relay.
// HOST and PORT change where it listens; by default only this machine can reach it.
// MAILBOX_DIR is where the encrypted mailbox keeps its files (default data/mailbox; "memory" keeps
// it in memory only, "off" turns it off). REDIS_URL (redis://host:port, rediss://…, or
// unix:///path/to/redis.sock) shares the relay's topics and the mailbox with every other process
// started with the same REDIS_URL, so several can serve one address (deploy/README.md); the
// mailbox then lives in Redis (MAILBOX_DIR=off still turns it off).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, DEFAULT_HOST, DEFAULT_PORT, SIGNALING_PATH } from './create-server.js';
import { createFileStore, createMemoryStore } from './mailbox-store.js';
import { checkRedis, createRedisBus, createRedisStore } from './redis.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {string | undefined} value
 * @returns {number}
 */
function parsePort(value) {
	if (value === undefined || value === '') return DEFAULT_PORT;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		console.error(`PORT must be a number from 0 to 65535, not "${value}".`);
		process.exit(1);
	}
	return port;
}

const host = process.env.HOST || DEFAULT_HOST;
const port = parsePort(process.env.PORT);
const root = path.resolve(projectRoot, process.env.BUILD_DIR || 'build');

/** @returns {Promise<{ mailbox?: import('./mailbox-store.js').MailboxStore, bus?: import('./signaling.js').BusFactory, describe: string }>} */
async function backends() {
	const setting = process.env.MAILBOX_DIR || path.join(projectRoot, 'data', 'mailbox');
	const redisUrl = process.env.REDIS_URL;
	if (redisUrl) {
		// Refuse to start unshared: a process that cannot reach Redis would split the players.
		try {
			await checkRedis(redisUrl);
		} catch (e) {
			console.error(`${e instanceof Error ? e.message : String(e)} REDIS_URL is set, so this relay shares its topics and mailbox through Redis and will not start without it; start Redis, or unset REDIS_URL to run one relay process alone.`);
			process.exit(1);
		}
		const bus = createRedisBus({ url: redisUrl });
		if (setting === 'off') return { bus, describe: 'off (topics shared through Redis)' };
		return { bus, mailbox: createRedisStore({ url: redisUrl }), describe: `in Redis (shared with the other relay processes)` };
	}
	if (setting === 'off') return { describe: 'off' };
	if (setting === 'memory') return { mailbox: createMemoryStore(), describe: 'in memory' };
	return { mailbox: createFileStore({ dir: setting }), describe: setting };
}

try {
	const extra = await backends();
	const running = await createServer({ host, port, root, ...(extra.mailbox ? { mailbox: extra.mailbox } : {}), ...(extra.bus ? { bus: extra.bus } : {}) });
	console.log(`Listening on ${running.url}`);
	console.log(`Signaling relay: ${running.url.replace(/^http/, 'ws')}${SIGNALING_PATH}`);
	console.log(`Mailbox: ${extra.describe}`);
	const stop = () => {
		running.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
} catch (error) {
	const code = /** @type {NodeJS.ErrnoException} */ (error).code;
	if (code === 'EADDRINUSE') console.error(`Port ${port} on ${host} is in use; set PORT to another one.`);
	else console.error(error);
	process.exit(1);
}
