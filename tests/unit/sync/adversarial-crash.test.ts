/**
 * Issue 17a and "no entry can break ordering": whatever a hostile peer stores in the log, every
 * honest peer's ordering finishes, refuses the entry with a reason, and keeps its head, state hash
 * and move count. Fuzzed with prototype names, huge and deep values and every Yjs type.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import type { GameState } from '../../../src/lib/engine';
import { makeGenesis, makePlay, signBody } from '../../../src/lib/sync/author';
import { engine1822, RULES_1822, setupJson, controllingSeat } from '../../../src/lib/sync/engine-1822';
import type { EngineAdapter } from '../../../src/lib/sync/engine-adapter';
import { LOG_VERSION, type JsonObject } from '../../../src/lib/sync/entry';
import { MemoryKeyStore } from '../../../src/lib/sync/key-store';
import { LogDoc } from '../../../src/lib/sync/log-doc';
import { LogOrderer } from '../../../src/lib/sync/order';
import { GameSession } from '../../../src/lib/sync/session';
import { createTestGame, order, playMoves, wires } from './harness';
import { TOY_RULES, toyGame, type ToyState } from './toy-game';

const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

async function hotseat1822(names: string[]) {
	const log = new LogDoc();
	const keys = new MemoryKeyStore();
	const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), names.length, RULES_1822);
	await keys.putCreator(genesis.id, creator);
	log.append(genesis.wire);
	const session = await GameSession.open({ game: genesis.id, adapter: engine1822, keys, log, appVersion: 'test', resume: null });
	for (const [seat, name] of names.entries()) expect((await session.claim(seat, name)).ok).toBe(true);
	expect((await session.start()).ok).toBe(true);
	await session.refresh();
	return { session, log, keys, game: genesis.id };
}

function summary(view: { head: string | null; stateHash: string | null; chain: readonly unknown[] } | null) {
	return { head: view?.head, hash: view?.stateHash, moves: view?.chain.length };
}

describe('an 1822 action naming a prototype property', () => {
	it('controllingSeat finds no seat for prototype names instead of throwing', async () => {
		const { session } = await hotseat1822(['Ada', 'Brunel']);
		const state = session.view!.state!;
		for (const name of PROTO_NAMES) expect(controllingSeat(state, name)).toBeNull();
		await session.close();
	});

	it('is refused with a reason by every peer, out of turn or in turn, and the game reopens unchanged', async () => {
		const { session, log, keys, game } = await hotseat1822(['Ada', 'Brunel', 'Cleo']);
		const before = summary(session.view);
		const secrets = await keys.list(game);
		const hostile: string[] = [];
		for (const name of PROTO_NAMES) {
			for (const type of ['pass', 'program_share_pass', 'bid']) {
				for (const secret of secrets) {
					const action: JsonObject = { type, entity: name, entity_type: 'corporation' };
					const e = await makePlay(RULES_1822, session.view!.head!, action, secret);
					log.append(e.wire);
					hostile.push(e.id);
				}
			}
		}
		await session.refresh();
		expect(summary(session.view)).toEqual(before);
		for (const id of hostile) expect(session.view!.refused.some((r) => r.id === id)).toBe(true);
		// Reopening (a reload) orders the same log from scratch.
		const again = await GameSession.open({ game, adapter: engine1822, keys, log, appVersion: 'test', resume: null });
		expect(summary(again.view)).toEqual(before);
		await again.close();
		await session.close();
	});
});

describe('an exception while ordering', () => {
	/** The toy game, but its engine throws for an action with `boom` and answers nothing for `hang`. */
	const throwing: EngineAdapter<ToyState> = {
		...toyGame,
		apply(state, action, seat) {
			if (action.boom !== undefined) throw new TypeError('crafted entry broke the engine');
			return toyGame.apply(state, action, seat);
		}
	};

	it('refuses only that entry; its sibling is chosen', async () => {
		const t = await createTestGame(2);
		const base = wires(t.setup);
		const r0 = await new LogOrderer(throwing, t.game).order(base);
		const seat = r0.expected[0];
		const bomb = await makePlay(TOY_RULES, r0.head!, { type: 'add', entity: seat, n: 1, boom: true }, t.seats[seat]);
		const honest = await makePlay(TOY_RULES, r0.head!, { type: 'add', entity: seat, n: 2 }, t.seats[seat]);
		const r = await new LogOrderer(throwing, t.game).order([...base, bomb.wire, honest.wire]);
		expect(r.head).toBe(honest.id);
		expect(r.refused).toContainEqual(expect.objectContaining({ id: bomb.id, code: 'engine_error' }));
	});

	it('a failed refresh is not kept: the next one runs afresh', async () => {
		const t = await createTestGame(2);
		const log = new LogDoc();
		log.append(...t.setup.map((e) => e.wire));
		let failNext = false;
		const flaky = log;
		const entries = log.entries.bind(log);
		flaky.entries = () => {
			if (failNext) {
				failNext = false;
				throw new Error('IndexedDB went away');
			}
			return entries();
		};
		const keys = new MemoryKeyStore();
		const session = await GameSession.open({ game: t.game, adapter: toyGame, keys, log: flaky, appVersion: 'test', resume: null });
		expect(session.view?.stage).toBe('playing');
		failNext = true;
		await expect(session.refresh()).rejects.toThrow('IndexedDB went away');
		expect(session.lastError).toBe('IndexedDB went away');
		await session.refresh();
		expect(session.lastError).toBeNull();
		expect(session.view?.stage).toBe('playing');
		await session.close();
	});
});

