/**
 * The question a player asks while drawing routes: is this route legal, and what does it
 * earn? Answered for one route in the context of the company's other routes (overlap,
 * local cities, the single destination bonus), with the refusal's code and sentence.
 */
import type { Route } from '../../../core/route';
import { checkRoute } from './check-route';
import type { RouteContext } from './context';
import { evaluateRun } from './run-revenue';

export interface RouteVerdict {
	readonly legal: boolean;
	/** The route's revenue if legal (with the destination bonus when it carries it), else 0. */
	readonly revenue: number;
	readonly code: string | null;
	readonly message: string | null;
}

/** Verdict on `routes[index]`, judged together with the other routes of the run. */
export function routeVerdict(ctx: RouteContext, routes: readonly Route[], index: number): RouteVerdict {
	const own = checkRoute(ctx, routes[index]);
	if (!own.ok) return { legal: false, revenue: 0, code: own.error.code, message: own.error.message };
	const run = evaluateRun(ctx, routes);
	if (!run.ok) return { legal: false, revenue: 0, code: run.error.code, message: run.error.message };
	return { legal: true, revenue: run.value.routes[index].revenue, code: null, message: null };
}
