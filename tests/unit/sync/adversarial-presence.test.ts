/**
 * Issue 17, presence bound to seats: awareness has no authentication (any peer may send a state
 * for any client id), so what a device says about its seats, head and state hash counts only when
 * signed by each seat's key over that device's client id. A hostile peer that replaces another's
 * presence, copies it under its own id, or claims a seat unsigned is shown as a spectator, and
 * honest peers never look divergent because of it; a seated peer that really disagrees still does.
 */
import { describe, expect, it } from 'vitest';
import { makeGenesis } from '../../../src/lib/sync/author';
import { MemoryKeyStore } from '../../../src/lib/sync/key-store';
import { GameSession, type AwarenessLike } from '../../../src/lib/sync/session';
import { signPresence, type Presence } from '../../../src/lib/sync/presence';
import { TOY_RULES, toyGame, type ToyState } from './toy-game';
import { Network } from './network';
import { settle, startAnnAndBob } from './two-devices';

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
	/** What a hostile peer can do: set any client's state, and tell everyone it changed. */
	forge(id: number, presence: unknown): void {
		this.states.set(id, { presence });
		for (const l of this.listeners) l();
	}
}

async function table() {
	const net = new Network(2);
	const aw = new SharedAwareness();
	const { genesis, creator } = await makeGenesis({ target: 10 }, 2, TOY_RULES);
	const keys = [new MemoryKeyStore(), new MemoryKeyStore()];
	await keys[0].putCreator(genesis.id, creator);
	net.peers[0].append(genesis.wire);
	const sessions: GameSession<ToyState>[] = await Promise.all(
		[0, 1].map((d) => GameSession.open({ game: genesis.id, adapter: toyGame, keys: keys[d], log: net.peers[d], appVersion: '1', awareness: aw.client(d + 1) }))
	);
	await settle(net, sessions);
	await startAnnAndBob(net, sessions);
	return { net, aw, sessions, keys, game: genesis.id };
}

const presenceOf = (aw: SharedAwareness, id: number) => (aw.states.get(id) as { presence: Presence }).presence;

describe('presence bound to seats', () => {
	it('signed claims show each seat; a replaced, copied or unsigned claim is a spectator and makes nobody divergent', async () => {
		const { net, aw, sessions } = await table();
		const [host, guest] = sessions;
		expect(guest.peers().map((p) => [p.clientId, p.seats])).toEqual([
			[1, [0]],
			[2, [1]]
		]);
		expect(guest.divergent()).toEqual([]);
		const genuine = presenceOf(aw, 1);
		expect(genuine.proofs?.length).toBe(1);

		// Replaced: the host's own state, its proof kept, but another state hash at the same head.
		aw.forge(1, { ...genuine, stateHash: 'evil' });
		// Copied: the host's genuine signed claim under another client id.
		aw.forge(7, genuine);
		// Unsigned: seat 1 claimed with no proof, and a wrong hash at the same head.
		aw.forge(8, { ...genuine, seats: [1], proofs: undefined, stateHash: 'evil' });
		// Badly signed: seat 1 with the host's proof.
		aw.forge(9, { ...genuine, seats: [1], stateHash: 'evil' });
		await settle(net, sessions);
		for (const s of sessions) {
			const peers = s.peers();
			expect(peers.map((p) => [p.clientId, p.seats])).toEqual([
				[1, []],
				[2, [1]],
				[7, []],
				[8, []],
				[9, []]
			]);
			// A spectator's claim carries no head or hash, and honest peers are not flagged.
			expect(peers.filter((p) => p.seats.length === 0).every((p) => p.head === null && p.stateHash === null)).toBe(true);
			expect(s.divergent()).toEqual([]);
		}
		// The host publishes again (a new view): its seat is back.
		aw.forge(1, genuine);
		await settle(net, sessions);
		expect(guest.peers().find((p) => p.clientId === 1)?.seats).toEqual([0]);
		expect(host.divergent()).toEqual([]);
	});

	it('a seated device that signs another state hash at the same head is still flagged', async () => {
		const { net, aw, sessions, keys, game } = await table();
		const [, guest] = sessions;
		const genuine = presenceOf(aw, 2);
		// A third device of the guest's seat (the same key), whose replay disagrees: signed, so it counts.
		const secrets = await keys[1].list(game);
		const wrong = await signPresence(game, 5, { ...genuine, proofs: undefined, stateHash: 'other' }, secrets);
		const again = await signPresence(game, 6, { ...genuine, proofs: undefined }, secrets);
		aw.forge(5, wrong);
		aw.forge(6, again);
		await settle(net, sessions);
		expect(guest.divergent().map((d) => d.clientId)).toEqual([5]);
	});
});
