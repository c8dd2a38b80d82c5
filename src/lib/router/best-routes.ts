/**
 * The best run for an operating company: one route (or none) per train, maximising the
 * run's revenue as the engine scores it (the destination bonus once, E trains sharing
 * track with the others, local trains apart, Merthyr Tydfil/Pontypool). Among runs of
 * equal revenue, the larger mail subsidy.
 *
 * Branch and bound over the trains, richest first, each train's candidates by falling
 * bound. A partial run is bounded by its revenue so far, plus for every train still to
 * place its best candidate's revenue, plus the largest destination bonus in reach (paid
 * once). Track compatibility is a bitset test per overlap class. The search adds up the
 * candidates' bounds (never below a legal route's revenue, and in practice equal to it):
 * the engine's verdict on each route is asked only for a complete run that could beat the
 * best so far, and a run with a route the engine refuses is dropped with everything below
 * that route. Without mail contracts, runs that only tie the best are not finished (they
 * could not replace it). The chosen run is scored by the engine's `evaluateRun`, so the
 * answer is exact and the engine's.
 *
 * `RouteSearch` does the work in slices (`step(budget)`): the candidate walks and the
 * branch and bound keep their stacks in fields, so that the app's worker can post the best
 * run found so far between slices and drop the search when it is cancelled.
 * `findBestRoutes` runs it in one go.
 */
import { sumOfLargest } from '../engine/core/revenue';
import type { Route } from '../engine/core/route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { evaluateRun, type RunRevenue } from '../engine/titles/g1822/routes/run-revenue';
import { overlapClass, type RouteTrain } from '../engine/titles/g1822/routes/trains';
import type { CandidatePool } from './candidate-pool';
import { CandidateWalk } from './candidates';
import { CompanyGraph } from './company-graph';
import { routeGraphFor } from './graph-cache';
import type { RouteGraph } from './steps';

export interface BestRun {
	readonly routes: readonly Route[];
	readonly revenue: RunRevenue;
	/** Candidate routes found, over all trains. */
	readonly candidates: number;
}

/** Candidate indices by falling bound, ties by index: a counting sort (bounds are small whole pounds). */
export function byBound(pool: CandidatePool): Int32Array {
	const b = pool.bound.data;
	const n = pool.size;
	let max = 0;
	let min = 0;
	for (let i = 0; i < n; i++) {
		if (b[i] > max) max = b[i];
		if (b[i] < min) min = b[i];
	}
	const count = new Int32Array(max - min + 2);
	for (let i = 0; i < n; i++) count[max - b[i] + 1]++;
	for (let v = 1; v < count.length; v++) count[v] += count[v - 1];
	const out = new Int32Array(n);
	for (let i = 0; i < n; i++) out[count[max - b[i]]++] = i;
	return out;
}

/**
 * A train alone in its overlap class (the only E, or the only other train) never competes
 * for track: all that matters to the rest of the run is its revenue, its destination bonus,
 * its mail and its use of the Merthyr Tydfil/Pontypool edges. Keep the richest legal route
 * per such signature.
 */
function bestPerSignature(pool: CandidatePool, mail: boolean): Int32Array {
	const seen = new Set<number>();
	const out: number[] = [];
	const { bonus, merthyr } = pool;
	// by bound, richest first: within one signature the bound is the revenue plus the same bonus
	for (const i of byBound(pool)) {
		const key = (bonus.data[i] * 4 + merthyr.data[i]) * 1_000_000 + (mail ? pool.mail.data[i] + 1 : 0);
		if (seen.has(key)) continue;
		if (pool.get(i).facts) {
			seen.add(key);
			out.push(i);
		}
	}
	return Int32Array.from(out);
}

const NONE: readonly number[] = [];
/** No candidate applied at a level; the train not running. */
const NOTHING = -2;
const IDLE = -1;

export class RouteSearch {
	readonly ctx: RouteContext;
	private readonly trains: RouteTrain[];
	private readonly walks: CandidateWalk[];
	private walking = 0;
	private pools: CandidatePool[] = [];
	private lists: Int32Array[] = [];
	/** Trains in search order (indices into `trains`). */
	private order: number[] = [];
	private restRevenue: number[] = [];
	private restBonus: number[] = [];
	private used: { express: Int32Array; normal: Int32Array };
	private readonly words: number;
	// the branch and bound's stack, by level
	private depth = -1;
	private cur = new Int32Array(0);
	private pick = new Int32Array(0);
	private rev = new Int32Array(0);
	private bon = new Int32Array(0);
	private mer = new Int32Array(0);
	private readonly localCities = new Set<number>();
	private phase: 'walk' | 'search' | 'done' = 'walk';
	private best: { total: number; subsidy: number; picks: Int32Array } | null = null;
	/** The least total a run must reach to be worth finishing (ties count only for the mail subsidy). */
	private need = Number.NEGATIVE_INFINITY;
	private found = 0;
	private scored: { found: number; run: BestRun } | null = null;

