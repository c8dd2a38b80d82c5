/**
 * Routes by hand: per train, the stops the player clicked (cities, towns, off-boards) and,
 * between each two consecutive stops, which stretch of track joins them. Produces the
 * `run_routes` routes the engine reads and asks the engine (`routeRevenue`) what each train
 * earns or why the run is illegal. The only thing decided here is how two stops are joined
 * (finding track); every rule is the engine's.
 *
 * A plan is an immutable value: every edit returns a new plan, so the page keeps it in a
 * `$state.raw` and undoing a click is dropping the last stop.
 */
import { routeRevenue, type GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import { corporationId, hexId, trainId } from '../engine/core/ids';
import { RouteBoard } from '../engine/core/route-board';
import { chainName, chainsFrom, type Chain } from '../engine/core/route-chains';
import { routeStops } from '../engine/core/route';
import { blockingRules, mapFor } from '../engine/titles/g1822/board-ops';
import { configOf } from '../engine/titles/g1822/config';
import { routeTrain } from '../engine/titles/g1822/routes/trains';
import { LOCAL_MARK, parseRecordedRoute, type RecordedRoute } from '../interop/routes';
import { corporationName } from './game-view-names';

/** A stop: a node (city, town, off-board) of the tile on a hex, by its index in the tile's nodes. */
export interface Stop {
	readonly hex: string;
	readonly node: number;
}

export interface TrainRoute {
	readonly train: string;
	/** The train's name ("3", "L", "2P"…), for the words shown. */
	readonly name: string;
	readonly stops: readonly Stop[];
	/** Per leg (between stop i and i+1): which of the joining stretches of track is used. */
	readonly choices: readonly number[];
}

export interface RoutePlan {
	readonly corporation: string;
	readonly trains: readonly TrainRoute[];
}

/** The board's track as the builder reads it, built once per position. */
export interface BuilderBoard {
	readonly rb: RouteBoard;
	/** Node key ("<hex>#<node>") → the stops one stretch of track away. */
	readonly neighbours: ReadonlyMap<string, readonly Stop[]>;
}

export type EditResult = { readonly ok: true; readonly plan: RoutePlan } | { readonly ok: false; readonly message: string };

export function stopKey(s: Stop): string {
	return `${s.hex}#${s.node}`;
}

const sameStop = (a: Stop, b: Stop) => a.hex === b.hex && a.node === b.node;

function indexOf(rb: RouteBoard, s: Stop): number | undefined {
	return rb.index.get(hexId(s.hex));
}

/** Every stop with track, and its neighbours along the track. */
export function builderBoard(state: GameState): BuilderBoard {
	const rb = new RouteBoard(mapFor(state.setup.title), state.board, blockingRules(configOf(state.setup)));
	const neighbours = new Map<string, Stop[]>();
	rb.hexes.forEach((h, hi) => {
		h.nodes.forEach((n, node) => {
			if (n.kind === 'junction' || (h.atNode[node]?.length ?? 0) === 0) return;
			const seen = new Set<string>();
			const out: Stop[] = [];
			for (const c of chainsFrom(rb, hi, node, { limit: 200 })) {
				const s = { hex: rb.hexes[c.end[0]].id as string, node: c.end[1] };
				if (seen.has(stopKey(s))) continue;
				seen.add(stopKey(s));
				out.push(s);
			}
			if (out.length > 0) neighbours.set(stopKey({ hex: h.id, node }), out);
		});
	});
	return { rb, neighbours };
}

/**
 * The stops a click may add: every stop with track, and the company's own stations even with
 * none (an L train may run inside its home city alone, rules digest 7.1).
 */
export function clickableStops(state: GameState, board: BuilderBoard, corporation: string): Set<string> {
	const out = new Set(board.neighbours.keys());
	for (const t of state.board.tokens) {
		if (t.corporation !== corporation) continue;
		const h = board.rb.hex(hexId(t.hex));
		const node = h ? h.nodes.findIndex((n) => n.kind === 'city' && n.index === t.city) : -1;
		if (node >= 0) out.add(stopKey({ hex: t.hex, node }));
	}
	return out;
}

/**
 * The different stretches of track joining two stops directly (passing no other stop), each
 * once by the hexes it crosses, shortest first. Parallel lanes over the same hexes count once:
 * the engine picks a lane clear of the run's other routes itself.
 */
export function legOptions(board: BuilderBoard, from: Stop, to: Stop): Chain[] {
	const { rb } = board;
	const a = indexOf(rb, from);
	const b = indexOf(rb, to);
	if (a === undefined || b === undefined) return [];
	const seen = new Set<string>();
	const out: Chain[] = [];
	for (const c of chainsFrom(rb, a, from.node, { end: [b, to.node], limit: 200 })) {
		const name = chainName(rb, c.paths).join(',');
		if (seen.has(name)) continue;
		seen.add(name);
		out.push(c);
	}
	return out.sort((x, y) => x.paths.length - y.paths.length);
}

/** The trains that can run a route, in the company's order (P+ cards carry no route). */
export function emptyPlan(state: GameState, corporation: string): RoutePlan {
	const corp = state.corporations[corporation];
	const trains = (corp?.trains ?? [])
		.filter((t) => routeTrain(trainId(t.id), t.name) !== null)
		.map((t): TrainRoute => ({ train: t.id, name: t.name, stops: [], choices: [] }));
	return { corporation, trains };
}

function withTrain(plan: RoutePlan, train: string, f: (t: TrainRoute) => TrainRoute): RoutePlan {
	return { ...plan, trains: plan.trains.map((t) => (t.train === train ? f(t) : t)) };
}

/** The fewest stops from `from` to `to` along the track (both ends included), or null. */
function stopsBetween(board: BuilderBoard, from: Stop, to: Stop, maxLegs = 8): Stop[] | null {
	const back = new Map<string, Stop | null>([[stopKey(from), null]]);
	let frontier: Stop[] = [from];
	for (let depth = 0; depth < maxLegs && frontier.length > 0; depth++) {
		const next: Stop[] = [];
		for (const s of frontier) {
			for (const n of board.neighbours.get(stopKey(s)) ?? []) {
				if (back.has(stopKey(n))) continue;
				back.set(stopKey(n), s);
				if (sameStop(n, to)) {
					const path: Stop[] = [n];
					for (let p = back.get(stopKey(n)); p; p = back.get(stopKey(p))) path.unshift(p);
					return path;
				}
				next.push(n);
			}
		}
		frontier = next;
	}
	return null;
}

function stopName(board: BuilderBoard, s: Stop): string {
	const h = board.rb.hex(hexId(s.hex));
	const name = h ? board.rb.map.byId.get(h.id)?.name : null;
	return name ? `${name} (${s.hex})` : s.hex;
}

/**
 * Adds a stop at the end of a train's route. A stop reached only through others brings those
 * in too (a train counts every stop it passes); a stop with no track to the last one is
 * refused with the reason. Clicking the last stop again tries the next way of joining it.
 */
export function addStop(board: BuilderBoard, plan: RoutePlan, train: string, stop: Stop): EditResult {
	const t = plan.trains.find((x) => x.train === train);
	if (!t) return { ok: false, message: `No train ${train} to route.` };
	const last = t.stops.at(-1);
	if (!last) return { ok: true, plan: withTrain(plan, train, (x) => ({ ...x, stops: [stop], choices: [] })) };
	if (sameStop(last, stop)) {
		return t.stops.length > 1 ? { ok: true, plan: cycleLeg(board, plan, train, t.stops.length - 2) } : { ok: true, plan };
	}
	if (legOptions(board, last, stop).length > 0) {
		return { ok: true, plan: withTrain(plan, train, (x) => ({ ...x, stops: [...x.stops, stop], choices: [...x.choices, 0] })) };
	}
	const via = stopsBetween(board, last, stop);
	if (!via) return { ok: false, message: `No track between ${stopName(board, last)} and ${stopName(board, stop)}.` };
	const added = via.slice(1);
	return {
		ok: true,
		plan: withTrain(plan, train, (x) => ({ ...x, stops: [...x.stops, ...added], choices: [...x.choices, ...added.map(() => 0)] }))
	};
}

export function removeLastStop(plan: RoutePlan, train: string): RoutePlan {
	return withTrain(plan, train, (x) => ({ ...x, stops: x.stops.slice(0, -1), choices: x.choices.slice(0, Math.max(0, x.stops.length - 2)) }));
}

export function clearTrain(plan: RoutePlan, train: string): RoutePlan {
	return withTrain(plan, train, (x) => ({ ...x, stops: [], choices: [] }));
}

/** How many ways leg `leg` (stop leg → stop leg+1) of a train can be joined. */
export function legCount(board: BuilderBoard, t: TrainRoute, leg: number): number {
	const [a, b] = [t.stops[leg], t.stops[leg + 1]];
	return a && b ? legOptions(board, a, b).length : 0;
}

/** Uses the next way of joining a leg's two stops (wrapping round). */
export function cycleLeg(board: BuilderBoard, plan: RoutePlan, train: string, leg: number): RoutePlan {
	return withTrain(plan, train, (x) => {
		const n = legCount(board, x, leg);
		if (n < 2) return x;
		return { ...x, choices: x.choices.map((c, i) => (i === leg ? (c + 1) % n : c)) };
	});
}

function signature(board: BuilderBoard, s: Stop): string {
	const h = board.rb.hex(hexId(s.hex));
	return `${s.hex}-${h?.nodes[s.node]?.part ?? s.node}`;
}

/**
 * A train's route as `run_routes` holds it, or null while it has no stop. One stop is a run
 * inside one city (only L trains may: the engine says so otherwise). `revenue` is left 0: the
 * engine computes it, and the caller writes the engine's figure before submitting.
 */
export function routeJson(board: BuilderBoard, t: TrainRoute): RouteJson | null {
	if (t.stops.length === 0) return null;
	const nodes = t.stops.map((s) => signature(board, s));
	if (t.stops.length === 1) {
		return { train: t.train, connections: [[LOCAL_MARK, t.stops[0].hex]], hexes: [t.stops[0].hex], revenue: 0, nodes };
	}
	const connections: string[][] = [];
	for (let i = 0; i + 1 < t.stops.length; i++) {
		const options = legOptions(board, t.stops[i], t.stops[i + 1]);
		const c = options[(t.choices[i] ?? 0) % Math.max(1, options.length)];
		// A leg with no track left (the board changed) names its two hexes: the engine refuses it in words.
		connections.push(c ? chainName(board.rb, c.paths) : [t.stops[i].hex, t.stops[i + 1].hex]);
	}
	return { train: t.train, connections, hexes: t.stops.map((s) => s.hex), revenue: 0, nodes };
}

export interface TrainCheck {
	readonly train: string;
	readonly name: string;
	readonly stops: readonly string[];
	/** The engine's revenue for this route alone, or null (no route, or illegal). */
	readonly revenue: number | null;
	/** Why the engine refuses this route, in words naming the train. */
	readonly problem: string | null;
}

export interface PlanCheck {
	readonly trains: readonly TrainCheck[];
	/** The routes to submit, with the engine's revenue written in; null while the run is illegal. */
	readonly routes: readonly RouteJson[] | null;
	readonly total: number | null;
	readonly subsidy: number;
	/** Why the engine refuses the run as a whole (the first train's problem, or one spanning routes). */
	readonly problem: string | null;
}

/** What the engine says of the plan: per train alone, then the whole run together. */
export function checkPlan(state: GameState, board: BuilderBoard, plan: RoutePlan): PlanCheck {
	// Words, not codes: minor 5 is "Minor 5" (game-view-names.ts).
	const company = corporationName(state, plan.corporation);
	const label = (t: TrainRoute) => `${company}'s ${t.name} train`;
	const jsons = plan.trains.map((t) => routeJson(board, t));
	const trains = plan.trains.map((t, i): TrainCheck => {
		const json = jsons[i];
		const stops = t.stops.map((s) => stopName(board, s));
		if (!json) return { train: t.train, name: t.name, stops, revenue: null, problem: null };
		const alone = routeRevenue(state, [json]);
		if (!alone) return { train: t.train, name: t.name, stops, revenue: null, problem: 'No route can run now.' };
		return alone.ok
			? { train: t.train, name: t.name, stops, revenue: alone.value.routes[0]?.revenue ?? 0, problem: null }
			: { train: t.train, name: t.name, stops, revenue: null, problem: `${label(t)}: ${alone.error.message}` };
	});
	const present = jsons.filter((j): j is RouteJson => j !== null);
	const firstProblem = trains.find((t) => t.problem)?.problem ?? null;
	if (present.length === 0) return { trains, routes: [], total: 0, subsidy: 0, problem: null };
	if (firstProblem) return { trains, routes: null, total: null, subsidy: 0, problem: firstProblem };
	const all = routeRevenue(state, present);
	if (!all) return { trains, routes: null, total: null, subsidy: 0, problem: 'No route can run now.' };
	if (!all.ok) return { trains, routes: null, total: null, subsidy: 0, problem: all.error.message };
	const routes = present.map((j, i) => ({ ...j, revenue: all.value.routes[i]?.revenue ?? 0 }));
	return { trains, routes, total: all.value.total, subsidy: all.value.subsidy, problem: null };
}

/**
 * Routes already written (the route finder's, or a past run) as an editable plan. A route
 * whose train the company no longer has goes to another train of the same name; one that no
 * longer fits on the board is left out (the returned `dropped` counts them).
 */
export function planFromRoutes(
	state: GameState,
	board: BuilderBoard,
	corporation: string,
	routes: readonly RouteJson[]
): { plan: RoutePlan; dropped: number } {
	let plan = emptyPlan(state, corporation);
	const owned = new Map((state.corporations[corporation]?.trains ?? []).map((t) => [t.id, t.name]));
	let dropped = 0;
	for (const rec of routes) {
		const old = String(rec.train);
		// A train id is "<name>-<copy>"; a train since sold or rusted is matched by its name.
		const oldName = owned.get(old) ?? old.slice(0, Math.max(0, old.lastIndexOf('-')));
		const target =
			plan.trains.find((t) => t.train === old && t.stops.length === 0) ??
			plan.trains.find((t) => t.name === oldName && t.stops.length === 0);
		const parsed = target ? parseRecordedRoute(board.rb, corporationId(corporation), toRecorded(rec, target.train)) : null;
		if (!target || !parsed?.ok) {
			dropped++;
			continue;
		}
		const stops = routeStops(parsed.value).map((n) => ({ hex: n.hex as string, node: n.node }));
		const choices = parsed.value.legs.slice(0, Math.max(0, stops.length - 1)).map((leg, i) => {
			const want = chainName(
				board.rb,
				leg.paths.map((p) => [board.rb.index.get(p.hex)!, p.path] as const)
			).join(',');
			const idx = legOptions(board, stops[i], stops[i + 1]).findIndex((c) => chainName(board.rb, c.paths).join(',') === want);
			return Math.max(0, idx);
		});
		plan = withTrain(plan, target.train, (x) => ({ ...x, stops, choices }));
	}
	return { plan, dropped };
}

function toRecorded(rec: RouteJson, train: string): RecordedRoute {
	return {
		train,
		connections: (Array.isArray(rec.connections) ? rec.connections : []).map((c) => (Array.isArray(c) ? c.map(String) : [])),
		hexes: Array.isArray(rec.hexes) ? rec.hexes.map(String) : [],
		revenue: 0,
		revenue_str: '',
		nodes: Array.isArray(rec.nodes) ? rec.nodes.map(String) : undefined
	};
}

/** "Last round's routes" as offered: what the engine says of them on today's board. */
export interface LastRunOffer {
	readonly total: number | null;
	readonly problem: string | null;
	/** Routes whose train or track is gone. */
	readonly dropped: number;
}

/** The company's most recent `run_routes` among the actions in effect (its last run), or null. */
export function lastRunRoutes(actions: readonly { readonly type: string }[], corporation: string): readonly RouteJson[] | null {
	for (let i = actions.length - 1; i >= 0; i--) {
		const a = actions[i] as { type: string; entity?: unknown; routes?: unknown };
		if (a.type === 'run_routes' && a.entity === corporation && Array.isArray(a.routes)) return a.routes as RouteJson[];
	}
	return null;
}
