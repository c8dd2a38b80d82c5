/**
 * Issue 17, speed: the orderer keeps what each call found and re-decides only the heads whose
 * children changed. Whatever arrives, in whatever batches, a long-lived orderer must give exactly
 * what a fresh one gives on the same items: chain, state, refusals (codes and messages), waiting
 * entries, forks, undo statuses and the final entry. Entries arrive out of order (children before
 * parents), with broken copies, forks under old heads, undo requests and answers, and more entries
 * per seat on one head than count, and devices added to seats and removed (issue 17a), with moves
 * signed by them.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consentAction, undoAction, type SignedEntry } from '../../../src/lib/sync/author';
import { LogOrderer, MAX_CHILDREN_PER_SEAT, type OrderResult } from '../../../src/lib/sync/order';
import { add, toyGame, type ToyState } from './toy-game';
import { createTestGame, order, play, wires } from './harness';
import { seededIdentity } from './seeded-keys';
import { keyId } from '../../../src/lib/sync/identity';

function summary(r: OrderResult<ToyState>) {
	return {
		stage: r.stage,
		chain: r.chain.map((e) => e.id),
		head: r.head,
		hash: r.stateHash,
		expected: r.expected,
		refused: r.refused,
		waiting: r.waiting,
		forks: r.forks,
		undos: r.undos,
		pendingUndo: r.pendingUndo,
		final: r.final,
		devices: r.devices
	};
}

type Step =
	| { t: 'move'; n: number; byPhone: boolean }
	| { t: 'device'; seat: number; remove: boolean }
	| { t: 'fork'; back: number; n: number; seat: number }
	| { t: 'undo'; back: number; seat: number }
	| { t: 'answer'; accept: boolean }
	| { t: 'broken'; pick: number }
	| { t: 'spam'; back: number; seat: number; k: number };

const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 5, arbitrary: fc.record({ t: fc.constant('move' as const), n: fc.integer({ min: 1, max: 3 }), byPhone: fc.boolean() }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('device' as const), seat: fc.nat(2), remove: fc.boolean() }) },
	{ weight: 2, arbitrary: fc.record({ t: fc.constant('fork' as const), back: fc.nat(8), n: fc.integer({ min: 1, max: 3 }), seat: fc.nat(2) }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('undo' as const), back: fc.nat(4), seat: fc.nat(2) }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('answer' as const), accept: fc.boolean() }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('broken' as const), pick: fc.nat(50) }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('spam' as const), back: fc.nat(8), seat: fc.nat(2), k: fc.integer({ min: 1, max: MAX_CHILDREN_PER_SEAT + 2 }) }) }
);

describe('a long-lived orderer gives what a fresh one gives', () => {
	it('after every batch, whatever the order of arrival', async () => {
		const t = await createTestGame(3, { target: 60, keySeed: 'incremental' });
		const phones = await Promise.all([0, 1, 2].map((s) => seededIdentity(`incremental/phone-${s}`)));
		let compared = 0;
		let rewalks = 0;
		let byPhone = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), fc.array(fc.nat(9), { minLength: 1, maxLength: 30 }), async (steps, cuts) => {
				// The entries, written by honest play on the full log and by hostile seats under old heads.
				const written: unknown[] = [];
				let items: unknown[] = wires(t.setup);
				for (const s of steps) {
					const r = await order(t.game, items);
					if (!r.head || r.stage !== 'playing') break;
					const plays = r.chain.slice(2);
					let e: SignedEntry | { body: string; sig: string } | null = null;
					if (s.t === 'move' && r.expected.length > 0 && !r.pendingUndo) {
						const seat = r.expected[0];
						const phoneHolds = r.devices?.held[seat].some((d) => d.id === keyId(phones[seat].publicKey)) === true;
						if (s.byPhone && phoneHolds) byPhone++;
						e = await play(r.head, add(seat, s.n), s.byPhone && phoneHolds ? { ...t.seats[seat], identity: phones[seat] } : t.seats[seat]);
					} else if (s.t === 'device') {
						const key = { ...phones[s.seat].publicKey };
						e = await play(r.head, s.remove ? { type: 'device_remove', key } : { type: 'device_add', key, name: 'phone' }, t.seats[s.seat]);
					}
					else if (s.t === 'fork' && plays.length > 0) {
						const at = plays[Math.max(0, plays.length - 1 - s.back)];
						e = await play(at.body.parent!, add(s.seat, s.n), t.seats[s.seat]);
					} else if (s.t === 'undo') {
						const target = plays[plays.length - 1 - s.back];
						e = await play(r.head, target ? undoAction(target.id) : undoAction(), t.seats[s.seat]);
					} else if (s.t === 'answer' && r.pendingUndo && r.pendingUndo.waiting.length > 0) {
						const seat = r.pendingUndo.waiting[0];
						e = await play(r.head, consentAction(r.pendingUndo.request, s.accept), t.seats[seat]);
					} else if (s.t === 'broken' && written.length > 0) {
						const w = written[s.pick % written.length] as { body: string; sig: string };
						e = { body: w.body, sig: w.sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
					} else if (s.t === 'spam' && plays.length > 0) {
						const at = plays[Math.max(0, plays.length - 1 - s.back)];
						for (let k = 0; k < s.k; k++) {
							const x = await play(at.id, undoAction(t.start.id, k + 1), t.seats[s.seat]);
							written.push(x.wire);
							items = [...items, x.wire];
						}
					}
					if (!e) continue;
					const wire = 'wire' in e ? e.wire : e;
					written.push(wire);
					items = [...items, wire];
				}
				// Delivery: the setup first, then the written entries in a scrambled order and in batches.
				const scrambled = written.map((w, i) => ({ w, k: (i * 7919 + cuts[i % cuts.length] * 104729) % 1009 })).sort((a, b) => a.k - b.k).map((x) => x.w);
				const long = new LogOrderer(toyGame, t.game, 2);
				let delivered: unknown[] = [...wires(t.setup)];
				await long.order(delivered);
				let i = 0;
				let c = 0;
				while (i < scrambled.length) {
					const size = 1 + (cuts[c++ % cuts.length] % 4);
					delivered = [...delivered, ...scrambled.slice(i, i + size)];
					i += size;
					const got = await long.order(delivered);
					const fresh = await new LogOrderer(toyGame, t.game, 2).order(delivered);
					expect(summary(got)).toEqual(summary(fresh));
					compared++;
					if (got.chain.length > 3) rewalks++;
				}
			}),
			{ numRuns: 40, seed: 1717 }
		);
		expect(compared).toBeGreaterThan(200);
		expect(rewalks).toBeGreaterThan(50);
		expect(byPhone).toBeGreaterThan(5);
	}, 300_000);
});
