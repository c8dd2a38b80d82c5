import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeClaim, makeGenesis, makeReveal, makeStart, signBody } from '../../../src/lib/sync/author';
import { generateIdentity } from '../../../src/lib/sync/identity';
import { LogOrderer } from '../../../src/lib/sync/order';
import { add, TOY_RULES, toyGame } from './toy-game';
import { createTestGame, firstSeat, order, play, playMoves, wires } from './harness';

/** Independent oracle for the seed formula of seed.ts, on Node's own hash. */
function expectedSeed(game: string, nonces: string[]): number {
	const d = createHash('sha256').update(`rails-1822/seed/v1\n${JSON.stringify([game, ...nonces])}`, 'utf8').digest();
	return d.readUInt32BE(0) % 2 ** 31;
}

describe('genesis, seats and seed', () => {
	it('play begins once every seated player has revealed, with a seed mixing every contribution', async () => {
		const t = await createTestGame(3);
		const r = await order(t.game, wires(t.setup));
		expect(r.stage).toBe('playing');
		expect(r.seats?.map((s) => s.name)).toEqual(['P1', 'P2', 'P3']);
		const seed = expectedSeed(t.game, t.seats.map((s) => s.nonce));
		expect(r.seed).toBe(seed);
		// The toy game's first seat is seed mod seats.
		expect(r.expected).toEqual([seed % 3]);
	});

	it('play waits while a seat has not revealed', async () => {
		const t = await createTestGame(3);
		const r = await order(t.game, wires([t.genesis, ...t.claims, t.start, t.reveals[0], t.reveals[2]]));
		expect(r.stage).toBe('revealing');
		expect(r.revealed).toEqual([0, 2]);
		expect(r.state).toBeNull();
	});

	it('a reveal that does not match the committed contribution is refused', async () => {
		const t = await createTestGame(2);
		const liar = { ...t.seats[1], nonce: 'another-nonce-entirely-0123456789' };
		const forged = await makeReveal(TOY_RULES, t.start.id, liar);
		const r = await order(t.game, wires([t.genesis, ...t.claims, t.start, t.reveals[0], forged]));
		expect(r.stage).toBe('revealing');
		expect(r.refused).toContainEqual(expect.objectContaining({ id: forged.id, code: 'bad_reveal' }));
	});

	it('only the creator can start the game', async () => {
		const t = await createTestGame(2);
		const fake = await makeStart(t.game, TOY_RULES, t.claims.map((c) => c.id), await generateIdentity('Ed25519'));
		const r = await order(t.game, wires([t.genesis, ...t.claims, fake]));
		expect(r.stage).toBe('claiming');
		expect(r.refused).toContainEqual(expect.objectContaining({ id: fake.id, code: 'bad_signature' }));
	});

	it('claims the start entry did not fix are reported as not seated', async () => {
		const t = await createTestGame(2);
		const rival = await makeClaim(t.game, TOY_RULES, 1, 'Rival');
		const r = await order(t.game, [...wires(t.setup), rival.entry.wire]);
		expect(r.stage).toBe('playing');
		expect(r.refused).toContainEqual(expect.objectContaining({ id: rival.entry.id, code: 'not_seated' }));
	});

	it('seats with ECDSA P-256 keys and Ed25519 keys play at one table', async () => {
		const t = await createTestGame(3, { algs: ['ES256', 'Ed25519'] });
		expect(t.seats.map((s) => s.identity.publicKey.alg)).toEqual(['ES256', 'Ed25519', 'ES256']);
		const moves = await playMoves(t, wires(t.setup), 4);
		const r = await order(t.game, [...wires(t.setup), ...wires(moves)]);
		expect(r.chain.length).toBe(2 + 4);
		expect(r.state?.total).toBe(4);
	});
});