/** Values a hostile peer might store as one log item. */
const deep = (n: number): unknown => {
	let v: unknown = 1;
	for (let i = 0; i < n; i++) v = { a: v };
	return v;
};
const protoObject = (name: string) => JSON.parse(`{"${name}": {"body": "x", "sig": "y"}, "body": "{}", "sig": ""}`) as unknown;
const hostileItem: fc.Arbitrary<() => unknown> = fc.oneof(
	fc.jsonValue().map((v) => () => v),
	fc.constantFrom(...PROTO_NAMES).map((n) => () => protoObject(n)),
	fc.integer({ min: 10, max: 5000 }).map((n) => () => ({ body: JSON.stringify(deep(n)), sig: 'x' })),
	fc.constant(() => ({ body: 'x'.repeat(5_000_000), sig: 'x' })),
	fc.constant(() => new Y.Map()),
	fc.constant(() => new Y.Array()),
	fc.constant(() => new Y.Text('body')),
	fc.constant(() => new Y.XmlFragment()),
	fc.constant(() => new Uint8Array([1, 2, 3])),
	fc.string().map((s) => () => ({ body: s, sig: s }))
);

/** Signed, well-formed entries with hostile actions, by a seated key: they reach the engine. */
const hostileAction: fc.Arbitrary<JsonObject> = fc.record({
	type: fc.constantFrom('add', 'pass', 'bid', 'lay_tile', 'run_routes', 'program_share_pass', 'undo', 'consent', ...PROTO_NAMES),
	entity: fc.oneof(fc.constantFrom<fc.JsonValue>(...PROTO_NAMES, 0, 1, -1, 1e300, 'LNWR', 'P1', 'M1'), fc.jsonValue()),
	n: fc.oneof(fc.jsonValue(), fc.constantFrom<fc.JsonValue>(1, 2, 3)),
	routes: fc.jsonValue()
}) as fc.Arbitrary<JsonObject>;

describe('fuzzing the orderer', () => {
	it('toy game: any stored item is refused or ignored, and the honest head, hash and moves stay', async () => {
		const t = await createTestGame(3, { keySeed: 'fuzz' });
		const moves = await playMoves(t, wires(t.setup), 5);
		const honest = [...wires(t.setup), ...wires(moves)];
		const reference = await order(t.game, honest);
		const heads = [t.start.id, ...moves.map((m) => m.id)];
		await fc.assert(
			fc.asyncProperty(
				fc.array(hostileItem, { maxLength: 6 }),
				fc.array(fc.tuple(hostileAction, fc.nat(2), fc.nat(heads.length - 1)), { maxLength: 6 }),
				async (items, signed) => {
					const doc = new LogDoc();
					doc.append(...(honest as { body: string; sig: string }[]));
					for (const make of items) {
						try {
							doc.appendRaw(make());
						} catch {
							// Yjs itself refuses to store some values (an own "__proto__" key): nothing reaches a peer.
						}
					}
					for (const [action, seat, at] of signed) {
						doc.append((await makePlay(TOY_RULES, heads[at], action, t.seats[seat])).wire);
					}
					const r = await new LogOrderer(toyGame, t.game).order(doc.entries());
					expect(r.head).toBe(reference.head);
					expect(r.stateHash).toBe(reference.stateHash);
					expect(r.chain.length).toBe(reference.chain.length);
				}
			),
			{ numRuns: 40, seed: 17 }
		);
	});

	it('1822: signed hostile actions of the seat to act are refused with a reason; the game is unchanged', async () => {
		const { session, log, keys, game } = await hotseat1822(['Ada', 'Brunel']);
		const before = summary(session.view);
		const secrets = await keys.list(game);
		const head = session.view!.head!;
		await fc.assert(
			fc.asyncProperty(fc.array(fc.tuple(hostileAction, fc.nat(1)), { minLength: 1, maxLength: 4 }), async (signed) => {
				const doc = new LogDoc();
				doc.append(...(log.entries() as { body: string; sig: string }[]));
				const ids: string[] = [];
				for (const [action, seat] of signed) {
					const e = await signBody({ v: LOG_VERSION, game, parent: head, seat, action, rules: RULES_1822 }, secrets[seat].identity);
					doc.append(e.wire);
					ids.push(e.id);
				}
				const r = await new LogOrderer<GameState>(engine1822, game).order(doc.entries());
				// A hostile entry may happen to be a legal move (a plain pass); otherwise it is refused.
				const legal = r.chain.find((e) => ids.includes(e.id));
				if (!legal) expect(summary(r)).toEqual(before);
				for (const id of ids) if (id !== legal?.id) expect(r.refused.some((x) => x.id === id)).toBe(true);
			}),
			{ numRuns: 60, seed: 17 }
		);
		await session.close();
	});
});
