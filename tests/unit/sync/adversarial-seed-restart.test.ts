/**
 * Issue 17: restarting the seed with fresh nonces after a refused reveal (restart.ts). A hostile
 * seat tries each way of biasing the seed through a restart; in each test the honest seats' head,
 * state hash and move count are those of the honest log, or the attempt is refused with a reason,
 * and the attempt is in what every peer is shown.
 */
import { describe, expect, it } from 'vitest';
import { makeRecommit, makeRestart, makeRoundReveal, type SignedEntry } from '../../../src/lib/sync/author';
import type { OrderResult } from '../../../src/lib/sync/order';
import { deriveSeed, makeNonce } from '../../../src/lib/sync/seed';
import { makeGenesis } from '../../../src/lib/sync/author';
import { MemoryKeyStore } from '../../../src/lib/sync/key-store';
import { GameSession } from '../../../src/lib/sync/session';
import { TOY_RULES, toyGame, type ToyState } from './toy-game';
import { Network } from './network';
import { settle } from './two-devices';
import { createTestGame, order, playMoves, wires, type TestGame } from './harness';

const view = (r: OrderResult<ToyState>) => ({ stage: r.stage, head: r.head, hash: r.stateHash, moves: r.state?.moves ?? null, seed: r.seed });

/** A game of `seats` whose seats in `refusers` never reveal in the first round. */
async function heldUp(seats: number, refusers: readonly number[]) {
	const t = await createTestGame(seats, { target: 1000 });
	const reveals = t.reveals.filter((_, seat) => !refusers.includes(seat));
	const items = wires([t.genesis, ...t.claims, t.start, ...reveals]);
	return { t, reveals, items };
}

interface Round {
	readonly restart: SignedEntry;
	readonly commits: SignedEntry[];
	readonly reveals: SignedEntry[];
	readonly nonces: string[];
}

/**
 * A restart by `by` on `tip` naming `seen`, then a commitment and a reveal of each seat of `order`
 * (each on the one before), as honest devices write them.
 */
async function restartRound(t: TestGame, tip: string, seen: readonly SignedEntry[], by: number, order: readonly number[]): Promise<Round> {
	const restart = await makeRestart(TOY_RULES, tip, seen.map((e) => e.id), t.seats[by]);
	const nonces = t.seats.map(() => makeNonce());
	const commits: SignedEntry[] = [];
	let head = restart.id;
	for (const seat of order) {
		const e = await makeRecommit(TOY_RULES, head, nonces[seat], t.seats[seat]);
		commits.push(e);
		head = e.id;
	}
	const reveals: SignedEntry[] = [];
	for (const seat of order) {
		const e = await makeRoundReveal(TOY_RULES, head, nonces[seat], t.seats[seat]);
		reveals.push(e);
		head = e.id;
	}
	return { restart, commits, reveals, nonces };
}

const all = (r: Round) => [r.restart, ...r.commits, ...r.reveals];

