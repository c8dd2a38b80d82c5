/**
 * Issue 17, property: random honest play on five devices (seats 0 and 1 each on two of them, the
 * second device of each holding the seat by a `device_add`, issue 17a), with offline stretches (a
 * device sees only what was delivered to it), undo requests racing moves, and a hostile seat 2 that
 * forks under its own old heads, hangs undos under old heads, and forges device entries (an add
 * for an honest seat signed by its own key, its own seat given an honest device's key, a removal
 * of an honest device). After every entry reaches every device, all devices order the same log to
 * the same head, and no honest move that another honest seat built on is missing from the chain.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { undoAction, type SignedEntry } from '../../../src/lib/sync/author';
import type { SeatSecret } from '../../../src/lib/sync/key-store';
import { add } from './toy-game';
import { createTestGame, order, play, wires } from './harness';
import { seededIdentity } from './seeded-keys';

/** The seat each device holds; devices 1 and 3 sign with keys added to their seats; device 4 is the hostile seat 2. */
const DEVICES = [0, 0, 1, 1, 2] as const;
const HOSTILE = 4;

type Step =
	| { kind: 'deliver'; device: number; share: number }
	| { kind: 'act'; device: number; n: number; request: boolean; online: boolean }
	| { kind: 'attack'; at: number; n: number; undo: boolean; forge: number };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({ kind: fc.constant('deliver' as const), device: fc.nat(4), share: fc.integer({ min: 1, max: 4 }) }),
	fc.record({
		kind: fc.constant('act' as const),
		device: fc.nat(4),
		n: fc.integer({ min: 1, max: 3 }),
		request: fc.boolean(),
		online: fc.boolean()
	}),
	fc.record({ kind: fc.constant('attack' as const), at: fc.nat(30), n: fc.integer({ min: 1, max: 3 }), undo: fc.boolean(), forge: fc.nat(5) })
);

