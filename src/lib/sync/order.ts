/**
 * Ordering and conflicts (issue 9). Yjs merges concurrent appends in an arbitrary order, so the
 * order of the array means nothing: the game is found by walking parent links from genesis.
 *
 * - Genesis is the entry whose id is the game id, signed by the creator's key it names.
 * - Claims are children of genesis, each signed by the key it claims the seat with.
 * - The start entry (a child of genesis, signed by the creator) fixes one claim per seat.
 * - Reveals are children of start; when every seat has revealed, the seed is known and play begins.
 * - Then, at each head, the next entry is the child that is validly signed by a seated key, by a
 *   seat the engine expects, and that the engine accepts; among several, the lowest id wins.
 *
 * Everything is a function of the set of entries, so every peer that holds the same entries makes
 * the same choices. Results per entry are cached by entry id: an entry's outcome depends only on
 * its ancestry, so repeated calls after each remote update cost little more than a walk.
 *
 * Opening a long game: the walk of play may begin at a resume point (resume.ts) kept by this
 * device, once it is proven to give the same choices as a walk from the start; see there for what
 * a choice depends on. A point that fails is reported (`takeRejected`) and the walk starts at the
 * start. Once used, it stays the walk's starting place for later calls while it still holds, so
 * that the per-entry cache built on it keeps serving.
 */
import type { EngineAdapter } from './engine-adapter';
import { findForks, type Fork } from './forks';
import { decodeEntry, SEED_SCHEME, type DecodeResult, type Entry } from './entry';
import { keyId, verifyText, type PublicKeyInfo } from './identity';
import { playStep, type Cursor, type Done, type StepOutcome, type UndoEvent } from './play-step';
import type { Refusal, RefusalCode } from './refusal';
import { pointsOfWalk, resumeFrom, type LastWalk, type Resumed, type ResumePoint, type ResumeVerdict } from './resume';
import { seatClaim, startProblem, type SeatClaim } from './seats';
import { undoStatuses, type UndoStatus } from './undo-status';
import { commitNonce, deriveSeed } from './seed';

export type Stage = 'empty' | 'claiming' | 'revealing' | 'playing' | 'broken';

export interface OrderResult<S> {
	readonly game: string;
	readonly stage: Stage;
	readonly genesis: Entry | null;
	/** The game's rules version differs from the local engine's: this peer may replay differently. */
	readonly rulesMismatch: boolean;
	readonly setupError: string | null;
	/** Valid claims (before start, the candidates; after, those the start fixed). */
	readonly claims: readonly Entry[];
	readonly seats: readonly SeatClaim[] | null;
	readonly revealed: readonly number[];
	readonly seed: number | null;
	/** Genesis, start, then every entry of play in order. */
	readonly chain: readonly Entry[];
	readonly head: string | null;
	readonly state: S | null;
	readonly stateHash: string | null;
	readonly expected: readonly number[];
	readonly undos: readonly UndoStatus[];
	readonly pendingUndo: UndoStatus | null;
	readonly refused: readonly Refusal[];
	/** Entries that may still count: their parent has not arrived, or play has not begun. */
	readonly waiting: readonly string[];
	readonly forks: readonly Fork[];
	/** The deepest chain entry every seat has built on: no rival can displace it or anything before it. */
	readonly final: string | null;
}

/** A value from the engine, or the fallback if it throws (the engine is pure: it throws alike everywhere). */
function guarded<T>(f: () => T, fallback: T): T {
	try {
		return f();
	} catch {
		return fallback;
	}
}

function errorText(e: unknown): string {
	const text = e instanceof Error ? e.message : String(e);
	return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: Entry, b: Entry) => cmp(a.id, b.id);


/** Entries one seat may write on one entry that count; the rest are refused unread (issue 17h). */
export const MAX_CHILDREN_PER_SEAT = 4;
/** Consents read below one request (a table has at most a few seats to ask). */
const MAX_CONSENT_WALK = 64;

interface WalkCtx {
	readonly all: (id: string) => readonly Entry[];
	readonly childrenOf: (id: string) => readonly Entry[];
	readonly fixed: readonly SeatClaim[];
	readonly startId: string;
	/** Per walk: who built on each entry (`#builtOnBy`). */
	readonly masks: Map<string, bigint>;
}

interface RequestFate {
	readonly granted: boolean;
	readonly closed: boolean;
	readonly status: UndoStatus;
}

type Candidate<S> = { entry: Entry; cursor: Cursor<S>; event: UndoEvent | null; state?: S; anyTime?: boolean; fate: RequestFate | null };

