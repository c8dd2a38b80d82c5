/**
 * Issuing and redeeming shares (rules digest 5.8) [g_1822/game.rb issuable_shares,
 * redeemable_shares; g_1822/step/issue_shares.rb]. One action per turn; it ends the step.
 * Issue: treasury shares to the market (never above 50%), paid by the bank at the price reached
 * by dropping once per share — the recorded `share_price` on import — then the price drops.
 * Redeem: market shares back to the treasury at the current price, no movement.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { BuySharesAction, SellSharesAction } from '../../../core/actions';
import { cellAt, moveOnce } from '../../../core/market';
import { certsByIndex, percentHeld, transferCerts } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { sharePrice } from '../entities';
import { moveCorporation } from '../market-ops';
import { checkPresidency } from '../shares-ops';
import { findCert } from '../stock/buy';
import { MARKET_SHARE_LIMIT } from '../stock/sell';
import type { CorporationState, GameState } from '../state';

export interface IssuePlan {
	indexes: number[];
	proceeds: number;
}

/** Price per share after dropping once per share issued. */
export function issuePrice(config: ResolvedConfig, corp: CorporationState, count: number): number {
	if (!corp.price) return 0;
	let at = { row: corp.price.row, column: corp.price.column };
	for (let i = 0; i < count; i++) at = moveOnce(config.market, at, 'down');
	return cellAt(config.market, at.row, at.column)?.price ?? 0;
}

export function validateIssue(state: GameState, config: ResolvedConfig, corp: CorporationState, action: SellSharesAction): Result<IssuePlan> {
	if (corp.operated < 2) return refuse('not_operated', `${corp.id} may issue shares only after its first turn.`);
	if (!Array.isArray(action.shares)) return refuse('no_shares', 'Name the shares to issue.');
	const indexes: number[] = [];
	for (const id of action.shares) {
		const f = findCert(state, id);
		if (!f || f.corp.id !== corp.id || f.cert.owner !== 'treasury' || f.cert.president)
			return refuse('unknown_share', `${String(id)} is not in ${corp.id}'s treasury.`);
		indexes.push(f.cert.index);
	}
	if (indexes.length === 0) return refuse('no_shares', 'Name the shares to issue.');
	if (percentHeld(corp.shares, 'pool') + indexes.length * 10 > MARKET_SHARE_LIMIT)
		return refuse('market_limit', `The market may hold at most ${MARKET_SHARE_LIMIT}% of ${corp.id}.`);
	const dropped = issuePrice(config, corp, indexes.length);
	if (config.mode === 'import' && typeof action.share_price === 'number') return ok({ indexes, proceeds: action.share_price * indexes.length });
	if (!config.blockingSteps || config.mode === 'import') return ok({ indexes, proceeds: dropped * indexes.length });
	// Live play, rules version 2: the action names the price reached after the drops, as the site's
	// client sends it; without one the site pays the current price, and so does this engine, so a
	// game moves both ways unchanged [action/sell_shares.rb share_price; g_1822/game.rb
	// issuable_shares reduced_bundle_price_for_market_drop].
	if (action.share_price === undefined || action.share_price === null) return ok({ indexes, proceeds: (sharePrice(config, corp) ?? 0) * indexes.length });
	if (action.share_price !== dropped)
		return refuse('wrong_price', `${indexes.length} ${corp.id} share${indexes.length === 1 ? '' : 's'} issue at £${dropped} each, not £${String(action.share_price)}.`);
	return ok({ indexes, proceeds: dropped * indexes.length });
}

export function applyIssue(state: GameState, config: ResolvedConfig, corp: CorporationState, plan: IssuePlan): void {
	// In the order named, as the reference moves a bundle's shares [share_pool.rb transfer_shares].
	transferCerts(corp.shares, certsByIndex(corp.shares, plan.indexes), 'pool');
	state.bank.cash -= plan.proceeds;
	corp.cash += plan.proceeds;
	for (let i = 0; i < plan.indexes.length; i++) moveCorporation(state, config, corp, 'down');
	// Every transfer through the market checks the presidency (rules version 2) [share_pool.rb transfer_shares].
	if (config.blockingSteps) checkPresidency(state, corp);
}

export function validateRedeem(state: GameState, config: ResolvedConfig, corp: CorporationState, action: BuySharesAction): Result<IssuePlan> {
	if (!Array.isArray(action.shares)) return refuse('no_shares', 'Name the shares to redeem.');
	const indexes: number[] = [];
	for (const id of action.shares) {
		const f = findCert(state, id);
		if (!f || f.corp.id !== corp.id || f.cert.owner !== 'pool') return refuse('unknown_share', `${String(id)} is not in the market.`);
		indexes.push(f.cert.index);
	}
	if (indexes.length === 0) return refuse('no_shares', 'Name the shares to redeem.');
	const cost = (sharePrice(config, corp) ?? 0) * indexes.length;
	if (cost > corp.cash) return refuse('insufficient_cash', `Redeeming costs £${cost}.`);
	return ok({ indexes, proceeds: -cost });
}

export function applyRedeem(state: GameState, config: ResolvedConfig, corp: CorporationState, plan: IssuePlan): void {
	transferCerts(corp.shares, certsByIndex(corp.shares, plan.indexes), 'treasury');
	corp.cash += plan.proceeds;
	state.bank.cash -= plan.proceeds;
	if (config.blockingSteps) checkPresidency(state, corp);
}
