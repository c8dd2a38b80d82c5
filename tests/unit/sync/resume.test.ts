/**
 * Issue 11, resume points for games played here: the orderer may begin its walk of play at a
 * point it reached before, only when the walk from the start would make the same choices (see
 * src/lib/sync/resume.ts). Every test compares the resumed walk with a full walk from the start
 * by a fresh orderer, and pins the state to totals the test computes from the moves it wrote.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consentAction, undoAction, type SignedEntry } from '../../../src/lib/sync/author';
import type { EngineAdapter } from '../../../src/lib/sync/engine-adapter';
import { LogOrderer, type OrderResult } from '../../../src/lib/sync/order';
import type { ResumePoint } from '../../../src/lib/sync/resume';
import { add, toyGame, type ToyState } from './toy-game';
import { order, play } from './harness';
import { longGame, sum, type LongGame } from './long-game';

/** The toy game, counting the actions the engine is asked to apply. */
function counting(): { adapter: EngineAdapter<ToyState>; applied: () => number } {
	let n = 0;
	const adapter: EngineAdapter<ToyState> = {
		...toyGame,
		apply(state, action, seat) {
			n++;
			return toyGame.apply(state, action, seat);
		}
	};
	return { adapter, applied: () => n };
}


/** Everything a view shows, to compare a resumed walk with a full one. */
function summary(r: OrderResult<ToyState>) {
	return {
		stage: r.stage,
		head: r.head,
		chain: r.chain.map((e) => e.id),
		stateHash: r.stateHash,
		expected: r.expected,
		undos: r.undos,
		pendingUndo: r.pendingUndo,
		refused: r.refused,
		waiting: r.waiting,
		forks: r.forks
	};
}

/** Points as a device that walked `items` would keep them (every `every` entries of play, newest 3). */
async function pointsOf(game: string, items: readonly unknown[], every = 100): Promise<ResumePoint<ToyState>[]> {
	const o = new LogOrderer(toyGame, game);
	await o.order(items);
	return (await o.resumePoints(every, 3)).points;
}

async function resumedWalk(game: string, items: readonly unknown[], points: readonly ResumePoint<ToyState>[]) {
	const { adapter, applied } = counting();
	const o = new LogOrderer(adapter, game);
	o.offerResumePoints(points);
	const r = await o.order(items);
	return { r, o, applied: applied() };
}

/** A sibling of move `index` by the same seat that the toy game accepts, whose id passes `wanted`. */
async function sibling(g: LongGame, index: number, wanted: (id: string) => boolean): Promise<SignedEntry> {
	const parent = index === 0 ? g.t.start.id : g.moves[index - 1].id;
	for (let k = 0; ; k++) {
		const e = await play(parent, { ...add(g.seats[index], 1 + ((g.amounts[index] + k) % 3)), note: k }, g.t.seats[g.seats[index]]);
		if (wanted(e.id)) return e;
	}
}

describe('resume points: a game opened from one is the game a full walk gives', () => {
	it('250 moves: resuming at move 200 gives the same head, chain, state hash and refusals, replaying 50 actions', async () => {
		const g = await longGame(250, 'resume-1');
		// A move out of turn early on, so that the walk has a refusal before the point.
		const other = 1 - g.seats[10];
		const rival = await play(g.moves[9].id, add(other, 3), g.t.seats[other]);
		const items = [...g.items, rival.wire];
		const full = await order(g.t.game, items);
		const points = await pointsOf(g.t.game, items);
		expect(points.map((p) => p.position)).toEqual([200, 100]);

		const { r, o, applied } = await resumedWalk(g.t.game, items, points);
		expect(o.resumedAt).toEqual({ head: g.moves[199].id, position: 200 });
		expect(applied).toBe(50);
		expect(summary(r)).toEqual(summary(full));
		expect(r.state?.total).toBe(sum(g.amounts));
		expect(r.state?.moves).toBe(250);
		expect(r.refused.some((x) => x.id === rival.id)).toBe(true);
		expect(o.takeRejected()).toEqual([]);
	});

	it('later calls keep walking from the point: a new move costs one apply, and equals the full walk', async () => {
		const g = await longGame(230, 'resume-2');
		const points = await pointsOf(g.t.game, g.items);
		const { adapter, applied } = counting();
		const o = new LogOrderer(adapter, g.t.game);
		o.offerResumePoints(points);
		const first = await o.order(g.items);
		const seat = first.expected[0];
		const next = await play(first.head!, add(seat, 2), g.t.seats[seat]);
		const before = applied();
		const r = await o.order([...g.items, next.wire]);
		expect(applied() - before).toBe(1);
		expect(o.resumedAt?.position).toBe(200);
		expect(summary(r)).toEqual(summary(await order(g.t.game, [...g.items, next.wire])));
		expect(r.state?.total).toBe(sum(g.amounts) + 2);
	});
});

