import { describe, expect, it } from 'vitest';
import { consentAction, signBody, undoAction } from '../../../src/lib/sync/author';
import { TOY_RULES } from './toy-game';
import { createTestGame, order, play, playMoves, wires, type TestGame } from './harness';

/** A two-seat game with `count` moves of 1 played in turn. */
async function withMoves(count: number, seats = 2) {
	const t = await createTestGame(seats);
	const moves = await playMoves(t, wires(t.setup), count);
	const base = [...wires(t.setup), ...wires(moves)];
	const before = await order(t.game, base);
	return { t, moves, base, before };
}

function seatOf(t: TestGame, id: string, r: Awaited<ReturnType<typeof order>>): number {
	const e = r.chain.find((x) => x.id === id);
	if (!e || e.body.seat === null) throw new Error('not on chain');
	void t;
	return e.body.seat;
}

describe('undo and consent', () => {
	it("undoing only one's own action needs no consent", async () => {
		const { t, moves, base, before } = await withMoves(3);
		const last = seatOf(t, moves[2].id, before);
		const undo = await play(before.head!, undoAction(), t.seats[last]);
		const r = await order(t.game, [...base, undo.wire]);
		expect(r.head).toBe(undo.id);
		expect(r.state?.total).toBe(2);
		expect(r.state?.moves).toBe(2);
		expect(r.expected).toEqual([last]);
		expect(r.undos).toEqual([{ request: undo.id, seat: last, takesBack: [moves[2].id], waiting: [], status: 'undone' }]);
	});

	it("taking back another seat's action waits for that seat's consent and changes nothing meanwhile", async () => {
		const { t, moves, base, before } = await withMoves(3);
		const victim = seatOf(t, moves[2].id, before);
		const asker = 1 - victim;
		const undo = await play(before.head!, undoAction(), t.seats[asker]);
		const r = await order(t.game, [...base, undo.wire]);
		expect(r.stateHash).toBe(before.stateHash);
		expect(r.pendingUndo).toEqual({ request: undo.id, seat: asker, takesBack: [moves[2].id], waiting: [victim], status: 'pending' });
		// Nobody may play while the request is open.
		expect(r.expected).toEqual([]);
		const sneak = await play(undo.id, { type: 'add', entity: asker, n: 1 }, t.seats[asker]);
		const r2 = await order(t.game, [...base, undo.wire, sneak.wire]);
		expect(r2.refused).toContainEqual(expect.objectContaining({ id: sneak.id, code: 'undo_pending' }));
	});

	it("the affected seat's consent applies the undo", async () => {
		const { t, moves, base, before } = await withMoves(3);
		const victim = seatOf(t, moves[2].id, before);
		const undo = await play(before.head!, undoAction(), t.seats[1 - victim]);
		const yes = await play(undo.id, consentAction(undo.id, true), t.seats[victim]);
		const r = await order(t.game, [...base, undo.wire, yes.wire]);
		expect(r.head).toBe(yes.id);
		expect(r.state?.total).toBe(2);
		expect(r.expected).toEqual([victim]);
		expect(r.undos[0].status).toBe('undone');
	});

	it('a declined undo leaves the game as it was and is reported as refused', async () => {
		const { t, moves, base, before } = await withMoves(3);
		const victim = seatOf(t, moves[2].id, before);
		const undo = await play(before.head!, undoAction(), t.seats[1 - victim]);
		const no = await play(undo.id, consentAction(undo.id, false), t.seats[victim]);
		const r = await order(t.game, [...base, undo.wire, no.wire]);
		expect(r.stateHash).toBe(before.stateHash);
		expect(r.expected).toEqual(before.expected);
		expect(r.undos[0].status).toBe('declined');
		expect(r.refused).toContainEqual(expect.objectContaining({ id: undo.id, code: 'undo_declined', seat: 1 - victim }));
	});

	it('undo without consent is refused where consent is needed: a consent signed for the victim by the asker', async () => {
		const { t, moves, base, before } = await withMoves(3);
		const victim = seatOf(t, moves[2].id, before);
		const asker = 1 - victim;
		const undo = await play(before.head!, undoAction(), t.seats[asker]);
		const body = { v: 1, game: t.game, parent: undo.id, seat: victim, action: consentAction(undo.id, true), rules: TOY_RULES };
		const forged = await signBody(body, t.seats[asker].identity);
		const selfConsent = await play(undo.id, consentAction(undo.id, true), t.seats[asker]);
		const r = await order(t.game, [...base, undo.wire, forged.wire, selfConsent.wire]);
		expect(r.stateHash).toBe(before.stateHash);
		expect(r.pendingUndo?.waiting).toEqual([victim]);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: forged.id, code: 'bad_signature' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: selfConsent.id, code: 'consent_unexpected' }));
	});

	it('undo to an action id takes back everything after it, and needs consent from every other author', async () => {
		const { t, moves, base, before } = await withMoves(5, 3);
		const asker = seatOf(t, moves[4].id, before);
		const undo = await play(before.head!, undoAction(moves[1].id), t.seats[asker]);
		const r = await order(t.game, [...base, undo.wire]);
		const others = [2, 3].map((i) => seatOf(t, moves[i].id, before)).sort();
		expect(r.pendingUndo?.takesBack).toEqual([moves[4].id, moves[3].id, moves[2].id]);
		expect(r.pendingUndo?.waiting).toEqual(others);
		const c1 = await play(undo.id, consentAction(undo.id, true), t.seats[others[0]]);
		const mid = await order(t.game, [...base, undo.wire, c1.wire]);
		expect(mid.pendingUndo?.waiting).toEqual([others[1]]);
		expect(mid.state?.total).toBe(5);
		const c2 = await play(c1.id, consentAction(undo.id, true), t.seats[others[1]]);
		const done = await order(t.game, [...base, undo.wire, c1.wire, c2.wire]);
		expect(done.state?.total).toBe(2);
		expect(done.pendingUndo).toBeNull();
	});

	it('the asker may withdraw an open request', async () => {
		const { t, moves, base, before } = await withMoves(2);
		const victim = seatOf(t, moves[1].id, before);
		const undo = await play(before.head!, undoAction(), t.seats[1 - victim]);
		const withdraw = await play(undo.id, consentAction(undo.id, false), t.seats[1 - victim]);
		const r = await order(t.game, [...base, undo.wire, withdraw.wire]);
		expect(r.undos[0].status).toBe('withdrawn');
		expect(r.expected).toEqual(before.expected);
	});

	it('an undo with nothing to take back is refused', async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const undo = await play(r0.head!, undoAction(), t.seats[0]);
		const r = await order(t.game, [...wires(t.setup), undo.wire]);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: undo.id, code: 'nothing_to_undo' }));
	});

	it('states rebuilt from sparse checkpoints after a long undo equal kept states', async () => {
		const { t, moves, base, before } = await withMoves(11);
		const asker = seatOf(t, moves[10].id, before);
		const victim = 1 - asker;
		const undo = await play(before.head!, undoAction(moves[2].id), t.seats[asker]);
		const yes = await play(undo.id, consentAction(undo.id, true), t.seats[victim]);
		const items = [...base, undo.wire, yes.wire];
		const sparse = await order(t.game, items, 4);
		const full = await order(t.game, items, 1);
		expect(sparse.state?.total).toBe(3);
		expect(sparse.stateHash).toBe(full.stateHash);
		const next = await play(yes.id, { type: 'add', entity: sparse.expected[0], n: 2 }, t.seats[sparse.expected[0]]);
		const after = await order(t.game, [...items, next.wire], 4);
		expect(after.state?.total).toBe(5);
	});
});
