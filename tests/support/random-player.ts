/**
 * The random player (issue 12): plays whole games choosing only among the actions the engine's
 * own queries offer (stock-round choices, the operating-round choices, the choices round), with a
 * seeded generator and weights that keep a game moving. Every action is applied in place (live
 * mode) and the invariants are checked after it. It is a bug when:
 * - an offered action is refused (`refused`), or the engine throws (`internal_error`);
 * - an invariant breaks after an accepted action (`invariant`, `transition`);
 * - the game is not over but nothing is offered (`no_action`).
 * A game that reaches the action cap without ending is reported as `stalled`.
 */
import {
	Game,
	configFor,
	process as processPure,
	cityId,
	createGame,
	issueSharePrice,
	legalActionTypes,
	operatingChoices,
	stockRoundChoices,
	type Action,
	type GameState,
	type OperatingChoices
} from '../../src/lib/engine/index';
import type { RouteJson } from '../../src/lib/engine/core/actions';
import { TITLES } from '../../src/lib/engine/titles/g1822/config';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';
import { liveRouteContext } from '../../src/lib/engine/titles/g1822/operating/live-routes';
import { taxHavenChoices } from '../../src/lib/engine/titles/g1822/tax-haven-choices';
import { printRoute } from '../../src/lib/interop/routes';
import { findBestRoutes } from '../../src/lib/router/best-routes';
import { checkInvariants, checkTransition } from './invariants';
import { Prng } from './fuzz/prng';

export interface GameSetupChoice {
	readonly title: TitleId;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly seed: number;
	readonly optionalRules: readonly string[];
}

/** A candidate action and how strongly the player leans to it. */
export interface Candidate {
	readonly action: Action;
	readonly weight: number;
}

export type FailureKind = 'refused' | 'internal_error' | 'invariant' | 'transition' | 'no_action' | 'setup';

export interface GameFailure {
	readonly kind: FailureKind;
	readonly detail: string;
	/** The action that failed (null for `no_action`). */
	readonly action: Action | null;
	/** How many actions were applied before it. */
	readonly atAction: number;
	readonly round: string;
}

export interface GameResult {
	readonly seed: number;
	readonly setup: GameSetupChoice;
	/** The end reason ("bank", "stock_market", …), "stalled" at the cap, or "failed". */
	readonly outcome: string;
	readonly actions: number;
	readonly refusedByCode: Record<string, number>;
	readonly failure: GameFailure | null;
	/** Every applied action, in order (the failing one, if any, is not among them). */
	readonly log: readonly Action[];
	/** The state after the last applied action (null when the game could not be set up). */
	readonly final: GameState | null;
}

/** Option sets a random game may use: none, each option alone, all of them, and the 1822+ pairs. */
export function optionSets(title: TitleId): string[][] {
	const syms = TITLES[title].optionalRules.map((r) => r.sym);
	const sets = [[], ...syms.map((s) => [s]), syms];
	if (syms.includes('plus_expansion'))
		sets.push(['plus_expansion', 'plus_expansion_no_removals'], ['plus_expansion', 'plus_expansion_single_stack']);
	return sets;
}

/** The setup a game seed stands for: title, 2–7 players and an option set the engine accepts. */
export function setupFor(seed: number): GameSetupChoice {
	const rng = new Prng(seed ^ 0x5eed);
	const titles = Object.keys(TITLES) as TitleId[];
	for (let attempt = 0; attempt < 50; attempt++) {
		const title = rng.pick(titles);
		const n = rng.range(2, 7);
		const optionalRules = rng.pick(optionSets(title));
		const players = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `P${i + 1}` }));
		const setup = { title, players, seed, optionalRules };
		if (createGame({ ...setup, mode: 'live' }).ok) return setup;
	}
	return { title: titles[0], players: [{ id: 1, name: 'P1' }, { id: 2, name: 'P2' }], seed, optionalRules: [] };
}

function act(type: string, entity: string | number, extra: Record<string, unknown> = {}): Action {
	const entityType = typeof entity === 'number' ? 'player' : /^[PCM]\d+$/.test(entity) ? 'company' : 'corporation';
	return { type, entity, entity_type: entityType, ...extra } as unknown as Action;
}

