/**
 * The best run for the operating company, as `run_routes` routes the engine reads back, and
 * the hexes each route passes through (for drawing it on the map).
 * The page asks through router-client.ts, which runs this in the route-finder worker.
 */
import { configFor, type GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import { liveRouteContext } from '../engine/titles/g1822/operating/live-routes';
import { printRoute } from '../interop/routes';
import { findBestRoutes } from '../router/best-routes';

export interface BestRoutes {
	readonly routes: readonly RouteJson[];
	readonly total: number;
}

/** The operating corporation of an operating round (null elsewhere). */
export function operatingCorporation(state: GameState): string | null {
	if (state.round.kind !== 'operating') return null;
	return state.round.order[state.round.current] ?? null;
}

/** The finder's best run for the operating corporation (its trains, the board as it stands). */
export function bestRoutes(state: GameState): BestRoutes | null {
	const id = operatingCorporation(state);
	if (state.round.kind !== 'operating' || id === null) return null;
	const corp = state.corporations[id];
	if (!corp) return null;
	const ctx = liveRouteContext(state, configFor(state), corp, state.round.turn.pullman);
	const best = findBestRoutes(ctx);
	const routes = best.routes.map((r, i) => {
		const rev = best.revenue.routes[i];
		return printRoute(ctx.rb, r, rev.revenue, rev.destinationBonus) as unknown as RouteJson;
	});
	return { routes, total: best.revenue.total };
}

/** Every hex a route's track passes through, stops included ("local" runs: their one city). */
export function routeHexes(route: RouteJson): string[] {
	const out = new Set<string>();
	const conns = Array.isArray(route.connections) ? route.connections : [];
	for (const leg of conns) {
		if (!Array.isArray(leg)) continue;
		for (const part of leg) {
			const hex = String(part).split(' ')[0];
			if (hex !== 'local') out.add(hex);
		}
	}
	if (Array.isArray(route.hexes)) for (const h of route.hexes) out.add(String(h));
	return [...out];
}
