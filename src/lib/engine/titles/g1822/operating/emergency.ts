/**
 * Emergency train buying (rules digest 9.1) [step/train.rb buy_train_action;
 * g_1822/step/buy_train.rb try_take_player_loan; step/emergency_money.rb]: a corporation that
 * must buy a train but cannot pay takes what its director can add; the director must first sell
 * what may be sold, and only then does the bank lend the shortfall (debt = loan + 50% rounded up).
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { SellSharesAction } from '../../../core/actions';
import { percentHeld, playerHolder } from '../../../core/shares';
import { trainTypeOf } from '../../../core/trains';
import type { ResolvedConfig } from '../config';
import { findPlayer } from '../entities';
import { presidentId } from '../shares-ops';
import type { CorporationState, GameState, OperatingRound, StockRound } from '../state';
import { applySellShares, validateSellShares, type SellPlan } from '../stock/sell';
import { sellOptions, type SellOption } from '../stock/queries';
import { depotTrains, mustBuyTrain } from './trains';
import { operatingOrder } from './order';
import { LOAN_INTEREST_PERCENT } from '../data/constants';

/** The cheapest price the depot offers (over variants) [depot.rb min_depot_price]. */
export function cheapestDepotPrice(state: GameState, config: ResolvedConfig): number {
	let min = Infinity;
	for (const id of depotTrains(state)) {
		const def = config.trains.find((t) => t.name === trainTypeOf(id));
		if (!def) continue;
		min = Math.min(min, def.price, ...def.variants.map((v) => v.price));
	}
	return min;
}

/** Whether the director of `corp` is in an emergency: a train is due and the money is short. */
export function inEmergency(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	if (!mustBuyTrain(state, corp)) return false;
	const pres = findPlayer(state, presidentId(corp) ?? -1);
	return !!pres && corp.cash + pres.cash < cheapestDepotPrice(state, config);
}

/** A scratch stock round, so the stock-round sale checks can be reused. */
function scratchRound(): StockRound {
	return { kind: 'stock', current: 0, passed: [], bids: {}, tokensUsed: {}, turn: { bids: 0, acted: false }, sold: {}, taxHavenUsed: false };
}

function keepsDirector(state: GameState, operating: CorporationState, playerId: number, plan: SellPlan): boolean {
	if (plan.corp !== operating.id) return true;
	const left = percentHeld(operating.shares, playerHolder(playerId)) - plan.percent;
	const others = state.players.filter((p) => p.id !== playerId).map((p) => percentHeld(operating.shares, playerHolder(p.id)));
	return left >= Math.max(0, ...others) && !operating.shares.some((c) => c.president && plan.indexes.includes(c.index));
}

/** An emergency sale by the director (rules digest 9.1 level 3). */
export function validateEmergencySale(
	state: GameState,
	config: ResolvedConfig,
	operating: CorporationState,
	action: SellSharesAction,
	asReferenceCounts = false
): Result<SellPlan> {
	const playerId = presidentId(operating);
	if (action.entity !== playerId) return refuse('not_your_turn', `Only ${operating.id}'s director may sell now.`);
	if (!inEmergency(state, config, operating)) return refuse('no_emergency', 'Shares may be sold only to raise money for a train that is due.');
	const r = validateSellShares(state, config, scratchRound(), playerId, action, asReferenceCounts);
	if (!r.ok) return r;
	if (r.value.corp === operating.id && operating.operated < 2)
		return refuse('not_operated', `${operating.id} is in its first turn; its shares cannot be sold.`);
	if (!keepsDirector(state, operating, playerId, r.value))
		return refuse('director_change', `The sale would change the director of ${operating.id}.`);
	if (!saleNeeded(state, config, operating, playerId, r.value))
		return refuse('more_than_needed', 'Sell only what is needed: one share fewer would raise enough.');
	return ok(r.value);
}

/**
 * A bundle may be sold only if the bundle without its cheapest certificate would not cover what
 * is missing for the cheapest train (rules digest 9.1) [step/emergency_money.rb
 * selling_minimum_shares?; EBUY_SELL_MORE_THAN_NEEDED false].
 */
function saleNeeded(state: GameState, config: ResolvedConfig, operating: CorporationState, playerId: number, plan: SellPlan): boolean {
	const missing = cheapestDepotPrice(state, config) - operating.cash - (findPlayer(state, playerId)?.cash ?? 0);
	const corp = state.corporations[plan.corp];
	let smallest = Infinity;
	for (const c of corp.shares) if (plan.indexes.includes(c.index)) smallest = Math.min(smallest, c.percent);
	const perTen = plan.price / (plan.percent / 10);
	return plan.price - (perTen * smallest) / 10 < missing;
}

