/**
 * The slow, obviously exhaustive solver, for proving the router on small maps in tests:
 * every sequence of chains from every stop (no pruning but "no stop twice"), each kept if
 * the engine accepts it, then every combination of one route or none per train, scored by
 * the engine. Exponential; only for a handful of hexes.
 */
import type { Route, RouteLeg } from '../engine/core/route';
import { chainsFrom } from '../engine/core/route-chains';
import { checkRoute } from '../engine/titles/g1822/routes/check-route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { evaluateRun } from '../engine/titles/g1822/routes/run-revenue';
import type { RouteTrain } from '../engine/titles/g1822/routes/trains';

/** All routes of `train` the engine accepts on their own, up to `maxStops` stops. */
export function allRoutes(ctx: RouteContext, train: RouteTrain, maxStops = 12): Route[] {
	const rb = ctx.rb;
	const out: Route[] = [];
	const stops: number[] = [];
	const legs: RouteLeg[] = [];
	const tryRoute = (route: Route) => {
		if (checkRoute(ctx, route).ok) out.push(route);
	};
	const walk = (s: number) => {
		if (legs.length > 0) tryRoute({ train: train.id, legs: legs.slice() });
		if (stops.length >= maxStops) return;
		for (const c of chainsFrom(rb, Math.floor(s / 64), s % 64)) {
			const t = c.end[0] * 64 + c.end[1];
			if (stops.includes(t)) continue;
			stops.push(t);
			legs.push({
				from: { hex: rb.hexes[c.start[0]].id, node: c.start[1] },
				to: { hex: rb.hexes[c.end[0]].id, node: c.end[1] },
				paths: c.paths.map(([hi, pi]) => ({ hex: rb.hexes[hi].id, path: pi }))
			});
			walk(t);
			legs.pop();
			stops.pop();
		}
	};
	rb.hexes.forEach((h, hi) => {
		h.nodes.forEach((n, node) => {
			if (n.kind === 'junction') return;
			const s = hi * 64 + node;
			const here = { hex: h.id, node };
			tryRoute({ train: train.id, legs: [{ from: here, to: here, paths: [] }] });
			stops.push(s);
			walk(s);
			stops.pop();
		});
	});
	return out;
}

/** The best total revenue over every combination (each train: one of its routes, or none). */
export function exhaustiveBest(ctx: RouteContext, maxStops = 12): { total: number; routes: Route[] } {
	const trains = [...ctx.trains.values()];
	const options = trains.map((t) => allRoutes(ctx, t, maxStops));
	let best = { total: 0, routes: [] as Route[] };
	const picked: Route[] = [];
	const go = (i: number) => {
		if (i === trains.length) {
			const r = evaluateRun(ctx, picked);
			if (r.ok && r.value.total > best.total) best = { total: r.value.total, routes: picked.slice() };
			return;
		}
		go(i + 1);
		for (const r of options[i]) {
			picked.push(r);
			go(i + 1);
			picked.pop();
		}
	};
	go(0);
	return best;
}
