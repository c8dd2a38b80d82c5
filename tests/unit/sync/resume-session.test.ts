/**
 * Issue 11, checkpoints of games played here, through the session and the checkpoint store the
 * app uses (state/checkpoint-play.ts over a memory store in place of IndexedDB): written every N
 * entries of play, used to open the game, and ignored and deleted when corrupt or stale.
 */
import { describe, expect, it } from 'vitest';
import { LogDoc } from '../../../src/lib/sync/log-doc';
import { MemoryKeyStore } from '../../../src/lib/sync/key-store';
import { GameSession, type SessionView } from '../../../src/lib/sync/session';
import type { WireEntry } from '../../../src/lib/sync/entry';
import { MemoryCheckpointStore } from '../../../src/lib/state/checkpoints';
import { CheckpointResumeStore } from '../../../src/lib/state/checkpoint-play';
import { add, toyGame, type ToyState } from './toy-game';
import { order } from './harness';
import { longGame, sum, type LongGame } from './long-game';
import { RESUME_KEEP } from '../../../src/lib/sync/resume';

async function device(g: LongGame) {
	const log = new LogDoc();
	log.append(...(g.items as WireEntry[]));
	const keys = new MemoryKeyStore();
	for (const s of g.t.seats) await keys.put(s);
	const checkpoints = new MemoryCheckpointStore<ToyState>();
	return { log, keys, checkpoints, resume: new CheckpointResumeStore(checkpoints) };
}

type Device = Awaited<ReturnType<typeof device>>;

function open(g: LongGame, d: Device, extra: { resumeEvery?: number; resumeDelayMs?: number | null } = {}) {
	return GameSession.open({
		game: g.t.game,
		adapter: toyGame,
		keys: d.keys,
		log: d.log,
		appVersion: '1',
		resume: d.resume,
		resumeDelayMs: null,
		// Every 100 in these tests unless said otherwise, whatever the app's default.
		resumeEvery: 100,
		...extra
	});
}

function shown(v: SessionView<ToyState> | null) {
	if (!v) throw new Error('no view');
	return { head: v.head, chain: v.chain.map((e) => e.id), stateHash: v.stateHash, refused: v.refused, undos: v.undos, expected: v.expected };
}

async function positions(d: Device, game: string): Promise<number[]> {
	return (await d.checkpoints.list(game)).map((c) => c.actionIndex - 2).sort((a, b) => b - a);
}

describe('checkpoints of play through the session', () => {
	it('a session writes checkpoints every N entries of play; the next opening resumes from the newest and shows the same game', async () => {
		const g = await longGame(250, 'session-resume-1');
		const d = await device(g);
		const first = await open(g, d);
		expect(first.resumedAt).toBeNull();
		expect(await first.saveResumePoints()).toBe(2);
		expect(await positions(d, g.t.game)).toEqual([200, 100]);
		const before = shown(first.view);
		await first.close();

		const again = await open(g, d);
		expect(again.resumedAt).toEqual({ head: g.moves[199].id, position: 200 });
		expect(shown(again.view)).toEqual(before);
		expect(again.view?.state?.total).toBe(sum(g.amounts));

		// Play goes on from the resumed game, and equals a full walk of the same log.
		const seat = again.view!.expected[0];
		expect((await again.append(add(seat, 3), seat)).ok).toBe(true);
		const full = await order(g.t.game, d.log.entries());
		expect(shown(again.view)).toEqual(shown({ ...full, mine: [], toAct: [], myRefusals: [], claimed: [], creator: false, ownClaims: [] }));
		expect(again.view?.state?.total).toBe(sum(g.amounts) + 3);
		// Saving again writes nothing new: the chain still calls for the same two heads.
		expect(await again.saveResumePoints()).toBe(0);
		await again.close();
	});

	it('a checkpoint whose state was corrupted in storage is ignored, deleted, and the game opens from an older one', async () => {
		const g = await longGame(230, 'session-resume-2');
		const d = await device(g);
		const first = await open(g, d);
		await first.saveResumePoints();
		const before = shown(first.view);
		await first.close();
		const [newest] = (await d.checkpoints.list(g.t.game)).filter((c) => c.actionIndex === 202);
		await d.checkpoints.put({ ...newest, state: { ...newest.state, total: 0 } });

		const again = await open(g, d);
		expect(again.resumedAt?.position).toBe(100);
		expect(shown(again.view)).toEqual(before);
		expect(await positions(d, g.t.game)).toEqual([100]);
		// The deleted one is written again after the view is shown.
		expect(await again.saveResumePoints()).toBe(1);
		expect(await positions(d, g.t.game)).toEqual([200, 100]);
		await again.close();
	});

	it('only the newest few checkpoints are kept (RESUME_KEEP)', async () => {
		const g = await longGame(250, 'session-resume-3');
		const d = await device(g);
		const s = await open(g, d, { resumeEvery: 20 });
		expect(RESUME_KEEP).toBe(4);
		expect(await s.saveResumePoints()).toBe(4);
		expect(await positions(d, g.t.game)).toEqual([240, 220, 200, 180]);
		await s.close();
	});

	it('without a call, checkpoints are written shortly after the view is shown', async () => {
		const g = await longGame(120, 'session-resume-4');
		const d = await device(g);
		const s = await open(g, d, { resumeDelayMs: 0 });
		await new Promise((resolve) => setTimeout(resolve, 20));
		await s.close();
		expect(await positions(d, g.t.game)).toEqual([100]);
	});

	it('a record of play whose proof fields are missing is deleted when the game opens', async () => {
		const g = await longGame(110, 'session-resume-5');
		const d = await device(g);
		const first = await open(g, d);
		await first.saveResumePoints();
		await first.close();
		const [cp] = await d.checkpoints.list(g.t.game);
		await d.checkpoints.put({ ...cp, play: undefined });
		const again = await open(g, d);
		expect(again.resumedAt).toBeNull();
		expect(d.checkpoints.size).toBe(0);
		await again.close();
	});
});