export function applyEmergencySale(state: GameState, config: ResolvedConfig, round: OperatingRound, plan: SellPlan, playerId: number): void {
	applySellShares(state, config, scratchRound(), playerId, plan);
	// An emergency sale re-sorts the corporations still to operate (rules digest 5.1).
	const done = round.order.slice(0, round.current + 1);
	const rest = new Set(round.order.slice(round.current + 1));
	round.order = [...done, ...operatingOrder(state, config).filter((id) => rest.has(id))];
}

/**
 * The sales a director in an emergency may make: of the bundles the reference forms for each
 * major (ordinary certificates first, then the director's, whole or in part), those the emergency
 * accepts [game/base.rb sellable_bundles, bundles_for_corporation; step/emergency_money.rb
 * can_sell?]. The offer and the "must sell first" check both read this list.
 */
export function emergencySales(state: GameState, config: ResolvedConfig, operating: CorporationState): SellOption[] {
	const playerId = presidentId(operating);
	if (playerId === null) return [];
	return sellOptions(state, config, playerId, (a) => validateEmergencySale(state, config, operating, a).ok);
}

/**
 * A sale the reference would still ask of the director before it lends, though it cannot make it:
 * a director's certificate that would pass to the Tax Haven, alone or tied with the next
 * director, counts in its liquidity [game/base.rb liquidity, value_for_sellable; g_1822/step/buy_train.rb
 * sellable_shares?], and the sale itself fails there [share_pool.rb transfer_shares, distance].
 * Here that sale is refused (stock/sell.ts) and the bank lends; 18xx.games cannot follow.
 */
export function saleOnlyTheReferenceAsks(state: GameState, config: ResolvedConfig, operating: CorporationState): SellOption | null {
	const playerId = presidentId(operating);
	if (playerId === null) return null;
	const onlyThere = (a: SellSharesAction) => validateEmergencySale(state, config, operating, a, true).ok && !validateEmergencySale(state, config, operating, a).ok;
	return sellOptions(state, config, playerId, onlyThere)[0] ?? null;
}

/** Could the director still sell something in this emergency? */
export function directorCanSell(state: GameState, config: ResolvedConfig, operating: CorporationState): boolean {
	if (config.emergencyBundles) return emergencySales(state, config, operating).length > 0;
	const playerId = presidentId(operating);
	if (playerId === null) return false;
	const holder = playerHolder(playerId);
	for (const corp of Object.values(state.corporations)) {
		if (corp.type !== 'major') continue;
		// A director's certificate that another player can take counts too: it must be sold
		// before a loan [g_1822/step/buy_train.rb sellable_shares?; EBUY_PRES_SWAP] (rules digest 9.1).
		const mine = corp.shares.filter((c) => c.owner === holder);
		for (const c of mine) {
			const r = validateEmergencySale(state, config, operating, { type: 'sell_shares', entity: playerId, shares: [`${corp.id}_${c.index}`] });
			if (r.ok) return true;
			// Part of a director's certificate is a bundle too (rules version 2) [game/base.rb
			// bundles_for_corporation, partial_bundles_for_presidents_share].
			if (!c.president || !config.blockingSteps) continue;
			for (let pct = c.percent - 10; pct > 0; pct -= 10) {
				const part = validateEmergencySale(state, config, operating, { type: 'sell_shares', entity: playerId, shares: [`${corp.id}_${c.index}`], percent: pct });
				if (part.ok) return true;
			}
		}
	}
	return false;
}

/** Money the director adds, and the loan the bank makes when the director's cash runs out. */
export function emergencyFunding(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	price: number
): Result<{ fromPresident: number; loan: number }> {
	const pres = findPlayer(state, presidentId(corp) ?? -1);
	if (!pres) return refuse('no_director', `${corp.id} has no director to help.`);
	const remaining = price - corp.cash;
	if (remaining <= pres.cash) return ok({ fromPresident: remaining, loan: 0 });
	if (directorCanSell(state, config, corp))
		return refuse('must_sell_first', `${corp.id}'s director must sell shares before the bank lends.`);
	return ok({ fromPresident: remaining, loan: remaining - pres.cash });
}

export function applyEmergencyFunding(state: GameState, corp: CorporationState, funding: { fromPresident: number; loan: number }): void {
	const pres = findPlayer(state, presidentId(corp) ?? -1);
	if (!pres) return;
	if (funding.loan > 0) {
		state.bank.cash -= funding.loan;
		pres.cash += funding.loan;
		pres.debt += funding.loan + Math.ceil((funding.loan * LOAN_INTEREST_PERCENT) / 100);
	}
	pres.cash -= funding.fromPresident;
	corp.cash += funding.fromPresident;
}
