/**
 * Restarting the seed with fresh nonces after a refused reveal (issue 17, docs/sync-ordering.md
 * "Restarting the seed").
 *
 * A round of commit and reveal that is held up (a seat's reveal never comes) can be replaced by a
 * new one, as a linear chain of entries below the round's tip (the start for the first round):
 *
 *   restart {seen}   any seat: the reveals of the held-up round it holds; the seats without one
 *                    are the round's refusers, who commit and reveal first in the new round
 *   recommit {commit} each seat once, in the round's order: refusers by seat, then the others
 *   reveal {nonce}   each seat once, in the same order, matching its fresh commitment
 *
 * Each entry's parent is the one before it, so the order is proven by ancestry. Once every seat's
 * recommit is in, the new round is in force and the held-up one is void: its late reveals and
 * anything played on it no longer count (every seat signed, each while it saw the round held up).
 * Until then the held-up round may still complete, and then it stands. A round in force whose
 * reveals stall can be restarted again below the last of its entries.
 *
 * Everything here is a function of the entries held, like the rest of ordering: among a seat's
 * own rival entries at one position the one with the longer continuation counts (then the lower
 * id: nothing of anyone else's is at stake, and no nonce is known before the commitments are in).
 */
import type { Entry } from './entry';
import type { PublicKeyInfo } from './identity';
import type { RefusalCode } from './refusal';
import type { SeatClaim } from './seats';

export interface RestartStatus {
	/** The restart entry's id. */
	readonly proposal: string;
	/** The seat that asked for it. */
	readonly by: number;
	/** The round it makes (2 for the first restart). */
	readonly round: number;
	/** The seats whose reveal was missing: they commit and reveal first. */
	readonly first: readonly number[];
	/** The order in which seats commit, then reveal. */
	readonly order: readonly number[];
	readonly committed: readonly number[];
	readonly revealed: readonly number[];
	/** The seat whose entry comes next, and which entry; null once every seat has revealed. */
	readonly awaiting: { readonly seat: number; readonly step: 'commit' | 'reveal' } | null;
	/** Where the next entry of this restart goes. */
	readonly head: string;
	/** Every seat has committed: this round is the one in force, the one it restarts is void. */
	readonly inForce: boolean;
}

export interface SeedRoundView {
	/** The round in force: 1 for the start's, then one more per restart that took effect. */
	readonly round: number;
	/** Where a restart of the round in force is written. */
	readonly tip: string;
	/** The valid reveals of the round in force (what a restart of it names as `seen`). */
	readonly reveals: readonly { readonly seat: number; readonly id: string }[];
	/** The restart in force, or the one under way (the furthest along), or null. */
	readonly restart: RestartStatus | null;
}

export interface SeedRounds {
	readonly view: SeedRoundView;
	/** The nonces of the round in force, by seat (null: not revealed). */
	readonly nonces: readonly (string | null)[];
	/** Where play hangs once every seat has revealed: the start, or the last reveal of a restarted round. */
	readonly anchor: Entry | null;
	/** Entries read here (refused or not): they are not waiting and not off the chain. */
	readonly visited: readonly string[];
	readonly refused: readonly { readonly e: Entry; readonly code: RefusalCode; readonly message: string }[];
}

export interface SeedCtx {
	readonly start: Entry;
	readonly seats: readonly SeatClaim[];
	readonly childrenOf: (id: string) => readonly Entry[];
	readonly verify: (e: Entry, key: PublicKeyInfo) => Promise<boolean>;
	readonly commitOf: (nonce: string) => Promise<string>;
	/** The first round: valid reveals under the start, by id (→ seat), and the nonces by seat. */
	readonly firstReveals: ReadonlyMap<string, number>;
	readonly firstNonces: readonly (string | null)[];
}

const MAX_PER_SEAT = 4;

interface Chain {
	readonly restart: Entry;
	readonly by: number;
	readonly first: readonly number[];
	readonly order: readonly number[];
	/** Recommits then reveals, in order. */
	readonly path: readonly Entry[];
	/** Per seat, once this restart is in force: how many rounds it held up, and the last of them. */
	readonly refusals: readonly number[];
	readonly lastRefusal: readonly number[];
}