describe('resume points: a corrupt or stale point is ignored and the walk starts at the start', () => {
	it('a state that no longer has its hash is refused (wrong_hash); the next point is used', async () => {
		const g = await longGame(210, 'resume-3');
		const [p200, p100] = await pointsOf(g.t.game, g.items);
		const tampered = { ...p200, state: { ...p200.state, total: p200.state.total + 1 } };
		const { r, o, applied } = await resumedWalk(g.t.game, g.items, [tampered, p100]);
		expect(o.takeRejected()).toEqual([{ head: p200.head, verdict: 'wrong_hash' }]);
		expect(o.resumedAt?.position).toBe(100);
		expect(applied).toBe(110);
		expect(summary(r)).toEqual(summary(await order(g.t.game, g.items)));
		expect(r.state?.total).toBe(sum(g.amounts));
	});

	it('a point whose recorded fields were altered fails its seal; with no other point the game replays from the start', async () => {
		const g = await longGame(120, 'resume-4');
		const [p100] = await pointsOf(g.t.game, g.items);
		const altered = { ...p100, refused: [{ id: null, seat: null, parent: null, code: 'malformed' as const, message: 'x' }] };
		const { r, o, applied } = await resumedWalk(g.t.game, g.items, [altered]);
		expect(o.takeRejected()).toEqual([{ head: p100.head, verdict: 'bad_seal' }]);
		expect(o.resumedAt).toBeNull();
		expect(applied).toBe(120);
		expect(summary(r)).toEqual(summary(await order(g.t.game, g.items)));
	});

	it('a lower-id sibling of a chain entry before the point, arriving later, loses to the move built on, and still makes the later point stale', async () => {
		const g = await longGame(220, 'resume-5');
		const points = await pointsOf(g.t.game, g.items);
		const lower = await sibling(g, 149, (id) => id < g.moves[149].id);
		const items = [...g.items, lower.wire];
		const full = await order(g.t.game, items);
		// Issue 17: move 150 was built on by the other seat, so a late sibling cannot displace it, whatever its id.
		expect(full.head).toBe(g.moves[219].id);
		expect(full.chain.length).toBe(2 + 220);

		const { r, o } = await resumedWalk(g.t.game, items, points);
		// The walk to 200 read the children of move 149, which now include the sibling; the walk to
		// 100 did not, so it still holds and the fork is resolved after it.
		expect(o.takeRejected()).toEqual([{ head: points[0].head, verdict: 'inputs_changed' }]);
		expect(o.resumedAt?.position).toBe(100);
		expect(summary(r)).toEqual(summary(full));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: lower.id, code: 'superseded' }));
	});

	it('a sibling before the point that loses (higher id) still makes the point stale: its refusal was not known', async () => {
		const g = await longGame(210, 'resume-6');
		const points = await pointsOf(g.t.game, g.items);
		const loser = await sibling(g, 50, (id) => id > g.moves[50].id);
		const items = [...g.items, loser.wire];
		const full = await order(g.t.game, items);
		const { r, o } = await resumedWalk(g.t.game, items, points);
		expect(o.resumedAt).toBeNull();
		expect(o.takeRejected().map((x) => x.verdict)).toEqual(['inputs_changed', 'inputs_changed']);
		expect(summary(r)).toEqual(summary(full));
		expect(r.refused).toContainEqual(expect.objectContaining({ id: loser.id }));
	});

	it('another rules version, or another game, is refused', async () => {
		// 101 moves: the point rests at move 100, which the other seat has built on (final).
		const g = await longGame(101, 'resume-7');
		const [p] = await pointsOf(g.t.game, g.items);
		const { o } = await resumedWalk(g.t.game, g.items, [{ ...p, rules: 'toy-race-0' }, { ...p, head: g.moves[98].id, game: 'f'.repeat(64) }]);
		expect(o.takeRejected().map((x) => x.verdict).sort()).toEqual(['other_game', 'rules_changed']);
	});
});

describe('resume points: a point in use that goes stale', () => {
	it('a fork before the point arriving while the game is open: the next walk starts at the start, equals the full walk, and reports the point', async () => {
		const g = await longGame(210, 'resume-11');
		const [p200] = await pointsOf(g.t.game, g.items);
		const o = new LogOrderer(toyGame, g.t.game);
		o.offerResumePoints([p200]);
		await o.order(g.items);
		expect(o.resumedAt?.position).toBe(200);
		const lower = await sibling(g, 180, (id) => id < g.moves[180].id);
		const items = [...g.items, lower.wire];
		const r = await o.order(items);
		expect(o.resumedAt).toBeNull();
		expect(o.takeRejected()).toEqual([{ head: p200.head, verdict: 'inputs_changed' }]);
		expect(summary(r)).toEqual(summary(await order(g.t.game, items)));
		// The sibling loses to move 181, which the other seat built on (issue 17).
		expect(r.head).toBe(g.moves[209].id);
	});
});

