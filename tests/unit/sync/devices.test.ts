/**
 * Issue 17a, one seat on several devices: a key holding a seat adds another device's key by a
 * signed entry, and removes a lost one the same way. Moves from any device holding the seat are
 * that seat's; a forged add or removal is refused with a reason, and the honest peers' head, state
 * hash and move count are those of the honest log alone.
 */
import { describe, expect, it } from 'vitest';
import { makeGenesis, type SignedEntry } from '../../../src/lib/sync/author';
import { generateIdentity, keyId, type Identity, type PublicKeyInfo } from '../../../src/lib/sync/identity';
import { MemoryKeyStore, type SeatSecret } from '../../../src/lib/sync/key-store';
import type { JsonObject } from '../../../src/lib/sync/entry';
import type { OrderResult } from '../../../src/lib/sync/order';
import { MAX_DEVICES_PER_SEAT } from '../../../src/lib/sync/devices';
import { GameSession } from '../../../src/lib/sync/session';
import { add, TOY_RULES, toyGame, type ToyState } from './toy-game';
import { createTestGame, firstSeat, order, play, wires, type TestGame } from './harness';
import { Network } from './network';
import { settle } from './two-devices';

const view = (r: OrderResult<ToyState>) => ({ head: r.head, hash: r.stateHash, moves: r.state?.moves });

/** The seat's entries written with another key (a second device, or an attacker's forgery). */
function signer(t: TestGame, seat: number, identity: Identity): SeatSecret {
	return { ...t.seats[seat], identity };
}

function addAction(key: PublicKeyInfo, name = 'phone', retire?: PublicKeyInfo): JsonObject {
	return retire ? { type: 'device_add', key: { ...key }, name, retire: { ...retire } } : { type: 'device_add', key: { ...key }, name };
}

function removeAction(key: PublicKeyInfo): JsonObject {
	return { type: 'device_remove', key: { ...key } };
}

/** Moves in turn order on the head; the seat given by `by` signs with its key there (default: the claim's). */
async function moves(t: TestGame, items: unknown[], count: number, by: (seat: number) => SeatSecret = (s) => t.seats[s]): Promise<SignedEntry[]> {
	const out: SignedEntry[] = [];
	for (let i = 0; i < count; i++) {
		const r = await order(t.game, [...items, ...wires(out)]);
		const seat = firstSeat(r);
		out.push(await play(r.head!, add(seat, 1), by(seat)));
	}
	return out;
}

describe('adding a device to a seat', () => {
	it("moves signed by the added device's key are the seat's, from the add on", async () => {
		const t = await createTestGame(3, { target: 1000 });
		const phone = await generateIdentity();
		const start = await order(t.game, wires(t.setup));
		const seat = firstSeat(start);
		const added = await play(start.head!, addAction(phone.publicKey), t.seats[seat]);
		const items = [...wires(t.setup), added.wire];
		// Every later move of that seat is signed by the phone.
		const played = await moves(t, items, 6, (s) => (s === seat ? signer(t, seat, phone) : t.seats[s]));
		const r = await order(t.game, [...items, ...wires(played)]);
		expect(r.state?.moves).toBe(6);
		expect(r.refused).toEqual([]);
		expect(r.chain.map((e) => e.id)).toEqual([t.game, t.start.id, added.id, ...played.map((e) => e.id)]);
		expect(r.devices?.held[seat].map((d) => d.id)).toEqual([keyId(t.seats[seat].identity.publicKey), keyId(phone.publicKey)]);
		expect(r.devices?.held[seat][1]).toMatchObject({ name: 'phone', since: added.id });
	});

	it('a move signed by the new key before its add (on an older head) is refused as not signed by the seat', async () => {
		const t = await createTestGame(2, { target: 1000 });
		const phone = await generateIdentity();
		const start = await order(t.game, wires(t.setup));
		const seat = firstSeat(start);
		const early = await play(start.head!, add(seat, 1), signer(t, seat, phone));
		const r = await order(t.game, [...wires(t.setup), early.wire]);
		expect(r.head).toBe(t.start.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: early.id, code: 'bad_signature' }));
	});
});

