/**
 * The finder's answer in the worker protocol's terms (`worker-protocol.ts`): per train its
 * stop hexes and revenue, and the run's total.
 */
import { stopHexes } from '../engine/core/route';
import type { BestRun } from './best-routes';
import type { RouteSet } from './worker-protocol';

export function toRouteSet(best: BestRun): RouteSet {
	return {
		routes: best.routes.map((r, i) => ({
			train: r.train,
			hexes: stopHexes(r),
			revenue: best.revenue.routes[i].revenue
		})),
		revenue: best.revenue.total
	};
}
