/**
 * Accepting a `run_routes`: in live play the engine computes every route's revenue itself
 * and refuses a claim that differs; a log imported from 18xx.games keeps the revenue it
 * recorded (the site does not recompute it on load, and some recorded games predate
 * today's E-train rules) [rules digest 7.3; reference README "Route revenue in an imported
 * log is taken as recorded"]. Either way nothing is changed here: the caller applies the
 * returned figures.
 */
import { ok, refuse, type Result, type RuleError } from '../../../core/result';
import type { Route } from '../../../core/route';
import type { RouteContext } from './context';
import { evaluateRun, type RunRevenue } from './run-revenue';

export const RUN_MODES = ['live', 'import'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export interface ClaimedRoute {
	readonly route: Route;
	/** The revenue the action claims for this route. */
	readonly revenue: number;
}

export interface AcceptedRun extends RunRevenue {
	/** False when an imported run breaks today's rules and is kept only because it was recorded. */
	readonly verified: boolean;
}

export function validateRun(
	ctx: RouteContext,
	claimed: readonly ClaimedRoute[],
	mode: RunMode,
	recordedSubsidy?: number
): Result<AcceptedRun, RuleError> {
	const evaluated = evaluateRun(
		ctx,
		claimed.map((c) => c.route)
	);
	switch (mode) {
		case 'live': {
			if (!evaluated.ok) return evaluated;
			for (let i = 0; i < claimed.length; i++) {
				const ours = evaluated.value.routes[i].revenue;
				if (claimed[i].revenue !== ours) {
					return refuse(
						'revenue_mismatch',
						`Train ${claimed[i].route.train} earns £${ours} on this route, not £${claimed[i].revenue}.`
					);
				}
			}
			return ok({ ...evaluated.value, verified: true });
		}
		case 'import': {
			const routes = claimed.map((c, i) => ({
				train: c.route.train,
				revenue: c.revenue,
				destinationBonus: evaluated.ok ? evaluated.value.routes[i].destinationBonus : 0
			}));
			const subsidy = recordedSubsidy ?? (evaluated.ok ? evaluated.value.subsidy : 0);
			return ok({ routes, total: routes.reduce((s, r) => s + r.revenue, 0), subsidy, verified: evaluated.ok });
		}
	}
}