/**
 * How rival children of one head are ranked (issue 17b); see the top of this file. Nothing here
 * is chosen by the author alone except between two entries of its own that nobody built on.
 */
interface ChoiceKey {
	/** An undo request not yet granted: it never displaces anything. */
	readonly pending: boolean;
	/** Other seats that built on the entry. */
	readonly builders: number;
	/** A turn's move 3, a granted undo request 2, an own undo 1, an any-time action 0. */
	readonly strength: number;
	readonly seat: number;
	readonly id: string;
}

function compareKeys(a: ChoiceKey, b: ChoiceKey): number {
	if (a.pending !== b.pending) return a.pending ? 1 : -1;
	if (a.builders !== b.builders) return b.builders - a.builders;
	if (a.strength !== b.strength) return b.strength - a.strength;
	if (a.seat !== b.seat) return a.seat - b.seat;
	return cmp(a.id, b.id);
}

function lossReason(winner: Entry, w: ChoiceKey, l: ChoiceKey): string {
	const short = winner.id.slice(0, 8);
	if (l.pending) return `play went on with ${short} before the request was granted`;
	if (w.builders !== l.builders) return `${short} was built on by ${w.builders} other seat(s), this entry by ${l.builders}`;
	if (w.strength !== l.strength) {
		return l.strength === 0 ? `${short} is a turn's move, which an any-time action never displaces` : `${short} is a turn's move`;
	}
	if (w.seat !== l.seat) return `${short}, by a lower seat, was chosen: nobody had built on either`;
	return `${short}, by the same seat, was chosen: nobody had built on either`;
}

function popcount(x: bigint): number {
	let n = 0;
	for (let v = x; v > 0n; v >>= 1n) if (v & 1n) n++;
	return n;
}

export type { SeatClaim } from './seats';
export type { Fork } from './forks';
export type { UndoStatus } from './undo-status';

export class LogOrderer<S> {
	readonly #decoded = new WeakMap<object, DecodeResult>();
	readonly #sigs = new Map<string, Promise<boolean>>();
	readonly #sigsKnown = new Map<string, boolean>();
	readonly #steps = new Map<string, StepOutcome<S>>();
	readonly #initial = new Map<string, { seed: number; cursor: Cursor<S> | null; error: string | null }>();
	/** The last state this orderer computed, so that the next call after an append costs one apply. */
	#hot: { readonly node: Done<S>; readonly state: S } | null = null;
	/** Points offered by the caller, tried (furthest first) by the next walk of play. */
	#offered: ResumePoint<S>[] = [];
	/** The point in use: later walks begin there too while it holds. */
	#anchor: { readonly point: ResumePoint<S>; readonly start: string; readonly resumed: Resumed<S> } | null = null;
	#rejected: { readonly head: string; readonly verdict: ResumeVerdict }[] = [];
	/** What the last walk of play saw, to make resume points of it (`resumePoints`). */
	#last: LastWalk<S> | null = null;
	#resumedAt: { readonly head: string; readonly position: number } | null = null;
	/** The children of each entry in the walk under way (ids ascending). */
	#childrenIndex: ReadonlyMap<string, Entry[]> = new Map();

	constructor(
		readonly adapter: EngineAdapter<S>,
		readonly game: string,
		/** Keep every n-th state of play (see play-step.ts Done); 1 keeps them all. */
		readonly checkpointEvery = 32
	) {}

	/** Resume points for the next walk (see resume.ts); the furthest valid one is used. */
	offerResumePoints(points: readonly ResumePoint<S>[]): void {
		this.#offered = [...points];
	}

	/** Offered points found invalid since the last call: the caller may delete them. */
	takeRejected(): { readonly head: string; readonly verdict: ResumeVerdict }[] {
		const out = this.#rejected;
		this.#rejected = [];
		return out;
	}

	/** The resume point the last walk began at, or null when it began at the start. */
	get resumedAt(): { readonly head: string; readonly position: number } | null {
		return this.#resumedAt;
	}

