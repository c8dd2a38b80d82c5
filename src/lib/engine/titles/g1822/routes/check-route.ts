/**
 * One 1822 route on its own: legality and revenue before the run-wide rules (overlap,
 * local cities, Merthyr Tydfil/Pontypool, the single destination bonus, mail) are applied
 * in `run-revenue.ts` [rules digest 7.1, 7.2; g_1822/game.rb check_distance, revenue_for,
 * calculate_destination_bonus, mail_contract_bonus; reference route.rb revenue].
 */
import type { HexId } from '../../../core/ids';
import { ok, refuse, type Result, type RuleError } from '../../../core/result';
import { checkRouteTrack, type CheckedRoute } from '../../../core/route-check';
import { stopBaseValue } from '../../../core/revenue';
import type { Route } from '../../../core/route';
import { homeTokenCity } from '../map/stations';
import type { RouteContext } from './context';
import type { RouteTrain } from './trains';

export interface RouteFacts {
	readonly checked: CheckedRoute;
	readonly train: RouteTrain;
	/** Train revenue without the destination bonus. */
	readonly revenue: number;
	/** What the destination bonus would pay on this route (0 when it does not qualify). */
	readonly destinationBonus: number;
	/** Mail-contract subsidy this route would earn, or null when it cannot carry mail. */
	readonly mail: number | null;
}

type Stop = readonly [number, number];

/** The home token (the company's first) and its destination token, if placed. */
export function keyTokens(ctx: RouteContext): { home: Stop | null; destination: Stop | null } {
	const { rb, corporation: corp } = ctx;
	const map = rb.map;
	// The token in the home's own city, as the destination check finds it (map/stations.ts).
	const spot = homeTokenCity(map, rb.board, corp, true);
	const hi = spot ? rb.index.get(spot.hex) : undefined;
	const homeStop: Stop | null = spot && hi !== undefined ? [hi, rb.cityNode(spot.hex, spot.city)] : null;
	const dest = rb.board.tokens.find((t) => t.corporation === corp && t.kind === 'destination');
	const destStop: Stop | null =
		dest && rb.index.has(dest.hex) ? [rb.index.get(dest.hex)!, rb.cityNode(dest.hex, dest.city)] : null;
	return { home: homeStop, destination: destStop };
}

const keyTokenCache = new WeakMap<RouteContext, ReturnType<typeof keyTokens>>();
function keyTokensCached(ctx: RouteContext): ReturnType<typeof keyTokens> {
	let k = keyTokenCache.get(ctx);
	if (!k) keyTokenCache.set(ctx, (k = keyTokens(ctx)));
	return k;
}

function isCity(ctx: RouteContext, [hi, node]: Stop): boolean {
	return ctx.rb.hexes[hi].nodes[node].kind === 'city';
}

const tokenedCache = new WeakMap<RouteContext, Set<number>>();
/** Is this stop a city holding one of the company's tokens? (cached per context) */
function tokened(ctx: RouteContext, [hi, node]: Stop): boolean {
	let set = tokenedCache.get(ctx);
	if (!set) {
		set = new Set();
		for (const t of ctx.rb.board.tokens) {
			if (t.corporation !== ctx.corporation) continue;
			const i = ctx.rb.index.get(t.hex);
			const n = ctx.rb.cityNode(t.hex, t.city);
			if (i !== undefined && n >= 0) set.add(i * 64 + n);
		}
		tokenedCache.set(ctx, set);
	}
	return ctx.rb.hexes[hi].nodes[node].kind === 'city' && set.has(hi * 64 + node);
}

function base(ctx: RouteContext, [hi, node]: Stop): number {
	return stopBaseValue(ctx.rb.hexes[hi].nodes[node].revenue, ctx.phaseColors);
}

function hexOf(ctx: RouteContext, s: Stop): HexId {
	return ctx.rb.hexes[s[0]].id;
}

