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
 */
import type { EngineAdapter } from './engine-adapter';
import { decodeEntry, SEED_SCHEME, type DecodeResult, type Entry } from './entry';
import { keyId, verifyText, type PublicKeyInfo } from './identity';
import { playStep, type Cursor, type Done, type StepOutcome, type UndoEvent } from './play-step';
import type { Refusal, RefusalCode } from './refusal';
import { seatClaim, startProblem, type SeatClaim } from './seats';
import { undoStatuses, type UndoStatus } from './undo-status';
import { commitNonce, deriveSeed } from './seed';

export interface Fork {
	readonly seat: number | null;
	readonly key: string;
	readonly parent: string;
	readonly ids: readonly string[];
}

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
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: Entry, b: Entry) => cmp(a.id, b.id);

export type { SeatClaim } from './seats';
export type { UndoStatus } from './undo-status';

export class LogOrderer<S> {
	readonly #decoded = new WeakMap<object, DecodeResult>();
	readonly #sigs = new Map<string, Promise<boolean>>();
	readonly #sigsKnown = new Map<string, boolean>();
	readonly #steps = new Map<string, StepOutcome<S>>();
	readonly #initial = new Map<string, { seed: number; cursor: Cursor<S> | null; error: string | null }>();
	/** The last state this orderer computed, so that the next call after an append costs one apply. */
	#hot: { readonly node: Done<S>; readonly state: S } | null = null;

	constructor(
		readonly adapter: EngineAdapter<S>,
		readonly game: string,
		/** Keep every n-th state of play (see play-step.ts Done); 1 keeps them all. */
		readonly checkpointEvery = 32
	) {}

