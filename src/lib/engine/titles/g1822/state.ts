/**
 * The 1822 game state: plain JSON data (no classes, maps or functions), so it can be hashed,
 * cloned and checkpointed. Static facts live in the data modules and are referenced by id.
 */
import type { Action } from '../../core/actions';
import type { BankState, PlayerState } from '../../core/players';
import type { ShareCert } from '../../core/shares';
import type { DepotState } from '../../core/trains';
import type { MarketPosition } from '../../core/market';
import type { GameSetup } from './config';
import type { BoardState } from '../../core/board-state';
import type { ProgramsState } from './stock/program-types';

/** Who holds a company card. */
export type CompanyOwner = 'bank' | `player:${number}` | `corporation:${string}`;

export interface CompanyState {
	owner: CompanyOwner | null;
	closed: boolean;
}

export interface OwnedTrain {
	readonly id: string;
	/** Current name: an L upgraded to a 2 keeps its id and becomes "2". */
	name: string;
}

export interface CorporationState {
	readonly id: string;
	readonly type: 'minor' | 'major';
	cash: number;
	/**
	 * Set once the corporation was found to have a route at its route step (rules version 2). The
	 * reference keeps that answer for the rest of the game, until a merger moves a token to it
	 * [graph.rb clear keeps `route_train_purchase` routes; step/token_merger.rb clear_graph_for].
	 */
	hadRoute?: true;
	/** A major is IPO'd once parred or converted; a minor once floated. */
	ipoed: boolean;
	floated: boolean;
	closed: boolean;
	price: MarketPosition | null;
	parPrice: number | null;
	shares: ShareCert[];
	trains: OwnedTrain[];
	companies: string[];
	/** Operating-history entries (turns taken). */
	operated: number;
	capitalization: 'incremental' | 'full';
	floatPercent: number;
	/** Still tied to its concession (cleared by the first 5). */
	needsConcession: boolean;
	exchangeTokens: number;
	/**
	 * The station tokens on the charter, in charter order: the printed ones, the destination
	 * token, then tokens added from the exchange area. `at` is the city ("<hex>-<city>") a token
	 * stands in, or null while it is on the charter.
	 */
	charter: CharterToken[];
}

export interface CharterToken {
	readonly price: number;
	readonly kind: 'normal' | 'destination';
	at: string | null;
}

export interface Bid {
	readonly player: number;
	readonly price: number;
}

export interface StockTurn {
	bids: number;
	/** Any action this turn (bid, sale, repayment, buy, par, tax-haven purchase). */
	acted: boolean;
}

export interface StockRound {
	readonly kind: 'stock';
	/** Index of the player whose turn it is, in `players` order. */
	current: number;
	/** Players marked passed. */
	passed: number[];
	/** Bids on boxed companies, oldest first; a raise replaces the bidder's older bid. */
	bids: Record<string, Bid[]>;
	/** Companies each player has bid on this round (bidding tokens in use). */
	tokensUsed: Record<string, string[]>;
	turn: StockTurn;
	/** Majors each player has sold this round (they may not buy them back). */
	sold: Record<string, string[]>;
	taxHavenUsed: boolean;
}

export interface ChoicesRound {
	readonly kind: 'choices';
	/** Players who may choose (the P9 holder), in order; `current` indexes it. */
	entities: number[];
	current: number;
}

/** Steps of a corporation's operating turn, in order (rules digest 5.2). */
export const OR_STEPS = ['home_token', 'housekeeping', 'acquire', 'track', 'destination', 'token', 'route', 'dividend', 'buy_train', 'minor_acquisition', 'issue', 'done'] as const;
export type OrStep = (typeof OR_STEPS)[number];

export interface OperatingTurn {
	/** The step reached; every step before it is finished. */
	step: OrStep;
	lays: { hex: string; upgrade: boolean }[];
	/** Lays made with P12's extra-lay ability this turn; using it after one normal lay forfeits the other. */
	extraLays: { hex: string; upgrade: boolean }[];
	normalLaysForfeited: boolean;
	/** Index (in the corporation's train list) of the train the Pullman rides on this turn. */
	pullman: number | null;
	/** Revenue of the routes run this turn (null before running). */
	revenue: number | null;
	/** Mail-contract subsidy of the routes run (paid to the treasury whatever the dividend). */
	subsidy: number;
	/**
	 * Revenue of a permanent extra train (2P, LP) that may get its own dividend choice (an optional
	 * "choose" before the dividend), and that choice.
	 */
	extraRevenue: number | null;
	extraKind: string | null;
	/** A minor acquisition under way: the minor, then the payment chosen. */
	merge: { minor: string; payment: string | null } | null;
	tokenPlaced: boolean;
	/**
	 * The private whose lays go together and that acts until it lays again or passes (P12, P21);
	 * absent otherwise (rules version 2; special-lays.ts layingCompany).
	 */
	together?: string;
}

export interface OperatingRound {
	readonly kind: 'operating';
	/** 1-based number of this OR within the set. */
	num: number;
	/** ORs in this set, fixed when the set starts. */
	total: number;
	order: string[];
	current: number;
	turn: OperatingTurn;
}

export type RoundState = StockRound | ChoicesRound | OperatingRound;

export interface GameEnd {
	finished: boolean;
	reason: string | null;
	/** The first end trigger seen ("bank", "stock_market"); later ones never change it. */
	trigger: string | null;
	/** When the triggered end happens: after the current OR, after the current OR set, or after the next OR. */
	timing: 'current_or' | 'full_or' | 'next_or' | null;
}

export interface GameState {
	readonly setup: GameSetup;
	/** Players in the current order (priority changes it). */
	players: PlayerState[];
	bank: BankState;
	/** Companies still in the game, by id; a minor's card is deleted when the minor floats. */
	companies: Record<string, CompanyState>;
	/** The engine's company list: minor stack, then concessions, then privates. */
	companyOrder: string[];
	corporations: Record<string, CorporationState>;
	depot: DepotState;
	/** Index into the title's phase list. */
	phase: number;
	turn: number;
	round: RoundState;
	/** First four minors of the stack, recorded at the start and end of each stock round. */
	minorBoxCache: string[];
	/** Whether any bid was ever placed (a first stock round without bids ends the game). */
	bidPlaced: boolean;
	/** Player who chose P9's double cash for the coming re-order. */
	doubleCash: number | null;
	/** The Tax Haven's own purse (its shares are certificates owned by "taxhaven"). */
	taxHaven: { cash: number };
	/** Charter purses of the phase-revenue privates (P15, P20). */
	privatePurses: Record<string, number>;
	/** Arrival counter for market cells. */
	marketSeq: number;
	/** Tiles and station tokens on the map. */
	board: BoardState;
	/** Uses made of limited private abilities (P10's two estuary lays). */
	abilityUses: Record<string, number>;
	/** Choices made for privates with a one-time choice: P8 "token" or "discount" ("pending" until made). */
	privateChoices: Record<string, string>;
	end: GameEnd;
	/** Players' programmed actions (stock/program-types.ts); absent until a player sets one. */
	programs?: ProgramsState;
	/**
	 * Why 18xx.games cannot follow the game from some action on, in a sentence (rules version 6;
	 * operating/trains.ts); absent while it can.
	 */
	siteCannotFollow?: string;
	/** The automatic actions the last action brought with it (rules version 2, live play; auto-actions.ts). */
	auto?: Action[];
}
