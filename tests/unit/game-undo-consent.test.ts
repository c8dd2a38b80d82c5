// Taking back another seat's action from the game page (issue 9): the request needs a consent
// entry from the seat whose action it takes back; a decline changes nothing, an acceptance takes
// the action back on both devices; the requester may withdraw; nothing else is played meanwhile.
import { describe, expect, it } from 'vitest';
import { bidBoxes, type GameState } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { bidAction, passAction } from '../../src/lib/state/stock-actions';
import { makeGenesis } from '../../src/lib/sync/author';
import { linkLogDoc } from '../../src/lib/sync/byte-link';
import { engine1822, RULES_1822, setupJson } from '../../src/lib/sync/engine-1822';
import { MemoryKeyStore } from '../../src/lib/sync/key-store';
import { GameSession } from '../../src/lib/sync/session';

async function twoDevices() {
	let toB: (u: Uint8Array) => void = () => {};
	let toA: (u: Uint8Array) => void = () => {};
	const linkA = linkLogDoc((u) => toB(u));
	const linkB = linkLogDoc((u) => toA(u));
	toB = (u) => linkB.receive(u);
	toA = (u) => linkA.receive(u);
	const keys = [new MemoryKeyStore(), new MemoryKeyStore()];
	const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), 2, RULES_1822);
	await keys[0].putCreator(genesis.id, creator);
	linkA.log.append(genesis.wire);
	const sessions: GameSession<GameState>[] = [];
	for (const [i, link] of [linkA, linkB].entries()) {
		sessions.push(await GameSession.open({ game: genesis.id, adapter: engine1822, keys: keys[i], log: link.log, appVersion: 'test' }));
	}
	const settle = async () => {
		for (let i = 0; i < 3; i++) await Promise.all(sessions.map((s) => s.refresh()));
	};
	await settle();
	await sessions[0].claim(0, 'Ada');
	await sessions[1].claim(1, 'Brunel');
	await settle();
	expect((await sessions[0].start()).ok).toBe(true);
	await settle();
	const [a, b] = sessions.map((s) => new GameView(s));
	expect(a.view?.stage).toBe('playing');
	return { a, b, settle };
}

describe('undo of another seat’s action needs that seat’s consent', () => {
	it('a decline changes nothing; asked again and accepted, the action is taken back on both devices', async () => {
		const { a, b, settle } = await twoDevices();
		const minor = bidBoxes(a.state!).find((c) => c.startsWith('M'))!;
		expect(await a.act(bidAction(1, minor, 100))).toBe(true);
		expect(await a.act(passAction(1))).toBe(true);
		await settle();
		expect(await b.act(bidAction(2, minor, 105))).toBe(true);
		await settle();
		const before = a.view!.stateHash;
		const brunelsBid = `Brunel bids £105 on Minor ${minor.slice(1)}`;

		// Ada's device offers to ask Brunel; Brunel's device takes it back as its own.
		expect(a.undoableSeat).toBeNull();
		expect(a.lastActionOfOther).toMatchObject({ seat: 1, name: 'Brunel' });
		expect(b.undoableSeat).toBe(1);
		expect(b.lastActionOfOther).toBeNull();

		expect(await a.requestUndo()).toBe(true);
		await settle();
		for (const v of [a, b]) {
			expect(v.pendingUndo).toMatchObject({
				requester: 'Ada',
				takesBack: [brunelsBid],
				count: 1,
				asked: [{ seat: 1, name: 'Brunel', answered: false }],
				status: 'pending'
			});
			// While it is open nobody plays: the log takes only answers.
			expect(v.toAct).toEqual([]);
		}
		expect(a.toAnswer).toEqual([]);
		expect(a.requestedHere).toBe(true);
		expect(b.toAnswer).toEqual([1]);
		expect(b.requestedHere).toBe(false);
		expect(await b.act(passAction(2))).toBe(false);

		expect(await b.answerUndo(false)).toBe(true);
		await settle();
		for (const v of [a, b]) {
			expect(v.pendingUndo).toBeNull();
			expect(v.undoRequests.at(-1)).toMatchObject({ status: 'declined', declinedBy: 'Brunel', requester: 'Ada' });
			expect(v.view!.stateHash).toBe(before);
			// A declined request is off the chain (issue 17): play goes on from Brunel's bid as if it had not been asked.
			expect(v.log.filter((l) => l.kind === 'action').at(-1)?.text).toBe(brunelsBid);
			// The log still tells the request and its decline, beside the move they were written on.
			expect(v.log.filter((l) => l.kind === 'consent').map((l) => l.text)).toEqual(["Brunel declined Ada's request to take back"]);
			expect(v.view!.head).toBe(a.view!.head);
		}
		// The decline is told by the banner, not as a refused move.
		expect(a.logRefusals).toEqual([]);

		expect(await a.requestUndo()).toBe(true);
		await settle();
		expect(await b.answerUndo(true)).toBe(true);
		await settle();
		for (const v of [a, b]) {
			expect(v.pendingUndo).toBeNull();
			expect(v.undoRequests.at(-1)).toMatchObject({ status: 'undone', requester: 'Ada', takesBack: [brunelsBid] });
			expect(v.log.filter((l) => l.kind === 'action').at(-1)?.text).toBe('Ada passes');
			expect(v.active.map((x) => x.name)).toEqual(['Brunel']);
		}
		expect(a.view!.head).toBe(b.view!.head);
		expect(a.view!.stateHash).toBe(b.view!.stateHash);
		expect(a.view!.stateHash).not.toBe(before);
	});

	it('the requester may withdraw; a request back to a chosen action asks every other seat it reaches', async () => {
		const { a, b, settle } = await twoDevices();
		const minor = bidBoxes(a.state!).find((c) => c.startsWith('M'))!;
		await a.act(bidAction(1, minor, 100));
		await a.act(passAction(1));
		await settle();
		await b.act(bidAction(2, minor, 105));
		await settle();
		const firstBid = a.log.find((l) => l.kind === 'action')!.id;

		expect(await b.requestUndo(firstBid)).toBe(true);
		await settle();
		// Back to Ada's bid: it takes back Brunel's bid and Ada's pass, so Ada must answer.
		expect(a.pendingUndo).toMatchObject({ requester: 'Brunel', count: 2, asked: [{ seat: 0, name: 'Ada', answered: false }] });
		expect(a.toAnswer).toEqual([0]);
		expect(await a.withdrawUndo()).toBe(false);
		expect(await b.withdrawUndo()).toBe(true);
		await settle();
		expect(a.undoRequests.at(-1)).toMatchObject({ status: 'withdrawn', requester: 'Brunel' });
		expect(a.pendingUndo).toBeNull();
		// Play goes on where it was: Brunel, who bid, still has the turn.
		expect(b.toAct).toEqual([1]);
		expect(a.toAct).toEqual([]);
	});
});
