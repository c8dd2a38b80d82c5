/**
 * Bid-box auctions (rules digest 3.3). The reference engine checks the minimum, the £5 step and
 * the cash not yet committed; bidding tokens, raising only when outbid and the certificate limit
 * are checked by its UI alone, so this engine enforces them in live mode only.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { BidAction } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import { BIDS_PER_TURN, MIN_BID_INCREMENT } from '../data/constants';
import { certCount, committedCash, findPlayer, highestBid, winningBids } from '../entities';
import type { GameState, StockRound } from '../state';
import { inBidBox } from './bidboxes';

/** Minimum bid on a boxed company: face value with no bid yet, else the highest bid + £5. */
export function minimumBid(state: GameState, config: ResolvedConfig, round: StockRound, company: string): number {
	const h = highestBid(round, company);
	return h ? h.price + MIN_BID_INCREMENT : config.companyDefs[company].minBid;
}

/** Most the player may bid on the company: cash less what is committed elsewhere. */
export function maximumBid(state: GameState, round: StockRound, playerId: number, company: string): number {
	const p = findPlayer(state, playerId);
	if (!p) return 0;
	return p.cash - committedCash(round, playerId, company);
}

export function validateBid(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	action: BidAction
): Result<void> {
	const company = action.company;
	const player = findPlayer(state, playerId);
	if (!player) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (typeof company !== 'string' || !config.companyDefs[company] || !state.companies[company])
		return refuse('unknown_company', `There is no company "${String(company)}" in this game.`);
	if (!inBidBox(state, config, company))
		return refuse('not_in_bid_box', `${company} is not in a bid box.`);
	if (player.debt > 0) return refuse('player_in_debt', 'A player in debt may not bid until the loan is repaid.');
	if (round.turn.bids >= BIDS_PER_TURN)
		return refuse('too_many_bids', `At most ${BIDS_PER_TURN} bids may be made in one turn.`);
	const price = action.price;
	if (!Number.isInteger(price)) return refuse('invalid_price', 'A bid must be a whole number of pounds.');
	const min = minimumBid(state, config, round, company);
	if (price < min) return refuse('bid_below_minimum', `The minimum bid on ${company} is £${min}.`);
	if ((price - min) % MIN_BID_INCREMENT !== 0)
		return refuse('bid_increment', `A bid must be £${min} plus a multiple of £${MIN_BID_INCREMENT}.`);
	const max = maximumBid(state, round, playerId, company);
	if (price > max)
		return refuse('bid_exceeds_available_cash', `You have £${max} not already committed to winning bids.`);
	if (config.mode === 'live') {
		const h = highestBid(round, company);
		if (h && h.player === playerId)
			return refuse('already_highest_bidder', `You already hold the highest bid on ${company}; raise only when outbid.`);
		const used = round.tokensUsed[String(playerId)] ?? [];
		if (!used.includes(company) && used.length >= config.biddingTokens)
			return refuse('no_bidding_tokens', `All your ${config.biddingTokens} bidding tokens are in use.`);
		if (certCount(state, config, playerId) + winningBids(round, playerId).length >= config.certLimit)
			return refuse('bid_cert_limit', 'Your certificates and winning bids have reached the certificate limit.');
	}
	return ok(undefined);
}

export function applyBid(state: GameState, round: StockRound, playerId: number, action: BidAction): void {
	const list = (round.bids[action.company] ??= []);
	const i = list.findIndex((b) => b.player === playerId);
	if (i >= 0) list.splice(i, 1);
	list.push({ player: playerId, price: action.price });
	const used = (round.tokensUsed[String(playerId)] ??= []);
	if (!used.includes(action.company)) used.push(action.company);
	round.turn.bids += 1;
	state.bidPlaced = true;
}
