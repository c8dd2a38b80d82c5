/**
 * Issue 11, our signed game file: written from a log document, read back with every entry's id and
 * signature checked, and merged into a document of the same game. In-memory documents only.
 */
import { describe, expect, it } from 'vitest';
import { gameFileText, mergeGameFile, readGameFile, writeGameFile } from '../../../src/lib/sync/game-file';
import { LogDoc } from '../../../src/lib/sync/log-doc';
import { generateIdentity } from '../../../src/lib/sync/identity';
import { createTestGame, order, play, playMoves, wires, type TestGame } from './harness';

async function playedDoc(t: TestGame, moves: number): Promise<LogDoc> {
	const doc = new LogDoc();
	const base = wires(t.setup);
	doc.append(...(base as { body: string; sig: string }[]));
	const added = await playMoves(t, base, moves);
	doc.append(...added.map((e) => e.wire));
	return doc;
}

describe('game file: export then import on a fresh document gives the same game', () => {
	it('same head and state hash, every signature kept', async () => {
		const t = await createTestGame(3, { target: 30, keySeed: 'file-1' });
		const doc = await playedDoc(t, 6);
		const before = await order(t.game, doc.entries());
		const text = gameFileText(writeGameFile(t.game, doc.entries()));

		const read = await readGameFile(text);
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.rejected).toEqual([]);
		expect(read.entries.length).toBe(doc.entries().length);
		const fresh = new LogDoc();
		const merged = mergeGameFile(fresh, t.game, read);
		expect(merged).toMatchObject({ ok: true, added: doc.entries().length, known: 0 });
		const after = await order(t.game, fresh.entries());
		expect(after.stage).toBe('playing');
		expect(after.head).toBe(before.head);
		expect(after.stateHash).toBe(before.stateHash);
		expect(after.chain.length).toBe(before.chain.length);
		// Merging the same file again adds nothing.
		expect(mergeGameFile(fresh, t.game, read)).toMatchObject({ ok: true, added: 0 });
	});
});

describe('game file: merging two diverged copies of one game converges', () => {
	it('each device merges the other one\'s file and both reach the same head and hash', async () => {
		const t = await createTestGame(2, { target: 40, keySeed: 'file-2' });
		const common = await playMoves(t, wires(t.setup), 2);
		const base = [...wires(t.setup), ...common.map((e) => e.wire)] as { body: string; sig: string }[];
		const a = new LogDoc();
		const b = new LogDoc();
		a.append(...base);
		b.append(...base);
		// Offline on both devices: A plays three moves, B plays two from the same head (a rival branch).
		a.append(...(await playMoves(t, base, 3, 1)).map((e) => e.wire));
		b.append(...(await playMoves(t, base, 2, 2)).map((e) => e.wire));
		const [ra, rb] = [await order(t.game, a.entries()), await order(t.game, b.entries())];
		expect(ra.head).not.toBe(rb.head);

		const fileA = await readGameFile(gameFileText(writeGameFile(t.game, a.entries())));
		const fileB = await readGameFile(gameFileText(writeGameFile(t.game, b.entries())));
		expect(mergeGameFile(a, t.game, fileB).ok).toBe(true);
		expect(mergeGameFile(b, t.game, fileA).ok).toBe(true);
		const [ma, mb] = [await order(t.game, a.entries()), await order(t.game, b.entries())];
		expect(ma.head).toBe(mb.head);
		expect(ma.stateHash).toBe(mb.stateHash);
		expect(ma.refused.map((r) => r.id)).toEqual(mb.refused.map((r) => r.id));
	});
});