describe('convergence and finality under a hostile seat', () => {
	it('every device ends on the same head, and honest moves built on by another seat are kept', async () => {
		const t = await createTestGame(3, { target: 1000, keySeed: 'prop17' });
		// The second devices of seats 0 and 1, added at the start of play (everyone has these entries).
		const phones = [await seededIdentity('prop17/phone-0'), await seededIdentity('prop17/phone-1')];
		const add0 = await play(t.start.id, { type: 'device_add', key: { ...phones[0].publicKey }, name: 'phone' }, t.seats[0]);
		const add1 = await play(add0.id, { type: 'device_add', key: { ...phones[1].publicKey }, name: 'phone' }, t.seats[1]);
		const signers: SeatSecret[] = [t.seats[0], { ...t.seats[0], identity: phones[0] }, t.seats[1], { ...t.seats[1], identity: phones[1] }, t.seats[2]];
		let checked = 0;
		let attacks = 0;
		let forged = 0;
		let fromPhones = 0;
		await fc.assert(
			fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 60 }), async (steps) => {
				const all: SignedEntry[] = [];
				const parentOf = new Map<string, string>();
				const seatOf = new Map<string, number>();
				const honest = new Set<string>();
				const seen: Set<string>[] = DEVICES.map(() => new Set());
				const setup = [...wires(t.setup), add0.wire, add1.wire];
				const viewOf = async (d: number) => order(t.game, [...setup, ...all.filter((e) => seen[d].has(e.id)).map((e) => e.wire)]);
				const write = (e: SignedEntry, d: number, seat: number, parent: string, isHonest: boolean) => {
					all.push(e);
					seen[d].add(e.id);
					parentOf.set(e.id, parent);
					seatOf.set(e.id, seat);
					if (isHonest) honest.add(e.id);
				};
				for (const s of steps) {
					if (s.kind === 'deliver') {
						// Everything written so far, every `share`-th entry: an offline stretch delivers little.
						all.forEach((e, i) => {
							if (i % s.share === 0) seen[s.device].add(e.id);
						});
					} else if (s.kind === 'act') {
						// Online: the device has everything written so far before it acts.
						if (s.online) for (const e of all) seen[s.device].add(e.id);
						const seat = DEVICES[s.device];
						const v = await viewOf(s.device);
						if (s.device === HOSTILE) {
							// The hostile seat also moves on its own turns, or play would stall there.
							if (v.head && v.expected.includes(2)) write(await play(v.head, add(2, s.n), t.seats[2]), HOSTILE, 2, v.head, false);
							continue;
						}
						if (v.pendingUndo || !v.head) continue;
						const by = signers[s.device];
						if (s.request && v.chain.length > 5) {
							const e = await play(v.head, undoAction(v.chain[4].id), by);
							write(e, s.device, seat, v.head, true);
						} else if (v.expected.includes(seat)) {
							const e = await play(v.head, add(seat, s.n), by);
							write(e, s.device, seat, v.head, true);
							if (s.device === 1 || s.device === 3) fromPhones++;
						}
					} else {
						// The hostile seat: its own moves when the turn is its, forks and undos under old heads.
						const v = await viewOf(HOSTILE);
						if (!v.head) continue;
						if (v.expected.includes(2)) write(await play(v.head, add(2, s.n), t.seats[2]), HOSTILE, 2, v.head, false);
						// Forged device entries on the head: none may change whose moves count.
						const victim = s.forge % 2;
						const forgery =
							s.forge < 2
								? await play(v.head, { type: 'device_add', key: { ...t.seats[2].identity.publicKey }, name: 'x' }, { ...t.seats[2], seat: victim })
								: s.forge < 4
									? await play(v.head, { type: 'device_add', key: { ...phones[victim].publicKey }, name: 'x' }, t.seats[2])
									: await play(v.head, { type: 'device_remove', key: { ...phones[victim].publicKey } }, { ...t.seats[2], seat: victim });
						write(forgery, HOSTILE, 2, v.head, false);
						forged++;
						const mine = v.chain.filter((e) => e.body.seat === 2);
						const old = mine[s.at % Math.max(1, mine.length)];
						if (old?.body.parent) {
							const e = s.undo ? await play(old.body.parent, undoAction(), t.seats[2]) : await play(old.body.parent, add(2, s.n), t.seats[2]);
							write(e, HOSTILE, 2, old.body.parent, false);
							attacks++;
						}
					}
				}
				// Heal: every device gets everything, in a different order.
				const finals = [];
				for (let d = 0; d < DEVICES.length; d++) {
					const items = [...setup, ...all.map((e) => e.wire)];
					if (d % 2) items.reverse();
					finals.push(await order(t.game, items));
				}
				for (const f of finals) {
					expect(f.head).toBe(finals[0].head);
					expect(f.stateHash).toBe(finals[0].stateHash);
					// The forgeries moved no key: each honest seat is held by its claim's key and its phone.
					expect(f.devices?.held.map((l) => l.length)).toEqual([2, 2, 1]);
				}
				const onChain = new Set(finals[0].chain.map((e) => e.id));
				// An honest move that an honest seat other than its own built on (a descendant) is kept.
				for (const id of honest) {
					let builtOn = false;
					for (const other of honest) {
						if (seatOf.get(other) === seatOf.get(id)) continue;
						for (let p = parentOf.get(other); p; p = parentOf.get(p)) {
							if (p === id) {
								builtOn = true;
								break;
							}
						}
						if (builtOn) break;
					}
					if (builtOn) checked++;
					if (builtOn) expect(onChain.has(id), `honest entry ${id.slice(0, 8)} by seat ${seatOf.get(id)! + 1} was built on but dropped`).toBe(true);
				}
			}),
			{ numRuns: 25, seed: 1717 }
		);
		// Not vacuous: many built-on honest moves were checked, against many attacks.
		expect(checked).toBeGreaterThan(5);
		expect(attacks).toBeGreaterThan(10);
		expect(forged).toBeGreaterThan(10);
		expect(fromPhones).toBeGreaterThan(10);
	}, 120_000);
});
