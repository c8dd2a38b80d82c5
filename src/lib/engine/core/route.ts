/**
 * A train's route as the engine holds it: an ordered list of legs, each leg the track
 * between two consecutive stops. This is the exact track used (path by path), so overlap,
 * connection and terminal checks need no search; the 18xx.games `run_routes` format (hex
 * lists per leg) is converted to and from this in `interop/routes.ts`.
 *
 * - A node is a city, town or off-board of the tile on a hex, by its position in the
 *   tile's node list (`TileDef.nodes`).
 * - A path is a path of the tile on a hex, by its index in `TileDef.paths` (lanes already
 *   expanded). Paths of a leg are ordered from `from` to `to`.
 * - A local train running inside one city with no track is a single leg from that city to
 *   itself with no paths [rules digest 7.1 L/LP].
 */
import type { HexId, TrainId } from './ids';

export interface RouteNode {
	readonly hex: HexId;
	/** Index in the laid tile's `nodes`. */
	readonly node: number;
}

export interface RoutePath {
	readonly hex: HexId;
	/** Index in the laid tile's `paths`. */
	readonly path: number;
}

export interface RouteLeg {
	readonly from: RouteNode;
	readonly to: RouteNode;
	readonly paths: readonly RoutePath[];
}

export interface Route {
	readonly train: TrainId;
	readonly legs: readonly RouteLeg[];
}

export function nodeKey(n: RouteNode): string {
	return `${n.hex}#${n.node}`;
}

export function sameNode(a: RouteNode, b: RouteNode): boolean {
	return a.hex === b.hex && a.node === b.node;
}

/** A local run inside one city: no track. */
export function isStationOnly(route: Route): boolean {
	return route.legs.length === 1 && route.legs[0].paths.length === 0 && sameNode(route.legs[0].from, route.legs[0].to);
}

/**
 * The stops in route order, each once (the reference's visited stops: every leg's two ends,
 * first occurrence kept) [reference base.rb visited_stops].
 */
export function routeStops(route: Route): RouteNode[] {
	const out: RouteNode[] = [];
	const seen = new Set<string>();
	for (const leg of route.legs) {
		for (const n of [leg.from, leg.to]) {
			const k = nodeKey(n);
			if (seen.has(k)) continue;
			seen.add(k);
			out.push(n);
		}
	}
	return out;
}

/** Every path of the route in travel order. */
export function routePaths(route: Route): RoutePath[] {
	return route.legs.flatMap((l) => l.paths);
}

/**
 * The hexes of the stops in order: what 18xx.games shows as `hexes` and judges "same hex
 * twice" on (two stops on one hex appear twice) [reference route.rb hexes].
 */
export function stopHexes(route: Route): HexId[] {
	return routeStops(route).map((n) => n.hex);
}
