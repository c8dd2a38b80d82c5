/**
 * Candidate routes of one train, stored flat: a late-game train has tens of thousands of
 * them and the search looks at few, so each is a handful of numbers in growing typed
 * arrays (bound, bonus, mail, Merthyr edges, and ranges of stops, steps and track bits).
 * A `Candidate` object, with the route and the engine's verdict, is made only when the
 * search asks for it.
 */
import type { Route, RouteLeg } from '../engine/core/route';
import type { TrainId } from '../engine/core/ids';
import type { CheckedRoute } from '../engine/core/route-check';
import { checkRouteStops, type RouteFacts } from '../engine/titles/g1822/routes/check-route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import type { RouteTrain } from '../engine/titles/g1822/routes/trains';
import type { Step } from './steps';

class Grow {
	data: Int32Array;
	length = 0;
	constructor(n = 1024) {
		this.data = new Int32Array(n);
	}
	push(v: number): void {
		if (this.length === this.data.length) {
			const d = new Int32Array(this.data.length * 2);
			d.set(this.data);
			this.data = d;
		}
		this.data[this.length++] = v;
	}
}

export class CandidatePool {
	readonly ctx: RouteContext;
	readonly train: RouteTrain;
	private readonly stepList: readonly Step[];
	/** Revenue with its own destination bonus if the engine accepts the route (never less than its figure). */
	readonly bound = new Grow();
	/** The destination bonus and mail the route would earn if legal (mail -1: none). */
	readonly bonus = new Grow();
	readonly mail = new Grow();
	readonly merthyr = new Grow();
	private readonly stopOff = new Grow();
	private readonly stops = new Grow(4096);
	private readonly stepOff = new Grow();
	private readonly steps = new Grow(4096);
	private readonly bitOff = new Grow();
	readonly bits = new Grow(16384);
	private readonly made = new Map<number, Candidate>();

	constructor(ctx: RouteContext, train: RouteTrain, stepList: readonly Step[]) {
		this.ctx = ctx;
		this.train = train;
		this.stepList = stepList;
		this.stopOff.push(0);
		this.stepOff.push(0);
		this.bitOff.push(0);
	}

	get size(): number {
		return this.bound.length;
	}

	add(steps: readonly number[], nSteps: number, stops: readonly number[], nStops: number, bound: number, bonus: number, mail: number, merthyr: number): void {
		this.bound.push(bound);
		this.bonus.push(bonus);
		this.mail.push(mail);
		this.merthyr.push(merthyr);
		for (let i = 0; i < nStops; i++) this.stops.push(stops[i]);
		this.stopOff.push(this.stops.length);
		for (let i = 0; i < nSteps; i++) {
			this.steps.push(steps[i]);
			for (const b of this.stepList[steps[i]].bits) this.bits.push(b);
		}
		this.stepOff.push(this.steps.length);
		this.bitOff.push(this.bits.length);
	}

	bitRange(i: number): [number, number] {
		return [this.bitOff.data[i], this.bitOff.data[i + 1]];
	}

	stopsOf(i: number): number[] {
		return Array.from(this.stops.data.subarray(this.stopOff.data[i], this.stopOff.data[i + 1]));
	}

	stepsOf(i: number): Step[] {
		return Array.from(this.steps.data.subarray(this.stepOff.data[i], this.stepOff.data[i + 1]), (s) => this.stepList[s]);
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
		const rb = this.pool.ctx.rb;
		return this.pool.stopsOf(this.index).filter((s) => rb.hexes[Math.floor(s / 64)].nodes[s % 64].kind === 'city');
	}
}
