// A WebRTC signaling relay that speaks the protocol of y-webrtc's own signaling
// server (y-webrtc/bin/server.js): JSON messages `subscribe` / `unsubscribe`
// with `topics`, `publish` with `topic` (relayed to every subscriber of that
// topic, the sender included, with the subscriber count added as `clients`),
// and `ping`, answered by `pong`. That script cannot be imported (it listens on
// all interfaces as soon as it is loaded), so the same protocol is implemented
// here on top of the `ws` package it uses, attached to our own HTTP server.
//
// The relay never sees game content: y-webrtc encrypts its signaling payloads
// with the room password, which comes from the link's fragment.

import { WebSocketServer, WebSocket } from 'ws';

/** Close a connection whose heartbeat went unanswered for this long (as y-webrtc's server). */
export const PING_TIMEOUT_MS = 30_000;

/** Large enough for SDP offers with many candidates, small enough to refuse abuse. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * @typedef {object} SignalingRelay
 * @property {(request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void} handleUpgrade
 * @property {() => number} topicCount the number of topics with at least one subscriber
 * @property {() => Promise<void>} close closes every connection
 */

/**
 * @param {{ pingTimeoutMs?: number }} [options]
 * @returns {SignalingRelay}
 */
export function createSignalingRelay(options = {}) {
	const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
	const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
	/** @type {Map<string, Set<WebSocket>>} topic name → subscribed connections */
	const topics = new Map();

	/**
	 * @param {WebSocket} conn
	 * @param {unknown} message
	 */
	function send(conn, message) {
		if (conn.readyState !== WebSocket.CONNECTING && conn.readyState !== WebSocket.OPEN) {
			conn.close();
			return;
		}
		try {
			conn.send(JSON.stringify(message));
		} catch {
			conn.close();
		}
	}

	/**
	 * @param {WebSocket} conn
	 * @param {string} topic
	 */
	function unsubscribe(conn, topic) {
		const subscribers = topics.get(topic);
		if (!subscribers) return;
		subscribers.delete(conn);
		if (subscribers.size === 0) topics.delete(topic);
	}

	/** @param {unknown} value */
	function topicList(value) {
		return Array.isArray(value) ? value.filter((t) => typeof t === 'string') : [];
	}

	/** @param {WebSocket} conn */
	function onConnection(conn) {
		/** @type {Set<string>} */
		const subscribed = new Set();
		let closed = false;
		let pongReceived = true;
		const heartbeat = setInterval(() => {
			if (!pongReceived) {
				conn.terminate();
				return;
			}
			pongReceived = false;
			try {
				conn.ping();
			} catch {
				conn.terminate();
			}
		}, pingTimeoutMs);
		heartbeat.unref();

		conn.on('pong', () => {
			pongReceived = true;
		});
		conn.on('close', () => {
			closed = true;
			clearInterval(heartbeat);
			for (const topic of subscribed) unsubscribe(conn, topic);
			subscribed.clear();
		});
		conn.on('error', () => conn.terminate());
		conn.on('message', (data, isBinary) => {
			if (closed || isBinary) return;
			/** @type {any} */
			let message;
			try {
				message = JSON.parse(data.toString());
			} catch {
				return; // y-webrtc never sends anything but JSON; ignore noise rather than drop the peer
			}
			if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
			switch (message.type) {
				case 'subscribe':
					for (const topic of topicList(message.topics)) {
						let subscribers = topics.get(topic);
						if (!subscribers) {
							subscribers = new Set();
							topics.set(topic, subscribers);
						}
						subscribers.add(conn);
						subscribed.add(topic);
					}
					break;
				case 'unsubscribe':
					for (const topic of topicList(message.topics)) {
						unsubscribe(conn, topic);
						subscribed.delete(topic);
					}
					break;
				case 'publish': {
					if (typeof message.topic !== 'string') break;
					const receivers = topics.get(message.topic);
					if (!receivers) break;
					message.clients = receivers.size;
					for (const receiver of receivers) send(receiver, message);
					break;
				}
				case 'ping':
					send(conn, { type: 'pong' });
					break;
				default:
					// Unknown message types are ignored, as y-webrtc's server does.
					break;
			}
		});
	}

	wss.on('connection', onConnection);

	return {
		handleUpgrade(request, socket, head) {
			wss.handleUpgrade(request, socket, head, (conn) => wss.emit('connection', conn, request));
		},
		topicCount: () => topics.size,
		close() {
			for (const conn of wss.clients) conn.terminate();
			topics.clear();
			return new Promise((resolve) => wss.close(() => resolve()));
		}
	};
}
