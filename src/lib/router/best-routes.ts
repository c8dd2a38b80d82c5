/**
 * The best run for an operating company: one route (or none) per train, maximising the
 * run's revenue as the engine scores it (the destination bonus once, E trains sharing
 * track with the others, local trains apart, Merthyr Tydfil/Pontypool). Among runs of
 * equal revenue, the larger mail subsidy.
 *
 * Branch and bound over the trains, richest first, each train's candidates by falling
 * bound. A partial run is bounded by its revenue so far, plus for every train still to
 * place its best candidate's revenue, plus the largest destination bonus in reach (paid
 * once). Track compatibility is a bitset test per overlap class. A candidate's engine
 * verdict is asked only when it passes the bound; the chosen run is scored by the
 * engine's `evaluateRun`, so the answer is exact and the engine's.
 */
import { sumOfLargest } from '../engine/core/revenue';
import type { Route } from '../engine/core/route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { evaluateRun, type RunRevenue } from '../engine/titles/g1822/routes/run-revenue';
import { overlapClass, type RouteTrain } from '../engine/titles/g1822/routes/trains';
import type { Candidate, CandidatePool } from './candidate-pool';
import { candidatesFor } from './candidates';
import { RouteGraph } from './steps';

export interface BestRun {
	readonly routes: readonly Route[];
	readonly revenue: RunRevenue;
	/** Candidate routes found, over all trains. */
	readonly candidates: number;
}

/** A train's candidates in search order (indices into its pool). */
interface TrainCandidates {
	readonly pool: CandidatePool;
	readonly order: readonly number[];
}

function byBound(pool: CandidatePool): number[] {
	const b = pool.bound.data;
	const idx = Array.from({ length: pool.size }, (_, i) => i);
	return idx.sort((x, y) => b[y] - b[x] || x - y);
}

/**
 * A train alone in its overlap class (the only E, or the only other train) never competes
 * for track: all that matters to the rest of the run is its revenue, its destination bonus,
 * its mail and its use of the Merthyr Tydfil/Pontypool edges. Keep the richest legal route
 * per such signature.
 */
function bestPerSignature(pool: CandidatePool, mail: boolean): number[] {
	const seen = new Set<string>();
	const out: number[] = [];
	// by bound, richest first: within one signature the bound is the revenue plus the same bonus
	for (const i of byBound(pool)) {
		const key = `${pool.bonus.data[i]}|${pool.merthyr.data[i]}|${mail ? pool.mail.data[i] : ''}`;
		if (seen.has(key)) continue;
		if (pool.get(i).facts) {
			seen.add(key);
			out.push(i);
		}
	}
	return out;
}