function shuffled<T>(xs: readonly T[], seed: number): T[] {
	const out = [...xs];
	let s = seed;
	for (let i = out.length - 1; i > 0; i--) {
		s = (s * 1103515245 + 12345) % 2 ** 31;
		const j = s % (i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

describe('restart of a held-up seed round', () => {
	it('one seat refuses, the others restart, every seat commits then reveals refuser first: the game starts on a seed of the fresh nonces, the same on every device', async () => {
		const { t, reveals, items } = await heldUp(3, [1]);
		const stuck = await order(t.game, items);
		expect(stuck.stage).toBe('revealing');
		expect(stuck.revealed).toEqual([0, 2]);
		expect(stuck.seedRound?.round).toBe(1);

		// Seat 0 asks; seat 1, whose reveal is missing, commits and reveals first.
		const round = await restartRound(t, t.start.id, reveals, 0, [1, 0, 2]);
		const asked = await order(t.game, [...items, ...wires([round.restart])]);
		expect(asked.stage).toBe('revealing');
		expect(asked.seedRound?.restart).toMatchObject({ by: 0, round: 2, first: [1], order: [1, 0, 2], committed: [], inForce: false, awaiting: { seat: 1, step: 'commit' } });

		const twoCommits = await order(t.game, [...items, ...wires([round.restart, ...round.commits.slice(0, 2)])]);
		expect(twoCommits.seedRound?.restart).toMatchObject({ committed: [1, 0], inForce: false, awaiting: { seat: 2, step: 'commit' } });

		const committed = await order(t.game, [...items, ...wires([round.restart, ...round.commits])]);
		expect(committed.stage).toBe('revealing');
		expect(committed.seedRound).toMatchObject({ round: 2, reveals: [] });
		expect(committed.seedRound?.restart).toMatchObject({ inForce: true, awaiting: { seat: 1, step: 'reveal' } });
		expect(committed.revealed).toEqual([]);

		const full = [...items, ...wires(all(round))];
		const r = await order(t.game, full);
		expect(r.stage).toBe('playing');
		expect(r.seedRound?.round).toBe(2);
		// The seed of the fresh nonces in seat order (seed.ts), not the first round's.
		const first = await deriveSeed(t.game, t.seats.map((s) => s.nonce));
		expect(r.seed).toBe(await deriveSeed(t.game, round.nonces));
		expect(r.seed).not.toBe(first);
		// Each seat's fresh nonce changes it: no seat could choose it alone.
		for (let seat = 0; seat < 3; seat++) {
			const other = round.nonces.map((n, s) => (s === seat ? makeNonce() : n));
			expect(await deriveSeed(t.game, other)).not.toBe(r.seed);
		}
		// Play hangs below the last reveal of the new round.
		expect(r.chain[1].id).toBe(round.reveals[2].id);
		const moves = await playMoves(t, full, 4);
		const played = [...full, ...wires(moves)];
		const ref = await order(t.game, played);
		expect(ref.state?.moves).toBe(4);
		// Every device, whatever order the entries reach it in, ends on the same head and state.
		for (let i = 1; i <= 4; i++) expect(view(await order(t.game, shuffled(played, i)))).toEqual(view(ref));
	});

	it('the refuser reveals late in the first round once every seat has committed afresh: the first seed does not come back', async () => {
		const { t, reveals, items } = await heldUp(3, [2]);
		const round = await restartRound(t, t.start.id, reveals, 0, [2, 0, 1]);
		const honest = [...items, ...wires(all(round))];
		const moves = await playMoves(t, honest, 3);
		const ref = await order(t.game, [...honest, ...wires(moves)]);
		// Having seen the new round, seat 2 publishes its first-round reveal (the seed it already knew).
		const late = t.reveals[2];
		const r = await order(t.game, [...honest, ...wires(moves), late.wire]);
		expect(view(r)).toEqual(view(ref));
		expect(r.seedRound?.round).toBe(2);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: late.id, code: 'superseded', seat: 2 }));
		// Even when it arrives before the new round's reveals: the fresh commitments are in.
		const early = await order(t.game, [...items, ...wires([round.restart, ...round.commits]), late.wire]);
		expect(early.stage).toBe('revealing');
		expect(early.seedRound?.round).toBe(2);
		expect(early.refused).toContainEqual(expect.objectContaining({ id: late.id, code: 'superseded' }));
	});

	it('a late first-round reveal before every seat has committed afresh completes the first round, which stands (the refuser\'s one choice, shown)', async () => {
		const { t, reveals, items } = await heldUp(3, [2]);
		const round = await restartRound(t, t.start.id, reveals, 0, [2, 0, 1]);
		const partial = wires([round.restart, ...round.commits.slice(0, 2)]);
		const withLate = [...items, ...partial, t.reveals[2].wire];
		const r = await order(t.game, withLate);
		const plain = await order(t.game, wires(t.setup));
		expect(r.stage).toBe('playing');
		expect(r.seed).toBe(plain.seed);
		expect(r.seedRound?.round).toBe(1);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: round.restart.id, code: 'superseded' }));
	});

	it('a restart written after the first round completed and play began, signed by the refuser and another seat, changes nothing', async () => {
		const t = await createTestGame(3, { target: 1000 });
		const moves = await playMoves(t, wires(t.setup), 4);
		const honest = [...wires(t.setup), ...wires(moves)];
		const ref = await order(t.game, honest);
		// Seats 2 (the last to reveal) and 0 pretend seat 2's reveal was missing and commit afresh; seat 1 never signs.
		const restart = await makeRestart(TOY_RULES, t.start.id, [t.reveals[0].id, t.reveals[1].id], t.seats[0]);
		const c2 = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[2]);
		const c0 = await makeRecommit(TOY_RULES, c2.id, makeNonce(), t.seats[0]);
		const r = await order(t.game, [...honest, ...wires([restart, c2, c0])]);
		expect(view(r)).toEqual(view(ref));
		expect(r.seedRound?.round).toBe(1);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: restart.id, code: 'superseded', seat: 0 }));
		// A restart that names every reveal holds nothing up: refused outright.
		const all3 = await makeRestart(TOY_RULES, t.start.id, t.reveals.map((e) => e.id), t.seats[0]);
		const r2 = await order(t.game, [...honest, all3.wire]);
		expect(view(r2)).toEqual(view(ref));
		expect(r2.refused).toContainEqual(expect.objectContaining({ id: all3.id, code: 'bad_restart' }));
	});

	it('a restart not signed by every seat never takes effect: a commitment forged for another seat is refused, the round stays held up', async () => {
		const { t, reveals, items } = await heldUp(3, [1]);
		const before = await order(t.game, items);
		const restart = await makeRestart(TOY_RULES, t.start.id, reveals.map((e) => e.id), t.seats[0]);
		const c1 = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[1]);
		const c0 = await makeRecommit(TOY_RULES, c1.id, makeNonce(), t.seats[0]);
		// Seat 0 writes seat 2's commitment with its own key.
		const forged = await makeRecommit(TOY_RULES, c0.id, makeNonce(), { ...t.seats[2], identity: t.seats[0].identity });
		const r = await order(t.game, [...items, ...wires([restart, c1, c0, forged])]);
		expect(r.stage).toBe('revealing');
		expect(r.seedRound?.round).toBe(1);
		expect(r.revealed).toEqual(before.revealed);
		expect(r.seedRound?.restart).toMatchObject({ committed: [1, 0], inForce: false, awaiting: { seat: 2, step: 'commit' } });
		// Reveals on the forged entry count for nothing either.
		expect(r.seed).toBeNull();
	});

	it('a refuser out of the required order: a seat that revealed before may not commit or reveal ahead of it, and its entry is refused with who comes first', async () => {
		const { t, reveals, items } = await heldUp(3, [1]);
		const restart = await makeRestart(TOY_RULES, t.start.id, reveals.map((e) => e.id), t.seats[0]);
		// Seat 0 commits first, ahead of the refuser.
		const early = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[0]);
		const r = await order(t.game, [...items, ...wires([restart, early])]);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: early.id, code: 'out_of_order', seat: 0 }));
		expect(r.refused.find((x) => x.id === early.id)?.message).toContain('seat 2, whose reveal was missing, commits first');
		expect(r.seedRound?.restart?.committed).toEqual([]);

		// The honest order commits; then seat 2 (last to reveal) tries to reveal before the refuser.
		const round = await restartRound(t, t.start.id, reveals, 0, [1, 0, 2]);
		const base = [...items, ...wires([round.restart, ...round.commits])];
		const ahead = await makeRoundReveal(TOY_RULES, round.commits[2].id, round.nonces[2], t.seats[2]);
		const r2 = await order(t.game, [...base, ahead.wire]);
		expect(r2.stage).toBe('revealing');
		expect(r2.revealed).toEqual([]);
		expect(r2.refused).toContainEqual(expect.objectContaining({ id: ahead.id, code: 'out_of_order', seat: 2 }));
		// The refuser reveals first after all; the round completes as the honest one does.
		const honest = await order(t.game, [...items, ...wires(all(round))]);
		const r3 = await order(t.game, [...items, ...wires(all(round)), ahead.wire]);
		expect(view(r3)).toEqual(view(honest));
	});

	it('a seat grinding alone: however many restarts and commitments it writes, the round never changes without the others', async () => {
		const { t, reveals, items } = await heldUp(3, [2]);
		const before = await order(t.game, items);
		const mine: SignedEntry[] = [];
		for (let i = 0; i < 6; i++) {
			const restart = await makeRestart(TOY_RULES, t.start.id, reveals.map((e) => e.id), t.seats[2]);
			const c = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[2]);
			const v = await makeRoundReveal(TOY_RULES, c.id, makeNonce(), t.seats[2]);
			mine.push(restart, c, v);
		}
		const r = await order(t.game, [...items, ...wires(mine)]);
		expect(r.stage).toBe('revealing');
		expect(r.seedRound?.round).toBe(1);
		expect(r.revealed).toEqual(before.revealed);
		expect(r.seed).toBeNull();
		// At most one restart is under way, awaiting the next seat's commitment.
		expect(r.seedRound?.restart?.awaiting).toEqual({ seat: 0, step: 'commit' });
		// Its own rival commitments on one head are its fork: one counts, the other is shown.
		const restart = await makeRestart(TOY_RULES, t.start.id, reveals.map((e) => e.id), t.seats[0]);
		const a = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[2]);
		const b = await makeRecommit(TOY_RULES, restart.id, makeNonce(), t.seats[2]);
		const r2 = await order(t.game, [...items, ...wires([restart, a, b])]);
		expect(r2.forks).toContainEqual(expect.objectContaining({ seat: 2 }));
		expect(r2.refused.filter((x) => x.id === a.id || x.id === b.id).map((x) => x.code)).toEqual(['superseded']);
	});

	it('a refusal in the restarted round is visible and can be restarted again below it, the refuser first', async () => {
		const { t, reveals, items } = await heldUp(2, [1]);
		const round = await restartRound(t, t.start.id, reveals, 0, [1, 0]);
		// Seat 1 commits but never reveals in round 2: nobody has revealed, so nobody knows the seed.
		const stuck = [...items, ...wires([round.restart, ...round.commits])];
		const r = await order(t.game, stuck);
		expect(r.seedRound).toMatchObject({ round: 2, reveals: [], tip: round.commits[1].id });
		// Nobody revealed in round 2, so both are refusers there; seat 1, refusing twice, stays first.
		const third = await restartRound(t, round.commits[1].id, [], 0, [1, 0]);
		const asked = await order(t.game, [...stuck, third.restart.wire]);
		expect(asked.seedRound?.restart).toMatchObject({ round: 3, first: [0, 1], order: [1, 0] });
		const r2 = await order(t.game, [...stuck, ...wires(all(third))]);
		expect(r2.stage).toBe('playing');
		expect(r2.seedRound?.round).toBe(3);
		expect(r2.seed).toBe(await deriveSeed(t.game, third.nonces));
	});
});