	/** The state at a cursor: from the hot state, a checkpoint or the initial state, replaying the rest. */
	#stateAt(cursor: Cursor<S>, keepHot = true): S {
		const path: Done<S>[] = [];
		let base: S = cursor.initial;
		for (let node = cursor.top; node; node = node.prev) {
			if (this.#hot?.node === node) {
				base = this.#hot.state;
				break;
			}
			if (node.checkpoint !== null) {
				base = node.checkpoint;
				break;
			}
			path.push(node);
		}
		let state = base;
		for (let i = path.length - 1; i >= 0; i--) {
			const again = this.adapter.apply(state, path[i].action, path[i].seat);
			// It was accepted once from this very state: a refusal now means the engine is not deterministic.
			if (!again.ok) throw new Error(`replaying ${path[i].id} failed: ${again.error.code}`);
			state = again.state;
		}
		if (cursor.top && keepHot) this.#hot = { node: cursor.top, state };
		return state;
	}

	/** Yjs hands back the same stored objects on every read, so decoding is cached per object. */
	async #decodeAll(items: readonly unknown[]): Promise<DecodeResult[]> {
		const out: DecodeResult[] = new Array<DecodeResult>(items.length);
		const missing: Promise<void>[] = [];
		items.forEach((item, i) => {
			const known = typeof item === 'object' && item !== null ? this.#decoded.get(item) : undefined;
			if (known) out[i] = known;
			else {
				missing.push(
					decodeEntry(item)
						// Decoding reads nothing but the item; should it throw, the item is refused, not the log.
						.catch((e: unknown): DecodeResult => ({ ok: false, code: 'malformed', message: `the entry could not be read (${errorText(e)})` }))
						.then((d) => {
							out[i] = d;
							if (typeof item === 'object' && item !== null) this.#decoded.set(item, d);
						})
				);
			}
		});
		await Promise.all(missing);
		return out;
	}

	/** True if any stored copy of the entry carries a valid signature by `key`. */
	async #verify(copies: readonly Entry[], key: PublicKeyInfo): Promise<boolean> {
		for (const copy of copies) {
			const cacheKey = `${copy.id}|${copy.sig}|${keyId(key)}`;
			const known = this.#sigsKnown.get(cacheKey);
			if (known !== undefined) {
				if (known) return true;
				continue;
			}
			let check = this.#sigs.get(cacheKey);
			if (!check) {
				check = verifyText(key, copy.text, copy.sig);
				this.#sigs.set(cacheKey, check);
			}
			const valid = await check;
			this.#sigsKnown.set(cacheKey, valid);
			this.#sigs.delete(cacheKey);
			if (valid) return true;
		}
		return false;
	}

	async order(items: readonly unknown[]): Promise<OrderResult<S>> {
		const refused: Refusal[] = [];
		const refuse = (e: Entry | null, code: RefusalCode, message: string) =>
			refused.push({ id: e?.id ?? null, seat: e?.body.seat ?? null, parent: e?.body.parent ?? null, code, message });

		// Structural decoding; copies of one body (ECDSA signatures differ per signing) share an id.
		const copies = new Map<string, Entry[]>();
		for (const decoded of await this.#decodeAll(items)) {
			if (!decoded.ok) {
				refused.push({ id: decoded.id ?? null, seat: null, parent: null, code: decoded.code, message: decoded.message });
				continue;
			}
			const list = copies.get(decoded.entry.id);
			if (!list) copies.set(decoded.entry.id, [decoded.entry]);
			else if (!list.some((c) => c.sig === decoded.entry.sig)) list.push(decoded.entry);
		}

		const genesisCopies = copies.get(this.game);
		const genesisEntry = genesisCopies?.[0];
		let genesis: Entry | null = null;
		if (genesisEntry && genesisCopies && genesisEntry.kind.kind === 'genesis') {
			if (await this.#verify(genesisCopies, genesisEntry.kind.creator)) genesis = genesisEntry;
			else refuse(genesisEntry, 'bad_signature', "genesis is not signed by the creator's key it names");
		}
		const rules = genesis?.body.rules ?? null;

		const eligible: Entry[] = [];
		for (const [id, list] of copies) {
			const e = list[0];
			if (id === this.game) continue;
			if (e.body.game !== this.game) refuse(e, 'wrong_game', 'the entry belongs to another game');
			else if (rules !== null && e.body.rules !== rules) {
				refuse(e, 'rules_mismatch', `written with rules ${e.body.rules}, the game uses ${rules}`);
			} else eligible.push(e);
		}
		eligible.sort(byId);
		const children = new Map<string, Entry[]>();
		for (const e of eligible) {
			const parent = e.body.parent ?? '';
			const list = children.get(parent);
			if (list) list.push(e);
			else children.set(parent, [e]);
		}
		const childrenOf = (id: string) => children.get(id) ?? [];
		this.#childrenIndex = children;
		const visited = new Set<string>();
		const all = (id: string) => copies.get(id) ?? [];

		const result = (partial: Partial<OrderResult<S>> & { stage: Stage }): OrderResult<S> => {
			const waiting: string[] = [];
			for (const e of eligible) {
				if (visited.has(e.id)) continue;
				const parent = e.body.parent ?? '';
				const parentKnown = copies.has(parent);
				if (partial.stage === 'playing' && parentKnown) {
					refuse(e, 'off_chain', 'it follows an entry that is not part of the game');
				} else waiting.push(e.id);
			}
			// Code-unit order, not localeCompare: every peer must sort alike whatever its locale.
			refused.sort((a, b) => cmp(a.id ?? '', b.id ?? '') || cmp(a.code, b.code) || cmp(a.message, b.message));
			return {
				game: this.game,
				genesis,
				rulesMismatch: rules !== null && rules !== this.adapter.rules,
				setupError: null,
				claims: [],
				seats: null,
				revealed: [],
				seed: null,
				chain: genesis ? [genesis] : [],
				head: genesis?.id ?? null,
				state: null,
				stateHash: null,
				expected: [],
				undos: [],
				pendingUndo: null,
				forks: [],
				final: null,
				...partial,
				refused,
				waiting
			};
		};

		if (!genesis || genesis.kind.kind !== 'genesis') return result({ stage: 'empty' });
		const g = genesis.kind;
		if (g.seedScheme !== SEED_SCHEME) {
			return result({ stage: 'broken', setupError: `unknown seed scheme ${g.seedScheme}` });
		}

		// Claims and start, children of genesis.
		const claims = new Map<string, Entry>();
		const starts: Entry[] = [];
		for (const e of childrenOf(genesis.id)) {
			visited.add(e.id);
			if (e.kind.kind === 'claim') {
				const seat = e.body.seat ?? -1;
				if (seat >= g.seats) refuse(e, 'bad_claim', `the game has ${g.seats} seats`);
				else if (!(await this.#verify(all(e.id), e.kind.key))) refuse(e, 'bad_signature', 'the claim is not signed by its key');
				else claims.set(e.id, e);
			} else if (e.kind.kind === 'start') starts.push(e);
			else refuse(e, 'misplaced', `a ${e.kind.kind} entry cannot follow genesis`);
		}
		let start: Entry | null = null;
		let seats: SeatClaim[] | null = null;
		// One start per game (issue 17d): among valid starts, the one the most seats revealed under; a
		// start nobody has revealed under yet never replaces one that a seat has. Equal: the lowest id
		// (only the creator writes starts, and then no seat's nonce is at stake).
		const validStarts: { s: Entry; reveals: number }[] = [];
		for (const s of starts) {
			if (s.kind.kind !== 'start') continue;
			const problem = startProblem(s.kind.claims, claims, g.seats);
			if (problem) refuse(s, 'bad_start', problem);
			else if (!(await this.#verify(all(s.id), g.creator))) refuse(s, 'bad_signature', "start is not signed by the creator's key");
			else validStarts.push({ s, reveals: await this.#revealCount(s, claims, all) });
		}
		validStarts.sort((a, b) => b.reveals - a.reveals || byId(a.s, b.s));
		for (const [i, { s, reveals }] of validStarts.entries()) {
			if (s.kind.kind !== 'start') continue;
			if (i === 0) {
				start = s;
				seats = s.kind.claims.map((id, seat) => seatClaim(claims.get(id)!, seat));
			} else {
				const top = validStarts[0];
				refuse(s, 'superseded', top.reveals > reveals ? `seats had revealed under start ${top.s.id.slice(0, 8)}` : `start ${top.s.id.slice(0, 8)} has a lower id`);
			}
		}
		if (!start || !seats) return result({ stage: 'claiming', claims: [...claims.values()] });
		const seated = new Set(seats.map((s) => s.claim));
		for (const c of claims.values()) if (!seated.has(c.id)) refuse(c, 'not_seated', 'the start entry gave the seat to another claim');
		const fixed = seats;
		const seatedClaims = fixed.map((s) => claims.get(s.claim)!);
		const forks = await findForks(eligible, copies, fixed, g.creator, (list, key) => this.#verify(list, key));

		// Reveals, children of start; play begins when every seat has revealed.
		const nonces: (string | null)[] = fixed.map(() => null);
		const plays: Entry[] = [];
		for (const e of childrenOf(start.id)) {
			if (e.kind.kind !== 'reveal') {
				plays.push(e);
				continue;
			}
			visited.add(e.id);
			const seat = e.body.seat ?? -1;
			if (seat >= fixed.length) refuse(e, 'unknown_seat', `there is no seat ${seat + 1}`);
			else if (!(await this.#verify(all(e.id), fixed[seat].key))) refuse(e, 'bad_signature', `not signed by seat ${seat + 1}'s key`);
			else if ((await commitNonce(e.kind.nonce)) !== fixed[seat].commit) refuse(e, 'bad_reveal', 'the nonce does not match the claim');
			else nonces[seat] = e.kind.nonce;
		}
		const revealed = nonces.flatMap((n, seat) => (n === null ? [] : [seat]));
		const base = { claims: seatedClaims, seats: fixed, revealed, forks, chain: [genesis, start], head: start.id };
		if (revealed.length < fixed.length) return result({ stage: 'revealing', ...base });

		let initial = this.#initial.get(start.id);
		if (!initial) {
			const seed = await deriveSeed(this.game, nonces as string[]);
			const made = guarded(
				() =>
					this.adapter.initialState({
						game: this.game,
						setup: g.setup,
						seats: fixed.map(({ seat, name }) => ({ seat, name })),
						seed,
						rules: genesis.body.rules
					}),
				{ ok: false, error: { code: 'engine_error', message: 'the rules engine failed to set up this game' } } as const
			);
			initial = made.ok
				? { seed, cursor: { initial: made.state, top: null, pending: null }, error: null }
				: { seed, cursor: null, error: `${made.error.code}: ${made.error.message}` };
			this.#initial.set(start.id, initial);
		}
		if (!initial.cursor) return result({ stage: 'broken', ...base, seed: initial.seed, setupError: initial.error });

		// Play: at each head, the lowest-id child that is valid; from a proven resume point if there is one.
		const chain: Entry[] = [genesis, start];
		const events: UndoEvent[] = [];
		/** Requests that are not on the chain: declined, withdrawn, or overtaken by a move. */
		const sideUndos: UndoStatus[] = [];
		/** Whether each chain entry walked now was a turn's entry (not an any-time action). */
		const strongAt = new Map<string, boolean>();
		// Refusals of play, apart from the rest: a resume point keeps those before its head.
		const playRefused: Refusal[] = [];
		let cursor = initial.cursor;
		let known: S | undefined = cursor.initial;
		let head = start;
		const eligibleIds = new Set(eligible.map((e) => e.id));
		const resumed = await this.#resume({
			game: this.game,
			rules: this.adapter.rules,
			start,
			initial: initial.cursor,
			eligibleEntry: (id) => (eligibleIds.has(id) ? all(id)[0] : undefined),
			childrenOf,
			copiesOf: all,
			hash: (s) => this.adapter.hash(s)
		});
		/** The cursor after each chain entry and the play refusals before its children; none before a resume point. */
		const after: ({ cursor: Cursor<S>; refused: number; side: number } | null)[] = [null, { cursor, refused: 0, side: 0 }];
		if (resumed) {
			chain.push(...resumed.chain);
			events.push(...resumed.events);
			playRefused.push(...resumed.refused);
			sideUndos.push(...resumed.sideUndos);
			for (const id of resumed.visited) visited.add(id);
			cursor = resumed.cursor;
			// Not made the hot state: a later call would lose the one it left; the point's node keeps its state.
			known = resumed.state;
			head = chain[chain.length - 1];
			for (let i = 1; i < resumed.chain.length; i++) after.push(null);
			after.push({ cursor, refused: playRefused.length, side: sideUndos.length });
		}
		let candidates = resumed ? childrenOf(head.id) : plays;
		const masks = new Map<string, bigint>();
		const ctx: WalkCtx = { all, childrenOf, fixed, startId: start.id, masks };
		for (;;) {
			let chosen: Candidate<S> | null = null;
			const at = cursor;
			const current = () => (known ??= this.#stateAt(at));
			const refusePlay = (e: Entry, code: RefusalCode, message: string) =>
				playRefused.push({ id: e.id, seat: e.body.seat, parent: e.body.parent, code, message });
			const valid: Candidate<S>[] = [];
			const perSeat = new Map<number, number>();
			for (const e of candidates) {
				visited.add(e.id);
				const seat = e.body.seat ?? -1;
				const n = (perSeat.get(seat) ?? 0) + 1;
				perSeat.set(seat, n);
				if (n > MAX_CHILDREN_PER_SEAT) {
					refusePlay(e, 'too_many', `seat ${seat + 1} wrote more than ${MAX_CHILDREN_PER_SEAT} entries on one entry`);
					continue;
				}
				const outcome = await this.#step(cursor, current, all(e.id), fixed, start.id);
				if (!outcome.ok) {
					refusePlay(e, outcome.code, outcome.message);
					continue;
				}
				const c: Candidate<S> = { entry: e, ...outcome, fate: null };
				if (outcome.event?.type === 'requested') {
					c.fate = await this.#requestFate(c, ctx);
					if (c.fate.closed) {
						sideUndos.push({ ...c.fate.status, takesBack: outcome.event.takesBack });
						refusePlay(e, 'undo_declined', c.fate.status.status === 'withdrawn' ? 'its requester withdrew it' : 'a seat whose action it would take back declined');
						continue;
					}
				}
				valid.push(c);
			}
			if (valid.length === 1) chosen = valid[0];
			else if (valid.length > 1) {
				const keyed: { c: Candidate<S>; key: ChoiceKey }[] = [];
				for (const c of valid) keyed.push({ c, key: await this.#choiceKey(c, ctx) });
				keyed.sort((a, b) => compareKeys(a.key, b.key));
				chosen = keyed[0].c;
				for (const { c, key } of keyed.slice(1)) {
					if (c.fate && !c.fate.granted) sideUndos.push({ ...c.fate.status, status: 'superseded' });
					refusePlay(c.entry, c.fate && !c.fate.granted ? 'play_went_on' : 'superseded', lossReason(chosen.entry, keyed[0].key, key));
				}
			}
			if (!chosen) break;
			strongAt.set(chosen.entry.id, chosen.anyTime !== true);
			chain.push(chosen.entry);
			if (chosen.event) events.push(chosen.event);
			cursor = chosen.cursor;
			after.push({ cursor, refused: playRefused.length, side: sideUndos.length });
			// A pending undo request or an answer to it leaves the state as it was.
			if (chosen.state !== undefined) known = chosen.state;
			else if (cursor.top !== at.top) known = undefined;
			if (known !== undefined && cursor.top) this.#hot = { node: cursor.top, state: known };
			head = chosen.entry;
			candidates = childrenOf(head.id);
		}
		refused.push(...playRefused);
		// Final: the deepest chain entry below which every other seat has a turn's entry (issue 17b).
		let finalIndex = -1;
		{
			const seen = new Set<number>();
			for (let i = chain.length - 1; i >= 2 && finalIndex < 0; i--) {
				const e = chain[i];
				const k = e.kind;
				const anyTime = k.kind === 'game' && (strongAt.get(e.id) === false || (strongAt.get(e.id) === undefined && this.adapter.anyTime?.(k.action) === true));
				// Every other seat below it: no rival of it or of anything before it can be built on by more.
				const others = e.body.seat !== null && !seen.has(e.body.seat) ? seen.size + 1 : seen.size;
				if (others === fixed.length) finalIndex = i;
				else if (!anyTime && e.body.seat !== null) seen.add(e.body.seat);
			}
		}
		this.#last = { start: start.id, chain, after, playRefused, sideUndos, finalIndex, childrenOf, copiesOf: all };

		// In the order play met them: by the chain entry each was written on; off-chain ones first there.
		const index = new Map(chain.map((e, i) => [e.id, i]));
		const at = (u: UndoStatus, side: boolean) => (side ? (index.get(all(u.request)[0]?.body.parent ?? '') ?? 0) : (index.get(u.request) ?? 0) - 1);
		const undos = [
			...undoStatuses(events).map((u) => ({ u, k: at(u, false), side: 1 })),
			...sideUndos.map((u) => ({ u, k: at(u, true), side: 0 }))
		]
			.sort((a, b) => a.k - b.k || a.side - b.side)
			.map((x) => x.u);
		for (const u of undoStatuses(events)) {
			if (u.status === 'declined') {
				const e = all(u.request)[0];
				refuse(e, 'undo_declined', 'a seat whose action it would take back declined');
			}
		}
		const state = known ?? this.#stateAt(cursor);
		return result({
			stage: 'playing',
			...base,
			seed: initial.seed,
			chain,
			head: head.id,
			state,
			stateHash: guarded(() => this.adapter.hash(state), null),
			expected: cursor.pending ? [] : guarded(() => [...this.adapter.expectedSeats(state)], []),
			undos,
			pendingUndo: undos.find((u) => u.status === 'pending') ?? null,
			final: finalIndex >= 0 ? chain[finalIndex].id : null,
			// What was kept of each fork: every player sees both entries and which one the game follows.
			forks: forks.map((f) => ({ ...f, kept: f.ids.find((id) => index.has(id)) ?? null }))
		});
	}

	/** Seats with a valid reveal under a start (its claims' keys and commitments). */
	async #revealCount(s: Entry, claims: ReadonlyMap<string, Entry>, all: (id: string) => readonly Entry[]): Promise<number> {
		if (s.kind.kind !== 'start') return 0;
		const ids = s.kind.claims;
		const seen = new Set<number>();
		for (const e of this.#childrenIndex.get(s.id) ?? []) {
			if (e.kind.kind !== 'reveal' || e.body.seat === null || seen.has(e.body.seat)) continue;
			const claim = claims.get(ids[e.body.seat] ?? '');
			if (!claim || claim.kind.kind !== 'claim') continue;
			if (!(await this.#verify(all(e.id), claim.kind.key))) continue;
			if ((await commitNonce(e.kind.nonce)) === claim.kind.commit) seen.add(e.body.seat);
		}
		return seen.size;
	}

	/**
	 * What became of an undo request: granted (every asked seat accepted), closed (a seat declined
	 * or the requester withdrew; a decline anywhere below it wins over any grant) or pending. Only
	 * the consents below it are read.
	 */
	async #requestFate(c: Candidate<S>, ctx: WalkCtx): Promise<RequestFate> {
		const ev = c.event;
		if (ev?.type !== 'requested') throw new Error('not a request');
		let granted = false;
		let closed: UndoStatus['status'] | null = null;
		let closedBy: number | null = null;
		let waiting = ev.waiting;
		const queue: { id: string; cursor: Cursor<S> }[] = [{ id: c.entry.id, cursor: c.cursor }];
		for (let i = 0; i < queue.length && i < MAX_CONSENT_WALK; i++) {
			const { id, cursor } = queue[i];
			for (const child of ctx.childrenOf(id)) {
				if (child.kind.kind !== 'consent' || child.kind.request !== c.entry.id) continue;
				const out = await this.#guardedStep(cursor, () => this.#stateAt(cursor, false), child, ctx);
				if (!out.ok || !out.event) continue;
				if (out.event.type === 'undone') granted = true;
				else if (out.event.type === 'declined' || out.event.type === 'withdrawn') {
					closed = out.event.type;
					closedBy = out.event.seat;
				}
				else if (out.event.type === 'consented') {
					if (out.event.waiting.length < waiting.length) waiting = out.event.waiting;
					queue.push({ id: child.id, cursor: out.cursor });
				}
			}
		}
		const status: UndoStatus = {
			request: c.entry.id,
			seat: ev.seat,
			takesBack: ev.takesBack,
			waiting,
			status: closed ?? (granted ? 'undone' : 'pending'),
			...(closedBy === null ? {} : { closedBy })
		};
		return { granted: granted && closed === null, closed: closed !== null, status };
	}

	/** `#step` for an entry below the chain; its own refusal is not reported (the entry is off the chain). */
	async #guardedStep(cursor: Cursor<S>, current: () => S, e: Entry, ctx: WalkCtx): Promise<StepOutcome<S>> {
		return this.#step(cursor, current, ctx.all(e.id), ctx.fixed, ctx.startId);
	}

	/**
	 * Seats with a turn's entry (a move, an undo, a consent: not an any-time action) among the valid
	 * strict descendants of an entry: who built on it. Memoised per walk; iterative, so that a deep
	 * branch cannot exhaust the stack.
	 */
	async #builtOnBy(rootId: string, rootCursor: Cursor<S>, ctx: WalkCtx): Promise<bigint> {
		const known = ctx.masks.get(rootId);
		if (known !== undefined) return known;
		interface Frame {
			readonly id: string;
			readonly cursor: Cursor<S>;
			kids: { id: string; cursor: Cursor<S>; bit: bigint }[] | null;
		}
		const stack: Frame[] = [{ id: rootId, cursor: rootCursor, kids: null }];
		while (stack.length > 0) {
			const f = stack[stack.length - 1];
			if (f.kids === null) {
				f.kids = [];
				const perSeat = new Map<number, number>();
				for (const child of ctx.childrenOf(f.id)) {
					const seat = child.body.seat ?? -1;
					const n = (perSeat.get(seat) ?? 0) + 1;
					perSeat.set(seat, n);
					if (n > MAX_CHILDREN_PER_SEAT) continue;
					const cursor = f.cursor;
					const out = await this.#guardedStep(cursor, () => this.#stateAt(cursor, false), child, ctx);
					if (!out.ok) continue;
					f.kids.push({ id: child.id, cursor: out.cursor, bit: out.anyTime ? 0n : 1n << BigInt(seat) });
				}
				for (const k of f.kids) if (!ctx.masks.has(k.id)) stack.push({ id: k.id, cursor: k.cursor, kids: null });
				continue;
			}
			stack.pop();
			let mask = 0n;
			for (const k of f.kids) mask |= k.bit | (ctx.masks.get(k.id) ?? 0n);
			ctx.masks.set(f.id, mask);
		}
		return ctx.masks.get(rootId) ?? 0n;
	}

	async #choiceKey(c: Candidate<S>, ctx: WalkCtx): Promise<ChoiceKey> {
		const seat = c.entry.body.seat ?? 0;
		const pending = c.fate !== null && !c.fate.granted;
		const below = pending ? 0n : await this.#builtOnBy(c.entry.id, c.cursor, ctx);
		const others = below & ~(1n << BigInt(seat));
		const strength = c.anyTime ? 0 : c.event?.type === 'undone' && c.entry.kind.kind === 'undo' ? 1 : c.fate ? 2 : 3;
		return { pending, builders: popcount(others), strength, seat, id: c.entry.id };
	}

	/** The point the walk of play begins at: the one in use if it still holds, else the furthest valid offered one. */
	async #resume(ctx: Parameters<typeof resumeFrom<S>>[1]): Promise<Resumed<S> | null> {
		this.#resumedAt = null;
		const anchor = this.#anchor;
		if (anchor) {
			// The same start, and the same inputs before the head: the walk up to it is the one made before.
			// Its state was verified when it was first used and is never modified: the hash is not recomputed.
			const again = anchor.start === ctx.start.id ? await resumeFrom(anchor.point, { ...ctx, hash: () => anchor.point.stateHash }) : 'off_chain';
			if (typeof again !== 'string') {
				this.#resumedAt = { head: anchor.point.head, position: anchor.point.position };
				return anchor.resumed;
			}
			// Stale now (an entry arrived before its head): the store should forget it too.
			this.#rejected.push({ head: anchor.point.head, verdict: again });
			this.#anchor = null;
		}
		if (this.#offered.length === 0) return null;
		const offered = [...this.#offered].sort((a, b) => b.position - a.position || cmp(a.head, b.head));
		this.#offered = [];
		for (const point of offered) {
			const r = await resumeFrom(point, ctx);
			if (typeof r === 'string') {
				this.#rejected.push({ head: point.head, verdict: r });
				continue;
			}
			this.#anchor = { point, start: ctx.start.id, resumed: r };
			this.#resumedAt = { head: point.head, position: point.position };
			return r;
		}
		return null;
	}

	/**
	 * Resume points of the last walk: `heads`, the newest `limit` heads at every `every`-th entry of
	 * play on its chain, and `points` for those of them not in `skip` (already kept) nor before the
	 * point the walk began at. The states are rebuilt from the in-memory checkpoints.
	 */
	async resumePoints(every: number, limit: number, skip: ReadonlySet<string> = new Set()): Promise<{ heads: string[]; points: ResumePoint<S>[] }> {
		if (!this.#last) return { heads: [], points: [] };
		return pointsOfWalk(this.#last, {
			game: this.game,
			rules: this.adapter.rules,
			every,
			limit,
			skip,
			// Not the hot state: the next walk after an append should still cost one apply.
			stateAt: (cursor) => this.#stateAt(cursor, false),
			hash: (state) => this.adapter.hash(state)
		});
	}

	/**
	 * The engine's verdict on a play entry depends on its ancestry only, so it is cached by id. The
	 * signature check is not: a valid copy of a body may arrive after a mangled one with the same id.
	 */
	async #step(
		cursor: Cursor<S>,
		current: () => S,
		copies: readonly Entry[],
		seats: readonly SeatClaim[],
		startId: string
	): Promise<StepOutcome<S>> {
		const e = copies[0];
		const seat = e.body.seat ?? -1;
		if (seat < 0 || seat >= seats.length) return { ok: false, code: 'unknown_seat', message: `there is no seat ${seat + 1}` };
		if (!(await this.#verify(copies, seats[seat].key))) {
			return { ok: false, code: 'bad_signature', message: `not signed by seat ${seat + 1}'s key` };
		}
		const cached = this.#steps.get(e.id);
		if (cached) return cached;
		let outcome: StepOutcome<S>;
		try {
			outcome = playStep(cursor, e, seat, this.adapter, startId, current, this.checkpointEvery);
		} catch (error) {
			// The engine is pure, so a throw is the same on every peer: this entry is refused, play goes on.
			outcome = { ok: false, code: 'engine_error', message: `the rules engine failed on this entry (${errorText(error)})` };
		}
		// The state after the step is handed on once but not cached: only checkpoints are kept.
		this.#steps.set(e.id, outcome.ok ? { ok: true, cursor: outcome.cursor, event: outcome.event, anyTime: outcome.anyTime } : outcome);
		return outcome;
	}
}

export function orderLog<S>(items: readonly unknown[], adapter: EngineAdapter<S>, game: string): Promise<OrderResult<S>> {
	return new LogOrderer(adapter, game).order(items);
}