describe('order and conflicts', () => {
	it('replay follows the parent chain whatever the order of the array', async () => {
		const t = await createTestGame(3);
		const moves = await playMoves(t, wires(t.setup), 6);
		const all = [...wires(t.setup), ...wires(moves)];
		const reference = await order(t.game, all);
		expect(reference.chain.map((e) => e.id)).toEqual([t.game, t.start.id, ...moves.map((m) => m.id)]);
		await fc.assert(
			fc.asyncProperty(fc.shuffledSubarray(all, { minLength: all.length }), async (shuffled) => {
				const r = await order(t.game, shuffled);
				expect(r.head).toBe(reference.head);
				expect(r.stateHash).toBe(reference.stateHash);
			}),
			{ seed: 9, numRuns: 25 }
		);
	});

	it("a turn's move by the next seat beats the previous mover's own undo on the same head, whatever the ids (issue 17)", async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const mover = firstSeat(r0);
		const first = await play(r0.head!, add(mover, 1), t.seats[mover]);
		const r1 = await order(t.game, [...wires(t.setup), first.wire]);
		const other = firstSeat(r1);
		// Both are valid children of `first`: the other seat's move, and the first mover taking back its own move.
		const move = await play(first.id, add(other, 2), t.seats[other]);
		const undo = await play(first.id, { type: 'undo' }, t.seats[mover]);
		const r = await order(t.game, [...wires(t.setup), first.wire, undo.wire, move.wire]);
		expect(r.head).toBe(move.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: undo.id, code: 'superseded' }));
	});

	it("an action by a seat the engine does not expect is refused as not that seat's turn", async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const idle = 1 - firstSeat(r0);
		const early = await play(r0.head!, add(idle, 1), t.seats[idle]);
		const r = await order(t.game, [...wires(t.setup), early.wire]);
		expect(r.head).toBe(t.start.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: early.id, code: 'not_your_turn', seat: idle }));
	});

	it("the engine's refusal reaches the author with the engine's reason", async () => {
		const t = await createTestGame(2, { target: 2 });
		const r0 = await order(t.game, wires(t.setup));
		const seat = firstSeat(r0);
		const over = await play(r0.head!, add(seat, 3), t.seats[seat]);
		const r = await order(t.game, [...wires(t.setup), over.wire]);
		const refusal = r.refused.find((x) => x.id === over.id);
		expect(refusal?.code).toBe('engine_refused');
		expect(refusal?.message).toContain('overshoot');
	});

	it('an action for another seat signed with your own key (forged) is refused', async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const victim = firstSeat(r0);
		const thief = 1 - victim;
		const body = { v: 1, game: t.game, parent: r0.head, seat: victim, action: add(victim, 3), rules: TOY_RULES };
		const forged = await signBody(body, t.seats[thief].identity);
		const r = await order(t.game, [...wires(t.setup), forged.wire]);
		expect(r.head).toBe(t.start.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: forged.id, code: 'bad_signature' }));
	});

	it("another seat's action re-signed as your own is refused", async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const victim = firstSeat(r0);
		const thief = 1 - victim;
		const resigned = await play(r0.head!, add(victim, 3), t.seats[thief]);
		const r = await order(t.game, [...wires(t.setup), resigned.wire]);
		expect(r.head).toBe(t.start.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: resigned.id, code: 'not_your_turn' }));
	});

	it('a copy of an honest entry with a forged signature does not displace the honest copy', async () => {
		const t = await createTestGame(2);
		const [move] = await playMoves(t, wires(t.setup), 1);
		const badCopy = { body: move.wire.body, sig: move.wire.sig.slice(0, -4) + 'AAAA' };
		const r = await order(t.game, [...wires(t.setup), badCopy, move.wire]);
		expect(r.head).toBe(move.id);
	});

	it('an entry replayed from another game is refused as belonging to another game', async () => {
		const a = await createTestGame(2);
		const b = await createTestGame(2);
		const [foreign] = await playMoves(b, wires(b.setup), 1);
		const r = await order(a.game, [...wires(a.setup), foreign.wire, b.genesis.wire]);
		expect(r.head).toBe(a.start.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: foreign.id, code: 'wrong_game' }));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: b.game, code: 'wrong_game' }));
	});

	it('a mangled entry is ignored with a reason, and nothing else is lost', async () => {
		const t = await createTestGame(2);
		const moves = await playMoves(t, wires(t.setup), 3);
		const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(moves[1].wire.body)).reverse()));
		const mangled = [
			'not an entry',
			{ body: '{"v":1', sig: 'x' },
			{ body: moves[1].wire.body.replace('"v":1', '"v":2'), sig: moves[1].wire.sig },
			{ body: reordered, sig: moves[1].wire.sig },
			{ body: moves[2].wire.body, sig: 42 }
		];
		const clean = await order(t.game, [...wires(t.setup), ...wires(moves)]);
		const r = await order(t.game, [...mangled.slice(0, 3), ...wires(t.setup), ...wires(moves), ...mangled.slice(3)]);
		expect(r.head).toBe(clean.head);
		expect(r.stateHash).toBe(clean.stateHash);
		expect(r.refused.map((x) => x.code).sort()).toEqual(['malformed', 'malformed', 'malformed', 'malformed', 'not_canonical']);
		expect(r.refused.every((x) => x.message.length > 0)).toBe(true);
	});

	it('an entry written with another rules version is refused', async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const seat = firstSeat(r0);
		const body = { v: 1, game: t.game, parent: r0.head, seat, action: add(seat, 1), rules: 'toy-race-0' };
		const stale = await signBody(body, t.seats[seat].identity);
		const r = await order(t.game, [...wires(t.setup), stale.wire]);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: stale.id, code: 'rules_mismatch' }));
	});

	it('a peer whose engine has another rules version than the game flags itself', async () => {
		const t = await createTestGame(2);
		const newer = { ...toyGame, rules: 'toy-race-2' };
		const r = await new LogOrderer(newer, t.game).order(wires(t.setup));
		expect(r.rulesMismatch).toBe(true);
		expect((await order(t.game, wires(t.setup))).rulesMismatch).toBe(false);
	});

	it('two different signed children of one parent by one key are reported as a fork by that seat', async () => {
		const t = await createTestGame(2);
		const r0 = await order(t.game, wires(t.setup));
		const seat = firstSeat(r0);
		const a = await play(r0.head!, add(seat, 1), t.seats[seat]);
		const b = await play(r0.head!, add(seat, 2), t.seats[seat]);
		const r = await order(t.game, [...wires(t.setup), a.wire, b.wire]);
		expect(r.forks).toEqual([
			{ seat, key: `Ed25519:${t.seats[seat].identity.publicKey.pub}`, parent: t.start.id, ids: [a.id, b.id].sort(), kept: r.head }
		]);
		// Nobody built on either: the seat's own two moves, so the lower id (the author's choice alone) is kept.
		expect(r.head).toBe([a.id, b.id].sort()[0]);
	});

	it('one body signed twice with ECDSA (randomized signatures) is one entry, not a fork', async () => {
		const t = await createTestGame(2, { algs: ['ES256'] });
		const r0 = await order(t.game, wires(t.setup));
		const seat = firstSeat(r0);
		const a = await play(r0.head!, add(seat, 1), t.seats[seat]);
		const b = await play(r0.head!, add(seat, 1), t.seats[seat]);
		expect(a.id).toBe(b.id);
		expect(a.wire.sig).not.toBe(b.wire.sig);
		const r = await order(t.game, [...wires(t.setup), a.wire, b.wire]);
		expect(r.forks).toEqual([]);
		expect(r.head).toBe(a.id);
		expect(r.refused).toEqual([]);
	});

	it('an entry whose parent has not arrived waits; entries after a refused one are off the chain', async () => {
		const t = await createTestGame(2);
		const moves = await playMoves(t, wires(t.setup), 3);
		const waiting = await order(t.game, [...wires(t.setup), moves[0].wire, moves[2].wire]);
		expect(waiting.head).toBe(moves[0].id);
		expect(waiting.waiting).toEqual([moves[2].id]);
		const r0 = await order(t.game, wires(t.setup));
		const idle = 1 - firstSeat(r0);
		const early = await play(r0.head!, add(idle, 1), t.seats[idle]);
		const after = await play(early.id, add(1 - idle, 1), t.seats[1 - idle]);
		const r = await order(t.game, [...wires(t.setup), early.wire, after.wire]);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: after.id, code: 'off_chain' }));
	});

	it('a genesis whose signature does not match its creator key starts nothing', async () => {
		const { genesis } = await makeGenesis({ target: 5 }, 2, TOY_RULES);
		const tampered = { body: genesis.wire.body, sig: (await makeGenesis({ target: 5 }, 2, TOY_RULES)).genesis.wire.sig };
		const r = await order(genesis.id, [tampered]);
		expect(r.stage).toBe('empty');
		expect(r.refused).toContainEqual(expect.objectContaining({ id: genesis.id, code: 'bad_signature' }));
	});
});