	constructor(ctx: RouteContext, graph: RouteGraph = routeGraphFor(ctx.rb, ctx.special)) {
		this.ctx = ctx;
		this.trains = [...ctx.trains.values()];
		const company = new CompanyGraph(ctx, graph);
		this.words = company.words;
		this.used = { express: new Int32Array(this.words), normal: new Int32Array(this.words) };
		this.walks = this.trains.map((t) => new CandidateWalk(company, t));
	}

	/** True once the search has tried every run that could beat its best. */
	get finished(): boolean {
		return this.phase === 'done';
	}

	/** How many times a better run was found so far (a progress report is due when it grows). */
	get improvements(): number {
		return this.found;
	}

	/** Candidate routes found so far, over all trains. */
	get candidates(): number {
		return this.walks.reduce((n, w) => n + w.pool.size, 0);
	}

	/** Works for about `budget` units (walk steps and candidates tried); true when finished. */
	step(budget: number): boolean {
		while (this.phase === 'walk') {
			if (budget <= 0) return false;
			const w = this.walks[this.walking];
			if (!w) {
				this.prepare();
				break;
			}
			budget = w.run(budget);
			if (w.finished) this.walking++;
		}
		if (this.phase === 'search' && this.search(budget)) this.phase = 'done';
		return this.phase === 'done';
	}

	/** The best run found so far, scored by the engine (null before the first). */
	bestSoFar(): BestRun | null {
		if (!this.best) return null;
		if (!this.scored || this.scored.found !== this.found) this.scored = { found: this.found, run: this.score(this.best.picks) };
		return this.scored.run;
	}

	/** The answer; the search must be finished. */
	result(): BestRun {
		if (!this.finished) throw new Error('route search asked for its result before it finished');
		return this.bestSoFar() ?? this.score(new Int32Array(0));
	}

	private score(picks: Int32Array): BestRun {
		const routes: Route[] = [];
		picks.forEach((i, k) => {
			if (i >= 0) routes.push(this.pools[this.order[k]].get(i).route);
		});
		// the answer is the engine's: score the chosen run with the route rules themselves
		const scored = evaluateRun(this.ctx, routes);
		if (!scored.ok) throw new Error(`route finder chose a run the engine refuses: ${scored.error.message}`);
		return { routes, revenue: scored.value, candidates: this.candidates };
	}

	/** Search order and bounds, once every train's candidates are known. */
	private prepare(): void {
		const { trains, ctx } = this;
		const classCount = new Map<string, number>();
		for (const t of trains) classCount.set(overlapClass(t), (classCount.get(overlapClass(t)) ?? 0) + 1);
		this.pools = this.walks.map((w) => w.pool);
		this.lists = this.pools.map((pool, k) =>
			classCount.get(overlapClass(trains[k])) === 1 ? bestPerSignature(pool, ctx.mailContracts > 0) : byBound(pool)
		);
		// most valuable trains first: tighter bounds early
		const top = (k: number) => (this.lists[k].length > 0 ? this.pools[k].bound.data[this.lists[k][0]] : 0);
		this.order = trains.map((_, i) => i).sort((a, b) => top(b) - top(a) || a - b);
		// what the trains still to place could add: best revenue each, the largest bonus once [rules digest 7.2]
		const n = this.order.length;
		this.restRevenue = new Array(n + 1).fill(0);
		this.restBonus = new Array(n + 1).fill(0);
		for (let k = n - 1; k >= 0; k--) {
			const pool = this.pools[this.order[k]];
			let r = 0;
			let b = 0;
			for (const i of this.lists[this.order[k]]) {
				r = Math.max(r, pool.bound.data[i] - pool.bonus.data[i]);
				b = Math.max(b, pool.bonus.data[i]);
			}
			this.restRevenue[k] = this.restRevenue[k + 1] + r;
			this.restBonus[k] = Math.max(this.restBonus[k + 1], b);
		}
		this.cur = new Int32Array(n);
		this.pick = new Int32Array(n).fill(NOTHING);
		this.rev = new Int32Array(n + 1);
		this.bon = new Int32Array(n + 1);
		this.mer = new Int32Array(n + 1);
		this.phase = 'search';
		this.depth = this.enter(0) ? 0 : -1;
	}

	private rest(k: number, bonus: number): number {
		return this.restRevenue[k] + Math.max(bonus, this.restBonus[k]);
	}

	/** Opens level k (its state set by the level above); false when there is nothing to try there. */
	private enter(k: number): boolean {
		if (this.rev[k] + this.rest(k, this.bon[k]) < this.need) return false;
		if (k === this.order.length) {
			this.complete();
			return false;
		}
		this.cur[k] = 0;
		this.pick[k] = NOTHING;
		return true;
	}