	/** The state at a cursor: from the hot state, a checkpoint or the initial state, replaying the rest. */
	#stateAt(cursor: Cursor<S>): S {
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
		if (cursor.top) this.#hot = { node: cursor.top, state };
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
					decodeEntry(item).then((d) => {
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
				refuse(null, decoded.code, decoded.message);
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
		for (const s of starts) {
			if (s.kind.kind !== 'start') continue;
			const problem = startProblem(s.kind.claims, claims, g.seats);
			if (problem) refuse(s, 'bad_start', problem);
			else if (!(await this.#verify(all(s.id), g.creator))) refuse(s, 'bad_signature', "start is not signed by the creator's key");
			else if (start) refuse(s, 'superseded', `start ${start.id.slice(0, 8)} has a lower id`);
			else {
				start = s;
				seats = s.kind.claims.map((id, seat) => seatClaim(claims.get(id)!, seat));
			}
		}
		if (!start || !seats) return result({ stage: 'claiming', claims: [...claims.values()] });
		const seated = new Set(seats.map((s) => s.claim));
		for (const c of claims.values()) if (!seated.has(c.id)) refuse(c, 'not_seated', 'the start entry gave the seat to another claim');
		const fixed = seats;
		const seatedClaims = fixed.map((s) => claims.get(s.claim)!);
		const forks = await this.#forks(eligible, copies, fixed, g.creator);

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
			const made = this.adapter.initialState({
				game: this.game,
				setup: g.setup,
				seats: fixed.map(({ seat, name }) => ({ seat, name })),
				seed,
				rules: genesis.body.rules
			});
			initial = made.ok
				? { seed, cursor: { initial: made.state, top: null, pending: null }, error: null }
				: { seed, cursor: null, error: `${made.error.code}: ${made.error.message}` };
			this.#initial.set(start.id, initial);
		}
		if (!initial.cursor) return result({ stage: 'broken', ...base, seed: initial.seed, setupError: initial.error });

		// Play: at each head, the lowest-id child that is valid.
		const chain: Entry[] = [genesis, start];
		const events: UndoEvent[] = [];
		let cursor = initial.cursor;
		let known: S | undefined = cursor.initial;
		let head = start;
		let candidates = plays;
		for (;;) {
			let chosen: { entry: Entry; cursor: Cursor<S>; event: UndoEvent | null; state?: S } | null = null;
			const at = cursor;
			const current = () => (known ??= this.#stateAt(at));
			for (const e of candidates) {
				visited.add(e.id);
				const outcome = await this.#step(cursor, current, all(e.id), fixed, start.id);
				if (!outcome.ok) refuse(e, outcome.code, outcome.message);
				else if (chosen) refuse(e, 'superseded', `${chosen.entry.id.slice(0, 8)} has a lower id and was chosen`);
				else chosen = { entry: e, ...outcome };
			}
			if (!chosen) break;
			chain.push(chosen.entry);
			if (chosen.event) events.push(chosen.event);
			cursor = chosen.cursor;
			// A pending undo request or an answer to it leaves the state as it was.
			if (chosen.state !== undefined) known = chosen.state;
			else if (cursor.top !== at.top) known = undefined;
			if (known !== undefined && cursor.top) this.#hot = { node: cursor.top, state: known };
			head = chosen.entry;
			candidates = childrenOf(head.id);
		}

		const undos = undoStatuses(events);
		for (const u of undos) {
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
			stateHash: this.adapter.hash(state),
			expected: cursor.pending ? [] : [...this.adapter.expectedSeats(state)],
			undos,
			pendingUndo: undos.find((u) => u.status === 'pending') ?? null
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
		const outcome = playStep(cursor, e, seat, this.adapter, startId, current, this.checkpointEvery);
		// The state after the step is handed on once but not cached: only checkpoints are kept.
		this.#steps.set(e.id, outcome.ok ? { ok: true, cursor: outcome.cursor, event: outcome.event } : outcome);
		return outcome;
	}

	/** Two different, validly signed children of one parent by one key: that seat forked. */
	async #forks(eligible: readonly Entry[], copies: ReadonlyMap<string, Entry[]>, seats: readonly SeatClaim[], creator: PublicKeyInfo): Promise<Fork[]> {
		const groups = new Map<string, { seat: number | null; key: PublicKeyInfo; parent: string; entries: Entry[] }>();
		for (const e of eligible) {
			const key = signerKey(e, seats, creator);
			if (!key || e.body.parent === null) continue;
			// A reveal hangs off the start entry beside the seat's first action; it is not a rival to it.
			const k = `${e.body.parent}|${keyId(key)}|${e.kind.kind === 'reveal'}`;
			const g = groups.get(k);
			if (g) g.entries.push(e);
			else groups.set(k, { seat: e.body.seat, key, parent: e.body.parent, entries: [e] });
		}
		const forks: Fork[] = [];
		for (const g of groups.values()) {
			if (g.entries.length < 2) continue;
			const signed: string[] = [];
			for (const e of g.entries) if (await this.#verify(copies.get(e.id) ?? [e], g.key)) signed.push(e.id);
			if (signed.length >= 2) forks.push({ seat: g.seat, key: keyId(g.key), parent: g.parent, ids: signed.sort() });
		}
		return forks.sort((a, b) => cmp(a.parent, b.parent) || cmp(a.key, b.key));
	}
}

function signerKey(e: Entry, seats: readonly SeatClaim[], creator: PublicKeyInfo): PublicKeyInfo | null {
	switch (e.kind.kind) {
		case 'genesis':
			return null;
		case 'claim':
			return e.kind.key;
		case 'start':
			return creator;
		case 'reveal':
		case 'undo':
		case 'consent':
		case 'game':
			return e.body.seat !== null && e.body.seat < seats.length ? seats[e.body.seat].key : null;
		default: {
			const never: never = e.kind;
			throw new Error(`unhandled entry kind ${JSON.stringify(never)}`);
		}
	}
}

export function orderLog<S>(items: readonly unknown[], adapter: EngineAdapter<S>, game: string): Promise<OrderResult<S>> {
	return new LogOrderer(adapter, game).order(items);
}
