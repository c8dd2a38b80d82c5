/**
 * What an action did, as events (issue 18): every state change a player should read in the log
 * (phase changes, rusting, closures, dividends, price moves, loans, emergency help, acquisitions),
 * with amounts in whole pounds and entities by id. No prose: the app words them.
 *
 * Events are not part of the state (so state hashes stay as they were). They are derived from
 * the action, a light reading of the state taken just before it (`EventBasis`) and the state
 * after it, for each action applied, automatic ones included (process.ts observes each one).
 * The reference logs these moments as it acts [g_1822/game.rb, step/*.rb `@log <<`].
 */
import type { TokenKind } from '../../core/board-state';
import type { ShareHolder } from '../../core/shares';

/** Who money or a share goes to. */
export type EventParty =
	| { readonly kind: 'player'; readonly id: number }
	| { readonly kind: 'corporation'; readonly id: string }
	| { readonly kind: 'tax_haven' };

export const EVENT_KINDS = [
	'auction_won',
	'private_income',
	'track_laid',
	'station_placed',
	'minor_floated',
	'phase_changed',
	'trains_rusted',
	'trains_removed',
	'train_discarded',
	'company_closed',
	'minor_closed',
	'private_closed',
	'concession_closed',
	'dividend',
	'price_moved',
	'loan_taken',
	'interest_charged',
	'debt_paid',
	'president_contributed',
	'emergency_sale',
	'minor_acquired',
	'company_acquired',
	'bank_broken',
	'game_end_triggered',
	'game_end'
] as const;
export type GameEventKind = (typeof EVENT_KINDS)[number];

/** Why a price moved, when it was not a dividend. */
export type PriceCause = 'shares_sold' | 'sold_out' | 'shares_issued' | 'shares_redeemed' | 'other';

export type DividendChoice = 'payout' | 'half' | 'withhold';

export type GameEvent =
	/** A boxed company sold to its highest bidder as the stock round ends (rules digest 3.8). */
	| { readonly kind: 'auction_won'; readonly player: number; readonly company: string; readonly price: number }
	/**
	 * Companies' income as an operating round starts, in the order it is paid (rules digest 2):
	 * each held company's amount to its owner; `charter` is what a phase-revenue private also
	 * banks on its own charter [g_1822/game.rb payout_companies].
	 */
	| {
			readonly kind: 'private_income';
			readonly payments: readonly { readonly company: string; readonly to: EventParty; readonly amount: number }[];
			readonly charters: readonly { readonly company: string; readonly amount: number }[];
	  }
	/**
	 * A tile laid: for `corporation` (the operating company, also when a private lays for it),
	 * its name and copy as the action names it, what it cost and who paid (null: nobody paid),
	 * and the privates whose abilities the lay used (the acting private first).
	 */
	| {
			readonly kind: 'track_laid';
			readonly corporation: string;
			readonly hex: string;
			readonly tile: string;
			readonly tileId: string;
			readonly rotation: number;
			readonly cost: number;
			readonly paidBy: EventParty | null;
			readonly privates: readonly string[];
	  }
	/** A station placed by a token action: where, its kind, what it cost, who paid, and the private that placed it (P5's Channel token). */
	| {
			readonly kind: 'station_placed';
			readonly corporation: string;
			readonly hex: string;
			/** The city's index on the hex's tile. */
			readonly city: number;
			readonly token: TokenKind;
			readonly cost: number;
			readonly paidBy: EventParty | null;
			readonly private: string | null;
	  }
	/** A minor started for its winner: its price and the treasury it starts with. */
	| { readonly kind: 'minor_floated'; readonly corporation: string; readonly player: number | null; readonly price: number | null; readonly treasury: number }
	| {
			readonly kind: 'phase_changed';
			readonly phase: string;
			readonly trainLimit: { readonly minor: number; readonly major: number };
			readonly tiles: readonly string[];
			readonly operatingRounds: number;
			/** Statuses the new phase has that the old one had not (phase data ids). */
			readonly gained: readonly string[];
			/** Train names that rusted with this change (every company's and the depot's). */
			readonly rusted: readonly string[];
	  }
	| { readonly kind: 'trains_rusted'; readonly corporation: string; readonly trains: readonly string[] }
	/** Trains that left the depot without a buyer: rusted there, or removed at a stock round's end. */
	| { readonly kind: 'trains_removed'; readonly trains: readonly string[]; readonly cause: 'rusted' | 'unbid_minor' }
	| { readonly kind: 'train_discarded'; readonly corporation: string; readonly train: string }
	| { readonly kind: 'company_closed'; readonly corporation: string }
	| { readonly kind: 'minor_closed'; readonly corporation: string }
	| { readonly kind: 'private_closed'; readonly company: string }
	| { readonly kind: 'concession_closed'; readonly company: string }
	| {
			readonly kind: 'dividend';
			readonly corporation: string;
			readonly revenue: number;
			readonly choice: DividendChoice;
			/** What the treasury kept of the revenue (before any dividend on its own shares). */
			readonly kept: number;
			/** What one 10% share earned (majors; null for a minor). */
			readonly perShare: number | null;
			/** The mail subsidy paid to the treasury with the run (majors). */
			readonly subsidy: number;
			readonly receivers: readonly { readonly to: EventParty; readonly amount: number }[];
			readonly priceBefore: number | null;
			readonly priceAfter: number | null;
	  }
	| { readonly kind: 'price_moved'; readonly corporation: string; readonly from: number | null; readonly to: number | null; readonly cause: PriceCause }
	| { readonly kind: 'loan_taken'; readonly player: number; readonly amount: number; readonly debtAdded: number; readonly corporation: string }
	| { readonly kind: 'interest_charged'; readonly player: number; readonly amount: number; readonly debt: number }
	| { readonly kind: 'debt_paid'; readonly player: number; readonly amount: number; readonly debt: number }
	| { readonly kind: 'president_contributed'; readonly player: number; readonly corporation: string; readonly amount: number; readonly train: string }
	| {
			readonly kind: 'emergency_sale';
			readonly player: number;
			readonly corporation: string;
			readonly percent: number;
			readonly proceeds: number;
			readonly priceBefore: number | null;
			readonly priceAfter: number | null;
	  }
	| {
			readonly kind: 'minor_acquired';
			readonly major: string;
			readonly minor: string;
			/** The minor's owner before (null for a bid-box minor bought from the bank). */
			readonly from: number | null;
			/** The payment chosen ("money", "one_share", "two_shares"). */
			readonly payment: string | null;
			/** Shares of the major the owner received. */
			readonly shares: number;
			/** Money the major paid the owner (negative: the owner paid the major), or the bank for a bid-box minor. */
			readonly cash: number;
			/** The minor's treasury, which joins the major's. */
			readonly treasury: number;
			/** What became of the minor's token ("replace", "exchange", "remove" and the like). */
			readonly token: string | null;
	  }
	| { readonly kind: 'company_acquired'; readonly corporation: string; readonly company: string; readonly from: number | null; readonly price: number }
	| { readonly kind: 'bank_broken' }
	| { readonly kind: 'game_end_triggered'; readonly trigger: string; readonly timing: string | null }
	| { readonly kind: 'game_end'; readonly reason: string | null };

export function partyOf(holder: ShareHolder): EventParty | null {
	if (holder === 'taxhaven') return { kind: 'tax_haven' };
	if (holder.startsWith('player:')) return { kind: 'player', id: Number(holder.slice(7)) };
	return null;
}
