/**
 * Where money leaves a player (issue 18: "a forced buy shows who pays what before the click that
 * does it"): the split of a forced train purchase between the treasury, the director and a bank
 * loan (rules digest 9.1), what each emergency sale would raise, and what acquiring a private
 * costs (nothing: rules digest 10.1). Read from the same functions the purchase itself runs.
 */
import { playerHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { LOAN_INTEREST_PERCENT } from '../data/constants';
import { findPlayer } from '../entities';
import { presidentId } from '../shares-ops';
import type { GameState } from '../state';
import { acquirableCompanies } from '../operating/acquire';
import { cheapestDepotPrice, emergencyFunding, inEmergency, validateEmergencySale } from '../operating/emergency';
import type { EmergencyView } from '../operating/query-trains';

export interface ForcedBuyPlan {
	readonly corporation: string;
	readonly director: number;
	/** The price of the train the company must buy: the cheapest the depot offers. */
	readonly price: number;
	/** Paid from the company's treasury: all it has. */
	readonly treasury: number;
	/** Paid from the director's own cash. */
	readonly president: number;
	/** Lent by the bank to the director and paid on (0 while shares may still be sold). */
	readonly loan: number;
	/** Debt the loan adds: the loan plus 50% interest, rounded up (rules digest 9.1). */
	readonly debtAdded: number;
	/** The director must sell shares before anything is lent: the purchase is refused until then. */
	readonly mustSellFirst: boolean;
	/** What the treasury and the director's cash together still lack. */
	readonly missing: number;
}

function operatingCorporation(state: GameState) {
	if (state.round.kind !== 'operating') return null;
	return state.corporations[state.round.order[state.round.current]] ?? null;
}

/** The forced buy of the operating company, when it must buy a train it cannot afford; null otherwise. */
export function forcedBuyPlan(state: GameState, config: ResolvedConfig): ForcedBuyPlan | null {
	const corp = operatingCorporation(state);
	if (!corp || !inEmergency(state, config, corp)) return null;
	const director = presidentId(corp);
	const pres = findPlayer(state, director ?? -1);
	if (director === null || !pres) return null;
	const price = cheapestDepotPrice(state, config);
	const missing = Math.max(0, price - corp.cash - pres.cash);
	const funding = emergencyFunding(state, config, corp, price);
	const loan = funding.ok ? funding.value.loan : 0;
	return {
		corporation: corp.id,
		director,
		price,
		treasury: corp.cash,
		president: Math.min(pres.cash, price - corp.cash),
		loan,
		debtAdded: loan + Math.ceil((loan * LOAN_INTEREST_PERCENT) / 100),
		mustSellFirst: !funding.ok,
		missing
	};
}

export interface SaleProceeds {
	readonly corporation: string;
	readonly shares: readonly string[];
	readonly percent: number;
	/** What the sale raises (each share at the price it is sold at). */
	readonly proceeds: number;
}

/** What each emergency sale the engine offers would raise (rules digest 9.1 level 3). */
export function emergencySaleProceeds(state: GameState, config: ResolvedConfig, emergency: EmergencyView | null): SaleProceeds[] {
	const corp = operatingCorporation(state);
	if (!emergency || !corp) return [];
	const out: SaleProceeds[] = [];
	for (const s of emergency.sellable) {
		const action = { type: 'sell_shares', entity: emergency.director, shares: [...s.shares], percent: s.percent } as const;
		const r = validateEmergencySale(state, config, corp, action);
		if (r.ok) out.push({ corporation: s.corporation, shares: s.shares, percent: s.percent, proceeds: r.value.price });
	}
	return out;
}

export interface PrivateAcquisition {
	readonly company: string;
	/** The player who holds it now and gives it up. */
	readonly from: number;
	/** What the company pays: nothing in 1822 (rules digest 10.1). */
	readonly price: number;
}

/** The privates the operating company may take now, with who gives each up and at what price. */
export function privateAcquisitions(state: GameState, config: ResolvedConfig): PrivateAcquisition[] {
	const corp = operatingCorporation(state);
	if (!corp) return [];
	const out: PrivateAcquisition[] = [];
	for (const company of acquirableCompanies(state, config, corp)) {
		const holder = state.companies[company]?.owner;
		const from = state.players.find((p) => holder === playerHolder(p.id) || p.companies.includes(company));
		if (from) out.push({ company, from: from.id, price: 0 });
	}
	return out;
}