describe('forged adds and removals are refused and change nothing', () => {
	it('an add signed by a key that does not hold the seat, for itself or for another seat, is refused with a reason', async () => {
		const t = await createTestGame(3, { target: 1000 });
		const honest = await moves(t, wires(t.setup), 6);
		const items = [...wires(t.setup), ...wires(honest)];
		const ref = await order(t.game, items);
		const mallory = await generateIdentity();
		const head = ref.head!;
		const victim = ref.chain.at(-1)!.body.seat === 0 ? 1 : 0;
		const attacker = [0, 1, 2].find((s) => s !== victim)!;
		// Signed by the attacker's seat key but naming the victim's seat: the victim's keys do not verify it.
		const forged = await play(head, addAction(mallory.publicKey), { ...t.seats[attacker], seat: victim });
		// Signed by a stranger's key for the victim's seat.
		const stranger = await play(head, addAction(mallory.publicKey), signer(t, victim, mallory));
		// The attacker adds the victim's own key to its seat, to make the victim's entries look like its own.
		const stolen = await play(head, addAction(t.seats[victim].identity.publicKey), t.seats[attacker]);
		// A removal of the victim's key signed by the attacker.
		const removal = await play(head, removeAction(t.seats[victim].identity.publicKey), { ...t.seats[attacker], seat: victim });
		const r = await order(t.game, [...items, ...wires([forged, stranger, stolen, removal])]);
		expect(view(r)).toEqual(view(ref));
		expect(r.chain.map((e) => e.id)).toEqual(ref.chain.map((e) => e.id));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: forged.id, code: 'bad_signature', message: `not signed by a key holding seat ${victim + 1}` }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: stranger.id, code: 'bad_signature' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: stolen.id, code: 'device_key_taken' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: removal.id, code: 'bad_signature' }));
		expect(r.devices?.held.map((l) => l.length)).toEqual([1, 1, 1]);
	});

	it('a removed key signs nothing more for the seat, cannot be added again, and the last device cannot be removed', async () => {
		const t = await createTestGame(2, { target: 1000 });
		const phone = await generateIdentity();
		const start = await order(t.game, wires(t.setup));
		const seat = firstSeat(start);
		const other = 1 - seat;
		const added = await play(start.head!, addAction(phone.publicKey), t.seats[seat]);
		// The phone is lost: the laptop (the claim's key) removes it.
		const removed = await play(added.id, removeAction(phone.publicKey), t.seats[seat]);
		const items = [...wires(t.setup), added.wire, removed.wire];
		const honest = await moves(t, items, 4);
		const all = [...items, ...wires(honest)];
		const ref = await order(t.game, all);
		expect(ref.devices?.removed).toEqual([expect.objectContaining({ id: keyId(phone.publicKey), seat })]);
		// Whoever holds the phone now tries a move on the seat's turn, an add of a key of its own, and a re-add.
		const thiefHead = ref.chain.at(-1)!.body.seat === other ? ref.head! : ref.chain.at(-2)!.id;
		const thief = await generateIdentity();
		const move = await play(thiefHead, add(seat, 3), signer(t, seat, phone));
		const sneak = await play(ref.head!, addAction(thief.publicKey), signer(t, seat, phone));
		const again = await play(ref.head!, addAction(phone.publicKey), t.seats[seat]);
		// The seat's last key cannot be removed (the seat would be held by nobody).
		const last = await play(ref.head!, removeAction(t.seats[other].identity.publicKey), t.seats[other]);
		const r = await order(t.game, [...all, ...wires([move, sneak, again, last])]);
		expect(view(r)).toEqual(view(ref));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: move.id, code: 'bad_signature' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: sneak.id, code: 'bad_signature' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: again.id, code: 'device_key_removed' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: last.id, code: 'last_device' }));
	});

	it(`at most ${MAX_DEVICES_PER_SEAT} keys hold one seat`, async () => {
		const t = await createTestGame(2, { target: 1000 });
		const start = await order(t.game, wires(t.setup));
		const seat = firstSeat(start);
		const entries: SignedEntry[] = [];
		let head = start.head!;
		for (let i = 0; i < MAX_DEVICES_PER_SEAT; i++) {
			const e = await play(head, addAction((await generateIdentity()).publicKey, `d${i}`), t.seats[seat]);
			entries.push(e);
			head = e.id;
		}
		const r = await order(t.game, [...wires(t.setup), ...wires(entries)]);
		expect(r.devices?.held[seat]).toHaveLength(MAX_DEVICES_PER_SEAT);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: entries.at(-1)!.id, code: 'too_many_devices' }));
	});
});

