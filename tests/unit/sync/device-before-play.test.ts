/**
 * Adding a device before play begins (issue 17a, docs/sync-ordering.md "Devices"): what the
 * ordering does with a `device_add` written on the start while the seats reveal, and why its key
 * still cannot sign the seat's seed entries.
 */
import { describe, expect, it } from 'vitest';
import { makeRecommit, makeRestart } from '../../../src/lib/sync/author';
import { generateIdentity, keyId } from '../../../src/lib/sync/identity';
import { makeNonce } from '../../../src/lib/sync/seed';
import { add, TOY_RULES } from './toy-game';
import { createTestGame, firstSeat, order, play, wires } from './harness';

describe('a device added on the start, before every seat has revealed', () => {
	it('is the first entry of play once the reveals are in: the seat holds the new key, and a first move written on the start wins over it', async () => {
		const t = await createTestGame(2, { target: 100 });
		const phone = await generateIdentity();
		const addPhone = await play(t.start.id, { type: 'device_add', key: { ...phone.publicKey }, name: 'phone' }, t.seats[0]);
		const waiting = await order(t.game, wires([t.genesis, ...t.claims, t.start, t.reveals[0], addPhone]));
		expect(waiting.stage).toBe('revealing');
		expect(waiting.devices).toBeNull();

		const r = await order(t.game, [...wires(t.setup), addPhone.wire]);
		expect(r.stage).toBe('playing');
		expect(r.head).toBe(addPhone.id);
		expect(r.devices?.held[0]?.map((d) => d.id)).toContain(keyId(phone.publicKey));

		// The first mover moves on the start too: a turn's move displaces the any-time add.
		const mover = firstSeat(await order(t.game, wires(t.setup)));
		const move = await play(t.start.id, add(mover, 1), t.seats[mover]);
		const r2 = await order(t.game, [...wires(t.setup), addPhone.wire, move.wire]);
		expect(r2.head).toBe(move.id);
		expect(r2.refused).toContainEqual(expect.objectContaining({ id: addPhone.id, code: 'superseded' }));
	});

	it("does not sign the seat's seed entries: a fresh commitment signed by the added key is refused", async () => {
		const t = await createTestGame(2, { target: 100 });
		const phone = await generateIdentity();
		const addPhone = await play(t.start.id, { type: 'device_add', key: { ...phone.publicKey }, name: 'phone' }, t.seats[1]);
		// Seat 1 never reveals; seat 0 asks for a restart; seat 1's phone tries to commit for it.
		const restart = await makeRestart(TOY_RULES, t.start.id, [t.reveals[0].id], t.seats[0]);
		const fromPhone = await makeRecommit(TOY_RULES, restart.id, makeNonce(), { ...t.seats[1], identity: phone });
		const r = await order(t.game, wires([t.genesis, ...t.claims, t.start, t.reveals[0], addPhone, restart, fromPhone]));
		expect(r.stage).toBe('revealing');
		expect(r.seedRound?.restart).toMatchObject({ committed: [], awaiting: { seat: 1, step: 'commit' } });
		expect(r.refused).toContainEqual(expect.objectContaining({ id: fromPhone.id, code: 'bad_signature' }));
	});
});
