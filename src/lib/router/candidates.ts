/**
 * Candidate routes for one train: every route the train could run on its own, found by a
 * depth-first walk over the company's graph (`company-graph.ts`) that extends routes step by
 * step, never reusing a stop or a hex side, never passing through a blocked city or a
 * terminal, stopping when the train's stop budget is spent, and giving up on a route that
 * has no station of the company and can no longer reach one. Each route is kept in one
 * direction only (revenue does not depend on it).
 *
 * The walk keeps its stack in typed arrays, so that it can stop after any number of steps
 * and carry on later (the app's worker runs the search in slices), and keeps every sum the
 * bound needs per depth, so that recording a route costs the same whatever its length.
 *
 * A candidate carries a bound worked out from its stops: the value the 1822 rules give it
 * if legal, never less. The engine's own verdict and figures are computed only when the
 * search reaches the candidate (`candidate-pool.ts`).
 */
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import type { RouteTrain } from '../engine/titles/g1822/routes/trains';
import { CandidatePool } from './candidate-pool';
import { CompanyGraph } from './company-graph';
import type { RouteGraph } from './steps';

const FAR = 1 << 30;

export class CandidateWalk {
	readonly pool: CandidatePool;
	private readonly g: CompanyGraph;
	private readonly express: boolean;
	private readonly local: boolean;
	private readonly limit: number;
	private readonly starts: readonly number[];
	private readonly isStart: Uint8Array;
	/** What entering a stop costs of the train's budget. */
	private readonly spend: Int8Array;
	/** Lower bound of the budget still needed from a stop to reach one of the company's stations. */
	private readonly toToken: Int32Array;
	/** The least budget any step after row r takes (FAR: none). */
	private readonly minNext: Int32Array;
	/**
	 * Numbered trains, for the current start s: lower bound of the budget still needed from a
	 * stop to reach a stop above s. A route from s is kept only if it ends above s (it is met
	 * from its other end otherwise), so a walk that cannot get there any more is over.
	 */
	private readonly later: Int32Array;
	/** The steps taken both ways (stop → neighbouring stops), for the budget searches. */
	private readonly links = new Map<number, number[]>();
	/** Every stop a walk may enter. */
	private readonly touched: number[] = [];
	private readonly destBonus: number;
	private readonly visited: Uint8Array;
	private readonly used: Int32Array;
	private nextStart = 0;
	private done = false;
	// the walk's stack, by depth (depth 0: the first stop)
	private d = -1;
	/** Depths below this have their node in the route tree. */
	private made = 0;
	private readonly stop: Int32Array;
	private readonly row: Int32Array;
	private readonly cur: Int32Array;
	private readonly end: Int32Array;
	private readonly node: Int32Array;
	// sums over the stops up to each depth
	private readonly spent: Int32Array;
	private readonly cities: Int32Array;
	private readonly towns: Int32Array;
	private readonly tokens: Int32Array;
	private readonly sum: Int32Array;
	private readonly hits: Int32Array;
	private readonly merthyr: Int32Array;
	private readonly stationSum: Int32Array;
	private readonly channel: Int32Array;
	private readonly france: Int32Array;

	constructor(g: CompanyGraph, train: RouteTrain) {
		this.g = g;
		const ctx = g.ctx;
		this.pool = new CandidatePool(ctx, train, g.graph.stepList, g.tree, g.words);
		this.express = train.kind === 'express';
		this.local = train.kind === 'local';
		// Stop budget [rules digest 7.1]: numbered trains count every stop, a pullman cities and
		// off-boards (towns free), France costs nothing; L/LP count cities and towns apart.
		this.limit = this.express ? FAR : this.local ? 2 : train.distance;
		const size = g.isToken.length;
		this.spend = new Int8Array(size);
		for (const x of g.reach) this.spend[x] = train.kind === 'pullman' && g.isTown[x] === 1 ? 0 : g.visitCost[x];
		for (let r = 0; r < g.stepTo.length; r++) {
			const t = g.stepTo[r];
			if (g.inReach[t] === 0) this.spend[t] = train.kind === 'pullman' && g.isTown[t] === 1 ? 0 : g.visitCost[t];
		}
		// an E route starts at one of the company's stations [rules digest 7.1]
		this.starts = this.express ? [...g.tokenStops].sort((a, b) => a - b) : g.reach;
		this.isStart = new Uint8Array(size);
		for (const s of this.starts) this.isStart[s] = 1;
		for (const x of g.reach) {
			this.touched.push(x);
			for (let r = g.first[x]; r < g.last[x]; r++) {
				const t = g.stepTo[r];
				this.link(t, x);
				this.link(x, t);
				if (g.inReach[t] === 0 && !this.links.has(-1 - t)) {
					this.links.set(-1 - t, []);
					this.touched.push(t);
				}
			}
		}
		this.toToken = new Int32Array(size);
		this.budgetTo(g.tokenStops, this.toToken);
		this.later = new Int32Array(size);
		this.minNext = new Int32Array(g.stepTo.length).fill(FAR);
		for (let r = 0; r < g.stepTo.length; r++) {
			for (let k = g.nextOff[r]; k < g.nextOff[r + 1]; k++) this.minNext[r] = Math.min(this.minNext[r], this.spend[g.stepTo[g.next[k]]]);
		}
		this.destBonus = ctx.major && g.dest >= 0 ? g.value[g.dest] * train.multiplier : 0;
		this.visited = new Uint8Array(size);
		this.used = new Int32Array(g.words);
		const depth = g.reach.length + 2;
		this.stop = new Int32Array(depth);
		this.row = new Int32Array(depth);
		this.cur = new Int32Array(depth);
		this.end = new Int32Array(depth);
		this.node = new Int32Array(depth);
		this.spent = new Int32Array(depth);
		this.cities = new Int32Array(depth);
		this.towns = new Int32Array(depth);
		this.tokens = new Int32Array(depth);
		this.sum = new Int32Array(depth);
		this.hits = new Int32Array(depth);
		this.merthyr = new Int32Array(depth);
		this.stationSum = new Int32Array(depth);
		this.channel = new Int32Array(depth);
		this.france = new Int32Array(depth);
		// a local train may run a single station city (one stop: never both home and destination)
		if (this.local) {
			const zero = new Int32Array(g.words);
			// A city with no track yet is no stop a run can use (the engine refuses the run).
			const rb = g.ctx.rb;
			for (const x of g.tokenStops)
				if (rb.hexes[Math.floor(x / 64)].atNode[x % 64].length > 0) this.pool.add(g.tree.root(x), zero, g.value[x], 0, -1, 0);
		}
	}