/** The best run of the operating company, printed as `run_routes` routes. */
export function bestRouteJson(state: GameState): RouteJson[] {
	if (state.round.kind !== 'operating') return [];
	const corp = state.corporations[state.round.order[state.round.current]];
	if (!corp) return [];
	const ctx = liveRouteContext(state, configFor(state), corp, state.round.turn.pullman);
	const best = findBestRoutes(ctx);
	return best.routes.map((r, i) => {
		const rev = best.revenue.routes[i];
		return printRoute(ctx.rb, r, rev.revenue, rev.destinationBonus) as unknown as RouteJson;
	});
}

function stockCandidates(state: GameState, rng: Prng): Candidate[] {
	const c = stockRoundChoices(state);
	if (!c) return [];
	const p = c.player;
	const out: Candidate[] = [];
	const types = legalActionTypes(state);
	const early = state.turn <= 2;
	for (const box of c.bidBoxes) {
		const steps = (box.max - box.min) / 5;
		const prices = new Set([box.min, box.min + 5 * rng.int(Math.min(steps, 8) + 1), box.max]);
		for (const price of prices) out.push({ action: act('bid', p, { company: box.company, price }), weight: (early ? 6 : 2) / prices.size });
	}
	for (const s of c.buy) out.push({ action: act('buy_shares', p, { shares: [s.share], percent: 10 }), weight: 4 / Math.max(1, c.buy.length / 4) });
	for (const s of c.sell) out.push({ action: act('sell_shares', p, { shares: s.shares, percent: s.percent }), weight: c.mustSell ? 5 : 0.3 / c.sell.length });
	for (const par of c.par)
		for (const option of par.pars) out.push({ action: act('par', p, { corporation: par.corporation, share_price: option.sharePrice }), weight: 5 / par.pars.length });
	if (types.includes('payoff_player_debt')) out.push({ action: act('payoff_player_debt', p), weight: 3 });
	if (types.includes('payoff_player_debt_partial') && c.repayMax > 0) {
		// Any amount from £1 to the most the player can pay, now and then more than that (the site
		// pays what the player has, and never more than the debt).
		const amount = rng.int(8) === 0 ? c.repayMax + 1 + rng.int(50) : 1 + rng.int(c.repayMax);
		out.push({ action: act('payoff_player_debt_partial', p, { amount }), weight: 1.5 });
	}
	if (types.includes('choose_ability'))
		// The query names the type only: offer the Tax Haven purchases the engine accepts.
		for (const choice of taxHavenChoices(state)) {
			const a = act('choose_ability', 'P16', { choice });
			if (processPure(state, a).ok) out.push({ action: a, weight: 0.5 });
		}
	if (types.includes('pass')) out.push({ action: act('pass', p), weight: out.length === 0 ? 1 : early ? 1 : 2 });
	return out;
}

function shareIds(state: GameState, corpId: string, owner: 'treasury' | 'pool', n: number): string[] {
	const corp = state.corporations[corpId];
	return corp.shares.filter((s) => s.owner === owner && !s.president).slice(0, n).map((s) => `${corpId}_${s.index}`);
}

function layCandidates(c: OperatingChoices, out: Candidate[]): void {
	const lays: Action[] = [];
	for (const choice of c.tileLays)
		for (const hex of choice.hexes)
			for (const tile of hex.tiles)
				for (const rot of tile.rotations) {
					const extra: Record<string, unknown> = { hex: hex.hex, tile: tile.tileId, rotation: rot.rotation };
					if (choice.combo.length) extra.combo_entities = choice.combo;
					lays.push(act('lay_tile', choice.entity, extra));
				}
	for (const a of lays) out.push({ action: a, weight: 6 / lays.length });
}

