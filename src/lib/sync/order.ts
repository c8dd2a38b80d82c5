/**
 * Ordering and conflicts (issue 9). Yjs merges concurrent appends in an arbitrary order, so the
 * order of the array means nothing: the game is found by walking parent links from genesis.
 *
 * - Genesis is the entry whose id is the game id, signed by the creator's key it names.
 * - Claims are children of genesis, each signed by the key it claims the seat with.
 * - The start entry (a child of genesis, signed by the creator) fixes one claim per seat.
 * - Reveals are children of start; when every seat has revealed, the seed is known and play begins.
 *   A held-up round may be restarted with fresh nonces (restart.ts); play then hangs below the last
 *   reveal of the restarted round, which takes the start's place as chain[1].
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
import { ForkIndex, type Fork } from './forks';
import { decodeEntry, SEED_SCHEME, type DecodeResult, type Entry } from './entry';
import { keyId, verifyText, type PublicKeyInfo } from './identity';
import { playStep, type Cursor, type Done, type StepOutcome, type UndoEvent } from './play-step';
import type { Refusal, RefusalCode } from './refusal';
import { pointsOfWalk, resumeFrom, type LastWalk, type Resumed, type ResumePoint, type ResumeVerdict } from './resume';
import { seatClaim, startProblem, type SeatClaim } from './seats';
import { undoStatuses, type UndoStatus } from './undo-status';
import { commitNonce, deriveSeed } from './seed';
import { everSeatKeys, initialDevices, seatKeys, type DeviceTable } from './devices';
import { resolveSeedRounds, type SeedRoundView } from './restart';

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
	/** Seats whose part of the seed is revealed in the round in force. */
	readonly revealed: readonly number[];
	/** The seed's round in force and any restart of it (restart.ts); null before the start. */
	readonly seedRound: SeedRoundView | null;
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
	/** The keys holding each seat at the head, and those removed (devices.ts); null before play. */
	readonly devices: DeviceTable | null;
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
export type { RestartStatus, SeedRoundView } from './restart';

/** A list kept in order, so that a refresh adds and removes a few items instead of sorting them all. */
class SortedList<T> {
	items: T[] = [];
	constructor(readonly compare: (a: T, b: T) => number) {}

	#lower(x: T): number {
		let lo = 0;
		let hi = this.items.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.compare(this.items[mid], x) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	add(x: T): void {
		this.items.splice(this.#lower(x), 0, x);
	}

	/** Removes this very item (not merely an equal one). */
	remove(x: T): void {
		for (let i = this.#lower(x); i < this.items.length && this.compare(this.items[i], x) === 0; i++) {
			if (this.items[i] === x) {
				this.items.splice(i, 1);
				return;
			}
		}
	}

	reset(xs: T[]): void {
		this.items = xs.sort(this.compare);
	}
}

// Code-unit order, not localeCompare: every peer must sort alike whatever its locale.
const byRefusal = (a: Refusal, b: Refusal) => cmp(a.id ?? '', b.id ?? '') || cmp(a.code, b.code) || cmp(a.message, b.message);

/** The cursor after a chain entry and how far each list of the walk had got before its children. */
interface Snap<S> {
	readonly cursor: Cursor<S>;
	readonly refused: number;
	readonly side: number;
	readonly events: number;
}

/**
 * The walk of play as the last call left it, so that the next call re-decides only the heads
 * whose children changed (issue 17, speed). Everything in it is a function of the entries held:
 * a walk resumed at position p gives what a walk from the start gives.
 */
interface Walk<S> {
	readonly start: Entry;
	readonly fixed: readonly SeatClaim[];
	readonly chain: Entry[];
	readonly after: (Snap<S> | null)[];
	readonly events: UndoEvent[];
	readonly sideUndos: UndoStatus[];
	readonly playRefused: Refusal[];
	readonly strongAt: Map<string, boolean>;
	/** Per head position: whether rivals were ranked there (and so read who built on them). */
	readonly contested: boolean[];
	/** Chain entry id → position. */
	readonly pos: Map<string, number>;
	/** A re-walk may begin at this position or later (1, or the head of the resume point in use). */
	readonly firstWalkable: number;
	/** The state at the tip, when at hand. */
	known: S | undefined;
}

/** What the last call found before play (stage, seats, refusals of setup), reused while it holds. */
interface Setup<S> {
	readonly genesis: Entry;
	readonly rules: string;
	readonly partial: Partial<OrderResult<S>>;
	/** Refusals of genesis, claims, starts and reveals. */
	readonly refused: readonly Refusal[];
}

/** The log as the orderer has read it so far: every item is decoded once, every id indexed once. */
interface LogIndex {
	readonly copies: Map<string, Entry[]>;
	readonly objects: WeakSet<object>;
	objectCount: number;
	length: number;
	/** Decoding refusals of stored objects (each once). */
	readonly itemRefusals: Refusal[];
	/** The rules eligibility was judged by (genesis's), or null before genesis. */
	rules: string | null;
	readonly children: Map<string, Entry[]>;
	readonly eligible: Map<string, Entry>;
	/** wrong_game and rules_mismatch refusals. */
	readonly entryRefusals: Refusal[];
	readonly forks: ForkIndex;
}

/** How far up a new entry's ancestry the orderer looks for the chain before it walks from the start. */
const MAX_CLIMB = 100_000;

export class LogOrderer<S> {
	readonly #decoded = new WeakMap<object, DecodeResult>();
	/** Signature verdicts by entry id: signature and key → valid (issue 17, speed). */
	readonly #sigs = new Map<string, { sig: string; key: string; ok: boolean | Promise<boolean> }[]>();
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
	#index: LogIndex = LogOrderer.#emptyIndex();
	/** Who built on each valid entry of play (`#builtOnBy`), kept across calls and updated as entries arrive. */
	readonly #masks = new Map<string, bigint>();
	#walk: Walk<S> | null = null;
	#setup: Setup<S> | null = null;
	/** Every refusal of the last result, in order; and the parts a call may change. */
	readonly #refused = new SortedList<Refusal>(byRefusal);
	readonly #offChain = new Map<string, Refusal>();
	readonly #waiting = new SortedList<string>(cmp);
	readonly #waitingIds = new Set<string>();
	#declined: Refusal[] = [];
	#transient: Refusal[] = [];
	#queue: Promise<unknown> = Promise.resolve();