	private link(a: number, b: number): void {
		let l = this.links.get(a);
		if (!l) this.links.set(a, (l = []));
		l.push(b);
	}

	/**
	 * Lower bounds of the budget from each stop to one of `targets` (what entering the stops
	 * after it costs, the target's included): a 0-1 breadth-first search over the steps taken
	 * both ways, ignoring blocking and stops already on a route (so never too high).
	 */
	private budgetTo(targets: Iterable<number>, dist: Int32Array): void {
		for (const x of this.touched) dist[x] = FAR;
		const deque: number[] = [];
		for (const t of targets) {
			dist[t] = 0;
			deque.push(t);
		}
		let head = 0;
		const front: number[] = [];
		while (front.length > 0 || head < deque.length) {
			const x = front.length > 0 ? front.pop()! : deque[head++];
			const step = this.spend[x];
			const nd = dist[x] + step;
			for (const y of this.links.get(x) ?? []) {
				if (dist[y] <= nd) continue;
				dist[y] = nd;
				if (step === 0) front.push(y);
				else deque.push(y);
			}
		}
	}

	/** True when every candidate has been found. */
	get finished(): boolean {
		return this.done;
	}

	/** Walks at most `budget` steps; returns the budget left (the walk is over when `finished`). */
	run(budget: number): number {
		const g = this.g;
		const { stop, cur, end, row, visited, used, spend, toToken, minNext, later } = this;
		const { spent: spentAt, cities: citiesAt, towns: townsAt, tokens: tokensAt, sum, hits, merthyr, france, channel, stationSum } = this;
		const { stepTo, terminalFirst, terminalLast, maskOff, maskWord, maskBits, stepMerthyr, next, nextOff, blocked } = g;
		const { isCity, isTown, isToken, value, isOffboard, inFrance, inChannel } = g;
		const { limit, local, express } = this;
		const home = g.home;
		const dest = g.dest;
		while (!this.done) {
			if (budget <= 0) return 0;
			budget--;
			const d = this.d;
			if (d < 0) {
				this.begin();
				continue;
			}
			if (cur[d] >= end[d]) {
				// back up
				visited[stop[d]] = 0;
				if (d > 0) {
					const r = row[d];
					for (let k = maskOff[r]; k < maskOff[r + 1]; k++) used[maskWord[k]] &= ~maskBits[k];
				}
				this.d = d - 1;
				if (this.made > d) this.made = d;
				continue;
			}
			// depth 0: the first stop's own rows; further on, the rows that may follow the last one
			const r = d === 0 ? cur[0]++ : next[cur[d]++];
			const t = stepTo[r];
			if (visited[t] === 1) continue;
			// a terminal path may only start the route
			if (d > 0 && terminalFirst[r] === 1) continue;
			const spent = spentAt[d] + spend[t];
			if (spent > limit) continue;
			const cities = citiesAt[d] + isCity[t];
			const towns = townsAt[d] + isTown[t];
			if (local && (cities > 1 || towns > 1 || (isCity[t] === 0 && isTown[t] === 0))) continue;
			const m0 = maskOff[r];
			const m1 = maskOff[r + 1];
			let k = m0;
			while (k < m1 && (used[maskWord[k]] & maskBits[k]) === 0) k++;
			if (k < m1) continue;
			for (k = m0; k < m1; k++) used[maskWord[k]] |= maskBits[k];
			visited[t] = 1;
			const e = d + 1;
			stop[e] = t;
			row[e] = r;
			spentAt[e] = spent;
			citiesAt[e] = cities;
			townsAt[e] = towns;
			const tokens = tokensAt[d] + isToken[t];
			tokensAt[e] = tokens;
			sum[e] = sum[d] + value[t];
			hits[e] = hits[d] + (t === home || t === dest ? 1 : 0);
			merthyr[e] = merthyr[d] | stepMerthyr[r];
			france[e] = isOffboard[t] === 1 && inFrance[t] === 1 ? value[t] : france[d];
			const station = isCity[t] === 1 && isToken[t] === 1;
			channel[e] = channel[d] | (station && inChannel[t] === 1 ? 1 : 0);
			stationSum[e] = stationSum[d] + (station && inChannel[t] === 0 ? 2 * value[t] : 0);
			this.d = e;
			// record the route if it may be legal; a blocked city, the far end of a
			// terminal path, no station within reach, or no budget for any next step ends it
			if (tokens > 0 && (!express || isToken[t] === 1 || inFrance[t] === 1)) this.accept(e);
			if (
				blocked[t] === 1 ||
				terminalLast[r] === 1 ||
				(tokens === 0 && toToken[t] > limit - spent) ||
				spent + minNext[r] > limit ||
				spent + later[t] > limit
			) {
				cur[e] = 0;
				end[e] = 0;
			} else {
				cur[e] = nextOff[r];
				end[e] = nextOff[r + 1];
			}
		}
		return budget;
	}