describe('two devices of one seat moving on the same head', () => {
	it('is that seat\'s fork: the move another seat built on is kept, the offline one is refused, nobody else loses a move', async () => {
		const t = await createTestGame(3, { target: 1000 });
		const phone = await generateIdentity();
		const start = await order(t.game, wires(t.setup));
		const seat = firstSeat(start);
		const added = await play(start.head!, addAction(phone.publicKey), t.seats[seat]);
		const base = [...wires(t.setup), added.wire];
		// The seat's laptop moves online and the two other seats build on it.
		const laptop = await play(added.id, add(seat, 1), t.seats[seat]);
		const others = await moves(t, [...base, laptop.wire], 2);
		const honest = [...base, laptop.wire, ...wires(others)];
		const ref = await order(t.game, honest);
		// Meanwhile the phone, offline, moved on the same head; it comes back with a follow-up of its own.
		const late = await play(added.id, add(seat, 3), signer(t, seat, phone));
		const r = await order(t.game, [...honest, late.wire]);
		expect(view(r)).toEqual(view(ref));
		expect(r.chain.map((e) => e.id)).toContain(laptop.id);
		for (const o of others) expect(r.chain.map((e) => e.id)).toContain(o.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: late.id, code: 'superseded' }));
		expect(r.forks).toEqual([expect.objectContaining({ seat, parent: added.id, kept: laptop.id, ids: [laptop.id, late.id].sort() })]);
	});

	it("an add written at the same time as another seat's move never displaces the move", async () => {
		const t = await createTestGame(2, { target: 1000 });
		const played = await moves(t, wires(t.setup), 1);
		const items = [...wires(t.setup), ...wires(played)];
		const ref = await order(t.game, items);
		const mover = firstSeat(ref);
		const idle = 1 - mover;
		const move = await play(ref.head!, add(mover, 2), t.seats[mover]);
		const dev = await play(ref.head!, addAction((await generateIdentity()).publicKey), t.seats[idle]);
		const r = await order(t.game, [...items, move.wire, dev.wire]);
		expect(r.head).toBe(move.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: dev.id, code: 'superseded' }));
	});
});

