/**
 * A company's whole run (one route per train): every route checked, then the rules that
 * span routes, then the bonuses [rules digest 7.1 overlap, 7.2; g_1822/game.rb
 * check_overlap, check_local_cities, destination_bonus, routes_subsidy]:
 * - no two routes of the same class (E / other) use the same track: the same side of a
 *   hex on the same lane; an E may share track with the others;
 * - no two local (L/LP) routes use the same city;
 * - at most one of the two tracks into Merthyr Tydfil/Pontypool (F33) on edges 1 and 2;
 * - the destination bonus is paid once, on the route with the largest one;
 * - mail contracts pay the largest N route subsidies to the treasury;
 * - a minor holding only E trains does not run.
 */
import { refuse, ok, type Result, type RuleError } from '../../../core/result';
import { isEdgeEnd } from '../../../core/route-board';
import { sumOfLargest } from '../../../core/revenue';
import type { Route } from '../../../core/route';
import type { TrainId } from '../../../core/ids';
import { checkRoute, type RouteFacts } from './check-route';
import type { RouteContext } from './context';
import { overlapClass } from './trains';

export interface RouteRevenue {
	readonly train: TrainId;
	/** Train revenue including the destination bonus when this route carries it. */
	readonly revenue: number;
	readonly destinationBonus: number;
}

export interface RunRevenue {
	readonly routes: readonly RouteRevenue[];
	/** Sum of the routes' revenue (paid as dividend or withheld). */
	readonly total: number;
	/** Mail-contract subsidy, paid to the treasury whatever the dividend. */
	readonly subsidy: number;
}

/**
 * Track keys a route uses: hex side and lane [g_1822/game.rb check_overlap]. The reference
 * also treats track into an off-centre town from a side other than the one it is drawn
 * towards as shared; that only bites for an off-centre town with three or more exits,
 * which none of the 1822, NRS or MRS tiles has (checked against the reference data).
 */
export function trackKeys(ctx: RouteContext, facts: RouteFacts): number[] {
	const out: number[] = [];
	for (const [hi, pi] of facts.checked.paths) {
		for (const e of ctx.rb.hexes[hi].paths[pi].ends) {
			if (isEdgeEnd(e)) out.push((hi * 8 + e.edge) * 8 + e.lane[1]);
		}
	}
	return out;
}

/** Edges of F33 a route's track uses (edges 1 and 2 are exclusive). */
function merthyrEdges(ctx: RouteContext, facts: RouteFacts): number[] {
	const hex = ctx.special.merthyrTydfilPontypool;
	const out: number[] = [];
	for (const [hi, pi] of facts.checked.paths) {
		const h = ctx.rb.hexes[hi];
		if (h.id !== hex) continue;
		for (const e of h.paths[pi].ends) if (isEdgeEnd(e)) out.push(e.edge);
	}
	return out;
}

/** Rules spanning several routes; null when they hold. */
export function checkCombination(ctx: RouteContext, facts: readonly RouteFacts[]): RuleError | null {
	const used = { express: new Set<number>(), normal: new Set<number>() };
	for (const f of facts) {
		const set = used[overlapClass(f.train)];
		for (const k of trackKeys(ctx, f)) {
			if (set.has(k)) {
				const hex = ctx.rb.hexes[Math.floor(k / 64)].id;
				return { code: 'track_reused', message: `Two routes (or one route twice) cannot use the same track on ${hex}.` };
			}
			set.add(k);
		}
	}
	const localCities = new Set<number>();
	for (const f of facts) {
		if (f.train.kind !== 'local') continue;
		for (const [hi, node] of f.checked.stops) {
			if (ctx.rb.hexes[hi].nodes[node].kind !== 'city') continue;
			const k = hi * 64 + node;
			if (localCities.has(k)) {
				return { code: 'local_city_twice', message: `Two L/LP trains cannot both run from ${ctx.rb.hexes[hi].id}.` };
			}
			localCities.add(k);
		}
	}
	const f33 = new Set(facts.flatMap((f) => merthyrEdges(ctx, f)));
	if (f33.has(1) && f33.has(2)) {
		return {
			code: 'merthyr_pontypool',
			message: 'Only one of the two tracks between Merthyr Tydfil and Pontypool may be used.'
		};
	}
	return null;
}

/** Destination bonus and mail from the checked routes (largest bonus once; best N mails). */
export function runBonuses(ctx: RouteContext, facts: readonly RouteFacts[]): { bonusIndex: number; bonus: number; subsidy: number } {
	let bonusIndex = -1;
	let bonus = 0;
	facts.forEach((f, i) => {
		// on a tie the later route carries it, as the reference's reversed sort leaves it
		if (f.destinationBonus > 0 && f.destinationBonus >= bonus) {
			bonus = f.destinationBonus;
			bonusIndex = i;
		}
	});
	const mails = facts.map((f) => f.mail).filter((m): m is number => m !== null);
	return { bonusIndex, bonus, subsidy: sumOfLargest(mails, ctx.mailContracts) };
}

/** Check a whole run and compute its revenue. */
export function evaluateRun(ctx: RouteContext, routes: readonly Route[]): Result<RunRevenue, RuleError> {
	// a minor whose only trains are E trains does not run at all [g_1822/step/route.rb actions]
	const trains = [...ctx.trains.values()];
	if (!ctx.major && routes.length > 0 && trains.length > 0 && trains.every((t) => t.kind === 'express')) {
		return refuse('minor_only_express', 'A minor whose only trains are E trains cannot run.');
	}
	const seen = new Set<string>();
	const facts: RouteFacts[] = [];
	for (const r of routes) {
		if (seen.has(r.train)) return refuse('train_twice', `Train ${r.train} can run only one route.`);
		seen.add(r.train);
		const f = checkRoute(ctx, r);
		if (!f.ok) return f;
		facts.push(f.value);
	}
	const combo = checkCombination(ctx, facts);
	if (combo) return refuse(combo.code, combo.message);
	const { bonusIndex, bonus, subsidy } = runBonuses(ctx, facts);
	const out = facts.map((f, i) => {
		const b = i === bonusIndex ? bonus : 0;
		return { train: f.checked.route.train, revenue: f.revenue + b, destinationBonus: b };
	});
	return ok({ routes: out, total: out.reduce((s, r) => s + r.revenue, 0), subsidy });
}
