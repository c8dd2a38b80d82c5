/**
 * Issue 9, done-when: 2 to 5 in-memory Yjs documents, random partitions and shuffled delivery.
 * All documents converge to the same head and state hash; forged, re-signed and replayed actions
 * are refused by every peer with the refusal reported; mangled entries are ignored with a reason
 * and nothing else is lost; undo that needs consent does not happen without it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consentAction, signBody, undoAction, type SignedEntry } from '../../../src/lib/sync/author';
import { LogOrderer, type OrderResult } from '../../../src/lib/sync/order';
import type { RefusalCode } from '../../../src/lib/sync/refusal';
import { add, TOY_RULES, toyGame, type ToyState } from './toy-game';
import { createTestGame, order, playMoves, play, wires } from './harness';
import { Network } from './network';
import { seededIdentity } from './seeded-keys';

const step = fc.oneof(
	{ weight: 6, arbitrary: fc.record({ t: fc.constant('act' as const), device: fc.nat(), n: fc.integer({ min: 1, max: 3 }), force: fc.boolean() }) },
	{ weight: 5, arbitrary: fc.record({ t: fc.constant('deliver' as const), picks: fc.array(fc.nat(), { maxLength: 12 }) }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('partition' as const), groups: fc.array(fc.nat({ max: 2 }), { minLength: 5, maxLength: 5 }) }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('heal' as const) }) },
	{ weight: 2, arbitrary: fc.record({ t: fc.constant('undo' as const), device: fc.nat(), back: fc.integer({ min: 0, max: 3 }) }) },
	{ weight: 3, arbitrary: fc.record({ t: fc.constant('answer' as const), device: fc.nat(), accept: fc.boolean() }) },
	{ weight: 1, arbitrary: fc.record({ t: fc.constant('hostile' as const), device: fc.nat(), what: fc.nat({ max: 4 }), pick: fc.nat() }) }
);

const scenario = fc.record({
	keySeed: fc.nat(),
	peers: fc.integer({ min: 2, max: 5 }),
	seats: fc.integer({ min: 2, max: 4 }),
	/** Seats also held on a second device (a player with two browsers): the source of honest forks. */
	twice: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
	steps: fc.array(step, { minLength: 20, maxLength: 90 }),
	shuffle: fc.array(fc.nat(), { minLength: 1, maxLength: 50 })
});

type Hostile = { id: string | null; allowed: readonly RefusalCode[] };

function summary(r: OrderResult<ToyState>) {
	return { head: r.head, hash: r.stateHash, refused: r.refused, forks: r.forks, undos: r.undos, waiting: r.waiting };
}

