/**
 * Resume points (issue 11): the orderer (order.ts) may begin its walk of play at a head it reached
 * once before, from the engine state it had there, instead of at the start entry. A resume point is
 * a cache kept outside the Yjs document (never synced, never signed); it is trusted for nothing
 * and used only when the walk from the start would provably make the very same choices up to it.
 *
 * What a choice depends on. From the start entry on, at each head h the orderer takes the eligible
 * children of h in id order and asks of each: is its seat one of the start's seats, does some
 * stored copy of it carry a valid signature by that seat's key, and does play-step.ts accept it
 * from the cursor at h (a game action: the engine, from the state at h; an undo or a consent: the
 * cursor's stack of actions in effect and its open request). The first accepted child is chosen;
 * every other child is refused with a reason. So the walk from the start to a head H reads only:
 *  1. genesis (setup, rules version, seat count): fixed by the game id, which is its hash;
 *  2. the start entry and the claims it names (seats, keys, names): fixed by the start's id;
 *  3. the seed, from the reveals, each bound to its claim's commitment (2);
 *  4. for every entry c on the chain from the start to H's parent, the set of c's eligible
 *     children with every stored copy of each: an id fixes the body (parent, seat, action), and
 *     the copies' signatures decide the signature check;
 *  5. the cursor at each head: by induction a function of 1-4 and of the engine, which is
 *     deterministic and named by its rules version.
 * Nothing else: not the array's order, not the children of H or of entries off the chain, not the
 * time. Undo and consent entries are children like any other (4); what an undo takes back and
 * whether it waits for consent is a function of the cursor (5).
 *
 * A resume point records a head H the walk once reached, the position of H, the engine state at
 * H's cursor and its hash, the refusals the walk gave before H, and `inputs`: a digest of (4), every
 * (id, signature) pair of every eligible child of every entry from the start to H's parent. It is
 * used only if
 *  - it is of this game and of this engine's rules version (5),
 *  - its fields other than the state are as they were written (`seal`),
 *  - H and every ancestor of H down to the start chosen now are held and eligible, at the position
 *    the point claims (1-3: the start chosen now is H's ancestor),
 *  - the digest of (4) computed from the entries held now is the recorded one,
 *  - the state still has its hash.
 * Then every choice and refusal up to H would be what it was, and the walk may begin at H. Any new
 * entry among those children changes the digest: a sibling of a chain entry with a lower id (a
 * fork resolved differently), an undo or consent written there, a losing rival with a higher id
 * (whose refusal the point does not hold), even a second copy of a body whose first copy had a bad
 * signature. Such a point is ignored and the walk starts at the start again.
 */
import { sha256Hex } from './bytes';
import { canonicalJson } from './canonical';
import type { Entry } from './entry';
import { followStep, type Cursor, type UndoEvent } from './play-step';
import type { Refusal } from './refusal';
import type { UndoStatus } from './undo-status';

export interface ResumePoint<S> {
	readonly game: string;
	/** The chain entry after which `state` holds. */
	readonly head: string;
	/** Entries of play on the chain up to and including `head` (the start entry not counted). */
	readonly position: number;
	/** The rules version of the engine that computed `state`. */
	readonly rules: string;
	/** The engine state at the head's cursor (the last action in effect). */
	readonly state: S;
	readonly stateHash: string;
	/** SHA-256 of every (id, signature) the walk read before reaching the head; see above. */
	readonly inputs: string;
	/** What the walk refused among those entries, so that the view lists the same refusals. */
	readonly refused: readonly Refusal[];
	/** Undo requests off the chain before the head (declined, withdrawn, overtaken), for the same reason. */
	readonly sideUndos: readonly UndoStatus[];
	/** SHA-256 of every field above but the state (which its hash covers). */
	readonly seal: string;
}

/** Where resume points are kept: IndexedDB in the browser (state/checkpoint-play.ts), a Map in tests. */
export interface ResumeStore<S> {
	load(game: string): Promise<readonly ResumePoint<S>[]>;
	save(point: ResumePoint<S>): Promise<void>;
	discard(game: string, head: string): Promise<void>;
}

export const RESUME_VERDICTS = [
	'other_game',
	'rules_changed',
	'bad_seal',
	'off_chain',
	'wrong_position',
	'inputs_changed',
	'not_followable',
	'wrong_hash'
] as const;
/** Why a resume point was not used. */
export type ResumeVerdict = (typeof RESUME_VERDICTS)[number];

/**
 * Keep a resume point every this many entries of play. Opening replays at most this many actions
 * after the nearest point, and on opening the engine is cold: in headless Chromium a late-game
 * `run_routes` checked under live rules then costs 10-20 ms (a profile of opening a 740-entry game
 * from a point 40 entries back spent ~0.7 s replaying them), so the tail is kept short. Writing a
 * point costs at most 31 actions replayed from the orderer's in-memory states, a state hash and a
 * structured clone of a ~20 kB state, once per 25 entries and only once play has been quiet for a
 * moment (session.ts), so it never delays a move.
 */