	/** Starts the walk from the next start stop, or ends it. */
	private begin(): void {
		const g = this.g;
		while (this.nextStart < this.starts.length) {
			const s = this.starts[this.nextStart++];
			if (this.spend[s] > this.limit) continue;
			if (this.local && g.isCity[s] === 0 && g.isTown[s] === 0) continue;
			// a numbered train's routes from s are kept when they end above s (or off the
			// stops a walk starts from, which a route with a station never does)
			if (!this.express && !this.local) this.budgetTo(this.touched.filter((t) => t > s || g.inReach[t] === 0), this.later);
			this.visited[s] = 1;
			this.stop[0] = s;
			this.spent[0] = this.spend[s];
			this.cities[0] = g.isCity[s];
			this.towns[0] = g.isTown[s];
			this.tokens[0] = g.isToken[s];
			this.sum[0] = g.value[s];
			this.hits[0] = s === g.home || s === g.dest ? 1 : 0;
			this.merthyr[0] = 0;
			this.france[0] = g.isOffboard[s] === 1 && g.inFrance[s] === 1 ? g.value[s] : 0;
			const station = g.isCity[s] === 1 && g.isToken[s] === 1;
			this.channel[0] = station && g.inChannel[s] === 1 ? 1 : 0;
			this.stationSum[0] = station && g.inChannel[s] === 0 ? 2 * g.value[s] : 0;
			this.d = 0;
			this.made = 0;
			this.enterFirst();
			return;
		}
		this.done = true;
	}

	/** The first stop is on the stack: set up its steps (`run` does the same for deeper stops). */
	private enterFirst(): void {
		const g = this.g;
		const s = this.stop[0];
		this.cur[0] = 0;
		this.end[0] = 0;
		// without a station so far, one must still be within the train's reach
		if (this.tokens[0] === 0 && this.toToken[s] > this.limit - this.spent[0]) return;
		this.cur[0] = g.first[s];
		this.end[0] = g.last[s];
	}

	/** Records the route of the stack's stops 0..e, with its bound: the value 1822 gives it if legal. */
	private accept(e: number): void {
		const g = this.g;
		const first = this.stop[0];
		const last = this.stop[e];
		// one direction only: revenue is the same both ways; a route whose two ends both
		// start walks is met once from each end
		if (first > last && this.isStart[last] === 1) return;
		// its node in the route tree, and its parents' not made yet
		for (let k = this.made; k <= e; k++) {
			this.node[k] = k === 0 ? g.tree.root(this.stop[0]) : g.tree.child(this.node[k - 1], g.stepId[this.row[k]]);
		}
		this.made = e + 1;
		// E: only the company's station cities pay, twice; a station in the Channel pays France
		// twice instead [rules digest 7.1]
		const value = this.express ? this.stationSum[e] + (this.channel[e] === 1 ? 2 * this.france[e] : 0) : this.sum[e];
		const bonus = this.hits[e] === 2 ? this.destBonus : 0;
		const mail = this.local ? -1 : Math.floor((g.value[first] + g.value[last]) / 2);
		this.pool.add(this.node[e], this.used, value + bonus, bonus, mail, this.merthyr[e]);
	}
}

/** Every route of `train` on its own that may be legal, with its bound. */
export function candidatesFor(ctx: RouteContext, graph: RouteGraph, train: RouteTrain, company = new CompanyGraph(ctx, graph)): CandidatePool {
	const walk = new CandidateWalk(company, train);
	walk.run(Infinity);
	return walk.pool;
}
