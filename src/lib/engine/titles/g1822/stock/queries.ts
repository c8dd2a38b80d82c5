/**
 * What the active player may do now in a stock round — the answers the UI renders. They reuse
 * the handlers' own checks, so a choice offered here is a choice the engine accepts.
 */
import { majorParCells } from '../../../core/market';
import { playerHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { certCount, findPlayer, sharePrice } from '../entities';
import type { GameState, StockRound } from '../state';
import { allBidBoxes } from './bidboxes';
import { maximumBid, minimumBid, validateBid } from './bid';
import { canBuyCheck } from './buy';
import { validateSellShares } from './sell';
import { validatePar } from './par';
import type { ParAction, SellSharesAction } from '../../../core/actions';

export interface BidBoxOption {
	readonly company: string;
	readonly min: number;
	readonly max: number;
}

export interface ShareOption {
	readonly corporation: string;
	readonly share: string;
	readonly from: 'treasury' | 'pool';
	readonly price: number;
}

export interface SellOption {
	readonly corporation: string;
	/** Share ids to name in a sale of that many percent. */
	readonly shares: readonly string[];
	readonly percent: number;
}

export interface ParOption {
	readonly corporation: string;
	readonly concession: string | null;
	readonly pars: readonly { readonly price: number; readonly sharePrice: string; readonly cost: number }[];
}

/** Over the certificate limit with something to sell: selling is the only action. */
export function mustSellFirst(state: GameState, config: ResolvedConfig, playerId: number): boolean {
	if (certCount(state, config, playerId) <= config.certLimit) return false;
	return sellOptions(state, config, playerId).length > 0;
}

export function biddableBoxes(state: GameState, config: ResolvedConfig, round: StockRound, playerId: number): BidBoxOption[] {
	const out: BidBoxOption[] = [];
	for (const company of allBidBoxes(state, config)) {
		const min = minimumBid(state, config, round, company);
		const r = validateBid(state, config, round, playerId, { type: 'bid', entity: playerId, company, price: min });
		if (!r.ok) continue;
		out.push({ company, min, max: min + Math.floor((maximumBid(state, round, playerId, company) - min) / 5) * 5 });
	}
	return out;
}

export function buyableShares(state: GameState, config: ResolvedConfig, round: StockRound, playerId: number): ShareOption[] {
	const out: ShareOption[] = [];
	for (const corp of Object.values(state.corporations)) {
		if (corp.type !== 'major' || !corp.ipoed) continue;
		const price = sharePrice(config, corp) ?? 0;
		for (const from of ['treasury', 'pool'] as const) {
			const cert = corp.shares.find((c) => c.owner === from && !c.president);
			if (!cert) continue;
			if (canBuyCheck(state, config, round, playerId, corp, cert, price * (cert.percent / 10)).ok)
				out.push({ corporation: corp.id, share: `${corp.id}_${cert.index}`, from, price: price * (cert.percent / 10) });
		}
	}
	return out;
}

/**
 * The bundles a player may sell, formed as the reference forms them (ordinary certificates first,
 * then the director's, whole or in part) and kept where `accepts` takes them (by default the
 * stock round's checks).
 */
export function sellOptions(
	state: GameState,
	config: ResolvedConfig,
	playerId: number,
	accepts?: (action: SellSharesAction) => boolean
): SellOption[] {
	const out: SellOption[] = [];
	const round: StockRound =
		state.round.kind === 'stock'
			? state.round
			: { kind: 'stock', current: 0, passed: [], bids: {}, tokensUsed: {}, turn: { bids: 0, acted: false }, sold: {}, taxHavenUsed: false };
	const holder = playerHolder(playerId);
	const takes = accepts ?? ((a: SellSharesAction) => validateSellShares(state, config, round, playerId, a).ok);
	for (const corp of Object.values(state.corporations)) {
		if (corp.type !== 'major') continue;
		const ordinary = corp.shares.filter((c) => c.owner === holder && !c.president);
		const pres = corp.shares.find((c) => c.owner === holder && c.president);
		const certs = pres ? [...ordinary, pres] : ordinary;
		let pct = 0;
		const ids: string[] = [];
		for (const c of certs) {
			ids.push(`${corp.id}_${c.index}`);
			pct += c.percent;
			if (takes({ type: 'sell_shares', entity: playerId, shares: [...ids] })) out.push({ corporation: corp.id, shares: [...ids], percent: pct });
		}
		// Part of the director's certificate may be sold, as ordinary shares (rules version 2)
		// [game/base.rb bundles_for_corporation, partial_bundles_for_presidents_share].
		if (pres && config.blockingSteps)
			for (let short = 10; short < pres.percent; short += 10) {
				const partial = { type: 'sell_shares', entity: playerId, shares: [...ids], percent: pct - short } as const;
				if (takes(partial)) out.push({ corporation: corp.id, shares: [...ids], percent: pct - short });
			}
	}
	return out;
}

export function parOptions(state: GameState, config: ResolvedConfig, round: StockRound, playerId: number): ParOption[] {
	const out: ParOption[] = [];
	const player = findPlayer(state, playerId);
	if (!player || player.debt > 0 || round.turn.bids > 0) return out;
	for (const corp of Object.values(state.corporations)) {
		if (corp.type !== 'major' || corp.ipoed) continue;
		const pars: { price: number; sharePrice: string; cost: number }[] = [];
		let concession: string | null = null;
		for (const cell of majorParCells(config.market)) {
			// What the engine accepts, so the offer follows every check of a par.
			const priceId = `${cell.price},${cell.row},${cell.column}`;
			const t = validatePar(state, config, round, playerId, { type: 'par', entity: playerId, corporation: corp.id, share_price: priceId } as ParAction);
			if (!t.ok) continue;
			concession = t.value.concession;
			pars.push({ price: cell.price, sharePrice: priceId, cost: t.value.playerPays });
		}
		if (pars.length > 0) out.push({ corporation: corp.id, concession, pars });
	}
	return out;
}

export interface StockChoices {
	readonly player: number;
	readonly mustSell: boolean;
	readonly bidBoxes: readonly BidBoxOption[];
	readonly buy: readonly ShareOption[];
	readonly sell: readonly SellOption[];
	readonly par: readonly ParOption[];
	readonly canRepay: boolean;
	/**
	 * The most a repayment may pay now: the smaller of the player's cash and debt (0 when none
	 * may be made). A partial repayment chooses any whole amount from £1 to this
	 * [g_1822/step/buy_sell_par_shares.rb actions; spender.rb repay_cash_loan].
	 */
	readonly repayMax: number;
}

export function stockChoices(state: GameState, config: ResolvedConfig, round: StockRound, playerId: number): StockChoices {
	const player = findPlayer(state, playerId);
	const mustSell = mustSellFirst(state, config, playerId);
	const sell = sellOptions(state, config, playerId);
	if (mustSell) return { player: playerId, mustSell, bidBoxes: [], buy: [], sell, par: [], canRepay: false, repayMax: 0 };
	return {
		player: playerId,
		mustSell,
		bidBoxes: biddableBoxes(state, config, round, playerId),
		buy: round.turn.bids > 0 ? [] : buyableShares(state, config, round, playerId),
		sell,
		par: parOptions(state, config, round, playerId),
		canRepay: !!player && player.debt > 0 && player.cash > 0,
		repayMax: player && player.debt > 0 && player.cash > 0 ? Math.min(player.cash, player.debt) : 0
	};
}