function operatingCandidates(state: GameState, rng: Prng): Candidate[] {
	const c = operatingChoices(state);
	if (!c) return [];
	const out: Candidate[] = [];
	const e = c.entity;
	const has = (t: string) => c.actions.includes(t);
	const city = (hex: string, index: number) => cityId(state, hex, index);
	if (c.step === 'discard') {
		for (const t of c.discard) out.push({ action: act('discard_train', e, { train: t }), weight: 1 });
		return out;
	}
	if (c.mergeChoice) for (const o of c.mergeChoice.options) out.push({ action: act('choose', e, { choice: o }), weight: 1 });
	for (const t of c.pendingTokens) out.push({ action: act('place_token', e, { city: city(t.hex, t.city), slot: 0 }), weight: 1 });
	for (const ch of c.p8Choice) out.push({ action: act('choose', e, { choice: ch }), weight: 1 });
	for (const k of c.extraDividend) out.push({ action: act('choose', e, { choice: k }), weight: 1 });
	for (const i of c.pullman) out.push({ action: act('choose', e, { choice: String(i) }), weight: 1 });
	if (has('lay_tile')) layCandidates(c, out);
	if (has('place_token'))
		for (const t of c.tokens) out.push({ action: act('place_token', e, { city: city(t.hex, t.city), slot: 0 }), weight: 3 / c.tokens.length });
	for (const t of c.channelTokens) out.push({ action: act('place_token', 'P5', { city: city(t.hex, t.city), slot: 0 }), weight: 1 });
	if (c.destination && has('hex_token')) out.push({ action: act('hex_token', e, { hex: c.destination }), weight: 4 });
	if (has('run_routes')) {
		// The route step takes no pass: a company with no route runs an empty run, as on the reference.
		out.push({ action: act('run_routes', e, { routes: bestRouteJson(state) }), weight: 50 });
	}
	for (const k of c.dividends) out.push({ action: act('dividend', e, { kind: k }), weight: k === 'payout' ? 6 : k === 'half' ? 2 : 1 });
	const t = c.trains;
	if (t && has('buy_train')) {
		for (const d of t.depot) for (const v of d.variants) out.push({ action: act('buy_train', e, { train: d.train, price: v.price, variant: v.variant }), weight: 4 });
		for (const o of t.corporations) out.push({ action: act('buy_train', e, { train: o.train, price: rng.range(o.min, o.max) }), weight: 0.3 });
		for (const u of t.upgrades) out.push({ action: act('buy_train', e, { train: u.train, price: u.price, variant: '2', exchange: u.train }), weight: 1 });
		if (c.emergencySale && t.emergency)
			for (const s of t.emergency.sellable) out.push({ action: act('sell_shares', t.emergency.director, { shares: s.shares, percent: s.percent }), weight: 1 });
	}
	for (const p of c.privates) out.push({ action: act('acquire_company', e, { company: p }), weight: 1 });
	for (const m of c.minors) out.push({ action: act('merge', e, { corporation: m.minor }), weight: 1 });
	for (const n of c.issue) out.push({ action: act('sell_shares', e, { shares: shareIds(state, e, 'treasury', n), share_price: issueSharePrice(state, e, n) }), weight: 0.3 });
	for (const n of c.redeem) out.push({ action: act('buy_shares', e, { shares: shareIds(state, e, 'pool', n) }), weight: 0.3 });
	for (const a of c.abilities) for (const ch of a.choices) out.push({ action: act('choose_ability', a.company, { choice: ch }), weight: 0.3 });
	if (has('pass')) out.push({ action: act('pass', e), weight: passWeight(c) });
	return out;
}

/** Passing is always light where the step has something to do, so turns move on. */
function passWeight(c: OperatingChoices): number {
	if (c.step === 'track') return 2;
	if (c.step === 'buy_train') return 3;
	return 1;
}

/** Every action the engine offers now, as concrete actions with weights. */
export function legalCandidates(state: GameState, rng: Prng): Candidate[] {
	if (state.end.finished) return [];
	switch (state.round.kind) {
		case 'stock':
			return stockCandidates(state, rng);
		case 'choices': {
			const who = state.round.entities[state.round.current];
			return [
				{ action: act('choose', who, { choice: 'double' }), weight: 1 },
				{ action: act('pass', who), weight: 1 }
			];
		}
		case 'operating':
			return operatingCandidates(state, rng);
	}
}

/** The index of one candidate, drawn with the candidates' weights. */
export function pickWeighted(rng: Prng, items: readonly Candidate[]): number {
	const total = items.reduce((s, c) => s + c.weight, 0);
	let r = (rng.next() / 0x100000000) * total;
	for (let i = 0; i < items.length; i++) {
		r -= items[i].weight;
		if (r < 0) return i;
	}
	return items.length - 1;
}

function roundLabel(state: GameState): string {
	const r = state.round;
	return r.kind === 'operating' ? `OR ${state.turn}.${r.num} ${r.order[r.current]} ${r.turn.step}` : `${r.kind} ${state.turn}`;
}

export interface PlayOptions {
	/** Stop and report "stalled" after this many applied actions. */
	readonly maxActions?: number;
	/** Stop early after this many applied actions (for replaying a failure's prefix). */
	readonly stopAfter?: number;
}