describe('the one-time device offer between sessions', () => {
	async function table() {
		const net = new Network(4);
		const { genesis, creator } = await makeGenesis({ target: 1000 }, 2, TOY_RULES);
		const keys = net.peers.map(() => new MemoryKeyStore());
		await keys[0].putCreator(genesis.id, creator);
		net.peers[0].append(genesis.wire);
		const sessions = await Promise.all(
			net.peers.map((log, d) => GameSession.open({ game: genesis.id, adapter: toyGame, keys: keys[d], log, appVersion: '1', resume: null }))
		);
		await settle(net, sessions);
		await sessions[0].claim(0, 'Ann');
		await sessions[1].claim(1, 'Bob');
		await settle(net, sessions);
		await sessions[0].start();
		await settle(net, sessions);
		return { net, sessions };
	}

	it('the new device joins the seat and moves for it; the offer key is retired, so the same link used again gives nothing', async () => {
		const { net, sessions } = await table();
		const [laptop, bob, phone, thief] = sessions;
		const offered = await laptop.offerDevice(0, 'phone');
		expect(offered.ok).toBe(true);
		await settle(net, sessions);
		expect((await phone.acceptDeviceOffer(offered.offer!)).ok).toBe(true);
		await settle(net, sessions);
		expect(phone.deviceOfferStatus).toBe('joined');
		expect(phone.view?.mine).toEqual([0]);
		expect(laptop.view?.mine).toEqual([0]);
		expect(laptop.view?.devices?.held[0].map((d) => d.name)).toEqual(['', 'phone']);
		// The offer key itself is gone: only the claim's key and the phone's own key hold the seat.
		expect(laptop.view?.devices?.removed).toHaveLength(1);
		// Both devices move for Ann: the phone on her turn, then Bob, then the laptop.
		for (let i = 0; i < 3; i++) {
			const v = laptop.view!;
			const seat = v.expected[0];
			const device = seat === 1 ? bob : i === 0 ? phone : laptop;
			expect((await device.append(add(seat, 1), seat)).ok).toBe(true);
			await settle(net, sessions);
		}
		expect(bob.view?.state?.moves).toBe(3);
		expect(bob.view?.refused).toEqual([]);
		// A copy of the link opened later: the offer key holds nothing, so the copy joins no seat.
		const before = { head: bob.view?.head, hash: bob.view?.stateHash };
		const used = await thief.acceptDeviceOffer(offered.offer!);
		expect(used).toMatchObject({ ok: false, code: 'offer_used' });
		await settle(net, sessions);
		expect(thief.view?.mine).toEqual([]);
		expect({ head: bob.view?.head, hash: bob.view?.stateHash }).toEqual(before);
	});

	it('the laptop removes the phone: the phone no longer holds the seat and its moves are refused', async () => {
		const { net, sessions } = await table();
		const [laptop, bob, phone] = sessions;
		const offered = await laptop.offerDevice(0, 'phone');
		await settle(net, sessions);
		await phone.acceptDeviceOffer(offered.offer!);
		await settle(net, sessions);
		const phoneKey = laptop.view!.devices!.held[0].find((d) => d.name === 'phone')!;
		expect((await laptop.removeDevice(0, phoneKey.id)).ok).toBe(true);
		await settle(net, sessions);
		expect(phone.view?.mine).toEqual([]);
		expect(laptop.view?.mine).toEqual([0]);
		expect(bob.view?.devices?.held[0]).toHaveLength(1);
		expect((await phone.append(add(0, 1), 0)).ok).toBe(false);
	});

	it("an offer written at the same time as the other seat's move is written again on the new head, and the phone joins", async () => {
		const { net, sessions } = await table();
		const [laptop, bob, phone] = sessions;
		// Make it Bob's turn, then offer while Bob moves: both on one head, before either sees the other.
		if (laptop.view!.expected[0] === 0) {
			await laptop.append(add(0, 1), 0);
			await settle(net, sessions);
		}
		const head = bob.view!.head;
		const offered = await laptop.offerDevice(0, 'phone');
		expect((await bob.append(add(1, 1), 1)).ok).toBe(true);
		expect(laptop.view!.refused).toEqual([]);
		await settle(net, sessions);
		// Bob's move won the head; the offer's first entry lost it and was written again after it.
		expect(bob.view!.chain.map((e) => e.body.parent)).toContain(head);
		expect(bob.view!.refused).toContainEqual(expect.objectContaining({ code: 'superseded', seat: 0 }));
		expect(bob.view!.devices?.held[0].map((d) => d.name)).toEqual(['', 'phone']);
		await phone.acceptDeviceOffer(offered.offer!);
		await settle(net, sessions);
		expect(phone.view?.mine).toEqual([0]);
		expect(await laptop.acceptDeviceOffer(offered.offer!)).toMatchObject({ ok: false, code: 'already_yours' });
	});

	it('a malformed offer is refused with a reason and writes nothing', async () => {
		const { sessions } = await table();
		const before = sessions[2].view?.head;
		expect(await sessions[2].acceptDeviceOffer('0.Ed25519.not-a-key.nope')).toMatchObject({ ok: false, code: 'bad_offer' });
		expect(sessions[2].view?.head).toBe(before);
	});
});
