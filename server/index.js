#!/usr/bin/env node
// `npm start` runs this after building: serve build/ and the signaling relay.
// HOST and PORT change where it listens; by default only this machine can reach it.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, DEFAULT_HOST, DEFAULT_PORT, SIGNALING_PATH } from './create-server.js';

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

try {
	const running = await createServer({ host, port, root });
	console.log(`Listening on ${running.url}`);
	console.log(`Signaling relay: ${running.url.replace(/^http/, 'ws')}${SIGNALING_PATH}`);
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
