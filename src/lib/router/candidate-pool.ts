/**
 * Candidate routes of one train, stored flat: a late-game train has tens of thousands of
 * them and the search looks at few, so each is a handful of numbers in growing typed
 * arrays (bound, bonus, mail, Merthyr edges, its track as a bitset) and a node of the walk's
 * tree of routes (`RouteTree`), from which its stops and steps are read back only when the
 * search asks for them. A `Candidate` object, with the route and the engine's verdict, is
 * made only then too.
 */
import type { Route, RouteLeg } from '../engine/core/route';
import type { TrainId } from '../engine/core/ids';
import type { CheckedRoute } from '../engine/core/route-check';
import { checkRouteStops, type RouteFacts } from '../engine/titles/g1822/routes/check-route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import type { RouteTrain } from '../engine/titles/g1822/routes/trains';
import type { Step } from './steps';

/** A growing Int32Array. */
export class Grow {
	data: Int32Array;
	length = 0;
	constructor(n = 1024) {
		this.data = new Int32Array(n);
	}
	push(v: number): void {
		if (this.length === this.data.length) this.grow(this.length + 1);
		this.data[this.length++] = v;
	}
	/** Room for `n` entries in all. */
	grow(n: number): void {
		if (n <= this.data.length) return;
		const d = new Int32Array(Math.max(n, this.data.length * 2));
		d.set(this.data);
		this.data = d;
	}
}

/**
 * The routes the walk went through, as a tree: a node is a route, its parent the same route
 * one step shorter. A root is a route of one stop (`step` holds -1 - stop); any other node's
 * `step` is the id of its last step in the route graph.
 */
export class RouteTree {
	readonly parent = new Grow(4096);
	readonly step = new Grow(4096);

	root(stop: number): number {
		this.parent.push(-1);
		this.step.push(-1 - stop);
		return this.parent.length - 1;
	}

	child(parent: number, step: number): number {
		this.parent.push(parent);
		this.step.push(step);
		return this.parent.length - 1;
	}
}

export class CandidatePool {
	readonly ctx: RouteContext;
	readonly train: RouteTrain;
	private readonly stepList: readonly Step[];
	readonly tree: RouteTree;
	/** Words of a candidate's track bitset. */
	readonly words: number;
	/** Revenue with its own destination bonus if the engine accepts the route (never less than its figure). */
	readonly bound = new Grow();
	/** The destination bonus and mail the route would earn if legal (mail -1: none). */
	readonly bonus = new Grow();
	readonly mail = new Grow();
	readonly merthyr = new Grow();
	/** The route's node in `tree`. */
	readonly node = new Grow();
	/** The track the route takes: `words` words per candidate, bits as in the route graph. */
	readonly masks: Grow;
	private readonly made = new Map<number, Candidate>();

	constructor(ctx: RouteContext, train: RouteTrain, stepList: readonly Step[], tree: RouteTree, words: number) {
		this.ctx = ctx;
		this.train = train;
		this.stepList = stepList;
		this.tree = tree;
		this.words = words;
		this.masks = new Grow(Math.max(1024, words * 1024));
	}

	get size(): number {
		return this.bound.length;
	}

	/** Adds a candidate; `used` is its track bitset (`words` words). */
	add(node: number, used: Int32Array, bound: number, bonus: number, mail: number, merthyr: number): void {
		const n = this.bound.length;
		if (n === this.bound.data.length) {
			for (const g of [this.bound, this.bonus, this.mail, this.merthyr, this.node]) g.grow(n + 1);
			this.masks.grow((n + 1) * this.words);
		}
		this.bound.data[n] = bound;
		this.bonus.data[n] = bonus;
		this.mail.data[n] = mail;
		this.merthyr.data[n] = merthyr;
		this.node.data[n] = node;
		this.bound.length = this.bonus.length = this.mail.length = this.merthyr.length = this.node.length = n + 1;
		const w = this.words;
		const m = this.masks.data;
		for (let j = 0, at = n * w; j < w; j++) m[at + j] = used[j];
		this.masks.length = (n + 1) * w;
	}

	/** Stops in route order. */
	stopsOf(i: number): number[] {
		const out: number[] = [];
		const { parent, step } = this.tree;
		for (let n = this.node.data[i]; n >= 0; n = parent.data[n]) {
			const s = step.data[n];
			out.push(s < 0 ? -1 - s : this.stepList[s].to);
		}
		return out.reverse();
	}

	/** Steps in route order. */
	stepsOf(i: number): Step[] {
		const out: Step[] = [];
		const { parent, step } = this.tree;
		for (let n = this.node.data[i]; n >= 0; n = parent.data[n]) {
			const s = step.data[n];
			if (s >= 0) out.push(this.stepList[s]);
		}
		return out.reverse();
	}

	get(i: number): Candidate {
		let c = this.made.get(i);
		if (!c) {
			c = new Candidate(this, i);
			this.made.set(i, c);
		}
		return c;
	}
}

/** One candidate route, with the engine's verdict computed on first use. */
export class Candidate {
	readonly pool: CandidatePool;
	readonly index: number;
	private cachedRoute: Route | null = null;
	private cachedFacts: RouteFacts | null | undefined = undefined;
	private cachedLocal: number[] | null = null;

	constructor(pool: CandidatePool, index: number) {
		this.pool = pool;
		this.index = index;
	}

	get route(): Route {
		if (!this.cachedRoute) {
			const rb = this.pool.ctx.rb;
			const stops = this.pool.stopsOf(this.index);
			const steps = this.pool.stepsOf(this.index);
			const node = (s: number) => ({ hex: rb.hexes[Math.floor(s / 64)].id, node: s % 64 });
			const legs: RouteLeg[] =
				steps.length > 0 ? steps.map((st) => st.leg) : [{ from: node(stops[0]), to: node(stops[0]), paths: [] }];
			this.cachedRoute = { train: this.pool.train.id as TrainId, legs };
		}
		return this.cachedRoute;
	}

	/** The engine's figures for this route on its own, or null when the engine refuses it. */
	get facts(): RouteFacts | null {
		if (this.cachedFacts === undefined) {
			const checked: CheckedRoute = {
				route: this.route,
				stops: this.pool.stopsOf(this.index).map((x) => [Math.floor(x / 64), x % 64] as const),
				paths: this.pool.stepsOf(this.index).flatMap((st) => st.chain.paths)
			};
			const f = checkRouteStops(this.pool.ctx, this.pool.train, checked);
			this.cachedFacts = f.ok ? f.value : null;
		}
		return this.cachedFacts;
	}

	/** City stops of a local train (two local trains may not share one). */
	get localCities(): number[] {
		if (this.pool.train.kind !== 'local') return [];
		if (!this.cachedLocal) {
			const rb = this.pool.ctx.rb;
			this.cachedLocal = this.pool.stopsOf(this.index).filter((s) => rb.hexes[Math.floor(s / 64)].nodes[s % 64].kind === 'city');
		}
		return this.cachedLocal;
	}
}
