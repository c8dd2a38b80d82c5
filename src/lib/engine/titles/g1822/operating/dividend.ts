/**
 * Running routes and paying out (rules digest 7, 8) [g_1822/step/route.rb, dividend.rb].
 * An imported log's route revenue is taken as recorded, as the reference does on load; live
 * play has the engine compute it and refuse a wrong claim (live-routes.ts).
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { RunRoutesAction } from '../../../core/actions';
import { holderPlayerId, type ShareCert, type ShareHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { findPlayer, sharePrice } from '../entities';
import { moveCorporation } from '../market-ops';
import { presidentId } from '../shares-ops';
import { mailSubsidy } from './mail';
import { validateLiveRun } from './live-routes';
import type { CorporationState, GameState } from '../state';

export const DIVIDEND_KINDS = ['payout', 'half', 'withhold'] as const;
export type DividendKind = (typeof DIVIDEND_KINDS)[number];

export function validateRunRoutes(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: RunRoutesAction
): Result<{ revenue: number; subsidy: number; extraRevenue: number | null }> {
	if (!Array.isArray(action.routes)) return refuse('malformed_route', 'A run lists its routes.');
	// The route step takes no pass, so a company that has no route to run makes an empty run
	// [step/route.rb ACTIONS, process_run_routes].
	if (action.routes.length === 0) return ok({ revenue: 0, subsidy: 0, extraRevenue: null });
	// Live play: the engine computes the revenue and refuses a wrong claim (live-routes.ts).
	if (config.mode === 'live') return validateLiveRun(state, config, corp, state.round.kind === 'operating' ? state.round.turn.pullman : null, action);
	if (!Array.isArray(action.routes) || action.routes.length === 0) return refuse('no_routes', 'Run at least one route.');
	let total = 0;
	const used = new Set<string>();
	for (const r of action.routes) {
		if (!r || typeof r.revenue !== 'number' || !Number.isInteger(r.revenue) || r.revenue < 0)
			return refuse('malformed_route', 'Every route needs a whole-number revenue.');
		if (!corp.trains.some((t) => t.id === r.train)) return refuse('unknown_train', `${corp.id} does not own ${String(r.train)}.`);
		if (used.has(r.train)) return refuse('train_used_twice', `${r.train} runs twice.`);
		used.add(r.train);
		total += r.revenue;
	}
	// Recorded figures are money: whole, non-negative pounds or absent.
	for (const field of ['extra_revenue', 'subsidy'] as const) {
		const v = action[field];
		if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 0))
			return refuse('malformed_route', `"${field}" must be a whole, non-negative number of pounds.`);
	}
	if (typeof action.extra_revenue === 'number') total += action.extra_revenue;
	// The mail-contract subsidy (P6, P7) is recorded with the routes; majors only.
	const recorded = typeof action.subsidy === 'number' ? action.subsidy : null;
	const subsidy = corp.type !== 'major' ? 0 : (recorded ?? mailSubsidy(state, config, corp, action.routes));
	// A major running a permanent extra train beside others chooses that train's dividend apart
	// (rules digest 8.3) when its revenue is not the whole.
	let extraRevenue: number | null = null;
	if (corp.type === 'major' && corp.trains.length > 1) {
		const extra = action.routes.find((r) => ['2P', 'LP'].includes(corp.trains.find((t) => t.id === r.train)?.name ?? ''));
		if (extra && extra.revenue !== total) extraRevenue = extra.revenue;
	}
	return ok({ revenue: total, subsidy, extraRevenue });
}

/** What a minor's treasury keeps of its revenue: floor(R/2); its owner gets the rest (rules digest 8.1). */
export function minorKept(revenue: number): number {
	return Math.floor(revenue / 2);
}

/** Minors always split: the treasury keeps floor(R/2), the owner gets the rest; right 1 on any revenue. */
export function payMinor(state: GameState, config: ResolvedConfig, corp: CorporationState, revenue: number): void {
	const kept = minorKept(revenue);
	const owner = findPlayer(state, presidentId(corp) ?? -1);
	state.bank.cash -= revenue;
	corp.cash += kept;
	if (owner) owner.cash += revenue - kept;
	moveCorporation(state, config, corp, revenue > 0 ? 'right' : 'left');
	corp.operated += 1;
}

