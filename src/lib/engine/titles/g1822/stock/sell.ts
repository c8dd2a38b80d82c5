/**
 * Selling shares in a stock round (rules digest 3.5): only majors that have operated, at most
 * 50% in the market, the director's certificate only when someone else can take it; one row
 * down per 10% sold.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { SellSharesAction } from '../../../core/actions';
import { moveCerts, percentHeld, playerHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { findPlayer, sharePrice } from '../entities';
import { moveCorporation } from '../market-ops';
import { checkPresidency } from '../shares-ops';
import type { GameState, StockRound } from '../state';
import { findCert } from './buy';

export interface SellPlan {
	corp: string;
	indexes: number[];
	percent: number;
	price: number;
}

/** Market share cap [share_pool.rb]. */
export const MARKET_SHARE_LIMIT = 50;

export function validateSellShares(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	action: SellSharesAction
): Result<SellPlan> {
	void round;
	if (!Array.isArray(action.shares) || action.shares.length === 0)
		return refuse('no_shares', 'Name at least one share to sell.');
	const holder = playerHolder(playerId);
	let corpId: string | null = null;
	const indexes: number[] = [];
	let percent = 0;
	let president = false;
	for (const id of action.shares) {
		const found = findCert(state, id);
		if (!found) return refuse('unknown_share', `There is no share "${String(id)}".`);
		if (corpId !== null && found.corp.id !== corpId)
			return refuse('mixed_sale', 'All shares sold together must be of one corporation.');
		corpId = found.corp.id;
		if (found.cert.owner !== holder) return refuse('not_owner', `You do not hold ${String(id)}.`);
		if (indexes.includes(found.cert.index)) return refuse('unknown_share', `${String(id)} is named twice.`);
		indexes.push(found.cert.index);
		percent += found.cert.percent;
		if (found.cert.president) president = true;
	}
	const corp = state.corporations[corpId as string];
	if (corp.type !== 'major') return refuse('not_sellable', 'Minor certificates can never be sold.');
	if (corp.operated < 1) return refuse('not_operated', `${corp.id} has not operated yet; its shares cannot be sold.`);
	if (percentHeld(corp.shares, 'pool') + percent > MARKET_SHARE_LIMIT)
		return refuse('market_limit', `The market may hold at most ${MARKET_SHARE_LIMIT}% of ${corp.id}.`);
	if (president) {
		const remaining = percentHeld(corp.shares, holder) - percent;
		const presPct = corp.shares.find((c) => c.president)?.percent ?? 0;
		const taker = newPresidentOnDump(state, corp.shares, playerId, presPct);
		if (taker === null || percentHeld(corp.shares, playerHolder(taker)) <= remaining)
			return refuse('president_dump', `No other player can take the director's certificate of ${corp.id}.`);
	}
	const each = sharePrice(config, corp) ?? 0;
	const price = typeof action.share_price === 'number' ? action.share_price * (percent / 10) : each * (percent / 10);
	return ok({ corp: corp.id, indexes, percent, price });
}

/** The player who takes the director's certificate when it is sold: most shares, seat order after the seller. */
function newPresidentOnDump(state: GameState, shares: GameState['corporations'][string]['shares'], seller: number, presPct: number): number | null {
	const order = state.players.map((p) => p.id);
	const start = order.indexOf(seller);
	let best: number | null = null;
	let bestPct = presPct - 1;
	for (let k = 1; k < order.length; k++) {
		const id = order[(start + k) % order.length];
		const pct = percentHeld(shares, playerHolder(id));
		if (pct > bestPct) {
			best = id;
			bestPct = pct;
		}
	}
	return best;
}

export function applySellShares(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	plan: SellPlan
): void {
	const corp = state.corporations[plan.corp];
	const player = findPlayer(state, playerId);
	if (!player) return;
	const holder = playerHolder(playerId);
	let indexes = plan.indexes;
	const pres = corp.shares.find((c) => c.president && plan.indexes.includes(c.index));
	if (pres) {
		// The director's certificate passes to the largest other holder (validated to exist), who
		// gives back ordinary shares of the same percent; those are what actually go to the market.
		const to = newPresidentOnDump(state, corp.shares, playerId, pres.percent);
		if (to !== null) {
			const toHolder = playerHolder(to);
			const received: number[] = [];
			let need = pres.percent;
			for (const c of corp.shares)
				if (need > 0 && c.owner === toHolder && !c.president) {
					c.owner = holder;
					received.push(c.index);
					need -= c.percent;
				}
			pres.owner = toHolder;
			indexes = [...plan.indexes.filter((i) => i !== pres.index), ...received];
		}
	}
	plan = { ...plan, indexes };
	moveCerts(corp.shares, (c) => plan.indexes.includes(c.index), 'pool');
	player.cash += plan.price;
	state.bank.cash -= plan.price;
	if (state.bank.cash < 0) state.bank.broken = true;
	for (let i = 0; i < plan.percent / 10; i++) moveCorporation(state, config, corp, 'down');
	const sold = (round.sold[String(playerId)] ??= []);
	if (!sold.includes(corp.id)) sold.push(corp.id);
	checkPresidency(state, corp);
}
