/**
 * Selling shares in a stock round (rules digest 3.5): only majors that have operated, at most
 * 50% in the market, the director's certificate only when someone else can take it; one row
 * down per 10% sold. Emergency sales in an operating round use the same moves.
 *
 * Which certificate ids end where follows the reference, because later actions (and a game
 * exported to 18xx.games) name them [share_pool.rb transfer_shares, change_president,
 * handle_partial]:
 * 1. the named certificates go to the market in the order named;
 * 2. when the director's certificate was among them, the new director hands their first
 *    ordinary certificates of the same percent to the seller if the seller still holds at least
 *    that much, else to the market, and takes the director's certificate;
 * 3. a sale of part of the director's certificate (the action's `percent` below the named
 *    certificates' sum) then gives the market's first certificates back to the seller;
 * 4. a sale without the director's certificate that leaves someone above the director moves
 *    the presidency as after a purchase (checkPresidency).
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { SellSharesAction } from '../../../core/actions';
import { certsByIndex, firstCertsHeld, percentHeld, playerHolder, transferCerts, type ShareCert } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { findPlayer, sharePrice } from '../entities';
import { moveCorporation } from '../market-ops';
import { checkPresidency, handOverPresidency } from '../shares-ops';
import type { GameState, StockRound } from '../state';
import { findCert } from './buy';

export interface SellPlan {
	corp: string;
	/** The certificates named, in the action's order (the order they reach the market). */
	indexes: number[];
	/** Percent sold: the certificates' sum, or less for a partial sale of the director's certificate. */
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
	action: SellSharesAction,
	/** Count a sale the Tax Haven's tie makes the reference fail on as one it could make (emergency.ts). */
	asReferenceCounts = false
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
	const named = percent;
	const presPct = corp.shares.find((c) => c.president)?.percent ?? 0;
	if (typeof action.percent === 'number' && action.percent !== named) {
		// Only the director's certificate can be sold in part, counted as ordinary shares
		// [game/base.rb partial_bundles_for_presidents_share].
		const short = named - action.percent;
		if (!president || short <= 0 || short % 10 !== 0 || short >= presPct)
			return refuse('bad_percent', `Those certificates make ${named}%, not ${action.percent}%.`);
		percent = action.percent;
	}
	if (percentHeld(corp.shares, 'pool') + percent > MARKET_SHARE_LIMIT)
		return refuse('market_limit', `The market may hold at most ${MARKET_SHARE_LIMIT}% of ${corp.id}.`);
	// Keeping the director's share of certificates after selling the director's certificate
	// would bring the new director's certificates to the seller (rule 2 above): paid for 30%, the
	// seller would lose 10%. The site's own buttons never offer such a bundle (the director's
	// certificate comes only with all the others [game/base.rb all_bundles_for_corporation]), so
	// live play refuses it; an imported log keeps the reference's moves.
	if (president && config.mode === 'live' && percentHeld(corp.shares, holder) - named >= presPct)
		return refuse('president_dump', `Sell the director's certificate of ${corp.id} together with your other ${corp.id} shares.`);
	if (president) {
		const remaining = percentHeld(corp.shares, holder) - percent;
		const taker = newPresidentOnDump(state, corp.shares, playerId, presPct);
		// The reference counts the Tax Haven among those who may take the certificate
		// [share_bundle.rb can_dump?; corporation.rb player_share_holders] (a player there
		// [g_1822/game.rb setup]), though it then fails to seat it (taxHavenTiesForDirector).
		const taxHaven = asReferenceCounts ? percentHeld(corp.shares, 'taxhaven') : 0;
		const takerPercent = Math.max(taker === null ? 0 : percentHeld(corp.shares, playerHolder(taker)), taxHaven >= presPct ? taxHaven : 0);
		if (takerPercent === 0 || takerPercent <= remaining)
			return refuse('president_dump', `No other player can take the director's certificate of ${corp.id}.`);
		if (config.blockingSteps && !asReferenceCounts && taker !== null && taxHavenTiesForDirector(corp.shares, percentHeld(corp.shares, playerHolder(taker))))
			return refuse('president_to_tax_haven', `The Tax Haven holds as many ${corp.id} shares as the next director; 18xx.games cannot pass the directorship on.`);
	}
	const each = sharePrice(config, corp) ?? 0;
	const price = typeof action.share_price === 'number' ? action.share_price * (percent / 10) : each * (percent / 10);
	return ok({ corp: corp.id, indexes, percent, price });
}

/**
 * The reference counts the Tax Haven among those who may take a directorship
 * [share_pool.rb presidency_check_shares; corporation.rb player_share_holders] but cannot seat
 * it: choosing among the largest holders asks for its distance from the seller, and it has no
 * seat, so the sale fails there [share_pool.rb transfer_shares, distance]. Such a sale (rules
 * version 2) is refused: the Tax Haven holds at least the director's percent and as much as the
 * player who would take over.
 */
function taxHavenTiesForDirector(shares: GameState['corporations'][string]['shares'], takerPercent: number): boolean {
	const presPct = shares.find((c) => c.president)?.percent ?? 0;
	const taxHaven = percentHeld(shares, 'taxhaven');
	return taxHaven >= presPct && taxHaven >= takerPercent;
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
	const seller = playerHolder(playerId);
	const bundle = certsByIndex(corp.shares, plan.indexes);
	const pres = bundle.find((c) => c.president);
	// Moving the seller's certificates leaves the others' holdings as they are, so the taker can be found first.
	const taker = pres ? newPresidentOnDump(state, corp.shares, playerId, pres.percent) : null;
	transferCerts(corp.shares, bundle, 'pool');
	if (pres && taker !== null) {
		const swapTo = percentHeld(corp.shares, seller) >= pres.percent ? seller : 'pool';
		handOverPresidency(corp, pres, playerHolder(taker), swapTo);
		const back = (certSum(bundle) - plan.percent) / 10;
		if (back > 0) transferCerts(corp.shares, firstCertsHeld(corp.shares, 'pool', back), seller);
	}
	player.cash += plan.price;
	state.bank.cash -= plan.price;
	if (state.bank.cash < 0) state.bank.broken = true;
	for (let i = 0; i < plan.percent / 10; i++) moveCorporation(state, config, corp, 'down');
	const sold = (round.sold[String(playerId)] ??= []);
	if (!sold.includes(corp.id)) sold.push(corp.id);
	if (!pres) checkPresidency(state, corp);
}

function certSum(certs: readonly ShareCert[]): number {
	let p = 0;
	for (const c of certs) p += c.percent;
	return p;
}