export function validateDividend(action: { kind: string }): Result<DividendKind> {
	if (!(DIVIDEND_KINDS as readonly string[]).includes(action.kind))
		return refuse('invalid_dividend', 'Choose payout, half or withhold.');
	return ok(action.kind as DividendKind);
}

/** What the treasury keeps of a revenue under a dividend choice. */
export function keptOf(revenue: number, kind: DividendKind): number {
	if (kind === 'withhold') return revenue;
	if (kind === 'half') return 10 * Math.floor(Math.floor(revenue / 2) / 10);
	return 0;
}

/**
 * What each holder of a major's shares is paid when `distributed` is paid out: per 10% share
 * distributed / 10, rounded up per holder (the Tax Haven's truncated); market shares pay nobody.
 * Holders in the order their first certificate appears.
 */
export function holderPayments(shares: readonly ShareCert[], distributed: number): { holder: ShareHolder; amount: number }[] {
	const byHolder = new Map<ShareHolder, number>();
	for (const c of shares) byHolder.set(c.owner, (byHolder.get(c.owner) ?? 0) + c.percent / 10);
	const out: { holder: ShareHolder; amount: number }[] = [];
	for (const [holder, count] of byHolder) {
		if (holder === 'pool') continue;
		const exact = (count * distributed) / 10;
		out.push({ holder, amount: holder === 'taxhaven' ? Math.trunc(exact) : Math.ceil(exact) });
	}
	return out;
}

/** What a major's treasury keeps: an extra train's own choice applies to its revenue, the main choice to the rest (8.3). */
export function majorKept(revenue: number, kind: DividendKind, extra: { revenue: number; kind: DividendKind } | null): number {
	return extra ? keptOf(extra.revenue, extra.kind) + keptOf(revenue - extra.revenue, kind) : keptOf(revenue, kind);
}

/**
 * A major's dividend: per share = distributed / 10; each holder is paid ceil(shares × per share)
 * (the Tax Haven truncated); treasury shares pay the corporation; market shares pay nobody.
 * Price: D = 0 left; D < P none; P ≤ D < 2P right; D ≥ 2P right twice.
 */
export function payMajor(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	revenue: number,
	kind: DividendKind,
	subsidy = 0,
	extra: { revenue: number; kind: DividendKind } | null = null
): void {
	// The subsidy goes to the treasury whatever the dividend, and does not move the price (7.2).
	state.bank.cash -= subsidy;
	corp.cash += subsidy;
	const kept = majorKept(revenue, kind, extra);
	const distributed = revenue - kept;
	state.bank.cash -= revenue;
	corp.cash += kept;
	if (distributed > 0) {
		let paid = 0;
		for (const { holder, amount } of holderPayments(corp.shares, distributed)) {
			paid += amount;
			if (holder === 'treasury') corp.cash += amount;
			else if (holder === 'taxhaven') state.taxHaven.cash += amount;
			else {
				const p = findPlayer(state, holderPlayerId(holder) ?? -1);
				if (p) p.cash += amount;
			}
		}
		// The bank paid the revenue; rounding up per holder may cost it a little more, and the
		// market's part stays in the bank.
		state.bank.cash -= paid - distributed;
	}
	const moves = dividendMoves(distributed, sharePrice(config, corp) ?? 0);
	if (moves < 0) moveCorporation(state, config, corp, 'left');
	for (let i = 0; i < moves; i++) moveCorporation(state, config, corp, 'right');
	corp.operated += 1;
}

/**
 * Market steps a major's dividend makes (rules digest 8.2): D = 0 one left (−1); D below the
 * price none; from the price one right; from twice the price two right.
 */
export function dividendMoves(distributed: number, price: number): number {
	if (distributed === 0) return -1;
	if (distributed >= 2 * price) return 2;
	return distributed >= price ? 1 : 0;
}
