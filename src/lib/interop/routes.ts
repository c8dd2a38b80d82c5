/**
 * The routes of an 18xx.games `run_routes` action, to and from the engine's `Route`.
 *
 * The site records each route as `connections`: one list per leg, naming the hexes of the
 * leg's track in walking order (a junction hex once; a single node-to-node path on a tile
 * with several such paths as "<hex> <part>.<part>"), or `["local", hex]` for an L/LP
 * running inside one city. `nodes` (when present) names the stops as "<hex>-<part index>".
 * A leg list may run in either direction; the legs are in route order
 * [reference route.rb connection_hexes, connection_data, find_pairwise_chain].
 *
 * Reading a leg back means finding the track it names on the current board: every chain
 * between a node of its first hex and a node of its last hex whose hexes match. Where
 * several fit (parallel lanes, two cities on a hex), the choice keeps consecutive legs
 * meeting at one stop, keeps clear of track already used by the company's other routes of
 * the same class, and prefers the stops `nodes` names.
 */
import type { CorporationId, HexId, TrainId } from '../engine/core/ids';
import { hexId, trainId } from '../engine/core/ids';
import { ok, refuse, type Result, type RuleError } from '../engine/core/result';
import { chainName, chainsFrom, type Chain } from '../engine/core/route-chains';
import type { RouteBoard } from '../engine/core/route-board';
import { isStationOnly, routeStops, stopHexes, type Route, type RouteLeg } from '../engine/core/route';

/** One route as the site's JSON holds it. */
export interface RecordedRoute {
	readonly train: string;
	readonly connections: readonly (readonly string[])[];
	readonly hexes: readonly string[];
	readonly revenue: number;
	readonly revenue_str: string;
	readonly nodes?: readonly string[];
}

export const LOCAL_MARK = 'local';

function signature(rb: RouteBoard, hi: number, node: number): string {
	return `${rb.hexes[hi].id}-${rb.hexes[hi].nodes[node].part}`;
}

interface Leg {
	readonly from: readonly [number, number];
	readonly to: readonly [number, number];
	readonly paths: readonly (readonly [number, number])[];
}

function oriented(c: Chain, reverse: boolean): Leg {
	return reverse
		? { from: c.end, to: c.start, paths: [...c.paths].reverse() }
		: { from: c.start, to: c.end, paths: c.paths };
}

function toRoute(rb: RouteBoard, train: TrainId, legs: readonly Leg[]): Route {
	return {
		train,
		legs: legs.map(
			(l): RouteLeg => ({
				from: { hex: rb.hexes[l.from[0]].id, node: l.from[1] },
				to: { hex: rb.hexes[l.to[0]].id, node: l.to[1] },
				paths: l.paths.map(([hi, pi]) => ({ hex: rb.hexes[hi].id, path: pi }))
			})
		)
	};
}

/** Path keys (hex index × 64 + path index) a route uses; for keeping other routes clear of them. */
export function routePathKeys(rb: RouteBoard, route: Route): number[] {
	return route.legs.flatMap((l) => l.paths.map((p) => rb.index.get(p.hex)! * 64 + p.path));
}

function candidates(rb: RouteBoard, hexes: readonly string[], avoid: ReadonlySet<number>): Chain[] {
	const first = hexes[0].split(' ')[0];
	const hi = rb.index.get(hexId(first));
	if (hi === undefined) return [];
	const out: Chain[] = [];
	const lastHex = hexes[hexes.length - 1].split(' ')[0];
	rb.hexes[hi].nodes.forEach((n, node) => {
		if (n.kind === 'junction') return;
		for (const c of chainsFrom(rb, hi, node, { hexes })) {
			if (rb.hexes[c.end[0]].id !== lastHex) continue;
			if (c.paths.some(([h, p]) => avoid.has(h * 64 + p))) continue;
			out.push(c);
		}
	});
	return out.sort((a, b) => a.paths.length - b.paths.length);
}

/**
 * Read one recorded route. `corp` is the company running it; `avoid` the path keys of its
 * routes of the same class already read.
 */
