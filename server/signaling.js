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
//
// It is open to anyone who can reach it, so every connection is held to limits
// (see RELAY_LIMITS): how many topics it may join, how long a topic name may be,
// how many messages it may send per second, and how many bytes may wait in its
// send buffer. A connection that breaks a limit is closed with code 1008 and a
// reason saying which; nothing it sent is relayed. A client may publish only to
// a topic it has subscribed to.
//
// Topics can be shared across several relay processes through a bus (see
// server/bus.js): each process relays to its own connections, and hands every
// publish to the bus, which delivers it to the other processes.

import { WebSocketServer, WebSocket } from 'ws';

/** Close a connection whose heartbeat went unanswered for this long (as y-webrtc's server). */
export const PING_TIMEOUT_MS = 30_000;

/**
 * Per-connection limits. y-webrtc subscribes to one topic per open game and
 * sends a handful of messages per peer it meets, so these leave room for a
 * device with many games open at once and still refuse abuse.
 */
/**
 * @typedef {{ maxMessageBytes: number, maxTopicsPerConnection: number, maxTopicLength: number, messagesPerSecond: number, messageBurst: number, maxBufferedBytes: number, maxConnections: number }} RelayLimits
 */
/** @type {Readonly<RelayLimits>} */
export const RELAY_LIMITS = Object.freeze({
	/** Large enough for SDP offers with many candidates. */
	maxMessageBytes: 256 * 1024,
	maxTopicsPerConnection: 100,
	maxTopicLength: 256,
	/** Sustained messages per second, and the burst allowed above it. */
	messagesPerSecond: 50,
	messageBurst: 200,
	/** Bytes waiting to be sent to one connection before it counts as too slow and is dropped. */
	maxBufferedBytes: 4 * 1024 * 1024,
	/** Connections the relay holds at once, over all clients. */
	maxConnections: 5000
});

/** WebSocket close code for a policy violation (RFC 6455). */
export const CLOSE_POLICY = 1008;

/**
 * @typedef {{ publish(topic: string, message: string): void, subscribe(topic: string): void, unsubscribe(topic: string): void, close(): Promise<void> }} RelayBus
 * A bus carries publishes to other relay processes; `deliver` hands it the ones that arrive.
 * @typedef {(deliver: (topic: string, message: string) => void) => RelayBus} BusFactory
 */

/**
 * @typedef {object} SignalingRelay
 * @property {(request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => void} handleUpgrade
 * @property {() => number} topicCount the number of topics with at least one subscriber
 * @property {() => number} connectionCount
 * @property {() => Promise<void>} close closes every connection
 */

/**
 * @param {{ pingTimeoutMs?: number, limits?: Partial<RelayLimits>, bus?: BusFactory }} [options]
 * @returns {SignalingRelay}
 */