/** The history of refusals the next round's order is drawn from. */
interface Refusals {
	readonly round: number;
	readonly order: readonly number[];
	readonly count: readonly number[];
	readonly last: readonly number[];
}

/** Where a round may be restarted: a chain entry, and the reveals of that round up to it. */
interface Position {
	readonly entry: Entry;
	readonly reveals: ReadonlyMap<string, number>;
}

export async function resolveSeedRounds(ctx: SeedCtx): Promise<SeedRounds> {
	const n = ctx.seats.length;
	const visited: string[] = [];
	const refused: { e: Entry; code: RefusalCode; message: string }[] = [];
	const refuse = (e: Entry, code: RefusalCode, message: string) => refused.push({ e, code, message });
	const short = (id: string) => id.slice(0, 8);

	let round = 1;
	let positions: Position[] = [{ entry: ctx.start, reveals: ctx.firstReveals }];
	let nonces: (string | null)[] = [...ctx.firstNonces];
	let inForce: Chain | null = null;
	let history: Refusals = { round: 1, order: ctx.seats.map((s) => s.seat), count: ctx.seats.map(() => 0), last: ctx.seats.map(() => 0) };
	/** The restart under way for the round in force: the furthest along. */
	let underWay: Chain | null = null;

	for (;;) {
		// Restarts written on the round's positions, earliest position first: one every seat has
		// committed to voids the round from that position on.
		let taken: { chain: Chain; at: number } | null = null;
		const pending: Chain[] = [];
		for (let at = 0; at < positions.length && !taken; at++) {
			const p = positions[at];
			const effective: Chain[] = [];
			for (const e of kidsOf(ctx, p.entry.id, 'restart')) {
				visited.push(e.id);
				const problem = await restartProblem(ctx, e, p, round);
				if (problem) {
					refuse(e, problem.code, problem.message);
					continue;
				}
				const chain = await followChain(ctx, e, p, history, visited, refuse);
				if (chain.path.length >= n) effective.push(chain);
				else pending.push(chain);
			}
			effective.sort(rankChains);
			if (effective.length > 0) {
				taken = { chain: effective[0], at };
				for (const other of effective.slice(1)) {
					refuse(other.restart, 'superseded', `restart ${short(effective[0].restart.id)} went further (or was asked by a lower seat)`);
				}
			}
		}
		if (!taken) {
			pending.sort(rankChains);
			underWay = pending[0] ?? null;
			break;
		}
		const { chain, at } = taken;
		// The round it restarts is void from that position on: say so of what was written on it.
		if (round === 1) {
			for (const e of ctx.childrenOf(ctx.start.id)) {
				if (e.kind.kind === 'reveal' && !ctx.firstReveals.has(e.id)) continue;
				if (e.kind.kind === 'reveal') {
					const seat = ctx.firstReveals.get(e.id)!;
					if (chain.first.includes(seat)) refuse(e, 'superseded', `every seat committed afresh in restart ${short(chain.restart.id)} before this reveal counted`);
					else visited.push(e.id);
				} else if (e.kind.kind !== 'restart' && e.kind.kind !== 'claim' && e.kind.kind !== 'start') {
					visited.push(e.id);
					refuse(e, 'superseded', `the seed was restarted (${short(chain.restart.id)}): every seat signed fresh commitments`);
				}
			}
		} else {
			for (const p of positions.slice(at + 1)) refuse(p.entry, 'superseded', `every seat committed afresh in restart ${short(chain.restart.id)} before this reveal counted`);
		}
		for (const other of pending) refuse(other.restart, 'superseded', `restart ${short(chain.restart.id)} took effect`);
		round++;
		history = { round, order: chain.order, count: chain.refusals, last: chain.lastRefusal };
		inForce = chain;
		underWay = null;
		// The new round's positions: its last commitment, then each of its reveals.
		const reveals = new Map<string, number>();
		positions = [];
		nonces = ctx.seats.map(() => null);
		for (let i = n - 1; i < chain.path.length; i++) {
			const e = chain.path[i];
			if (e.kind.kind === 'reveal') {
				reveals.set(e.id, e.body.seat!);
				nonces[e.body.seat!] = e.kind.nonce;
			}
			positions.push({ entry: e, reveals: new Map(reveals) });
		}
	}

	const last = positions[positions.length - 1];
	const revealedIds = [...last.reveals.entries()].map(([id, seat]) => ({ seat, id })).sort((a, b) => a.seat - b.seat);
	const complete = revealedIds.length === n;
	if (complete) {
		// Nothing in the round's chain is pending any more; restarts of it cannot be valid (no reveal missing).
		if (underWay) refuse(underWay.restart, 'superseded', 'every seat revealed before every seat had committed to this restart');
	}
	const status = (c: Chain, force: boolean): RestartStatus => {
		const committed = c.path.slice(0, n).map((e) => e.body.seat!);
		const revealed = c.path.slice(n).map((e) => e.body.seat!);
		const next = c.path.length < 2 * n ? c.order[c.path.length % n] : null;
		return {
			proposal: c.restart.id,
			by: c.by,
			round: force ? round : round + 1,
			first: c.first,
			order: c.order,
			committed,
			revealed,
			awaiting: next === null ? null : { seat: next, step: c.path.length < n ? 'commit' : 'reveal' },
			head: (c.path[c.path.length - 1] ?? c.restart).id,
			inForce: force
		};
	};
	const restart = underWay && !complete ? status(underWay, false) : inForce ? status(inForce, true) : null;
	return {
		view: { round, tip: last.entry.id, reveals: revealedIds, restart },
		nonces,
		anchor: complete ? last.entry : null,
		visited,
		refused
	};
}