function checkDistance(ctx: RouteContext, train: RouteTrain, stops: readonly Stop[]): Result<true, RuleError> {
	const { englishChannel, france } = ctx.special;
	const channelVisits = stops.filter((s) => hexOf(ctx, s) === englishChannel || hexOf(ctx, s) === france).length;
	if (channelVisits > 0) {
		if (train.kind === 'local') {
			return refuse('local_channel', 'An L or LP train cannot run over the English Channel.');
		}
		if (channelVisits === 1) return refuse('channel_without_france', 'A route over the English Channel must connect it to France.');
		if (stops.length === 2) {
			return refuse('route_too_short', 'A route needs two stops; the English Channel and France count as one.');
		}
	}
	const kindOf = (s: Stop) => ctx.rb.hexes[s[0]].nodes[s[1]].kind;
	const cost = (s: Stop) => ctx.rb.hexes[s[0]].nodes[s[1]].visitCost;
	const sum = (f: (s: Stop) => boolean) => stops.filter(f).reduce((n, s) => n + cost(s), 0);
	switch (train.kind) {
		case 'numbered':
			if (sum(() => true) > train.distance) {
				return refuse('too_many_stops', `A ${train.name} train may visit ${train.distance} stops.`);
			}
			break;
		case 'pullman':
			if (sum((s) => kindOf(s) !== 'town') > train.distance) {
				return refuse('too_many_stops', `A ${train.name}+ train may visit ${train.distance} cities and off-boards.`);
			}
			break;
		case 'local':
			if (sum((s) => kindOf(s) === 'city') > 1 || sum((s) => kindOf(s) === 'town') > 1 || sum((s) => kindOf(s) === 'offboard') > 0) {
				return refuse('too_many_stops', `An ${train.name} train visits at most one city and one town.`);
			}
			break;
		case 'express': {
			const mine = stops.filter((s) => tokened(ctx, s));
			if (mine.length < 2) return refuse('express_needs_stations', 'An E train must visit at least two of the company\'s stations.');
			const ends = [stops[0], stops[stops.length - 1]].filter((s) => tokened(ctx, s)).length;
			const channelEnd =
				ends === 1 &&
				channelVisits === 2 &&
				englishChannel !== null &&
				ctx.rb.board.tokens.some((t) => t.corporation === ctx.corporation && t.hex === englishChannel);
			if (ends < 2 && !channelEnd) {
				return refuse('express_ends', 'An E train must start and end at the company\'s stations.');
			}
			break;
		}
	}
	return ok(true);
}

function trainRevenue(ctx: RouteContext, train: RouteTrain, stops: readonly Stop[]): number {
	if (train.kind !== 'express') return stops.reduce((s, stop) => s + base(ctx, stop) * train.multiplier, 0);
	// E: only the company's station cities pay; its English Channel station pays France's value
	const franceStop = stops.find((s) => hexOf(ctx, s) === ctx.special.france && ctx.rb.hexes[s[0]].nodes[s[1]].kind === 'offboard');
	let total = 0;
	for (const s of stops) {
		if (!isCity(ctx, s) || !tokened(ctx, s)) continue;
		if (hexOf(ctx, s) === ctx.special.englishChannel) total += franceStop ? base(ctx, franceStop) * train.multiplier : 0;
		else total += base(ctx, s) * train.multiplier;
	}
	return total;
}

/** Check one route and compute its own revenue and bonus candidates. */
export function checkRoute(ctx: RouteContext, route: Route): Result<RouteFacts, RuleError> {
	const train = ctx.trains.get(route.train);
	if (!train) return refuse('unknown_train', `The company has no train ${route.train} that can run.`);
	const track = checkRouteTrack(ctx.rb, route, ctx.corporation);
	if (!track.ok) return track;
	return checkRouteStops(ctx, train, track.value);
}

/**
 * The 1822 rules of one route whose track is already known to be sound (connected, no
 * stop twice, no blocked city or terminal passed): `checkRoute` after its track check.
 * The route finder builds routes from the board's own chains and calls this directly.
 */
export function checkRouteStops(ctx: RouteContext, train: RouteTrain, checked: CheckedRoute): Result<RouteFacts, RuleError> {
	const stops = checked.stops;
	if (stops.length < 2 && train.kind !== 'local') return refuse('route_too_short', 'A route needs at least two stops.');
	if (!stops.some((s) => tokened(ctx, s))) {
		return refuse('no_station', 'The route must include one of the company\'s stations.');
	}
	const groups: string[] = [];
	for (const [hi, node] of stops) {
		for (const g of ctx.rb.hexes[hi].nodes[node].groups) {
			if (groups.includes(g)) return refuse('group_twice', `A route may visit ${g} only once.`);
			groups.push(g);
		}
	}
	const dist = checkDistance(ctx, train, stops);
	if (!dist.ok) return dist;
	// same hex twice, unless the route touches a double-town hex [rules digest 7.1; g_1822/game.rb revenue_for]
	const hexes = stops.map(([hi]) => ctx.rb.hexes[hi].id);
	if (new Set(hexes).size !== hexes.length && !hexes.some((h) => ctx.special.doubleHexes.includes(h))) {
		return refuse('hex_twice', 'The route visits the same hex twice.');
	}
	const revenue = trainRevenue(ctx, train, stops);

	let destinationBonus = 0;
	if (ctx.major) {
		const { home, destination } = keyTokensCached(ctx);
		if (home && destination) {
			const hits = stops.filter((s) => (s[0] === home[0] && s[1] === home[1]) || (s[0] === destination[0] && s[1] === destination[1]));
			if (hits.length === 2) destinationBonus = base(ctx, destination) * train.multiplier;
		}
	}
	// mail: half the base values of the first and last stops; not for L/LP [rules digest 7.2]
	const mail = train.kind === 'local' || stops.length < 2 ? null : Math.floor((base(ctx, stops[0]) + base(ctx, stops[stops.length - 1])) / 2);
	return ok({ checked, train, revenue, destinationBonus, mail });
}