export function createSignalingRelay(options = {}) {
	const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
	const limits = { ...RELAY_LIMITS, ...options.limits };
	const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
	/** @type {Map<string, Set<WebSocket>>} topic name → subscribed connections */
	const topics = new Map();
	const bus = options.bus ? options.bus(deliverLocal) : null;

	/**
	 * @param {WebSocket} conn
	 * @param {string} reason
	 */
	function refuse(conn, reason) {
		try {
			conn.close(CLOSE_POLICY, reason);
		} catch {
			conn.terminate();
		}
		// A client that does not answer the close handshake is cut off.
		setTimeout(() => conn.terminate(), 1000).unref();
	}

	/**
	 * @param {WebSocket} conn
	 * @param {string} text
	 */
	function sendText(conn, text) {
		if (conn.readyState !== WebSocket.OPEN) return;
		// A receiver that does not read is dropped rather than let its buffer grow without bound.
		if (conn.bufferedAmount + text.length > limits.maxBufferedBytes) {
			conn.terminate();
			return;
		}
		try {
			conn.send(text);
		} catch {
			conn.terminate();
		}
	}

	/**
	 * Relays a publish to this process's subscribers of the topic. `clients` counts them.
	 * @param {string} topic
	 * @param {string} text the message as JSON, without `clients`
	 */
	function deliverLocal(topic, text) {
		const receivers = topics.get(topic);
		if (!receivers || receivers.size === 0) return;
		/** @type {any} */
		let message;
		try {
			message = JSON.parse(text);
		} catch {
			return;
		}
		message.clients = receivers.size;
		const out = JSON.stringify(message);
		for (const receiver of receivers) sendText(receiver, out);
	}

	/**
	 * @param {WebSocket} conn
	 * @param {string} topic
	 */
	function unsubscribe(conn, topic) {
		const subscribers = topics.get(topic);
		if (!subscribers) return;
		subscribers.delete(conn);
		if (subscribers.size === 0) {
			topics.delete(topic);
			bus?.unsubscribe(topic);
		}
	}

	/**
	 * @param {unknown} value
	 * @returns {string[] | null} null when the list is not a list of strings
	 */
	function topicList(value) {
		if (!Array.isArray(value)) return null;
		return value.every((t) => typeof t === 'string') ? value : null;
	}

	/** @param {WebSocket} conn */
	function onConnection(conn) {
		/** @type {Set<string>} */
		const subscribed = new Set();
		let closed = false;
		let pongReceived = true;
		let tokens = limits.messageBurst;
		let refilled = Date.now();
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

		/** A token bucket: `messageBurst` at once, `messagesPerSecond` sustained. */
		function takeToken() {
			const now = Date.now();
			tokens = Math.min(limits.messageBurst, tokens + ((now - refilled) / 1000) * limits.messagesPerSecond);
			refilled = now;
			if (tokens < 1) return false;
			tokens -= 1;
			return true;
		}

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
			if (closed) return;
			if (!takeToken()) {
				closed = true;
				refuse(conn, `more than ${limits.messagesPerSecond} messages per second`);
				return;
			}
			if (isBinary) return;
			/** @type {any} */
			let message;
			try {
				message = JSON.parse(data.toString());
			} catch {
				return; // y-webrtc never sends anything but JSON; ignore noise rather than drop the peer
			}
			if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
			switch (message.type) {
				case 'subscribe': {
					const list = topicList(message.topics);
					if (list === null) return;
					const fresh = [...new Set(list)].filter((t) => !subscribed.has(t));
					if (fresh.some((t) => t.length === 0 || t.length > limits.maxTopicLength)) {
						closed = true;
						refuse(conn, `a topic name must have 1 to ${limits.maxTopicLength} characters`);
						return;
					}
					if (subscribed.size + fresh.length > limits.maxTopicsPerConnection) {
						closed = true;
						refuse(conn, `at most ${limits.maxTopicsPerConnection} topics per connection`);
						return;
					}
					for (const topic of fresh) {
						let subscribers = topics.get(topic);
						if (!subscribers) {
							subscribers = new Set();
							topics.set(topic, subscribers);
							bus?.subscribe(topic);
						}
						subscribers.add(conn);
						subscribed.add(topic);
					}
					break;
				}
				case 'unsubscribe':
					for (const topic of topicList(message.topics) ?? []) {
						if (!subscribed.delete(topic)) continue;
						unsubscribe(conn, topic);
					}
					break;
				case 'publish': {
					// Only to a topic this connection has joined: a relay is not a broadcast service.
					if (typeof message.topic !== 'string' || !subscribed.has(message.topic)) break;
					delete message.clients;
					const text = JSON.stringify(message);
					deliverLocal(message.topic, text);
					bus?.publish(message.topic, text);
					break;
				}
				case 'ping':
					sendText(conn, JSON.stringify({ type: 'pong' }));
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
			if (wss.clients.size >= limits.maxConnections) {
				socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\nThe relay is full; try again later.\n');
				return;
			}
			wss.handleUpgrade(request, socket, head, (conn) => wss.emit('connection', conn, request));
		},
		topicCount: () => topics.size,
		connectionCount: () => wss.clients.size,
		async close() {
			for (const conn of wss.clients) conn.terminate();
			topics.clear();
			await new Promise((resolve) => wss.close(() => resolve(undefined)));
			await bus?.close();
		}
	};
}