function rankChains(a: Chain, b: Chain): number {
	return b.path.length - a.path.length || a.by - b.by || (a.restart.id < b.restart.id ? -1 : a.restart.id > b.restart.id ? 1 : 0);
}

function kidsOf(ctx: SeedCtx, id: string, kind: Entry['kind']['kind']): Entry[] {
	const perSeat = new Map<number, number>();
	const out: Entry[] = [];
	for (const e of ctx.childrenOf(id)) {
		if (e.kind.kind !== kind) continue;
		const seat = e.body.seat ?? -1;
		const k = (perSeat.get(seat) ?? 0) + 1;
		perSeat.set(seat, k);
		if (k <= MAX_PER_SEAT) out.push(e);
	}
	return out;
}

async function restartProblem(ctx: SeedCtx, e: Entry, p: Position, round: number): Promise<{ code: RefusalCode; message: string } | null> {
	if (e.kind.kind !== 'restart') return { code: 'misplaced', message: 'not a restart' };
	const seat = e.body.seat ?? -1;
	const claim = ctx.seats[seat];
	if (!claim) return { code: 'unknown_seat', message: `there is no seat ${seat + 1}` };
	if (!(await ctx.verify(e, claim.key))) return { code: 'bad_signature', message: `not signed by seat ${seat + 1}'s key` };
	const seen = new Set<number>();
	for (const id of e.kind.seen) {
		const s = p.reveals.get(id);
		if (s === undefined) {
			return { code: 'bad_restart', message: round === 1 ? `it names ${id.slice(0, 8)}, which is not a valid reveal of the first round held here` : `it names ${id.slice(0, 8)}, which is not a reveal of round ${round} before it` };
		}
		seen.add(s);
	}
	// Below a restarted round the reveals are its ancestors: the restart must name every one of them.
	if (round > 1 && seen.size !== p.reveals.size) return { code: 'bad_restart', message: `it does not name every reveal of round ${round} before it` };
	if (seen.size === ctx.seats.length) return { code: 'bad_restart', message: 'it names a reveal of every seat: nothing is held up' };
	return null;
}

/**
 * The restart's chain: for each position the expected seat's entry with the longest continuation.
 *
 * The order: seats that held up more rounds first, then the more recent refusers, then the order of
 * the round before. So the seats without a reveal in the held-up round commit and reveal ahead of
 * those who revealed, and a seat that once refused (and so once knew a seed nobody else knew) is
 * never again the last to reveal until every other seat has refused as often: its next refusal
 * carries no knowledge.
 */
