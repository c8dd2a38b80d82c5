/**
 * The checks every 18xx title makes on one route, whatever its trains:
 * - each leg is real track: its first path leaves the `from` node, each path continues the
 *   previous one across a hex edge (lanes meeting) or through a junction, and the last
 *   path reaches the `to` node without passing through any other node;
 * - a city full of other companies' tokens may end a route but not be passed through;
 * - a terminal path (into an off-board) may only start or end the route;
 * - no stop is visited twice [reference route.rb check_cycles!, check_terminals!,
 *   check_connected!; base.rb check_connected].
 * On success it returns the route's stops and paths as board indices.
 */
import type { CorporationId } from './ids';
import { ok, refuse, type Result, type RuleError } from './result';
import { isEdgeEnd, type BoardEnd, type RouteBoard } from './route-board';
import { isStationOnly, nodeKey, routeStops, type Route, type RouteLeg, type RouteNode } from './route';
import type { Edge } from './hex';

export interface CheckedRoute {
	readonly route: Route;
	/** Stops in route order: [hex index, node]. */
	readonly stops: readonly (readonly [number, number])[];
	/** Every path in travel order: [hex index, path index]. */
	readonly paths: readonly (readonly [number, number])[];
}

function nodeAt(rb: RouteBoard, n: RouteNode): [number, number] | null {
	const hi = rb.index.get(n.hex);
	if (hi === undefined) return null;
	const h = rb.hexes[hi];
	if (n.node < 0 || n.node >= h.nodes.length || h.nodes[n.node].kind === 'junction') return null;
	return [hi, n.node];
}

const notConnected = (leg: RouteLeg, why: string) =>
	refuse('route_not_connected', `The route's track from ${leg.from.hex} to ${leg.to.hex} is not connected (${why}).`);

/** Paths of one leg, checked; [hex index, path index, side entered by]. */
function checkLeg(rb: RouteBoard, leg: RouteLeg): Result<[number, number][], RuleError> {
	const from = nodeAt(rb, leg.from);
	const to = nodeAt(rb, leg.to);
	if (!from || !to) return refuse('unknown_stop', `The route names a stop that is not on the map.`);
	if (leg.paths.length === 0) return notConnected(leg, 'no track');
	const out: [number, number][] = [];
	let at: { hi: number; end: BoardEnd } = { hi: from[0], end: { node: from[1] } };
	for (let i = 0; i < leg.paths.length; i++) {
		const rp = leg.paths[i];
		const hi = rb.index.get(rp.hex);
		if (hi === undefined) return notConnected(leg, `no hex ${rp.hex}`);
		const h = rb.hexes[hi];
		const p = h.paths[rp.path];
		if (!p) return notConnected(leg, `no such track on ${rp.hex}`);
		let side: 0 | 1 | -1 = -1;
		for (const s of [0, 1] as const) {
			const e = p.ends[s];
			if (isEdgeEnd(at.end)) {
				const edge = at.end.edge;
				const ni = rb.hexes[at.hi].neighbours[edge];
				if (ni === hi && isEdgeEnd(e) && e.edge === ((edge + 3) % 6 as Edge)) {
					if (rb.continuations(at.hi, edge, at.end.lane).some(([nh, np, ns]) => nh === hi && np === rp.path && ns === s)) side = s;
				}
			} else if (at.hi === hi && !isEdgeEnd(e) && e.node === at.end.node) {
				side = s;
			}
			if (side >= 0) break;
		}
		if (side < 0) return notConnected(leg, `track breaks at ${rp.hex}`);
		const other = p.ends[1 - side];
		const last = i === leg.paths.length - 1;
		if (!isEdgeEnd(other)) {
			const kind = h.nodes[other.node].kind;
			if (kind !== 'junction' && !last) return notConnected(leg, `passes a stop on ${rp.hex} without stopping`);
		}
		out.push([hi, rp.path]);
		at = { hi, end: other };
	}
	if (isEdgeEnd(at.end) || at.hi !== to[0] || at.end.node !== to[1]) return notConnected(leg, `does not reach ${leg.to.hex}`);
	return ok(out);
}

/** Structure checks of one route for `corp`. */
export function checkRouteTrack(rb: RouteBoard, route: Route, corp: CorporationId): Result<CheckedRoute, RuleError> {
	if (route.legs.length === 0) return refuse('route_empty', 'The route has no stops.');
	if (isStationOnly(route)) {
		const n = nodeAt(rb, route.legs[0].from);
		if (!n) return refuse('unknown_stop', 'The route names a stop that is not on the map.');
		return ok({ route, stops: [n], paths: [] });
	}
	const paths: [number, number][] = [];
	for (let i = 0; i < route.legs.length; i++) {
		const leg = route.legs[i];
		if (i > 0 && nodeKey(route.legs[i - 1].to) !== nodeKey(leg.from)) {
			return refuse('route_not_connected', `The route's legs do not meet at ${leg.from.hex}.`);
		}
		const r = checkLeg(rb, leg);
		if (!r.ok) return r;
		paths.push(...r.value);
	}
	// stops passed through (not the two ends) must not be blocked [base.rb check_connected]
	for (let i = 1; i < route.legs.length; i++) {
		const n = route.legs[i].from;
		if (rb.blocks(n.hex, n.node, corp)) {
			return refuse('city_blocked', `The route cannot run through ${n.hex}: every station there belongs to other companies.`);
		}
	}
	// terminal paths only at the ends of the route [route.rb check_terminals!]
	if (paths.length >= 3) {
		for (let i = 1; i < paths.length - 1; i++) {
			const [hi, pi] = paths[i];
			if (rb.hexes[hi].paths[pi].terminal) {
				return refuse('terminal_passed', `The route cannot pass through ${rb.hexes[hi].id}: it may only end there.`);
			}
		}
	}
	const seen = new Set<string>();
	const visits = [route.legs[0].from, ...route.legs.map((l) => l.to)];
	for (const n of visits) {
		const k = nodeKey(n);
		if (seen.has(k)) return refuse('stop_twice', `The route visits ${n.hex} twice.`);
		seen.add(k);
	}
	const stops = routeStops(route).map((n) => nodeAt(rb, n)!);
	return ok({ route, stops, paths });
}