describe('convergence of several documents under partitions and shuffled delivery', () => {
	it('every peer reaches the same head and state hash, and refuses the same entries for the same reasons', async () => {
		const other = await createTestGame(2, { keySeed: 'foreign' });
		const foreign = await playMoves(other, wires(other.setup), 2);
		const seen = { runs: 0, longChains: 0, superseded: 0, offChain: 0, forks: 0, consentedUndos: 0, declined: 0, hostile: 0 };
		await fc.assert(
			fc.asyncProperty(scenario, async (sc) => {
				const t = await createTestGame(sc.seats, { target: 40, keySeed: String(sc.keySeed) });
				const net = new Network(sc.peers);
				const holders = (seat: number) => {
					const home = seat % sc.peers;
					return sc.twice[seat] ? [home, (home + 1) % sc.peers] : [home];
				};
				const held = (device: number) => t.seats.filter((s) => holders(s.seat).includes(device));
				// Checkpoints every 2 actions on the devices, so that undo and incremental calls rebuild states.
				const orderers = net.peers.map(() => new LogOrderer(toyGame, t.game, 2));
				const view = (d: number) => orderers[d].order(net.peers[d].entries());
				const honest: SignedEntry[] = [];
				const hostile: Hostile[] = [];
				const append = (d: number, e: SignedEntry) => {
					honest.push(e);
					net.peers[d].append(e.wire);
				};

				net.peers[0].append(...t.setup.map((e) => e.wire));
				for (const s of sc.steps) {
					switch (s.t) {
						case 'deliver':
							net.deliver(s.picks);
							break;
						case 'partition':
							net.partition(s.groups);
							break;
						case 'heal':
							net.heal();
							break;
						case 'act': {
							// The first device, from `device` on, that believes one of its seats is to move.
							for (let i = 0; i < sc.peers; i++) {
								const d = (s.device + i) % sc.peers;
								const r = await view(d);
								if (r.stage !== 'playing' || !r.head) continue;
								const mine = held(d);
								const turn = mine.find((x) => r.expected.includes(x.seat));
								const actor = turn ?? (s.force ? mine[0] : undefined);
								if (!actor) continue;
								append(d, await play(r.head, add(actor.seat, s.n), actor));
								break;
							}
							break;
						}
						case 'undo': {
							const d = s.device % sc.peers;
							const r = await view(d);
							const mine = held(d);
							if (r.stage !== 'playing' || !r.head || mine.length === 0) break;
							const games = r.chain.filter((e) => e.kind.kind === 'game');
							const target = games[games.length - 1 - s.back];
							append(d, await play(r.head, target ? undoAction(target.id) : undoAction(), mine[0]));
							break;
						}
						case 'answer': {
							for (let i = 0; i < sc.peers; i++) {
								const d = (s.device + i) % sc.peers;
								const r = await view(d);
								const pending = r.pendingUndo;
								const me = pending && held(d).find((x) => pending.waiting.includes(x.seat));
								if (!pending || !me || !r.head) continue;
								append(d, await play(r.head, consentAction(pending.request, s.accept), me));
								break;
							}
							break;
						}
						case 'hostile': {
							const d = s.device % sc.peers;
							const r = await view(d);
							const parent = r.head ?? t.game;
							const victim = s.pick % sc.seats;
							const thief = held(d).find((x) => x.seat !== victim);
							const thiefKey = thief?.identity ?? (await seededIdentity(`spectator-${s.pick}`));
							if (s.what === 0) {
								// Forged: written as the victim, signed with another key (a spectator's, if no seat here).
								const body = { v: 1, game: t.game, parent, seat: victim, action: add(victim, 1), rules: TOY_RULES };
								const e = await signBody(body, thiefKey);
								hostile.push({ id: e.id, allowed: ['bad_signature', 'off_chain', 'misplaced'] });
								net.peers[d].append(e.wire);
							} else if (s.what === 1 && thief) {
								// Re-signed: the victim's move, signed and sent as the thief's own.
								const e = await play(parent, add(victim, 1), thief);
								hostile.push({ id: e.id, allowed: ['not_your_turn', 'engine_refused', 'off_chain', 'undo_pending', 'misplaced'] });
								net.peers[d].append(e.wire);
							} else if (s.what === 2) {
								const e = foreign[s.pick % foreign.length];
								hostile.push({ id: e.id, allowed: ['wrong_game'] });
								net.peers[d].append(e.wire);
							} else if (s.what === 3) {
								hostile.push({ id: null, allowed: ['malformed'] });
								net.peers[d].appendRaw({ body: `{"v":1,"junk":${s.pick}}`, sig: 'AAAA' });
							} else {
								// A copy of an honest entry with a broken signature: must change nothing.
								const items = (net.peers[d].entries() as { body: string; sig: string }[]).filter((x) => x.body.startsWith('{"action"'));
								const victimEntry = items[s.pick % Math.max(items.length, 1)];
								if (!victimEntry) break;
								net.peers[d].appendRaw({ body: victimEntry.body, sig: victimEntry.sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
							}
							break;
						}
					}
				}
				let k = 0;
				net.flush((n) => sc.shuffle[k++ % sc.shuffle.length] % n);

				const results = await Promise.all(net.peers.map((_, d) => view(d)));
				const first = summary(results[0]);
				for (const r of results) expect(summary(r)).toEqual(first);
				expect(results[0].stage).toBe('playing');

				const r0 = results[0];
				seen.runs++;
				if (r0.chain.length >= 8) seen.longChains++;
				if (r0.refused.some((x) => x.code === 'superseded')) seen.superseded++;
				if (r0.refused.some((x) => x.code === 'off_chain')) seen.offChain++;
				if (r0.forks.length > 0) seen.forks++;
				if (r0.undos.some((u) => u.status === 'undone' && r0.chain.some((e) => e.kind.kind === 'consent' && e.kind.request === u.request))) seen.consentedUndos++;
				if (r0.undos.some((u) => u.status === 'declined')) seen.declined++;
				if (hostile.length > 0) seen.hostile++;

				// A fresh orderer, without caches and keeping every state, on a shuffled copy reaches the same answer.
				const items = net.peers[0].entries();
				const shuffled = items.map((item, i) => ({ item, key: sc.shuffle[i % sc.shuffle.length] * 7919 + i })).sort((a, b) => a.key - b.key);
				const fresh = await order(t.game, shuffled.map((x) => x.item), 1);
				expect(summary(fresh)).toEqual(first);

				// The chain is linked by parents, and holds no hostile entry.
				const chain = results[0].chain;
				for (let i = 2; i < chain.length; i++) expect(chain[i].body.parent).toBe(chain[i - 1].id);
				const onChain = new Set(chain.map((e) => e.id));
				for (const h of hostile) {
					// A forgery can coincide with an honest body (same move, same parent): then it is just a
					// bad copy of an honest entry, which the last check below covers.
					if (h.id === null || honest.some((e) => e.id === h.id)) continue;
					expect(onChain.has(h.id)).toBe(false);
					const refusal = results[0].refused.find((x) => x.id === h.id);
					expect(refusal && h.allowed.includes(refusal.code), JSON.stringify({ h, refusal, refused: results[0].refused, chain: chain.map((e) => e.text) })).toBe(true);
				}
				const malformed = results[0].refused.filter((x) => x.code === 'malformed').length;
				expect(malformed).toBe(hostile.filter((h) => h.id === null).length);

				// Honest entries are never refused as damaged, and hostile entries take nothing away.
				const honestIds = new Set(honest.map((e) => e.id));
				for (const x of results[0].refused) {
					if (x.id && honestIds.has(x.id)) {
						expect(['malformed', 'not_canonical', 'bad_signature', 'wrong_game', 'rules_mismatch']).not.toContain(x.code);
					}
				}
				const clean = await order(t.game, [...wires(t.setup), ...wires(honest)]);
				expect(clean.head).toBe(results[0].head);
				expect(clean.stateHash).toBe(results[0].stateHash);

				// Undo that needs consent happened only with it: every undone request that took back
				// another seat's action is followed on the chain by consents from those seats.
				for (const u of results[0].undos) {
					if (u.status !== 'undone') continue;
					// Undone actions stay on the chain: it is the history of choices, undo included.
					const authors = new Set(u.takesBack.map((id) => chain.find((e) => e.id === id)?.body.seat));
					expect(authors.has(undefined)).toBe(false);
					authors.delete(u.seat);
					const consenting = new Set(
						chain.filter((e) => e.kind.kind === 'consent' && e.kind.request === u.request && e.kind.accept).map((e) => e.body.seat)
					);
					for (const a of authors) expect(consenting.has(a ?? -1)).toBe(true);
				}
			}),
			{ seed: Number(process.env.SYNC_PROPERTY_SEED ?? 1822), numRuns: Number(process.env.SYNC_PROPERTY_RUNS ?? 60) }
		);
		// The generator must actually produce the situations the property is about.
		console.log(`sync convergence scenarios: ${JSON.stringify(seen)}`);
		for (const [name, count] of Object.entries(seen)) expect(count, name).toBeGreaterThan(0);
	});
});
