/**
 * A `run_routes` in live play (rules digest 7): the engine reads the claimed routes onto the
 * board, computes each route's revenue itself and refuses a route that is illegal or claims a
 * different figure (`validateRun` in live mode). Nothing changes until the caller applies the
 * returned figures.
 *
 * Reading a route: live actions name each route's stops (`nodes`, "<hex>-<part>") and the
 * hexes of each leg (`connections`). Each leg is the chain of track between two consecutive
 * stops over exactly those hexes; where parallel lanes give several, the first one clear of
 * track already taken by the run is preferred (the overlap check then judges the whole run).
 */
import { ok, refuse, type Result } from '../../../core/result';
import type { RouteJson, RunRoutesAction } from '../../../core/actions';
import { corporationId, hexId, trainId } from '../../../core/ids';
import { RouteBoard } from '../../../core/route-board';
import { chainsFrom } from '../../../core/route-chains';
import type { Route, RouteLeg } from '../../../core/route';
import type { PhaseColor } from '../../../core/tile';
import type { ResolvedConfig } from '../config';
import { blockingRules, mapFor } from '../board-ops';
import { SPECIAL_HEXES_1822, SPECIAL_HEXES_MRS, SPECIAL_HEXES_NRS, type SpecialHexes } from '../map/special-hexes';
import type { TitleId } from '../title-def';
import { routeContext, type RouteContext } from '../routes/context';
import { routeTrain, type RouteTrain } from '../routes/trains';
import { validateRun } from '../routes/validate-run';
import { evaluateRun, type RunRevenue } from '../routes/run-revenue';
import type { CorporationState, GameState } from '../state';

/** Mail contracts (rules digest 7.2). */
export const MAIL_CONTRACTS = ['P6', 'P7'] as const;
const LOCAL_MARK = 'local';

function specialHexes(title: TitleId): SpecialHexes {
	switch (title) {
		case '1822':
			return SPECIAL_HEXES_1822;
		case '1822NRS':
			return SPECIAL_HEXES_NRS;
		case '1822MRS':
			return SPECIAL_HEXES_MRS;
	}
}

/** The route context of the corporation's run this turn; `pullman` indexes the train carrying the P+. */
export function liveRouteContext(state: GameState, config: ResolvedConfig, corp: CorporationState, pullman: number | null): RouteContext {
	const map = mapFor(state.setup.title);
	const trains: RouteTrain[] = [];
	corp.trains.forEach((t, i) => {
		const rt = routeTrain(trainId(t.id), t.name, i === pullman);
		if (rt) trains.push(rt);
	});
	return routeContext({
		map,
		board: state.board,
		special: specialHexes(state.setup.title),
		corporation: corporationId(corp.id),
		major: corp.type === 'major',
		phaseColors: config.phases[state.phase].tiles as readonly PhaseColor[],
		trains,
		rules: blockingRules(config),
		mailContracts: corp.companies.filter((c) => (MAIL_CONTRACTS as readonly string[]).includes(c) && !state.companies[c]?.closed).length
	});
}

function nodeOf(rb: RouteBoard, signature: unknown): [number, number] | null {
	if (typeof signature !== 'string') return null;
	const i = signature.lastIndexOf('-');
	const hi = rb.index.get(hexId(signature.slice(0, i)));
	if (i <= 0 || hi === undefined) return null;
	const part = Number(signature.slice(i + 1));
	const node = rb.hexes[hi].nodes.findIndex((n) => n.part === part);
	return node < 0 ? null : [hi, node];
}

/** One claimed route on the board; `taken` holds the path keys of the run's routes read so far. */
export function readClaimedRoute(rb: RouteBoard, rec: RouteJson, taken: Set<number>, exclusive = false): Result<Route> {
	const train = trainId(String(rec.train));
	const conns = Array.isArray(rec.connections) ? rec.connections.map((c) => (Array.isArray(c) ? c.map(String) : [])) : [];
	const stops = (Array.isArray(rec.nodes) ? rec.nodes : []).map((n) => nodeOf(rb, n));
	if (stops.length === 0 || stops.some((s) => s === null)) return refuse('malformed_route', `Name the stops of train ${train}'s route.`);
	const at = stops as [number, number][];
	const node = (s: [number, number]) => ({ hex: rb.hexes[s[0]].id, node: s[1] });
	if (conns.length === 1 && conns[0][0] === LOCAL_MARK) {
		if (at.length !== 1) return refuse('malformed_route', `A local run of train ${train} has one stop.`);
		return ok({ train, legs: [{ from: node(at[0]), to: node(at[0]), paths: [] }] });
	}
	if (conns.length === 0 || at.length !== conns.length + 1) return refuse('malformed_route', `Train ${train}'s route needs one leg between each two stops.`);
	const legs: RouteLeg[] = [];
	for (let i = 0; i < conns.length; i++) {
		const [from, to] = [at[i], at[i + 1]];
		const options = [conns[i], [...conns[i]].reverse()].flatMap((hexes) => chainsFrom(rb, from[0], from[1], { hexes, end: to, junctionTwice: !exclusive }));
		// Prefer track the run has not used yet. With `exclusive` (rules version 2) a route never
		// takes a path another route of its kind uses, node-to-node paths inside a hex included
		// [route.rb connection_data: `(ch[:paths] & other_paths).empty?`; g_1822/game.rb
		// compute_other_paths]; otherwise reused track is left for the overlap check to refuse.
		const free = options.find((c) => !c.paths.some(([h, p]) => taken.has(h * 64 + p)));
		if (!free && exclusive && options.length > 0)
			return refuse('track_reused', `Train ${train}'s route between ${rb.hexes[from[0]].id} and ${rb.hexes[to[0]].id} has no track that another route does not already use.`);
		const found = free ?? options[0];
		if (!found) return refuse('route_not_found', `No track joins ${rb.hexes[from[0]].id} and ${rb.hexes[to[0]].id} over ${conns[i].join(', ')}.`);
		for (const [h, p] of found.paths) taken.add(h * 64 + p);
		legs.push({ from: node(from), to: node(to), paths: found.paths.map(([h, p]) => ({ hex: rb.hexes[h].id, path: p })) });
	}
	return ok({ train, legs });
}