/** Plays one random game from its seed to its end, a failure, or the cap. */
export function playRandomGame(seed: number, options: PlayOptions = {}): GameResult {
	const maxActions = options.maxActions ?? 8000;
	const setup = setupFor(seed);
	const refusedByCode: Record<string, number> = {};
	const log: Action[] = [];
	let game: Game | null = null;
	const done = (outcome: string, failure: GameFailure | null): GameResult => ({
		seed,
		setup,
		outcome,
		actions: log.length,
		refusedByCode,
		failure,
		log,
		final: game ? (game.state as GameState) : null
	});
	const created = Game.create({ ...setup, mode: 'live' });
	if (!created.ok) return done('failed', { kind: 'setup', detail: created.error.message, action: null, atAction: 0, round: '' });
	game = created.value;
	const rng = new Prng(seed);
	while (!game.state.end.finished) {
		if (log.length >= maxActions || (options.stopAfter !== undefined && log.length >= options.stopAfter)) return done('stalled', null);
		const state = game.state as GameState;
		const candidates = legalCandidates(state, rng);
		if (candidates.length === 0)
			return done('failed', { kind: 'no_action', detail: `nothing offered; types [${legalActionTypes(state).join(', ')}]`, action: null, atAction: log.length, round: roundLabel(state) });
		const i = pickWeighted(rng, candidates);
		const action = candidates[i].action;
		const before = action.type === 'buy_shares' || action.type === 'par' ? (JSON.parse(JSON.stringify(state)) as GameState) : null;
		const label = roundLabel(state);
		const r = game.process(action);
		if (!r.ok) {
			refusedByCode[r.error.code] = (refusedByCode[r.error.code] ?? 0) + 1;
			const kind = r.error.code === 'internal_error' ? 'internal_error' : 'refused';
			return done('failed', { kind, detail: `${r.error.code}: ${r.error.message}`, action, atAction: log.length, round: label });
		}
		log.push(action);
		const broken = checkInvariants(game.state as GameState);
		if (broken.length) return done('failed', { kind: 'invariant', detail: broken.join('; '), action, atAction: log.length - 1, round: label });
		if (before) {
			const moved = checkTransition(before, game.state as GameState, action);
			if (moved.length) return done('failed', { kind: 'transition', detail: moved.join('; '), action, atAction: log.length - 1, round: label });
		}
	}
	return done(game.state.end.reason ?? 'finished', null);
}

export interface RandomGamesSummary {
	readonly seed: number;
	readonly games: number;
	/** Games by outcome: end reason, "stalled" or "failed". */
	readonly outcomes: Record<string, number>;
	readonly byTitle: Record<string, number>;
	readonly actions: number;
	readonly refusedByCode: Record<string, number>;
	readonly failures: {
		readonly gameSeed: number;
		readonly setup: GameSetupChoice;
		readonly failure: GameFailure;
		/** Actions applied before the failure; replaying `playRandomGame(gameSeed)` reproduces it. */
		readonly logLength: number;
		/** The end of the log prefix that leads to the failure (the whole prefix with `fullLogs`). */
		readonly log: readonly Action[];
	}[];
	readonly stalled: readonly number[];
}

/** The seed of the i-th game of a run. */
export function gameSeed(runSeed: number, i: number): number {
	return (Math.imul(runSeed >>> 0, 1000003) + i * 7919 + 1) >>> 0;
}

/** Plays `games` random games from one run seed and sums them up. */
export function runRandomGames(games: number, seed: number, options: PlayOptions & { fullLogs?: boolean; onGame?: (r: GameResult) => void } = {}): RandomGamesSummary {
	const outcomes: Record<string, number> = {};
	const byTitle: Record<string, number> = {};
	const refusedByCode: Record<string, number> = {};
	const failures: RandomGamesSummary['failures'][number][] = [];
	const stalled: number[] = [];
	let actions = 0;
	for (let i = 0; i < games; i++) {
		const s = gameSeed(seed, i);
		const r = playRandomGame(s, options);
		options.onGame?.(r);
		outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
		const titleKey = `${r.setup.title}/${r.setup.players.length}p`;
		byTitle[titleKey] = (byTitle[titleKey] ?? 0) + 1;
		actions += r.actions + (r.failure?.action ? 1 : 0);
		for (const [code, n] of Object.entries(r.refusedByCode)) refusedByCode[code] = (refusedByCode[code] ?? 0) + n;
		if (r.outcome === 'stalled') stalled.push(s);
		if (r.failure)
			failures.push({ gameSeed: s, setup: r.setup, failure: r.failure, logLength: r.log.length, log: options.fullLogs ? r.log : r.log.slice(-10) });
	}
	return { seed, games, outcomes, byTitle, actions, refusedByCode, failures, stalled };
}