export function parseRecordedRoute(
	rb: RouteBoard,
	corp: CorporationId,
	rec: RecordedRoute,
	avoid: ReadonlySet<number> = new Set()
): Result<Route, RuleError> {
	const train = trainId(rec.train);
	const conns = rec.connections;
	// a local run inside one city: ["local", hex], or (older logs) no connection and the city's hex
	const localHex = conns.length === 1 && conns[0][0] === LOCAL_MARK ? String(conns[0][1]) : conns.length === 0 && rec.hexes.length === 1 ? rec.hexes[0] : null;
	if (conns.length === 0 && localHex === null) return refuse('route_empty', `The route of train ${rec.train} has no track.`);
	if (localHex !== null) {
		const hex = hexId(localHex);
		const hi = rb.index.get(hex);
		if (hi === undefined) return refuse('unknown_stop', `No hex ${hex}.`);
		const node = rb.hexes[hi].nodes.findIndex((_, i) => rb.tokened(hex, i, corp));
		if (node < 0) return refuse('no_station', `The company has no station on ${hex} for a local run.`);
		const stop = { hex, node };
		return ok({ train, legs: [{ from: stop, to: stop, paths: [] }] });
	}
	const options = conns.map((c) => candidates(rb, c, avoid));
	const wanted = new Set(rec.nodes ?? []);
	const score = (legs: readonly Leg[]) =>
		[legs[0].from, ...legs.map((l) => l.to)].filter(([h, n]) => wanted.has(signature(rb, h, n))).length;

	if (options.length === 1) {
		const pick = options[0]
			.filter((c) => rb.tokened(rb.hexes[c.start[0]].id, c.start[1], corp) || rb.tokened(rb.hexes[c.end[0]].id, c.end[1], corp))
			.map((c) => [oriented(c, false)])
			.sort((a, b) => score(b) - score(a))[0];
		if (!pick) return refuse('route_not_found', `No track on the board matches the route of train ${rec.train}.`);
		// a one-leg route runs in the direction its recorded stop hexes show
		const leg = pick[0];
		const reverse = rec.hexes.length === 2 && rec.hexes[0] !== rec.hexes[1] && rb.hexes[leg.from[0]].id === rec.hexes[1];
		const back: Leg = { from: leg.to, to: leg.from, paths: [...leg.paths].reverse() };
		return ok(toRoute(rb, train, [reverse ? back : leg]));
	}

	let best: Leg[] | null = null;
	let bestScore = -1;
	const legs: Leg[] = [];
	const used = new Set<number>();
	const search = (i: number): void => {
		if (i === options.length) {
			const s = score(legs);
			if (s > bestScore) {
				best = legs.slice();
				bestScore = s;
			}
			return;
		}
		for (const c of options[i]) {
			if (c.paths.some(([h, p]) => used.has(h * 64 + p))) continue;
			for (const reverse of [false, true]) {
				const leg = oriented(c, reverse);
				if (i > 0) {
					const prev = legs[i - 1];
					if (prev.to[0] !== leg.from[0] || prev.to[1] !== leg.from[1]) continue;
					// two legs sharing both stops would be a loop between two stops
					if (prev.from[0] === leg.to[0] && prev.from[1] === leg.to[1]) continue;
				}
				legs.push(leg);
				for (const [h, p] of c.paths) used.add(h * 64 + p);
				search(i + 1);
				for (const [h, p] of c.paths) used.delete(h * 64 + p);
				legs.pop();
				if (bestScore === options.length + 1) return;
			}
		}
	};
	search(0);
	if (!best) return refuse('route_not_found', `No track on the board matches the route of train ${rec.train}.`);
	return ok(toRoute(rb, train, best));
}

/**
 * Read all routes of a run, in order; `classOf` names each train's overlap class (routes of
 * one class keep clear of each other's track).
 */
export function parseRecordedRoutes(
	rb: RouteBoard,
	corp: CorporationId,
	recs: readonly RecordedRoute[],
	classOf: (train: TrainId) => string
): Result<Route[], RuleError> {
	const usedByClass = new Map<string, Set<number>>();
	const out: Route[] = [];
	for (const rec of recs) {
		const cls = classOf(trainId(rec.train));
		const avoid = usedByClass.get(cls) ?? new Set<number>();
		const r = parseRecordedRoute(rb, corp, rec, avoid);
		if (!r.ok) return r;
		for (const k of routePathKeys(rb, r.value)) avoid.add(k);
		usedByClass.set(cls, avoid);
		out.push(r.value);
	}
	return ok(out);
}

/** The site's text for a route: its stop hexes, and the destination bonus in brackets. */
export function revenueString(route: Route, destinationBonus: number): string {
	const base = stopHexes(route).join('-');
	return destinationBonus > 0 ? `${base} (£${destinationBonus})` : base;
}

/** Write a route in the site's format. */
export function printRoute(rb: RouteBoard, route: Route, revenue: number, destinationBonus = 0): RecordedRoute {
	const connections = isStationOnly(route)
		? [[LOCAL_MARK, route.legs[0].from.hex as string]]
		: route.legs.map((l) =>
				chainName(
					rb,
					l.paths.map((p) => [rb.index.get(p.hex)!, p.path] as const)
				)
			);
	// a local run names its city too (older logs left `nodes` empty there)
	const nodes = routeStops(route).map((n) => signature(rb, rb.index.get(n.hex)!, n.node));
	return {
		train: route.train,
		connections,
		hexes: stopHexes(route).map((h: HexId) => h as string),
		revenue,
		revenue_str: revenueString(route, destinationBonus),
		nodes
	};
}