/** Best routes for the company's trains in `ctx` (every train in `ctx.trains`). */
export function findBestRoutes(ctx: RouteContext, graph: RouteGraph = new RouteGraph(ctx.rb, ctx.special)): BestRun {
	const trains: RouteTrain[] = [...ctx.trains.values()];
	const classCount = new Map<string, number>();
	for (const t of trains) classCount.set(overlapClass(t), (classCount.get(overlapClass(t)) ?? 0) + 1);
	const perTrain: TrainCandidates[] = trains.map((t) => {
		const pool = candidatesFor(ctx, graph, t);
		const alone = classCount.get(overlapClass(t)) === 1;
		return { pool, order: alone ? bestPerSignature(pool, ctx.mailContracts > 0) : byBound(pool) };
	});
	const boundOf = (tc: TrainCandidates, i: number) => tc.pool.bound.data[i];
	const bonusOf = (tc: TrainCandidates, i: number) => tc.pool.bonus.data[i];
	const revenueOf = (tc: TrainCandidates, i: number) => boundOf(tc, i) - bonusOf(tc, i);

	// most valuable trains first: tighter bounds early
	const top = (tc: TrainCandidates) => (tc.order.length > 0 ? boundOf(tc, tc.order[0]) : 0);
	const order = trains.map((_, i) => i).sort((a, b) => top(perTrain[b]) - top(perTrain[a]) || a - b);
	// what the trains still to place could add: best revenue each, the largest bonus once [rules digest 7.2]
	const restRevenue: number[] = new Array(order.length + 1).fill(0);
	const restBonus: number[] = new Array(order.length + 1).fill(0);
	for (let k = order.length - 1; k >= 0; k--) {
		const tc = perTrain[order[k]];
		let r = 0;
		let b = 0;
		for (const i of tc.order) {
			r = Math.max(r, revenueOf(tc, i));
			b = Math.max(b, bonusOf(tc, i));
		}
		restRevenue[k] = restRevenue[k + 1] + r;
		restBonus[k] = Math.max(restBonus[k + 1], b);
	}
	const rest = (k: number, bonus: number) => restRevenue[k] + Math.max(bonus, restBonus[k]);

	let best: { total: number; subsidy: number; picks: (Candidate | null)[] } | null = null;
	const picks: (Candidate | null)[] = [];
	const words = Math.ceil((graph.bits.size + 1) / 32);
	const used = { express: new Uint32Array(words), normal: new Uint32Array(words) };

	// a complete run: the sums the engine makes (compatibility is already checked)
	const score = (revenue: number, bonus: number) => {
		const total = revenue + bonus;
		if (best && total < best.total) return;
		const mails = picks.map((p) => (p ? p.facts!.mail : null)).filter((m): m is number => m !== null);
		const subsidy = sumOfLargest(mails, ctx.mailContracts);
		if (!best || total > best.total || subsidy > best.subsidy) best = { total, subsidy, picks: picks.slice() };
	};

	const search = (k: number, revenue: number, bonus: number, localCities: Set<number>, merthyr: number) => {
		if (best && revenue + rest(k, bonus) < best.total) return;
		if (k === order.length) {
			score(revenue, bonus);
			return;
		}
		const tc = perTrain[order[k]];
		const u = used[overlapClass(trains[order[k]])];
		const bits = tc.pool.bits.data;
		for (const i of tc.order) {
			// falling bounds: none further down can do better
			if (best && revenue + bonus + boundOf(tc, i) + restRevenue[k + 1] + restBonus[k + 1] < best.total) break;
			// tighter, for this candidate: its revenue, the bonus once
			if (best && revenue + revenueOf(tc, i) + rest(k + 1, Math.max(bonus, bonusOf(tc, i))) < best.total) continue;
			const [from, to] = tc.pool.bitRange(i);
			let clash = false;
			for (let j = from; j < to && !clash; j++) clash = (u[bits[j] >>> 5] & (1 << (bits[j] & 31))) !== 0;
			if (clash) continue;
			const m = tc.pool.merthyr.data[i];
			if ((merthyr | m) === 3) continue;
			const c = tc.pool.get(i);
			const f = c.facts;
			if (!f) continue;
			const lc = c.localCities;
			if (lc.some((x) => localCities.has(x))) continue;
			for (let j = from; j < to; j++) u[bits[j] >>> 5] |= 1 << (bits[j] & 31);
			for (const x of lc) localCities.add(x);
			picks.push(c);
			search(k + 1, revenue + f.revenue, Math.max(bonus, f.destinationBonus), localCities, merthyr | m);
			picks.pop();
			for (const x of lc) localCities.delete(x);
			for (let j = from; j < to; j++) u[bits[j] >>> 5] &= ~(1 << (bits[j] & 31));
		}
		// the train may also not run
		picks.push(null);
		search(k + 1, revenue, bonus, localCities, merthyr);
		picks.pop();
	};
	search(0, 0, 0, new Set(), 0);

	const total = perTrain.reduce((n, tc) => n + tc.pool.size, 0);
	const chosen = best ? (best as { picks: (Candidate | null)[] }).picks : [];
	const routes = chosen.filter((p): p is Candidate => p !== null).map((p) => p.route);
	// the answer is the engine's: score the chosen run with the route rules themselves
	const scored = evaluateRun(ctx, routes);
	if (!scored.ok) throw new Error(`route finder chose a run the engine refuses: ${scored.error.message}`);
	return { routes, revenue: scored.value, candidates: total };
}