export const RESUME_EVERY = 25;
/** Resume points kept per game: the newest few, so that a late fork up to 100 entries back still finds one before it. */
export const RESUME_KEEP = 4;

/**
 * The digest of (4) for a walk that has passed `parents` (the start, then each chain entry before
 * the head): every stored copy of every eligible child of each, as "id signature" lines, sorted.
 */
export async function inputsDigest(
	parents: readonly string[],
	childrenOf: (id: string) => readonly Entry[],
	copiesOf: (id: string) => readonly Entry[],
	/** The chain entries: a child off the chain is read with everything below it (see the top of this file). */
	onChain: ReadonlySet<string>
): Promise<string> {
	const lines: string[] = [];
	for (const p of parents) {
		for (const child of childrenOf(p)) {
			const stack = [child];
			while (stack.length > 0) {
				const e = stack.pop()!;
				for (const copy of copiesOf(e.id)) lines.push(`${copy.id} ${copy.sig}`);
				// A rival's branch decides how many seats built on it, so all of it is an input of the choice.
				if (!onChain.has(e.id)) stack.push(...childrenOf(e.id));
			}
		}
	}
	// Code-unit order: every device must hash alike whatever its locale.
	lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
	return sha256Hex(lines.join('\n'));
}

type Sealed<S> = Omit<ResumePoint<S>, 'state' | 'seal'>;

/** The seal of a point's fields; null when they are not plain JSON (a damaged record). */
export async function sealOf<S>(p: Sealed<S>): Promise<string | null> {
	const text = canonicalJson({
		game: p.game,
		head: p.head,
		position: p.position,
		rules: p.rules,
		stateHash: p.stateHash,
		inputs: p.inputs,
		refused: p.refused,
		sideUndos: p.sideUndos
	});
	return text === undefined ? null : sha256Hex(text);
}

export async function makeResumePoint<S>(fields: Sealed<S> & { readonly state: S }): Promise<ResumePoint<S>> {
	const seal = await sealOf(fields);
	if (seal === null) throw new Error('a resume point must be plain JSON');
	return { ...fields, seal };
}

/**
 * The entries of play from the start's first child to `head`, by parent links among the held
 * entries; null when one is missing or ineligible, or the links do not lead to `start`.
 */
export function ancestry(head: string, start: string, eligibleEntry: (id: string) => Entry | undefined, limit: number): Entry[] | null {
	const out: Entry[] = [];
	let id: string | null = head;
	while (id !== start) {
		if (id === null || out.length > limit) return null;
		const e = eligibleEntry(id);
		if (!e) return null;
		out.push(e);
		id = e.body.parent;
	}
	return out.reverse();
}

/** What the orderer knows when it is about to walk play from the start entry. */
export interface WalkContext<S> {
	readonly game: string;
	/** The rules version of the engine at hand. */
	readonly rules: string;
	readonly start: Entry;
	readonly initial: Cursor<S>;
	/** The first stored copy of an eligible entry (of this game and its rules version). */
	readonly eligibleEntry: (id: string) => Entry | undefined;
	readonly childrenOf: (id: string) => readonly Entry[];
	readonly copiesOf: (id: string) => readonly Entry[];
	readonly hash: (state: S) => string;
}

/** Where a verified point puts the walk: as if it had walked from the start to the head. */
export interface Resumed<S> {
	/** The entries of play from the start's child to the head. */
	readonly chain: readonly Entry[];
	readonly cursor: Cursor<S>;
	readonly state: S;
	readonly events: readonly UndoEvent[];
	readonly refused: readonly Refusal[];
	readonly sideUndos: readonly UndoStatus[];
	/** Every entry the walk would have looked at before the head: the children of start..parent. */
	readonly visited: readonly string[];
}

/**
 * Checks a point against the entries held now (see the top of this file) and, when it holds,
 * rebuilds the cursor and undo events up to its head from the chain alone (followStep), with the
 * point's state on the last action in effect. Cheap checks first; the state hash last.
 */
