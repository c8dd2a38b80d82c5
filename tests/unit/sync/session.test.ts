import { describe, expect, it } from 'vitest';
import { makeGenesis } from '../../../src/lib/sync/author';
import { MemoryKeyStore } from '../../../src/lib/sync/key-store';
import { GameSession, type AwarenessLike } from '../../../src/lib/sync/session';
import { divergentPeers } from '../../../src/lib/sync/presence';
import { add, TOY_RULES, toyGame } from './toy-game';
import { Network } from './network';
import { settle, startAnnAndBob } from './two-devices';

/** Awareness shared by reference between the sessions of one test: delivery is instant. */
class SharedAwareness {
	readonly states = new Map<number, unknown>();
	readonly listeners = new Set<() => void>();
	client(id: number): AwarenessLike {
		const { states, listeners } = this;
		return {
			clientID: id,
			setLocalStateField(field, value) {
				states.set(id, { ...((states.get(id) as object) ?? {}), [field]: value });
			},
			getStates: () => states,
			on: (_e, l) => void listeners.add(l),
			off: (_e, l) => void listeners.delete(l)
		};
	}
}

async function table(seats: number) {
	const net = new Network(2);
	const aw = new SharedAwareness();
	const { genesis, creator } = await makeGenesis({ target: 10 }, seats, TOY_RULES);
	const keys = [new MemoryKeyStore(), new MemoryKeyStore()];
	await keys[0].putCreator(genesis.id, creator);
	net.peers[0].append(genesis.wire);
	const sessions = await Promise.all(
		[0, 1].map((d) =>
			GameSession.open({ game: genesis.id, adapter: toyGame, keys: keys[d], log: net.peers[d], appVersion: '1', awareness: aw.client(d + 1) })
		)
	);
	await settle(net, sessions);
	return { net, aw, sessions, game: genesis.id };
}

describe('game session over two documents', () => {
	it('claims, start and automatic reveals lead both devices into the same game; one device may hold two seats', async () => {
		const { net, sessions } = await table(3);
		const [host, guest] = sessions;
		expect(guest.view?.stage).toBe('claiming');
		await host.claim(0, 'Ann');
		await guest.claim(1, 'Bob');
		await guest.claim(2, 'Bob (hotseat)');
		await settle(net, sessions);
		expect((await guest.start()).ok).toBe(false); // not the creator
		expect((await host.start()).ok).toBe(true);
		await settle(net, sessions);
		expect(host.view?.stage).toBe('playing');
		expect(guest.view?.mine).toEqual([1, 2]);
		expect(host.view?.mine).toEqual([0]);
		expect(host.view?.stateHash).toBe(guest.view?.stateHash);
		expect(host.view?.head).toBe(guest.view?.head);
	});

	it('a move reaches the other device; a move out of turn is refused before it is written', async () => {
		const { net, sessions } = await table(2);
		const { mover, actor, other: idle } = await startAnnAndBob(net, sessions);
		const early = await idle.append(add(1 - mover, 1), 1 - mover);
		expect(early).toMatchObject({ ok: false, code: 'not_your_turn' });
		expect(actor.view?.toAct).toEqual([mover]);
		expect((await actor.append(add(mover, 2), mover)).ok).toBe(true);
		await settle(net, sessions);
		expect(idle.view?.state?.total).toBe(2);
		expect(idle.view?.toAct).toEqual([1 - mover]);
	});

	it("an undo of the other player's move asks them; they see the request and accept", async () => {
		const { net, sessions } = await table(2);
		const { mover, actor, other } = await startAnnAndBob(net, sessions);
		await actor.append(add(mover, 3), mover);
		await settle(net, sessions);
		await other.undo(1 - mover);
		await settle(net, sessions);
		expect(actor.view?.pendingUndo?.waiting).toEqual([mover]);
		expect(actor.view?.toAct).toEqual([mover]);
		expect(actor.view?.state?.total).toBe(3);
		await actor.consent(actor.view!.pendingUndo!.request, true, mover);
		await settle(net, sessions);
		expect(other.view?.state?.total).toBe(0);
		expect(other.view?.undos[0].status).toBe('undone');
	});

	it('seated players chat; presence publishes head and state hash, and they agree', async () => {
		const { net, aw, sessions } = await table(2);
		const [host, guest] = sessions;
		await startAnnAndBob(net, sessions);
		await host.say('hello', 0);
		await settle(net, sessions);
		expect(guest.messages().map((m) => [m.name, m.text])).toEqual([['Ann', 'hello']]);
		const peers = guest.peers();
		expect(peers.map((p) => p.seats)).toEqual([[0], [1]]);
		expect(peers[0].stateHash).toBe(peers[1].stateHash);
		expect(divergentPeers(peers)).toEqual([]);
		expect(aw.states.size).toBe(2);
	});

	it('a spectator with the link but no seat sees everything and can act for nobody', async () => {
		const { net, sessions } = await table(2);
		const [host, spectator] = sessions;
		await host.claim(0, 'Ann');
		await host.claim(1, 'Ann (hotseat)');
		await settle(net, sessions);
		await host.start();
		await settle(net, sessions);
		const mover = host.view!.expected[0];
		await host.append(add(mover, 1), mover);
		await settle(net, sessions);
		expect(spectator.view?.state?.total).toBe(1);
		expect(spectator.view?.mine).toEqual([]);
		expect(await spectator.append(add(1 - mover, 1), 1 - mover)).toMatchObject({ ok: false, code: 'not_your_seat' });
		expect(await spectator.say('hi', 0)).toMatchObject({ ok: false });
	});
});