describe('game file: bad files are refused with a clear message and change nothing', () => {
	it('a truncated file', async () => {
		const t = await createTestGame(2, { keySeed: 'file-3' });
		const doc = await playedDoc(t, 2);
		const text = gameFileText(writeGameFile(t.game, doc.entries()));
		const read = await readGameFile(text.slice(0, Math.floor(text.length / 2)));
		expect(read).toMatchObject({ ok: false, code: 'truncated' });
		if (!read.ok) expect(read.message).toMatch(/truncated/);
		const count = doc.entries().length;
		expect(mergeGameFile(doc, t.game, read).ok).toBe(false);
		expect(doc.entries().length).toBe(count);
	});

	it('a file of another game is refused by the merge', async () => {
		const t = await createTestGame(2, { keySeed: 'file-4' });
		const other = await createTestGame(2, { keySeed: 'file-4-other' });
		const doc = await playedDoc(t, 2);
		const foreign = await readGameFile(gameFileText(writeGameFile(other.game, wires(other.setup))));
		expect(foreign.ok).toBe(true);
		const count = doc.entries().length;
		const merged = mergeGameFile(doc, t.game, foreign);
		expect(merged).toMatchObject({ ok: false, code: 'wrong_game' });
		if (!merged.ok) expect(merged.message).toMatch(/another game/);
		expect(doc.entries().length).toBe(count);
	});

	it('a file of another app or version', async () => {
		expect(await readGameFile(JSON.stringify({ title: '1822', actions: [] }))).toMatchObject({ ok: false, code: 'not_a_game_file' });
		const t = await createTestGame(2, { keySeed: 'file-5' });
		const file = { ...writeGameFile(t.game, wires(t.setup)), version: 2 };
		expect(await readGameFile(JSON.stringify(file))).toMatchObject({ ok: false, code: 'unsupported_version' });
	});

	it('forged entries are reported one by one; the valid ones are kept', async () => {
		const t = await createTestGame(2, { target: 30, keySeed: 'file-6' });
		const doc = await playedDoc(t, 4);
		const file = writeGameFile(t.game, doc.entries());
		const plays = file.entries.filter((w) => w.body.includes('"type":"add"'));
		const victim = plays[0];
		// A body altered after signing (its id changes, the signature no longer fits), and a
		// signature copied from another entry.
		const altered = { body: victim.body.replace('"n":1', '"n":3'), sig: victim.sig };
		const resigned = { body: plays[1].body, sig: plays[2].sig };
		const forged = { ...file, entries: [...file.entries, altered, resigned, { body: 'nonsense', sig: 'x' }] };
		const read = await readGameFile(JSON.stringify(forged));
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.rejected.length).toBe(3);
		expect(read.rejected.map((r) => r.index).sort((a, b) => a - b)).toEqual([file.entries.length, file.entries.length + 1, file.entries.length + 2]);
		expect(read.rejected.filter((r) => /signature/.test(r.reason)).length).toBe(2);
		expect(read.entries.length).toBe(file.entries.length);
	});

	it("a file whose genesis was altered is refused whole", async () => {
		const t = await createTestGame(2, { keySeed: 'file-7' });
		const file = writeGameFile(t.game, wires(t.setup));
		const g = t.genesis.wire;
		const other = await createTestGame(2, { keySeed: 'file-7-b' });
		const entries = file.entries.map((w) => (w.body === g.body ? { body: g.body, sig: other.genesis.wire.sig } : w));
		const read = await readGameFile(JSON.stringify({ ...file, entries }));
		expect(read).toMatchObject({ ok: false, code: 'no_genesis' });
	});
});

describe('game file: moves signed by a device added to a seat (issue 17a)', () => {
	it("are kept, like the add itself; an entry signed by a key the seat never had is left out", async () => {
		const t = await createTestGame(2, { target: 30 });
		const phone = await generateIdentity();
		const stranger = await generateIdentity();
		const start = await order(t.game, wires(t.setup));
		const seat = start.expected[0];
		const added = await play(start.head!, { type: 'device_add', key: { ...phone.publicKey }, name: 'phone' }, t.seats[seat]);
		const move = await play(added.id, { type: 'add', entity: seat, n: 1 }, { ...t.seats[seat], identity: phone });
		const forged = await play(added.id, { type: 'add', entity: seat, n: 2 }, { ...t.seats[seat], identity: stranger });
		const doc = new LogDoc();
		doc.append(...(wires(t.setup) as { body: string; sig: string }[]), added.wire, move.wire, forged.wire);
		const read = await readGameFile(gameFileText(writeGameFile(t.game, doc.entries())));
		if (!read.ok) throw new Error(read.message);
		expect(read.entries).toContainEqual(added.wire);
		expect(read.entries).toContainEqual(move.wire);
		expect(read.rejected).toEqual([expect.objectContaining({ id: forged.id })]);
		const fresh = new LogDoc();
		mergeGameFile(fresh, t.game, read);
		expect((await order(t.game, fresh.entries())).head).toBe(move.id);
	});
});