describe('resume points and undo', () => {
	it('an undo written after the point, back past it, is resumed correctly (with consent)', async () => {
		const g = await longGame(230, 'resume-8');
		const points = await pointsOf(g.t.game, g.items);
		const head = g.moves[229].id;
		// Back to move 150: both seats' actions are taken back, so the other seat must consent.
		const asker = g.seats[229];
		const undo = await play(head, undoAction(g.moves[149].id), g.t.seats[asker]);
		const consent = await play(undo.id, consentAction(undo.id, true), g.t.seats[1 - asker]);
		const items = [...g.items, undo.wire, consent.wire];
		const full = await order(g.t.game, items);
		const { r, o } = await resumedWalk(g.t.game, items, points);
		expect(o.resumedAt?.position).toBe(200);
		expect(summary(r)).toEqual(summary(full));
		expect(r.undos.map((u) => u.status)).toEqual(['undone']);
		expect(r.state?.total).toBe(sum(g.amounts.slice(0, 150)));
		expect(r.state?.moves).toBe(150);
	});

	it('an undo and its consent before the point are followed from the chain alone', async () => {
		const g = await longGame(60, 'resume-9');
		// At move 60, seat A asks to take back move 60 and 59; the other consents; then 150 more moves.
		const asker = g.seats[59];
		const undo = await play(g.moves[59].id, undoAction(g.moves[57].id), g.t.seats[asker]);
		const consent = await play(undo.id, consentAction(undo.id, true), g.t.seats[1 - asker]);
		const items: unknown[] = [...g.items, undo.wire, consent.wire];
		let parent = consent.id;
		let seat = g.seats[58];
		let total = sum(g.amounts.slice(0, 58));
		for (let i = 0; i < 150; i++) {
			const e = await play(parent, add(seat, 1), g.t.seats[seat]);
			items.push(e.wire);
			parent = e.id;
			seat = 1 - seat;
			total += 1;
		}
		const full = await order(g.t.game, items);
		const points = await pointsOf(g.t.game, items);
		expect(points.map((p) => p.position)).toEqual([200, 100]);
		const { r, o } = await resumedWalk(g.t.game, items, points);
		expect(o.resumedAt?.position).toBe(200);
		expect(summary(r)).toEqual(summary(full));
		expect(r.state?.total).toBe(total);
	});

	it('an undo that arrives later as a child of an entry before the point makes it stale', async () => {
		const g = await longGame(210, 'resume-10');
		const points = await pointsOf(g.t.game, g.items);
		const late = await play(g.moves[119].id, undoAction(), g.t.seats[g.seats[119]]);
		const items = [...g.items, late.wire];
		const full = await order(g.t.game, items);
		const { r, o } = await resumedWalk(g.t.game, items, points);
		// The late undo is a child of move 120, so the point at 200 is stale; the one at 100 is not.
		expect(o.takeRejected()).toEqual([{ head: points[0].head, verdict: 'inputs_changed' }]);
		expect(o.resumedAt?.position).toBe(100);
		expect(summary(r)).toEqual(summary(full));
	});
});

describe('resume points: property', () => {
	it('whatever arrives after the points were made (forks won or lost, undos, undo requests), the resumed walk equals the full walk', async () => {
		const g = await longGame(130, 'resume-prop');
		// A pool of entries hanging off the chain at various places, each a possible late arrival.
		const pool: SignedEntry[] = [];
		for (const i of [5, 30, 47, 61, 88, 104, 119, 127]) {
			pool.push(await sibling(g, i, (id) => id < g.moves[i].id));
			pool.push(await sibling(g, i, (id) => id > g.moves[i].id));
			pool.push(await play(g.moves[i].id, undoAction(), g.t.seats[g.seats[i]]));
			pool.push(await play(g.moves[i].id, undoAction(), g.t.seats[1 - g.seats[i]]));
		}
		let resumedRuns = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.subarray(pool.map((_, i) => i), { maxLength: 4 }),
				fc.subarray(pool.map((_, i) => i), { maxLength: 3 }),
				fc.integer({ min: 10, max: 40 }),
				async (before, later, every) => {
					const known = [...g.items, ...before.map((i) => pool[i].wire)];
					const points = await pointsOf(g.t.game, known, every);
					const now = [...known, ...later.filter((i) => !before.includes(i)).map((i) => pool[i].wire)];
					const { r, o } = await resumedWalk(g.t.game, now, points);
					if (o.resumedAt) resumedRuns++;
					expect(summary(r)).toEqual(summary(await order(g.t.game, now)));
				}
			),
			{ numRuns: 30, seed: 11 }
		);
		// Not vacuous: many runs did begin at a point.
		expect(resumedRuns).toBeGreaterThan(5);
	}, 120_000);
});