export async function resumeFrom<S>(p: ResumePoint<S>, ctx: WalkContext<S>): Promise<Resumed<S> | ResumeVerdict> {
	if (p.game !== ctx.game) return 'other_game';
	if (p.rules !== ctx.rules) return 'rules_changed';
	if (!Number.isInteger(p.position) || p.position < 1 || (await sealOf(p)) !== p.seal) return 'bad_seal';
	const chain = ancestry(p.head, ctx.start.id, ctx.eligibleEntry, p.position);
	if (!chain) return 'off_chain';
	if (chain.length !== p.position) return 'wrong_position';
	const parents = [ctx.start.id, ...chain.slice(0, -1).map((e) => e.id)];
	const onChain = new Set([ctx.start.id, ...chain.map((e) => e.id)]);
	if ((await inputsDigest(parents, ctx.childrenOf, ctx.copiesOf, onChain)) !== p.inputs) return 'inputs_changed';
	let cursor = ctx.initial;
	const events: UndoEvent[] = [];
	for (const e of chain) {
		const step = followStep(cursor, e, e.body.seat ?? -1, ctx.start.id);
		if (!step.ok) return 'not_followable';
		cursor = step.cursor;
		if (step.event) events.push(step.event);
	}
	let actual: string;
	try {
		actual = ctx.hash(p.state);
	} catch {
		// A record too damaged to hash is as corrupt as one with the wrong hash.
		return 'wrong_hash';
	}
	if (actual !== p.stateHash) return 'wrong_hash';
	// The state sits on the last action in effect, so that any later state is rebuilt from it.
	const top = cursor.top ? { ...cursor.top, checkpoint: p.state } : null;
	const state = top ? p.state : cursor.initial;
	const visited = parents.flatMap((id) => ctx.childrenOf(id).map((c) => c.id));
	if (!Array.isArray(p.sideUndos)) return 'bad_seal';
	return { chain, cursor: { ...cursor, top }, state, events, refused: p.refused, sideUndos: p.sideUndos, visited };
}

/** What a walk of play saw, kept by the orderer to make resume points of it. */
export interface LastWalk<S> {
	readonly start: string;
	/** Genesis, start, then the entries of play. */
	readonly chain: readonly Entry[];
	/** Per chain index: the cursor after the entry and how many play refusals came before its children; null before a point the walk began at. */
	readonly after: readonly ({ readonly cursor: Cursor<S>; readonly refused: number; readonly side: number } | null)[];
	readonly playRefused: readonly Refusal[];
	readonly sideUndos: readonly UndoStatus[];
	/** The chain index of the deepest entry every seat has built on (-1: none). */
	readonly finalIndex: number;
	readonly childrenOf: (id: string) => readonly Entry[];
	readonly copiesOf: (id: string) => readonly Entry[];
}

/**
 * Resume points of a walk: `heads`, the newest `limit` chain heads at every `every`-th entry of
 * play, and `points` for those of them not in `skip` (already kept) nor before the point the walk
 * began at.
 */
export async function pointsOfWalk<S>(
	walk: LastWalk<S>,
	opts: {
		readonly game: string;
		readonly rules: string;
		readonly every: number;
		readonly limit: number;
		readonly skip: ReadonlySet<string>;
		readonly stateAt: (cursor: Cursor<S>) => S;
		readonly hash: (state: S) => string;
	}
): Promise<{ heads: string[]; points: ResumePoint<S>[] }> {
	const heads: string[] = [];
	const points: ResumePoint<S>[] = [];
	if (opts.every < 1) return { heads, points };
	const onChain = new Set(walk.chain.map((e) => e.id));
	// Only where every seat has built on the head (final, order.ts): no rival can displace it any more.
	for (let i = Math.min(walk.chain.length - 1, walk.finalIndex); i >= 2 && heads.length < opts.limit; i--) {
		const position = i - 1;
		if (position % opts.every !== 0) continue;
		const head = walk.chain[i].id;
		heads.push(head);
		const at = walk.after[i];
		if (!at || opts.skip.has(head)) continue;
		const state = opts.stateAt(at.cursor);
		const parents = walk.chain.slice(1, i).map((e) => e.id);
		points.push(
			await makeResumePoint({
				game: opts.game,
				head,
				position,
				rules: opts.rules,
				state,
				stateHash: opts.hash(state),
				inputs: await inputsDigest(parents, walk.childrenOf, walk.copiesOf, onChain),
				refused: walk.playRefused.slice(0, at.refused),
				sideUndos: walk.sideUndos.slice(0, at.side)
			})
		);
	}
	return { heads, points };
}

/**
 * The store a session uses when its opener names none, by the engine's rules version: set once
 * by the app (state/checkpoint-open.ts) so that every game it opens keeps and uses resume points.
 */
const defaults = new Map<string, ResumeStore<unknown>>();

export function setDefaultResumeStore(rules: string, store: ResumeStore<unknown> | null): void {
	if (store) defaults.set(rules, store);
	else defaults.delete(rules);
}

export function defaultResumeStore<S>(rules: string): ResumeStore<S> | null {
	return (defaults.get(rules) as ResumeStore<S> | undefined) ?? null;
}

/** A memory store, for tests and the Node benchmark. */
export class MemoryResumeStore<S> implements ResumeStore<S> {
	readonly #items = new Map<string, ResumePoint<S>>();
	async load(game: string): Promise<readonly ResumePoint<S>[]> {
		return [...this.#items.values()].filter((p) => p.game === game);
	}
	async save(point: ResumePoint<S>): Promise<void> {
		this.#items.set(`${point.game}|${point.head}`, point);
	}
	async discard(game: string, head: string): Promise<void> {
		this.#items.delete(`${game}|${head}`);
	}
	get size(): number {
		return this.#items.size;
	}
}
