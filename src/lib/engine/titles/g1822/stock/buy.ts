/** Buying one share of a major (rules digest 3.4) [g_1822/step/buy_sell_par_shares.rb can_buy?]. */
import { refuse, ok, type Result } from '../../../core/result';
import type { BuySharesAction } from '../../../core/actions';
import { parseShareId, percentHeld, playerHolder, transferCerts, type ShareCert } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { certCount, committedCash, findPlayer, inNoCertLimitCell, sharePrice, winningBids } from '../entities';
import { checkFloat, checkPresidency } from '../shares-ops';
import type { CorporationState, GameState, StockRound } from '../state';

export interface BuyPlan {
	corp: string;
	index: number;
	price: number;
}

/** Finds the certificate named by a share id, if it exists in this game. */
export function findCert(state: GameState, shareId: unknown): { corp: CorporationState; cert: ShareCert } | null {
	if (typeof shareId !== 'string') return null;
	const p = parseShareId(shareId);
	if (!p) return null;
	// Own properties only: a share id such as "toString_1" must not reach Object.prototype.
	const corp = Object.hasOwn(state.corporations, p.corporation) ? state.corporations[p.corporation] : undefined;
	const cert = corp?.shares.find((c) => c.index === p.index);
	return corp && cert ? { corp, cert } : null;
}

export function canBuyCheck(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	corp: CorporationState,
	cert: ShareCert,
	price: number
): Result<void> {
	const player = findPlayer(state, playerId);
	if (!player) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (corp.type !== 'major' || !corp.ipoed || corp.closed)
		return refuse('not_buyable', `Shares of ${corp.id} cannot be bought.`);
	if (cert.owner !== 'treasury' && cert.owner !== 'pool')
		return refuse('share_not_available', `That ${corp.id} share is not for sale.`);
	if (cert.president) return refuse('share_not_available', `The director's certificate of ${corp.id} is not for sale.`);
	if (round.turn.bids > 0) return refuse('buy_after_bid', 'You cannot buy a share in a turn in which you bid.');
	if (player.debt > 0) return refuse('player_in_debt', 'A player in debt may not buy shares.');
	if ((round.sold[String(playerId)] ?? []).includes(corp.id))
		return refuse('sold_this_round', `You sold ${corp.id} this round and cannot buy it back.`);
	if (player.cash - committedCash(round, playerId) < price)
		return refuse('insufficient_cash', `The share costs £${price}; you have £${player.cash - committedCash(round, playerId)} free.`);
	const max = config.corporationDefs[corp.id].maxOwnershipPercent;
	if (percentHeld(corp.shares, playerHolder(playerId)) + cert.percent > max)
		return refuse('ownership_limit', `You may hold at most ${max}% of ${corp.id}.`);
	if (!inNoCertLimitCell(config, corp) && certCount(state, config, playerId) + winningBids(round, playerId).length >= config.certLimit)
		return refuse('cert_limit', 'You are at the certificate limit.');
	return ok(undefined);
}

export function validateBuyShares(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	action: BuySharesAction
): Result<BuyPlan> {
	if (!Array.isArray(action.shares) || action.shares.length !== 1)
		return refuse('one_share_per_turn', 'Exactly one share may be bought per turn.');
	const found = findCert(state, action.shares[0]);
	if (!found) return refuse('unknown_share', `There is no share "${String(action.shares[0])}".`);
	const { corp, cert } = found;
	const price = typeof action.share_price === 'number' ? action.share_price : (sharePrice(config, corp) ?? 0) * (cert.percent / 10);
	const r = canBuyCheck(state, config, round, playerId, corp, cert, price);
	if (!r.ok) return r;
	return ok({ corp: corp.id, index: cert.index, price });
}

export function applyBuyShares(state: GameState, config: ResolvedConfig, playerId: number, plan: BuyPlan): void {
	const corp = state.corporations[plan.corp];
	const cert = corp.shares.find((c) => c.index === plan.index) as ShareCert;
	const player = findPlayer(state, playerId);
	if (!player) return;
	player.cash -= plan.price;
	// Treasury shares pay the corporation while capitalisation is incremental; all else the bank.
	if (cert.owner === 'treasury' && corp.capitalization === 'incremental') corp.cash += plan.price;
	else state.bank.cash += plan.price;
	transferCerts(corp.shares, [cert], playerHolder(playerId));
	checkPresidency(state, corp);
	checkFloat(state, config, corp);
}
