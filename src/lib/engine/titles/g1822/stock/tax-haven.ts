/**
 * P16 Tax Haven (rules digest 10.2) [g_1822/game.rb company_made_choice_osth;
 * g_1822/step/buy_sell_par_shares.rb process_choose_ability]: in the owner's turn (no bid yet,
 * no debt) buy one 10% share of a major for the Tax Haven. No 60% or certificate check. Once per
 * stock round; by default only while the Tax Haven holds nothing (one share per game); with
 * `tax_haven_multiple` one per round, never two of one major, paid from its own purse once it
 * holds something. Ends the turn.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { ChooseAbilityAction } from '../../../core/actions';
import { percentHeld } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { TAX_HAVEN } from '../data/constants';
import { findPlayer, sharePrice } from '../entities';
import { checkFloat } from '../shares-ops';
import { availableCash } from './par';
import type { GameState, StockRound } from '../state';

export interface TaxHavenPlan {
	corp: string;
	index: number;
	price: number;
	payer: 'owner' | 'taxhaven';
}

export function taxHavenEmpty(state: GameState): boolean {
	if (state.taxHaven.cash !== 0) return false;
	return !Object.values(state.corporations).some((c) => c.shares.some((s) => s.owner === 'taxhaven'));
}

export function validateTaxHaven(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	action: ChooseAbilityAction
): Result<TaxHavenPlan> {
	if (action.entity !== TAX_HAVEN) return refuse('action_not_allowed', `${String(action.entity)} has no stock-round ability.`);
	const th = state.companies[TAX_HAVEN];
	if (!th || th.closed || th.owner !== `player:${playerId}`)
		return refuse('not_your_turn', 'Only the Tax Haven owner may use it, in their own turn.');
	const player = findPlayer(state, playerId);
	if (!player) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (round.turn.bids > 0) return refuse('buy_after_bid', 'The Tax Haven cannot buy in a turn in which you bid.');
	if (player.debt > 0) return refuse('player_in_debt', 'A player in debt may not use the Tax Haven.');
	if (round.taxHavenUsed) return refuse('tax_haven_used', 'The Tax Haven has already bought this round.');
	if (!config.rules.taxHavenMultiple && !taxHavenEmpty(state))
		return refuse('tax_haven_used', 'The Tax Haven may buy only one share in the whole game.');
	const m = typeof action.choice === 'string' ? /^(.+)_(ipo|market)$/.exec(action.choice) : null;
	if (!m) return refuse('invalid_choice', 'Choose a major and "ipo" or "market".');
	const corp = state.corporations[m[1]];
	if (!corp || corp.type !== 'major' || !corp.ipoed || corp.closed)
		return refuse('unknown_corporation', `${m[1]} has no shares for sale.`);
	if ((round.sold[String(playerId)] ?? []).includes(corp.id))
		return refuse('sold_this_round', `You sold ${corp.id} this round.`);
	if (config.rules.taxHavenMultiple && percentHeld(corp.shares, 'taxhaven') > 0)
		return refuse('tax_haven_same_major', `The Tax Haven already holds ${corp.id}.`);
	const from = m[2] === 'ipo' ? 'treasury' : 'pool';
	const cert = corp.shares.find((c) => c.owner === from && !c.president && c.percent === 10);
	if (!cert) return refuse('share_not_available', `No ${corp.id} share is available from the ${m[2]}.`);
	const price = sharePrice(config, corp) ?? 0;
	const payer = config.rules.taxHavenMultiple && !taxHavenEmpty(state) ? 'taxhaven' : 'owner';
	// Like a share bought for oneself, live play pays only from cash not committed to winning
	// bids (rules digest 3.4), or a winning bid could later go unpaid.
	const ownerCash = config.mode === 'live' ? availableCash(round, player.cash, playerId) : player.cash;
	const available = payer === 'owner' ? ownerCash : state.taxHaven.cash;
	if (available < price) return refuse('insufficient_cash', `The share costs £${price}.`);
	return ok({ corp: corp.id, index: cert.index, price, payer });
}

export function applyTaxHaven(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	plan: TaxHavenPlan
): void {
	const corp = state.corporations[plan.corp];
	const cert = corp.shares.find((c) => c.index === plan.index);
	const player = findPlayer(state, playerId);
	if (!cert || !player) return;
	if (plan.payer === 'owner') player.cash -= plan.price;
	else state.taxHaven.cash -= plan.price;
	// The tax haven pays a treasury share to the corporation whatever its capitalisation (rules
	// version 2) [g_1822/game.rb company_made_choice_osth: receiver is the corporation].
	const toTreasury = cert.owner === 'treasury' && (corp.capitalization === 'incremental' || config.blockingSteps);
	if (toTreasury) corp.cash += plan.price;
	else state.bank.cash += plan.price;
	cert.owner = 'taxhaven';
	round.taxHavenUsed = true;
	checkFloat(state, config, corp);
}
