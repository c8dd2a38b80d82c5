/** Shared set-up for the sync tests: a created, claimed, started and revealed game. */
import * as Y from 'yjs';
import { makeClaim, makeGenesis, makePlay, makeReveal, makeStart, type SignedEntry } from '../../../src/lib/sync/author';
import type { Identity, KeyAlg } from '../../../src/lib/sync/identity';
import { generateIdentity } from '../../../src/lib/sync/identity';
import type { SeatSecret } from '../../../src/lib/sync/key-store';
import { LogOrderer, type OrderResult } from '../../../src/lib/sync/order';
import type { JsonObject } from '../../../src/lib/sync/entry';
import { TOY_RULES, toyGame, type ToyState } from './toy-game';
import { seededIdentity, seededNonce } from './seeded-keys';

export interface TestGame {
	readonly game: string;
	readonly creator: Identity;
	readonly seats: SeatSecret[];
	readonly genesis: SignedEntry;
	readonly claims: SignedEntry[];
	readonly start: SignedEntry;
	readonly reveals: SignedEntry[];
	/** Everything needed for play to begin, in creation order. */
	readonly setup: SignedEntry[];
}

/** `keySeed` makes keys and nonces reproducible (Ed25519 only), so that entry ids are too. */
export async function createTestGame(
	seatCount: number,
	opts: { target?: number; algs?: KeyAlg[]; keySeed?: string } = {}
): Promise<TestGame> {
	const algs = opts.algs ?? ['Ed25519'];
	const key = (label: string, alg: KeyAlg) =>
		opts.keySeed === undefined ? generateIdentity(alg) : seededIdentity(`${opts.keySeed}/${label}`);
	const { genesis, creator } = await makeGenesis({ target: opts.target ?? 21 }, seatCount, TOY_RULES, await key('creator', algs[0]));
	const game = genesis.id;
	const claimed = await Promise.all(
		Array.from({ length: seatCount }, async (_, seat) =>
			makeClaim(
				game,
				TOY_RULES,
				seat,
				`P${seat + 1}`,
				await key(`seat-${seat}`, algs[seat % algs.length]),
				opts.keySeed === undefined ? undefined : seededNonce(`${opts.keySeed}/seat-${seat}`)
			)
		)
	);
	const claims = claimed.map((c) => c.entry);
	const seats = claimed.map((c) => c.secret);
	const start = await makeStart(game, TOY_RULES, claims.map((c) => c.id), creator);
	const reveals = await Promise.all(seats.map((s) => makeReveal(TOY_RULES, start.id, s)));
	return { game, creator, seats, genesis, claims, start, reveals, setup: [genesis, ...claims, start, ...reveals] };
}

export function order(game: string, items: readonly unknown[], checkpointEvery?: number): Promise<OrderResult<ToyState>> {
	return new LogOrderer(toyGame, game, checkpointEvery).order(items);
}

export function play(parent: string, action: JsonObject, seat: SeatSecret): Promise<SignedEntry> {
	return makePlay(TOY_RULES, parent, action, seat);
}

export function wires(entries: readonly SignedEntry[]): unknown[] {
	return entries.map((e) => e.wire);
}

/** The seat whose turn it is in a freshly started game (the seed chooses it). */
export function firstSeat(result: OrderResult<ToyState>): number {
	const seat = result.expected[0];
	if (seat === undefined) throw new Error('no seat expected');
	return seat;
}

export function newDocs(n: number): Y.Doc[] {
	return Array.from({ length: n }, () => new Y.Doc());
}

/**
 * Plays `count` moves of `n` in turn order on top of `entries`, each on the current head, and
 * returns the new entries. Turn order comes from the orderer, which the tests check separately.
 */
export async function playMoves(t: TestGame, entries: unknown[], count: number, n = 1): Promise<SignedEntry[]> {
	const added: SignedEntry[] = [];
	for (let i = 0; i < count; i++) {
		const r = await order(t.game, [...entries, ...wires(added)]);
		const seat = firstSeat(r);
		added.push(await play(r.head!, { type: 'add', entity: seat, n }, t.seats[seat]));
	}
	return added;
}