	/**
	 * A complete run: the engine's verdict on each route (asked only now: the search runs on the
	 * candidates' bounds), then the sums the engine makes (compatibility is already checked).
	 */
	private complete(): void {
		const n = this.order.length;
		let revenue = 0;
		let bonus = 0;
		const mails: number[] = [];
		for (let k = 0; k < n; k++) {
			const i = this.pick[k];
			if (i < 0) continue;
			const f = this.pools[this.order[k]].get(i).facts;
			if (!f) {
				// the engine refuses this route: nothing below it in the search can be run
				for (let m = k + 1; m < n; m++) this.cur[m] = this.lists[this.order[m]].length + 1;
				return;
			}
			revenue += f.revenue;
			bonus = Math.max(bonus, f.destinationBonus);
			if (f.mail !== null) mails.push(f.mail);
		}
		const total = revenue + bonus;
		const best = this.best;
		if (best && total < best.total) return;
		const subsidy = sumOfLargest(mails, this.ctx.mailContracts);
		if (!best || total > best.total || subsidy > best.subsidy) {
			this.best = { total, subsidy, picks: this.pick.slice() };
			this.found++;
			// without mail contracts a run of equal revenue cannot replace the best: look for more only
			this.need = this.ctx.mailContracts > 0 ? total : total + 1;
		}
	}

	private usedAt(k: number): Int32Array {
		return this.used[overlapClass(this.trains[this.order[k]])];
	}

	/** Takes back level k's candidate. */
	private undo(k: number): void {
		const i = this.pick[k];
		this.pick[k] = NOTHING;
		if (i < 0) return;
		const pool = this.pools[this.order[k]];
		const u = this.usedAt(k);
		const w = this.words;
		const m = pool.masks.data;
		for (let j = 0; j < w; j++) u[j] &= ~m[i * w + j];
		if (pool.train.kind === 'local') for (const x of pool.get(i).localCities) this.localCities.delete(x);
	}

	/** The branch and bound, for at most `budget` candidates tried; true when it is over. */
	private search(budget: number): boolean {
		const w = this.words;
		// the budget counts candidates tried: moving between levels without trying one is
		// bounded by the number of levels, so every call with some budget makes progress
		while (this.depth >= 0) {
			const k = this.depth;
			if (this.pick[k] !== NOTHING) this.undo(k);
			const pool = this.pools[this.order[k]];
			const list = this.lists[this.order[k]];
			const u = this.usedAt(k);
			const { bound, bonus, merthyr } = pool;
			const masks = pool.masks.data;
			const local = pool.train.kind === 'local';
			const rev = this.rev[k];
			const bon = this.bon[k];
			let deeper = false;
			while (this.cur[k] < list.length) {
				if (budget-- <= 0) return false;
				const i = list[this.cur[k]++];
				// falling bounds: none further down can do better
				if (rev + bon + bound.data[i] + this.restRevenue[k + 1] + this.restBonus[k + 1] < this.need) {
					this.cur[k] = list.length;
					break;
				}
				// tighter, for this candidate: its revenue, the bonus once
				if (rev + bound.data[i] - bonus.data[i] + this.rest(k + 1, Math.max(bon, bonus.data[i])) < this.need) continue;
				let clash = false;
				for (let j = 0; j < w && !clash; j++) clash = (u[j] & masks[i * w + j]) !== 0;
				if (clash) continue;
				const m = merthyr.data[i];
				if ((this.mer[k] | m) === 3) continue;
				const lc = local ? pool.get(i).localCities : NONE;
				if (lc.some((x) => this.localCities.has(x))) continue;
				for (let j = 0; j < w; j++) u[j] |= masks[i * w + j];
				for (const x of lc) this.localCities.add(x);
				this.pick[k] = i;
				this.rev[k + 1] = rev + bound.data[i] - bonus.data[i];
				this.bon[k + 1] = Math.max(bon, bonus.data[i]);
				this.mer[k + 1] = this.mer[k] | m;
				if (this.enter(k + 1)) {
					deeper = true;
					break;
				}
				this.undo(k);
			}
			if (deeper) {
				this.depth = k + 1;
				continue;
			}
			if (this.cur[k] === list.length) {
				// the train may also not run
				this.cur[k] = list.length + 1;
				this.pick[k] = IDLE;
				this.rev[k + 1] = rev;
				this.bon[k + 1] = bon;
				this.mer[k + 1] = this.mer[k];
				if (this.enter(k + 1)) this.depth = k + 1;
				continue;
			}
			this.depth = k - 1;
		}
		return true;
	}
}

/** Best routes for the company's trains in `ctx` (every train in `ctx.trains`). */
export function findBestRoutes(ctx: RouteContext, graph: RouteGraph = routeGraphFor(ctx.rb, ctx.special)): BestRun {
	const search = new RouteSearch(ctx, graph);
	search.step(Infinity);
	return search.result();
}
