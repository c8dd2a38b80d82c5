/**
 * The best run for the operating company, as `run_routes` routes the engine reads back, and
 * the hexes each route passes through (for drawing it on the map).
 * The page asks through router-client.ts, which runs this in the route-finder worker.
 */
import { configFor, type GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import { liveRouteContext } from '../engine/titles/g1822/operating/live-routes';
import type { CorporationState } from '../engine/titles/g1822/state';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { printRoute } from '../interop/routes';
import { findBestRoutes, type BestRun } from '../router/best-routes';

export interface BestRoutes {
	readonly routes: readonly RouteJson[];
	readonly total: number;
}

/** The operating corporation of an operating round (null elsewhere). */
export function operatingCorporation(state: GameState): string | null {
	if (state.round.kind !== 'operating') return null;
	return state.round.order[state.round.current] ?? null;
}

/** The route context of a corporation operating now, under live play's rules (its Pullman included). */
export function operatingRouteContext(state: GameState, corp: CorporationState): RouteContext {
	const pullman = state.round.kind === 'operating' ? state.round.turn.pullman : null;
	return liveRouteContext(state, configFor(state), corp, pullman);
}

/** A run found by the route finder as `run_routes` routes, with each route's revenue. */
export function printedRoutes(ctx: RouteContext, run: BestRun): RouteJson[] {
	return run.routes.map((r, i) => {
		const rev = run.revenue.routes[i];
		return printRoute(ctx.rb, r, rev.revenue, rev.destinationBonus) as unknown as RouteJson;
	});
}

/** The finder's best run for the operating corporation (its trains, the board as it stands). */
export function bestRoutes(state: GameState): BestRoutes | null {
	const id = operatingCorporation(state);
	if (state.round.kind !== 'operating' || id === null) return null;
	const corp = state.corporations[id];
	if (!corp) return null;
	const ctx = operatingRouteContext(state, corp);
	const best = findBestRoutes(ctx);
	return { routes: printedRoutes(ctx, best), total: best.revenue.total };
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