async function followChain(
	ctx: SeedCtx,
	restart: Entry,
	p: Position,
	history: Refusals,
	visited: string[],
	refuse: (e: Entry, code: RefusalCode, message: string) => void
): Promise<Chain> {
	if (restart.kind.kind !== 'restart') throw new Error('restart expected');
	const n = ctx.seats.length;
	const by = restart.body.seat!;
	// The seats the restart names a reveal of are the revealers; the others are its refusers.
	const seenSeats = new Set<number>();
	for (const id of restart.kind.seen) {
		const s = p.reveals.get(id);
		if (s !== undefined) seenSeats.add(s);
	}
	const all = ctx.seats.map((s) => s.seat);
	const first = all.filter((s) => !seenSeats.has(s));
	const refusals = history.count.map((c, seat) => (seenSeats.has(seat) ? c : c + 1));
	const lastRefusal = history.last.map((r, seat) => (seenSeats.has(seat) ? r : history.round));
	const before = new Map(history.order.map((seat, i) => [seat, i]));
	const order = [...all].sort((a, b) => refusals[b] - refusals[a] || lastRefusal[b] - lastRefusal[a] || before.get(a)! - before.get(b)!);
	const memo = new Map<string, Entry[]>();
	// The longest valid continuation below `id`, when the next entry is the i-th of the chain.
	const best = async (id: string, i: number, commits: ReadonlyMap<number, string>): Promise<Entry[]> => {
		const known = memo.get(id);
		if (known) return known;
		let out: Entry[] = [];
		if (i < 2 * n) {
			const seat = order[i % n];
			const kind = i < n ? 'recommit' : 'reveal';
			for (const e of kidsOf(ctx, id, kind)) {
				if (e.body.seat !== seat) continue;
				if (!(await ctx.verify(e, ctx.seats[seat].key))) continue;
				let next = commits;
				if (e.kind.kind === 'recommit') next = new Map(commits).set(seat, e.kind.commit);
				else if (e.kind.kind === 'reveal' && (await ctx.commitOf(e.kind.nonce)) !== commits.get(seat)) continue;
				const rest = await best(e.id, i + 1, next);
				if (rest.length + 1 > out.length) out = [e, ...rest];
			}
		}
		memo.set(id, out);
		return out;
	};
	const path = await best(restart.id, 0, new Map());
	// What was written on the chain and does not count is refused with the reason.
	const at = [restart, ...path];
	const commits = new Map<number, string>();
	for (let i = 0; i < at.length; i++) {
		const expected = i < 2 * n ? order[i % n] : null;
		const step = i < n ? 'commit' : 'reveal';
		for (const e of ctx.childrenOf(at[i].id)) {
			if (e === path[i]) continue;
			if (e.kind.kind !== 'recommit' && e.kind.kind !== 'reveal') continue;
			visited.push(e.id);
			if (expected === null) refuse(e, 'out_of_order', 'every seat of this restart has already revealed');
			else if (e.body.seat !== expected || (step === 'commit') !== (e.kind.kind === 'recommit')) {
				const who = first.includes(expected) ? `seat ${expected + 1}, whose reveal was missing, ${step}s first` : `seat ${expected + 1} ${step}s next`;
				refuse(e, 'out_of_order', `${who} in this restart (order: the refusers, then the others)`);
			} else if (!(await ctx.verify(e, ctx.seats[expected].key))) refuse(e, 'bad_signature', `not signed by seat ${expected + 1}'s key`);
			else if (e.kind.kind === 'reveal' && (await ctx.commitOf(e.kind.nonce)) !== commits.get(expected)) {
				refuse(e, 'bad_reveal', 'the nonce does not match the seat\'s fresh commitment');
			} else refuse(e, 'superseded', `seat ${expected + 1}'s other entry here went further`);
		}
		const on = path[i];
		if (on?.kind.kind === 'recommit') commits.set(on.body.seat!, on.kind.commit);
	}
	for (const e of path) visited.push(e.id);
	return { restart, by, first, order, path, refusals, lastRefusal };
}