describe('restart between sessions', () => {
	it('a seat withholds its reveal; another asks for a restart; every device commits and reveals by itself in turn and all end on one head', async () => {
		const net = new Network(3);
		const { genesis, creator } = await makeGenesis({ target: 50 }, 3, TOY_RULES);
		const keys = [new MemoryKeyStore(), new MemoryKeyStore(), new MemoryKeyStore()];
		await keys[0].putCreator(genesis.id, creator);
		net.peers[0].append(genesis.wire);
		const open = (d: number) => GameSession.open({ game: genesis.id, adapter: toyGame, keys: keys[d], log: net.peers[d], appVersion: '1', resume: null });
		const sessions = await Promise.all([0, 1, 2].map(open));
		await settle(net, sessions);
		for (const [d, name] of ['Ann', 'Bob', 'Cy'].entries()) expect((await sessions[d].claim(d, name)).ok).toBe(true);
		await settle(net, sessions);
		// Cy's device leaves before the start reaches it, and withholds its nonce from then on.
		await sessions[2].close();
		net.partition([0, 0, 1]);
		expect((await sessions[0].start()).ok).toBe(true);
		const two = sessions.slice(0, 2);
		await settle(net, two);
		expect(sessions[0].view?.stage).toBe('revealing');
		expect(sessions[0].view?.revealed).toEqual([0, 1]);
		const cy = (await keys[2].list(genesis.id))[0];
		await keys[2].put({ ...cy, nonce: '' });

		expect((await sessions[1].restartSeed(1)).ok).toBe(true);
		await settle(net, two);
		const again = await sessions[0].restartSeed(0);
		expect(again.ok ? null : again.code).toBe('restart_under_way');
		expect(sessions[0].view?.seedRound?.restart).toMatchObject({ by: 1, first: [2], awaiting: { seat: 2, step: 'commit' } });

		net.heal();
		sessions[2] = await open(2);
		for (let i = 0; i < 4; i++) await settle(net, sessions);
		for (const s of sessions) {
			expect(s.view?.stage).toBe('playing');
			expect(s.view?.seedRound?.round).toBe(2);
		}
		expect(new Set(sessions.map((s) => s.view?.head)).size).toBe(1);
		expect(new Set(sessions.map((s) => s.view?.stateHash)).size).toBe(1);
		// Each device kept its fresh nonce until it revealed it.
		for (let d = 0; d < 3; d++) expect(Object.keys((await keys[d].list(genesis.id))[0].restarts ?? {})).toEqual([sessions[0].view!.seedRound!.restart!.proposal]);
		await Promise.all(sessions.map((s) => s.close()));
	});
});