/**
 * A local run stays in a city on the company's track: a preprinted city with no track yet is no
 * node of the board, so a run there has no token [tile.rb nodes (of paths); route.rb
 * connection_data local; game/base.rb check_route_token]. Rules version 2.
 */
function localRunWithoutTrack(rb: RouteBoard, routes: readonly Route[]): Result<void> {
	for (const r of routes) {
		const leg = r.legs[0];
		if (r.legs.length !== 1 || leg.paths.length > 0 || leg.from.hex !== leg.to.hex || leg.from.node !== leg.to.node) continue;
		const hi = rb.index.get(leg.from.hex);
		if (hi !== undefined && rb.hexes[hi].atNode[leg.from.node].length === 0)
			return refuse('route_without_token', `Train ${r.train} cannot run in ${leg.from.hex}: the city has no track yet, so the route has no station.`);
	}
	return ok(undefined);
}

export interface LiveRun {
	readonly revenue: number;
	readonly subsidy: number;
	readonly extraRevenue: number | null;
}

/** Reads the claimed routes of a run onto the board (E trains apart: they may share track). */
function readRun(ctx: RouteContext, corp: CorporationState, routes: readonly RouteJson[], exclusive: boolean): Result<{ route: Route; revenue: number }[]> {
	const claimed: { route: Route; revenue: number }[] = [];
	const taken = new Set<number>();
	for (const rec of routes) {
		if (!rec || typeof rec.revenue !== 'number' || !Number.isInteger(rec.revenue))
			return refuse('malformed_route', 'Every route needs a whole-number revenue.');
		if (!ctx.trains.has(trainId(String(rec.train)))) return refuse('unknown_train', `${corp.id} has no train ${String(rec.train)} that can run.`);
		const own = ctx.trains.get(trainId(String(rec.train)))?.kind === 'express' ? new Set<number>() : taken;
		const r = readClaimedRoute(ctx.rb, rec, own, exclusive);
		if (!r.ok) return r;
		claimed.push({ route: r.value, revenue: rec.revenue });
	}
	return ok(claimed);
}

/**
 * Whether proposed routes are legal together and what each earns, under today's rules (the
 * claimed revenues are ignored): the answer the UI shows while a player draws routes.
 */
export function proposedRunRevenue(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	pullman: number | null,
	routes: readonly RouteJson[]
): Result<RunRevenue> {
	const ctx = liveRouteContext(state, config, corp, pullman);
	const read = readRun(ctx, corp, routes.map((r) => ({ ...r, revenue: 0 })), config.blockingSteps);
	if (!read.ok) return read;
	if (config.blockingSteps) {
		const local = localRunWithoutTrack(ctx.rb, read.value.map((c) => c.route));
		if (!local.ok) return local;
	}
	return evaluateRun(
		ctx,
		read.value.map((c) => c.route)
	);
}

/** Checks a live run and returns the figures the dividend step pays out. */
export function validateLiveRun(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	pullman: number | null,
	action: RunRoutesAction
): Result<LiveRun> {
	if (!Array.isArray(action.routes) || action.routes.length === 0) return refuse('no_routes', 'Run at least one route.');
	const ctx = liveRouteContext(state, config, corp, pullman);
	const read = readRun(ctx, corp, action.routes, config.blockingSteps);
	if (!read.ok) return read;
	const claimed = read.value;
	if (config.blockingSteps) {
		const local = localRunWithoutTrack(ctx.rb, claimed.map((c) => c.route));
		if (!local.ok) return local;
	}
	const run = validateRun(ctx, claimed, 'live');
	if (!run.ok) return run;
	let extraRevenue: number | null = null;
	if (corp.type === 'major' && corp.trains.length > 1) {
		const i = claimed.findIndex((c) => ['2P', 'LP'].includes(corp.trains.find((t) => t.id === c.route.train)?.name ?? ''));
		if (i >= 0 && run.value.routes[i].revenue !== run.value.total) extraRevenue = run.value.routes[i].revenue;
	}
	return ok({ revenue: run.value.total, subsidy: corp.type === 'major' ? run.value.subsidy : 0, extraRevenue });
}