	constructor(
		readonly adapter: EngineAdapter<S>,
		readonly game: string,
		/** Keep every n-th state of play (see play-step.ts Done); 1 keeps them all. */
		readonly checkpointEvery = 32
	) {}

	static #emptyIndex(): LogIndex {
		return {
			copies: new Map(),
			objects: new WeakSet(),
			objectCount: 0,
			length: 0,
			itemRefusals: [],
			rules: null,
			children: new Map(),
			eligible: new Map(),
			entryRefusals: [],
			forks: new ForkIndex(MAX_CHILDREN_PER_SEAT)
		};
	}

	/** Resume points for the next walk (see resume.ts); the furthest valid one is used. */
	offerResumePoints(points: readonly ResumePoint<S>[]): void {
		this.#offered = [...points];
		// The next call walks from the start, so that it may begin at one of them.
		this.#walk = null;
	}

	/** Offered points found invalid since the last call: the caller may delete them. */
	takeRejected(): { readonly head: string; readonly verdict: ResumeVerdict }[] {
		const out = this.#rejected;
		this.#rejected = [];
		return out;
	}

	/** An entry the orderer has read, by id (to show the entries of a fork that are off the chain). */
	entry(id: string): Entry | undefined {
		return this.#index.copies.get(id)?.[0];
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

	/** Decoding, guarded: should it throw, the item is refused, not the log. */
	async #decode(item: unknown): Promise<DecodeResult> {
		const known = typeof item === 'object' && item !== null ? this.#decoded.get(item) : undefined;
		if (known) return known;
		const d = await decodeEntry(item).catch((e: unknown): DecodeResult => ({ ok: false, code: 'malformed', message: `the entry could not be read (${errorText(e)})` }));
		if (typeof item === 'object' && item !== null) this.#decoded.set(item, d);
		return d;
	}

