/**
 * Issue 17, pending updates: in a mesh of 3 to 5 peers, updates are delivered out of order and
 * some are lost on their link; then every peer writes once more (so that each loss leaves later
 * updates pending somewhere). Each peer's PendingRecovery asks its peers for what it lacks (a
 * sync step 1), answered with exactly the missing updates; every document must end equal, with
 * nothing pending. Without the recovery, some runs would not (checked: the property is not vacuous).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { hasPendingUpdates, PendingRecovery, readSyncStep1, syncStep1Message } from '../../../src/lib/sync/pending';
import { LogDoc } from '../../../src/lib/sync/log-doc';

const NET = Symbol('net');

interface Mesh {
	readonly docs: Y.Doc[];
	readonly queue: { to: number; update: Uint8Array }[];
}

function mesh(n: number): Mesh {
	const docs = Array.from({ length: n }, (_, i) => {
		const doc = new Y.Doc();
		doc.clientID = i + 1;
		return doc;
	});
	const m: Mesh = { docs, queue: [] };
	docs.forEach((doc, from) => {
		doc.on('update', (update: Uint8Array, origin: unknown) => {
			if (origin === NET) return;
			for (let to = 0; to < n; to++) if (to !== from) m.queue.push({ to, update });
		});
	});
	return m;
}

describe('pending updates', () => {
	it('a sync step 1 carries the state vector as y-protocols writes it', () => {
		const doc = new Y.Doc();
		new LogDoc(doc).append({ body: 'x'.repeat(300), sig: 's' });
		const message = syncStep1Message(doc);
		expect([...message.subarray(0, 2)]).toEqual([0, 0]);
		expect(Y.decodeStateVector(readSyncStep1(message)!)).toEqual(Y.decodeStateVector(Y.encodeStateVector(doc)));
		expect(readSyncStep1(new Uint8Array([0, 1, 0]))).toBeNull();
		expect(readSyncStep1(new Uint8Array([0, 0, 5, 1]))).toBeNull();
	});

	it('out-of-order and lossy delivery in 3–5 peer meshes always ends with equal documents', async () => {
		let recovered = 0;
		let wouldDiffer = 0;
		await fc.assert(
			fc.property(
				fc.integer({ min: 3, max: 5 }),
				fc.array(fc.record({ writer: fc.nat(4), count: fc.integer({ min: 1, max: 3 }) }), { minLength: 3, maxLength: 20 }),
				fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
				fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
				(n, writes, order, lost) => {
					const m = mesh(n);
					const logs = m.docs.map((d) => new LogDoc(d));
					// Timers by hand: each recovery's scheduled asks, run when the test says.
					const timers: (() => void)[] = [];
					const recoveries = m.docs.map(
						(doc, me) =>
							new PendingRecovery(
								doc,
								() => {
									// Ask every other peer; each answers with what the state vector lacks.
									const sv = readSyncStep1(syncStep1Message(doc))!;
									for (let other = 0; other < n; other++) if (other !== me) Y.applyUpdate(doc, Y.encodeStateAsUpdate(m.docs[other], sv), NET);
								},
								{ delayMs: 1, maxAsks: 50, schedule: (run) => timers.push(run), cancel: () => {} }
							)
					);
					let k = 0;
					const deliver = (lossy: boolean) => {
						while (m.queue.length > 0) {
							const [msg] = m.queue.splice(order[k % order.length] % m.queue.length, 1);
							const drop = lossy && lost[k % lost.length];
							k++;
							if (!drop) Y.applyUpdate(m.docs[msg.to], msg.update, NET);
						}
					};
					writes.forEach((w, i) => {
						for (let c = 0; c < w.count; c++) logs[w.writer % n].append({ body: `w${i}.${c}`, sig: `p${w.writer % n}` });
						if (i % 3 === 2) deliver(true);
					});
					deliver(true);
					// Everyone writes once more, delivered in full but out of order.
					logs.forEach((log, i) => log.append({ body: `last ${i}`, sig: `p${i}` }));
					deliver(false);
					const before = m.docs.map((d) => JSON.stringify(new LogDoc(d).entries()));
					if (new Set(before).size > 1) wouldDiffer++;
					for (let round = 0; round < 100 && timers.length > 0; round++) timers.shift()!();
					const after = m.docs.map((d) => JSON.stringify(new LogDoc(d).entries()));
					for (const doc of m.docs) expect(hasPendingUpdates(doc)).toBe(false);
					expect(new Set(after).size).toBe(1);
					recovered += recoveries.reduce((a, r) => a + r.asked, 0);
					for (const r of recoveries) r.stop();
				}
			),
			{ numRuns: 150, seed: 1717 }
		);
		expect(wouldDiffer).toBeGreaterThan(20);
		expect(recovered).toBeGreaterThan(20);
	});
});
