/**
 * In-memory Yjs peers with an adversarial network: every update is queued per link, links can be
 * cut by a partition, and queued updates are delivered in an order the test chooses.
 */
import * as Y from 'yjs';
import { LogDoc } from '../../../src/lib/sync/log-doc';

const NET = Symbol('net');

interface Message {
	readonly from: number;
	readonly to: number;
	readonly update: Uint8Array;
}

export class Network {
	readonly peers: LogDoc[];
	#queue: Message[] = [];
	/** Peer i belongs to group groups[i]; updates only cross between equal groups. */
	#groups: number[];

	constructor(n: number) {
		this.peers = Array.from({ length: n }, (_, i) => {
			const doc = new Y.Doc();
			// Fixed client ids: Yjs orders concurrent inserts by client id, and seeded runs must repeat.
			doc.clientID = i + 1;
			return new LogDoc(doc);
		});
		this.#groups = this.peers.map(() => 0);
		this.peers.forEach((peer, from) => {
			peer.doc.on('update', (update: Uint8Array, origin: unknown) => {
				if (origin === NET) return;
				for (let to = 0; to < n; to++) if (to !== from) this.#queue.push({ from, to, update });
			});
		});
	}

	partition(groups: readonly number[]): void {
		this.#groups = this.peers.map((_, i) => groups[i] ?? 0);
	}

	heal(): void {
		this.#groups = this.peers.map(() => 0);
	}

	get pending(): number {
		return this.#queue.length;
	}

	/** Delivers up to `picks.length` deliverable messages, each chosen by index among those left. */
	deliver(picks: readonly number[]): void {
		for (const pick of picks) {
			const open = this.#queue.filter((m) => this.#groups[m.from] === this.#groups[m.to]);
			if (open.length === 0) return;
			const m = open[pick % open.length];
			this.#queue.splice(this.#queue.indexOf(m), 1);
			Y.applyUpdate(this.peers[m.to].doc, m.update, NET);
		}
	}

	/** Heals the partition and delivers everything, in the order given by `shuffle`. */
	flush(shuffle: (n: number) => number): void {
		this.heal();
		while (this.#queue.length > 0) {
			const [m] = this.#queue.splice(shuffle(this.#queue.length), 1);
			Y.applyUpdate(this.peers[m.to].doc, m.update, NET);
		}
	}
}