	/**
	 * Reads the items not read before (Yjs hands back the same stored objects on every read) into
	 * the index; returns the entries whose id is new or that gained a copy with another signature.
	 * The log is append-only: a call holding fewer items than the last starts the index afresh.
	 */
	async #merge(items: readonly unknown[]): Promise<{ changed: Entry[]; fresh: Set<string>; transient: Refusal[] }> {
		let index = this.#index;
		let present = 0;
		for (const item of items) if (typeof item === 'object' && item !== null && index.objects.has(item)) present++;
		if (items.length < index.length || present < index.objectCount) {
			index = this.#index = LogOrderer.#emptyIndex();
			this.#walk = null;
			this.#setup = null;
			this.#masks.clear();
		}
		index.length = items.length;
		const changed: Entry[] = [];
		const fresh = new Set<string>();
		const transient: Refusal[] = [];
		for (const item of items) {
			const isObject = typeof item === 'object' && item !== null;
			if (isObject && index.objects.has(item)) continue;
			const d = await this.#decode(item);
			if (isObject) {
				index.objects.add(item);
				index.objectCount++;
			}
			if (!d.ok) {
				(isObject ? index.itemRefusals : transient).push({ id: d.id ?? null, seat: null, parent: null, code: d.code, message: d.message });
				continue;
			}
			const e = d.entry;
			const list = index.copies.get(e.id);
			if (!list) {
				index.copies.set(e.id, [e]);
				fresh.add(e.id);
				changed.push(e);
			} else if (!list.some((c) => c.sig === e.sig)) {
				list.push(e);
				// A fork's verdict reads every copy: it is read again.
				if (index.eligible.has(e.id)) index.forks.touch(list[0]);
				if (!fresh.has(e.id)) changed.push(list[0]);
			}
		}
		return { changed, fresh, transient };
	}

	/** Sorts an entry into the index of eligible entries (or refuses it) once genesis fixes the rules. */
	#admit(e: Entry): boolean {
		const index = this.#index;
		if (e.id === this.game) return false;
		if (e.body.game !== this.game) {
			index.entryRefusals.push({ id: e.id, seat: e.body.seat, parent: e.body.parent, code: 'wrong_game', message: 'the entry belongs to another game' });
			return false;
		}
		if (index.rules !== null && e.body.rules !== index.rules) {
			index.entryRefusals.push({ id: e.id, seat: e.body.seat, parent: e.body.parent, code: 'rules_mismatch', message: `written with rules ${e.body.rules}, the game uses ${index.rules}` });
			return false;
		}
		index.eligible.set(e.id, e);
		const parent = e.body.parent ?? '';
		const bucket = index.children.get(parent);
		if (!bucket) index.children.set(parent, [e]);
		else {
			let lo = 0;
			let hi = bucket.length;
			while (lo < hi) {
				const mid = (lo + hi) >> 1;
				if (bucket[mid].id < e.id) lo = mid + 1;
				else hi = mid;
			}
			bucket.splice(lo, 0, e);
		}
		index.forks.add(e);
		return true;
	}

	/** The index rebuilt for genesis's rules (once, when genesis is first read). */
	#reindex(rules: string | null): void {
		const old = this.#index;
		const index: LogIndex = { ...LogOrderer.#emptyIndex(), copies: old.copies, objects: old.objects, objectCount: old.objectCount, length: old.length, itemRefusals: old.itemRefusals, rules };
		this.#index = index;
		const ids = [...old.copies.keys()].sort(cmp);
		for (const id of ids) this.#admit(old.copies.get(id)![0]);
	}

	/** True if any stored copy of the entry carries a valid signature by `key`; verdicts are kept by entry id. */
	async #verify(copies: readonly Entry[], key: PublicKeyInfo): Promise<boolean> {
		const k = keyId(key);
		for (const copy of copies) {
			let known = this.#sigs.get(copy.id);
			if (!known) this.#sigs.set(copy.id, (known = []));
			let v = known.find((x) => x.sig === copy.sig && x.key === k);
			if (!v) {
				v = { sig: copy.sig, key: k, ok: verifyText(key, copy.text, copy.sig) };
				known.push(v);
			}
			const ok = await v.ok;
			v.ok = ok;
			if (ok) return true;
		}
		return false;
	}

	#all = (id: string): readonly Entry[] => this.#index.copies.get(id) ?? [];
	#childrenOf = (id: string): readonly Entry[] => this.#index.children.get(id) ?? [];

	/** Orders the log; calls run one after another (the orderer keeps what each call found). */
	order(items: readonly unknown[]): Promise<OrderResult<S>> {
		const run = this.#queue.then(() => this.#order(items));
		this.#queue = run.catch(() => {});
		return run;
	}

	async #order(items: readonly unknown[]): Promise<OrderResult<S>> {
		const { changed, fresh, transient } = await this.#merge(items);
		for (const r of this.#transient) this.#refused.remove(r);
		this.#transient = transient;
		if (this.#walk && this.#setup && this.#index.rules !== null) {
			try {
				const fast = await this.#incremental(changed, fresh);
				if (fast) return fast;
			} catch (error) {
				// The incremental state may be half updated: forget it, and walk from the start.
				this.#walk = null;
				this.#setup = null;
				this.#masks.clear();
				throw error;
			}
		}
		return this.#full();
	}

	/** The entry's parent, if held. */
	#parentOf(id: string): string | null {
		return this.#index.copies.get(id)?.[0].body.parent ?? null;
	}

	/**
	 * The common case of a refresh: new entries below the chain. Each one re-decides only the head
	 * it hangs under and the heads above whose ranking read who built on an entry it is below
	 * (`#masks`, updated in place). Null: the change reaches the setup or the resume point in use,
	 * and the caller walks from the start.
	 */
	async #incremental(changed: readonly Entry[], fresh: ReadonlySet<string>): Promise<OrderResult<S> | null> {
		const w = this.#walk!;
		const setup = this.#setup!;
		const index = this.#index;
		for (const r of index.itemRefusals.slice(this.#itemRefusalsShown)) this.#refused.add(r);
		this.#itemRefusalsShown = index.itemRefusals.length;
		for (const r of this.#transient) this.#refused.add(r);
		if (changed.length === 0) return this.#result(w, setup);
		const startId = w.start.id;
		const added: Entry[] = [];
		const retouched: Entry[] = [];
		for (const e of changed) {
			if (e.id === this.game || e.body.parent === this.game || e.body.parent === startId) return null;
			// Entries of the seed's rounds are setup (restart.ts), wherever they hang.
			if (e.kind.kind === 'reveal' || e.kind.kind === 'restart' || e.kind.kind === 'recommit') return null;
			if (fresh.has(e.id)) {
				const before = index.entryRefusals.length;
				if (this.#admit(e)) added.push(e);
				for (const r of index.entryRefusals.slice(before)) this.#refused.add(r);
			} else if (index.eligible.has(e.id)) retouched.push(e);
		}
		// Where each new entry stands: waiting (parent unknown) or off the chain.
		for (const e of added) {
			const parent = e.body.parent ?? '';
			if (w.pos.has(parent)) continue;
			if (index.copies.has(parent)) this.#setOff(e);
			else this.#setWaiting(e.id, true);
		}
		for (const id of fresh) {
			for (const c of this.#childrenOf(id)) {
				if (!this.#waitingIds.has(c.id)) continue;
				this.#setWaiting(c.id, false);
				if (!w.pos.has(id)) this.#setOff(c);
			}
		}
		const ctx: WalkCtx = { all: this.#all, childrenOf: this.#childrenOf, fixed: w.fixed, startId, masks: this.#masks };
		let from = Infinity;
		const chainAncestor = (id: string | null): number | null => {
			let steps = 0;
			for (let a = id; a !== null && steps < MAX_CLIMB; a = this.#parentOf(a), steps++) {
				const p = w.pos.get(a);
				if (p !== undefined) return p;
			}
			return steps >= MAX_CLIMB ? -1 : null;
		};
		for (const e of [...added, ...retouched]) {
			const parent = e.body.parent!;
			const at = chainAncestor(parent);
			if (at === -1) return null;
			if (at !== null) {
				if (at < w.firstWalkable) return null;
				from = Math.min(from, at);
			}
			if (e.kind.kind === 'consent') {
				const request = this.#parentOf(e.kind.request);
				const p = request === null ? undefined : w.pos.get(request);
				if (p !== undefined) {
					if (p < w.firstWalkable) return null;
					from = Math.min(from, p);
				}
			}
			// Who built on what: the entry's bit goes up its ancestry while it changes something.
			const bucket = this.#childrenOf(parent);
			const seat = e.body.seat ?? -1;
			let rank = 0;
			let same = 0;
			for (const c of bucket) {
				if ((c.body.seat ?? -1) !== seat) continue;
				if (c.id < e.id) rank++;
				same++;
			}
			if (rank >= MAX_CHILDREN_PER_SEAT) continue;
			if (same > MAX_CHILDREN_PER_SEAT && fresh.has(e.id)) {
				// It pushed another entry of its seat past the limit: what was built on may shrink.
				let top = 0;
				for (let a: string | null = parent; a !== null; a = this.#parentOf(a)) this.#masks.delete(a);
				while (top < (at ?? 0) && !w.contested[top]) top++;
				if (at !== null) {
					if (top < w.firstWalkable) return null;
					from = Math.min(from, top);
				}
				continue;
			}
			if (!this.#masks.has(parent)) continue;
			const parentStep = this.#steps.get(parent);
			if (!parentStep?.ok) continue;
			const cursor = parentStep.cursor;
			const out = await this.#guardedStep(cursor, () => this.#stateAt(cursor, false), e, ctx);
			if (!out.ok) continue;
			const contribution = (out.anyTime ? 0n : 1n << BigInt(seat)) | (await this.#builtOnBy(e.id, out.cursor, ctx));
			for (let a: string | null = parent; a !== null; a = this.#parentOf(a)) {
				const m = this.#masks.get(a);
				if (m === undefined) break;
				const n = m | contribution;
				if (n === m) break;
				this.#masks.set(a, n);
				const q = w.pos.get(a);
				if (q !== undefined && q >= 2 && w.contested[q - 1]) {
					if (q - 1 < w.firstWalkable) return null;
					from = Math.min(from, q - 1);
				}
			}
		}
		if (from !== Infinity) await this.#walkFrom(w, from);
		return this.#result(w, setup);
	}

	#itemRefusalsShown = 0;

	#setOff(e: Entry): void {
		if (this.#offChain.has(e.id)) return;
		const r: Refusal = { id: e.id, seat: e.body.seat, parent: e.body.parent, code: 'off_chain', message: 'it follows an entry that is not part of the game' };
		this.#offChain.set(e.id, r);
		this.#refused.add(r);
	}

	#setOn(id: string): void {
		const r = this.#offChain.get(id);
		if (r) {
			this.#offChain.delete(id);
			this.#refused.remove(r);
		}
	}

	#setWaiting(id: string, on: boolean): void {
		if (on === this.#waitingIds.has(id)) return;
		if (on) {
			this.#waitingIds.add(id);
			this.#waiting.add(id);
		} else {
			this.#waitingIds.delete(id);
			this.#waiting.remove(id);
		}
	}

	/**
	 * The walk of play from chain position `p` on: the chain after it is dropped with what its
	 * heads decided, and the heads from `p` are decided again.
	 */
	async #walkFrom(w: Walk<S>, p: number): Promise<void> {
		const snap = w.after[p];
		if (!snap) throw new Error(`no walk state at position ${p}`);
		const removed = w.chain.splice(p + 1);
		for (const e of removed) w.pos.delete(e.id);
		w.after.length = p + 1;
		w.contested.length = p;
		for (const r of w.playRefused.splice(snap.refused)) this.#refused.remove(r);
		w.sideUndos.length = snap.side;
		w.events.length = snap.events;
		const firstNew = w.playRefused.length;
		const fixed = w.fixed;
		const ctx: WalkCtx = { all: this.#all, childrenOf: this.#childrenOf, fixed, startId: w.start.id, masks: this.#masks };
		let cursor = snap.cursor;
		// The tip's state is at hand when the walk resumes there.
		let known: S | undefined = removed.length === 0 ? w.known : undefined;
		let head = w.chain[p];
		for (;;) {
			let chosen: Candidate<S> | null = null;
			const at = cursor;
			const current = () => (known ??= this.#stateAt(at));
			const refusePlay = (e: Entry, code: RefusalCode, message: string) =>
				w.playRefused.push({ id: e.id, seat: e.body.seat, parent: e.body.parent, code, message });
			const valid: Candidate<S>[] = [];
			const perSeat = new Map<number, number>();
			const atStart = head.id === w.start.id;
			for (const e of this.#childrenOf(head.id)) {
				// Reveals and restarts of the seed below the start of play are setup, read before play.
				if (atStart && (e.kind.kind === 'reveal' || e.kind.kind === 'restart' || e.kind.kind === 'recommit')) continue;
				const seat = e.body.seat ?? -1;
				const n = (perSeat.get(seat) ?? 0) + 1;
				perSeat.set(seat, n);
				if (n > MAX_CHILDREN_PER_SEAT) {
					refusePlay(e, 'too_many', `seat ${seat + 1} wrote more than ${MAX_CHILDREN_PER_SEAT} entries on one entry`);
					continue;
				}
				const outcome = await this.#step(cursor, current, this.#all(e.id), fixed, w.start.id);
				if (!outcome.ok) {
					refusePlay(e, outcome.code, outcome.message);
					continue;
				}
				const c: Candidate<S> = { entry: e, ...outcome, fate: null };
				if (outcome.event?.type === 'requested') {
					c.fate = await this.#requestFate(c, ctx);
					if (c.fate.closed) {
						w.sideUndos.push({ ...c.fate.status, takesBack: outcome.event.takesBack });
						refusePlay(e, 'undo_declined', c.fate.status.status === 'withdrawn' ? 'its requester withdrew it' : 'a seat whose action it would take back declined');
						continue;
					}
				}
				valid.push(c);
			}
			w.contested[w.chain.length - 1] = valid.length > 1;
			if (valid.length === 1) chosen = valid[0];
			else if (valid.length > 1) {
				const keyed: { c: Candidate<S>; key: ChoiceKey }[] = [];
				for (const c of valid) keyed.push({ c, key: await this.#choiceKey(c, ctx) });
				keyed.sort((a, b) => compareKeys(a.key, b.key));
				chosen = keyed[0].c;
				for (const { c, key } of keyed.slice(1)) {
					if (c.fate && !c.fate.granted) w.sideUndos.push({ ...c.fate.status, status: 'superseded' });
					refusePlay(c.entry, c.fate && !c.fate.granted ? 'play_went_on' : 'superseded', lossReason(chosen.entry, keyed[0].key, key));
				}
			}
			if (!chosen) break;
			w.strongAt.set(chosen.entry.id, chosen.anyTime !== true);
			w.pos.set(chosen.entry.id, w.chain.length);
			w.chain.push(chosen.entry);
			if (chosen.event) w.events.push(chosen.event);
			cursor = chosen.cursor;
			w.after.push({ cursor, refused: w.playRefused.length, side: w.sideUndos.length, events: w.events.length });
			// A pending undo request or an answer to it leaves the state as it was.
			if (chosen.state !== undefined) known = chosen.state;
			else if (cursor.top !== at.top) known = undefined;
			if (known !== undefined && cursor.top) this.#hot = { node: cursor.top, state: known };
			head = chosen.entry;
		}
		w.known = known;
		for (const r of w.playRefused.slice(firstNew)) this.#refused.add(r);
		// Children of entries that left the chain are off it now; those of entries that joined it are on it.
		const kept = new Set<string>();
		for (const e of w.chain.slice(p + 1)) kept.add(e.id);
		for (const e of removed) {
			if (kept.has(e.id)) continue;
			for (const c of this.#childrenOf(e.id)) this.#setOff(c);
		}
		const was = new Set(removed.map((e) => e.id));
		for (const e of w.chain.slice(p + 1)) {
			if (was.has(e.id)) continue;
			for (const c of this.#childrenOf(e.id)) this.#setOn(c.id);
		}
	}

	/** The result of a walk of play (either kind), from the walk and the parts kept up to date. */
	async #result(w: Walk<S>, setup: Setup<S>): Promise<OrderResult<S>> {
		const chain = w.chain;
		const fixed = w.fixed;
		// Final: the deepest chain entry below which every other seat has a turn's entry (issue 17b).
		let finalIndex = -1;
		{
			const seen = new Set<number>();
			for (let i = chain.length - 1; i >= 2 && finalIndex < 0; i--) {
				const e = chain[i];
				const k = e.kind;
				const anyTime =
					k.kind === 'device_add' ||
					k.kind === 'device_remove' ||
					(k.kind === 'game' && (w.strongAt.get(e.id) === false || (w.strongAt.get(e.id) === undefined && this.adapter.anyTime?.(k.action) === true)));
				// Every other seat below it: no rival of it or of anything before it can be built on by more.
				const others = e.body.seat !== null && !seen.has(e.body.seat) ? seen.size + 1 : seen.size;
				if (others === fixed.length) finalIndex = i;
				else if (!anyTime && e.body.seat !== null) seen.add(e.body.seat);
			}
		}
		const after = w.after.map((a) => (a ? { cursor: a.cursor, refused: a.refused, side: a.side } : null));
		this.#last = { start: w.start.id, chain: chain.slice(), after, playRefused: w.playRefused.slice(), sideUndos: w.sideUndos.slice(), finalIndex, childrenOf: this.#childrenOf, copiesOf: this.#all };

		// In the order play met them: by the chain entry each was written on; off-chain ones first there.
		const index = w.pos;
		const at = (u: UndoStatus, side: boolean) => (side ? (index.get(this.#all(u.request)[0]?.body.parent ?? '') ?? 0) : (index.get(u.request) ?? 0) - 1);
		const statuses = undoStatuses(w.events);
		const undos = [...statuses.map((u) => ({ u, k: at(u, false), side: 1 })), ...w.sideUndos.map((u) => ({ u, k: at(u, true), side: 0 }))]
			.sort((a, b) => a.k - b.k || a.side - b.side)
			.map((x) => x.u);
		for (const r of this.#declined) this.#refused.remove(r);
		this.#declined = [];
		for (const u of statuses) {
			if (u.status === 'declined') {
				const e = this.#all(u.request)[0];
				const r: Refusal = { id: e?.id ?? null, seat: e?.body.seat ?? null, parent: e?.body.parent ?? null, code: 'undo_declined', message: 'a seat whose action it would take back declined' };
				this.#declined.push(r);
				this.#refused.add(r);
			}
		}
		const g = setup.genesis.kind;
		if (g.kind !== 'genesis') throw new Error('genesis expected');
		const cursor = w.after[chain.length - 1]!.cursor;
		const devices = cursor.devices;
		const forks = await this.#index.forks.forks(fixed, g.creator, (id, key) => this.#verify(this.#all(id), key), (seat) => everSeatKeys(devices, seat));
		const state = w.known ?? this.#stateAt(cursor);
		w.known = state;
		return {
			game: this.game,
			genesis: setup.genesis,
			rulesMismatch: setup.rules !== this.adapter.rules,
			setupError: null,
			claims: [],
			seats: null,
			revealed: [],
			seedRound: null,
			seed: null,
			...setup.partial,
			stage: 'playing',
			chain: chain.slice(),
			head: chain[chain.length - 1].id,
			state,
			stateHash: guarded(() => this.adapter.hash(state), null),
			expected: cursor.pending ? [] : guarded(() => [...this.adapter.expectedSeats(state)], []),
			undos,
			pendingUndo: undos.find((u) => u.status === 'pending') ?? null,
			final: finalIndex >= 0 ? chain[finalIndex].id : null,
			devices,
			// What was kept of each fork: every player sees both entries and which one the game follows.
			forks: forks.map((f) => ({ ...f, kept: f.ids.find((id) => index.has(id)) ?? null })),
			refused: this.#refused.items.slice(),
			waiting: this.#waiting.items.slice()
		};
	}

	/** A walk from the start: setup, then play from the start or a resume point. */
	async #full(): Promise<OrderResult<S>> {
		this.#walk = null;
		this.#setup = null;
		// Who built on what is found again by this walk (an incremental call may have stopped half way).
		this.#masks.clear();
		const refused: Refusal[] = [];
		const refuse = (e: Entry | null, code: RefusalCode, message: string) =>
			refused.push({ id: e?.id ?? null, seat: e?.body.seat ?? null, parent: e?.body.parent ?? null, code, message });
		let index = this.#index;
		const all = this.#all;
		const childrenOf = this.#childrenOf;

		const genesisCopies = index.copies.get(this.game);
		const genesisEntry = genesisCopies?.[0];
		let genesis: Entry | null = null;
		if (genesisEntry && genesisCopies && genesisEntry.kind.kind === 'genesis') {
			if (await this.#verify(genesisCopies, genesisEntry.kind.creator)) genesis = genesisEntry;
			else refuse(genesisEntry, 'bad_signature', "genesis is not signed by the creator's key it names");
		}
		const rules = genesis?.body.rules ?? null;
		if (index.rules !== rules || index.eligible.size + index.entryRefusals.length + (index.copies.has(this.game) ? 1 : 0) !== index.copies.size) {
			this.#reindex(rules);
			index = this.#index;
			this.#masks.clear();
		}
		const visited = new Set<string>();

		const result = (partial: Partial<OrderResult<S>> & { stage: Stage }): OrderResult<S> => {
			const waiting: string[] = [];
			const offChain: Refusal[] = [];
			for (const [id, e] of index.eligible) {
				if (visited.has(id)) continue;
				const parent = e.body.parent ?? '';
				if (partial.stage === 'playing' && index.copies.has(parent)) {
					offChain.push({ id: e.id, seat: e.body.seat, parent: e.body.parent, code: 'off_chain', message: 'it follows an entry that is not part of the game' });
				} else waiting.push(id);
			}
			const everything = [...index.itemRefusals, ...this.#transient, ...index.entryRefusals, ...refused, ...offChain];
			this.#refused.reset(everything);
			this.#offChain.clear();
			for (const r of offChain) this.#offChain.set(r.id!, r);
			this.#waiting.reset(waiting);
			this.#waitingIds.clear();
			for (const id of waiting) this.#waitingIds.add(id);
			this.#itemRefusalsShown = index.itemRefusals.length;
			this.#declined = [];
			return {
				game: this.game,
				genesis,
				rulesMismatch: rules !== null && rules !== this.adapter.rules,
				setupError: null,
				claims: [],
				seats: null,
				revealed: [],
				seedRound: null,
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
				devices: null,
				...partial,
				refused: this.#refused.items.slice(),
				waiting: this.#waiting.items.slice()
			};
		};

		if (!genesis || genesis.kind.kind !== 'genesis') return result({ stage: 'empty' });
		const g = genesis.kind;
		if (g.seedScheme !== SEED_SCHEME) {
			return result({ stage: 'broken', setupError: `unknown seed scheme ${g.seedScheme}` });
		}
		// A setup that can never be played fairly is refused before anyone claims a seat in it.
		const setupProblem = guarded(() => this.adapter.setupProblem?.(g.setup) ?? null, 'the rules engine failed to read the setup');
		if (setupProblem !== null) return result({ stage: 'broken', setupError: setupProblem });

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
			else validStarts.push({ s, reveals: await this.#revealCount(s, claims) });
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
		const fixed = this.#sameSeats(seats);
		const seatedClaims = fixed.map((s) => claims.get(s.claim)!);
		const forks = await index.forks.forks(fixed, g.creator, (id, key) => this.#verify(all(id), key));

		// Reveals, children of start; play begins when every seat has revealed.
		const firstNonces: (string | null)[] = fixed.map(() => null);
		const firstReveals = new Map<string, number>();
		for (const e of childrenOf(start.id)) {
			if (e.kind.kind !== 'reveal') continue;
			visited.add(e.id);
			const seat = e.body.seat ?? -1;
			if (seat >= fixed.length) refuse(e, 'unknown_seat', `there is no seat ${seat + 1}`);
			else if (!(await this.#verify(all(e.id), fixed[seat].key))) refuse(e, 'bad_signature', `not signed by seat ${seat + 1}'s key`);
			else if ((await commitNonce(e.kind.nonce)) !== fixed[seat].commit) refuse(e, 'bad_reveal', 'the nonce does not match the claim');
			else {
				firstNonces[seat] = e.kind.nonce;
				firstReveals.set(e.id, seat);
			}
		}
		// A held-up round may have been restarted with fresh nonces (restart.ts): the round in force decides the seed.
		const rounds = await resolveSeedRounds({
			start,
			seats: fixed,
			childrenOf,
			verify: (e, key) => this.#verify(all(e.id), key),
			commitOf: commitNonce,
			firstReveals,
			firstNonces
		});
		for (const id of rounds.visited) visited.add(id);
		for (const r of rounds.refused) refuse(r.e, r.code, r.message);
		const nonces = rounds.nonces;
		const revealed = nonces.flatMap((n, seat) => (n === null ? [] : [seat]));
		const base = { claims: seatedClaims, seats: fixed, revealed, forks, seedRound: rounds.view, chain: [genesis, start], head: start.id };
		if (!rounds.anchor) return result({ stage: 'revealing', ...base });
		// Play hangs below the start, or below the last reveal of the restarted round in force.
		const anchor = rounds.anchor;

		let initial = this.#initial.get(anchor.id);
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
				? { seed, cursor: { initial: made.state, devices: initialDevices(fixed), top: null, pending: null }, error: null }
				: { seed, cursor: null, error: `${made.error.code}: ${made.error.message}` };
			this.#initial.set(anchor.id, initial);
		}
		if (!initial.cursor) return result({ stage: 'broken', ...base, seed: initial.seed, setupError: initial.error });

		// Play: from the anchor, or from a proven resume point if there is one.
		const w: Walk<S> = {
			start: anchor,
			fixed,
			chain: [genesis, anchor],
			after: [null, { cursor: initial.cursor, refused: 0, side: 0, events: 0 }],
			events: [],
			sideUndos: [],
			playRefused: [],
			strongAt: new Map(),
			contested: [false],
			pos: new Map([
				[genesis.id, 0],
				[anchor.id, 1]
			]),
			firstWalkable: 1,
			known: initial.cursor.initial
		};
		const resumed = await this.#resume({
			game: this.game,
			rules: this.adapter.rules,
			start: anchor,
			initial: initial.cursor,
			eligibleEntry: (id) => index.eligible.get(id),
			childrenOf,
			copiesOf: all,
			hash: (s) => this.adapter.hash(s)
		});
		let walk = w;
		if (resumed) {
			const chain = [genesis, anchor, ...resumed.chain];
			const top = chain.length - 1;
			const after: (Snap<S> | null)[] = chain.map(() => null);
			after[top] = { cursor: resumed.cursor, refused: resumed.refused.length, side: resumed.sideUndos.length, events: resumed.events.length };
			walk = {
				...w,
				chain,
				after,
				events: [...resumed.events],
				sideUndos: [...resumed.sideUndos],
				playRefused: [...resumed.refused],
				contested: chain.map(() => false).slice(0, top),
				pos: new Map(chain.map((e, i) => [e.id, i])),
				firstWalkable: top,
				// Not made the hot state: a later call would lose the one it left; the point's node keeps its state.
				known: resumed.state
			};
		}
		// Everything not on the chain's heads is waiting or off the chain, as a first look; the walk corrects it.
		for (const e of childrenOf(anchor.id)) visited.add(e.id);
		for (const e of walk.chain.slice(2)) for (const c of childrenOf(e.id)) visited.add(c.id);
		const partial = { ...base, chain: [genesis, anchor], head: anchor.id, seed: initial.seed };
		result({ stage: 'playing', ...partial });
		for (const r of walk.playRefused) this.#refused.add(r);
		const top = walk.chain.length - 1;
		await this.#walkFrom(walk, top);
		this.#setup = { genesis, rules: genesis.body.rules, partial: { ...partial, chain: undefined, head: undefined }, refused };
		this.#walk = walk;
		return this.#result(walk, this.#setup);
	}

	/** The seats of the last call if they are the same claims, so that what depends on them is kept. */
	#sameSeats(seats: SeatClaim[]): readonly SeatClaim[] {
		const prev = this.#seatsKept;
		if (prev && prev.length === seats.length && prev.every((s, i) => s.claim === seats[i].claim)) return prev;
		this.#seatsKept = seats;
		return seats;
	}

	#seatsKept: readonly SeatClaim[] | null = null;

	/** Seats with a valid reveal under a start (its claims' keys and commitments). */
	async #revealCount(s: Entry, claims: ReadonlyMap<string, Entry>): Promise<number> {
		if (s.kind.kind !== 'start') return 0;
		const ids = s.kind.claims;
		const seen = new Set<number>();
		for (const e of this.#childrenOf(s.id)) {
			if (e.kind.kind !== 'reveal' || e.body.seat === null || seen.has(e.body.seat)) continue;
			const claim = claims.get(ids[e.body.seat] ?? '');
			if (!claim || claim.kind.kind !== 'claim') continue;
			if (!(await this.#verify(this.#all(e.id), claim.kind.key))) continue;
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
		// Any key holding the seat at this cursor (devices.ts): the claim's, or a device added before.
		let signed = false;
		for (const key of seatKeys(cursor.devices, seat)) if ((signed = await this.#verify(copies, key))) break;
		if (!signed) {
			return { ok: false, code: 'bad_signature', message: `not signed by a key holding seat ${seat + 1}` };
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