describe('who reveals last after repeated refusals', () => {
	it('a seat that refused once, knowing the seed, is never the last to reveal again while another seat has not refused', async () => {
		// Seat 2, last to reveal, refuses; in round 2 it goes first and stalls before anyone reveals.
		const { t, reveals, items } = await heldUp(3, [2]);
		const r2 = await restartRound(t, t.start.id, reveals, 0, [2, 0, 1]);
		const stuck = [...items, ...wires([r2.restart, ...r2.commits])];
		const r = await order(t.game, stuck);
		expect(r.seedRound?.restart?.order).toEqual([2, 0, 1]);
		// Round 3 names no reveal (none came): by seat number seat 2 would reveal last; it goes first.
		const restart3 = await makeRestart(TOY_RULES, r2.commits[2].id, [], t.seats[0]);
		const r3 = await order(t.game, [...stuck, restart3.wire]);
		expect(r3.seedRound?.restart).toMatchObject({ round: 3, first: [0, 1, 2], order: [2, 0, 1] });
	});

	it('with two seats that each refused once, the more recent refuser goes first', async () => {
		const { t, reveals, items } = await heldUp(2, [1]);
		const r2 = await restartRound(t, t.start.id, reveals, 0, [1, 0]);
		// Seat 1 reveals first in round 2; seat 0, now knowing the seed, refuses.
		const stuck = [...items, ...wires([r2.restart, ...r2.commits, r2.reveals[0]])];
		const restart3 = await makeRestart(TOY_RULES, r2.reveals[0].id, [r2.reveals[0].id], t.seats[1]);
		const r3 = await order(t.game, [...stuck, restart3.wire]);
		expect(r3.seedRound?.restart).toMatchObject({ round: 3, first: [0], order: [0, 1] });
	});
});
