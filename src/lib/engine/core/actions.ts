/**
 * Actions in the 18xx.games action JSON format, so an exported log replays unchanged and a game
 * played here can be loaded there. Field names follow the site exactly (snake_case).
 * Ids: players by number, minors by number as a string ("5"), majors by abbreviation,
 * companies "P1"/"C1"/"M5", trains "<name>-<index>", shares "<corporation>_<index>",
 * share prices "price,row,column".
 */

export const ACTION_TYPES = [
	'bid',
	'pass',
	'par',
	'buy_shares',
	'sell_shares',
	'buy_train',
	'lay_tile',
	'place_token',
	'hex_token',
	'run_routes',
	'dividend',
	'acquire_company',
	'merge',
	'choose',
	'choose_ability',
	'discard_train',
	'payoff_player_debt',
	'payoff_player_debt_partial',
	'undo',
	'redo',
	'message',
	'log',
	'end_game',
	'program_share_pass',
	'program_buy_shares',
	'program_disable',
	'program_auction_bid',
	'program_close_pass',
	'program_harzbahn_draft_pass',
	'program_independent_mines',
	'program_merger_pass',
	'program_buy_price'
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export type EntityType = 'player' | 'corporation' | 'company' | 'minor';

/** Fields every logged action carries. `entity` is a player number or a corporation/company id. */
export interface ActionBase {
	readonly type: ActionType;
	readonly entity: number | string;
	readonly entity_type?: EntityType;
	readonly id?: number;
	readonly created_at?: number;
	readonly user?: number;
	/** Actions the site ran automatically right after this one (programmed passes, …). */
	readonly auto_actions?: readonly Action[];
}

export interface BidAction extends ActionBase {
	readonly type: 'bid';
	readonly company: string;
	readonly price: number;
}
export interface PassAction extends ActionBase {
	readonly type: 'pass';
}
export interface ParAction extends ActionBase {
	readonly type: 'par';
	readonly corporation: string;
	/** "price,row,column" */
	readonly share_price: string;
}
export interface BuySharesAction extends ActionBase {
	readonly type: 'buy_shares';
	readonly shares: readonly string[];
	readonly percent?: number;
	readonly share_price?: number;
}
export interface SellSharesAction extends ActionBase {
	readonly type: 'sell_shares';
	readonly shares: readonly string[];
	readonly percent?: number;
	readonly share_price?: number;
}
export interface BuyTrainAction extends ActionBase {
	readonly type: 'buy_train';
	readonly train: string;
	readonly price: number;
	readonly variant?: string;
	readonly exchange?: string | null;
	readonly shell?: string;
	readonly slots?: readonly number[];
}
export interface LayTileAction extends ActionBase {
	readonly type: 'lay_tile';
	readonly hex: string;
	readonly tile: string;
	readonly rotation: number;
}
export interface PlaceTokenAction extends ActionBase {
	readonly type: 'place_token';
	readonly city: string;
	readonly slot: number;
	readonly tokener?: string;
}
export interface HexTokenAction extends ActionBase {
	readonly type: 'hex_token';
	readonly hex: string;
	readonly token_type?: string;
	readonly cost?: number;
}
export interface RouteJson {
	readonly train: string;
	readonly connections: readonly (readonly unknown[])[];
	readonly hexes: readonly string[];
	readonly revenue: number;
	readonly revenue_str?: string;
	readonly nodes?: readonly string[];
	readonly subsidy?: number;
}
export interface RunRoutesAction extends ActionBase {
	readonly type: 'run_routes';
	readonly routes: readonly RouteJson[];
	readonly extra_revenue?: number;
	readonly subsidy?: number;
}
export interface DividendAction extends ActionBase {
	readonly type: 'dividend';
	readonly kind: string;
}
export interface AcquireCompanyAction extends ActionBase {
	readonly type: 'acquire_company';
	readonly company: string;
}
export interface MergeAction extends ActionBase {
	readonly type: 'merge';
	readonly corporation: string;
}
export interface ChooseAction extends ActionBase {
	readonly type: 'choose';
	readonly choice: string | number;
}
export interface ChooseAbilityAction extends ActionBase {
	readonly type: 'choose_ability';
	readonly choice: string | Record<string, unknown>;
}
export interface DiscardTrainAction extends ActionBase {
	readonly type: 'discard_train';
	readonly train: string;
}
export interface PayoffPlayerDebtAction extends ActionBase {
	readonly type: 'payoff_player_debt';
}
export interface PayoffPlayerDebtPartialAction extends ActionBase {
	readonly type: 'payoff_player_debt_partial';
	readonly amount: number;
}
export interface UndoAction extends ActionBase {
	readonly type: 'undo';
	readonly action_id?: number;
}
export interface RedoAction extends ActionBase {
	readonly type: 'redo';
}
export interface MessageAction extends ActionBase {
	readonly type: 'message' | 'log';
	readonly message?: string;
}
export interface EndGameAction extends ActionBase {
	readonly type: 'end_game';
}
/** The site's automation settings (auto-pass and the like). They change no game state. */
export interface ProgramAction extends ActionBase {
	readonly type:
		| 'program_share_pass'
		| 'program_buy_shares'
		| 'program_disable'
		| 'program_auction_bid'
		| 'program_close_pass'
		| 'program_harzbahn_draft_pass'
		| 'program_independent_mines'
		| 'program_merger_pass'
		| 'program_buy_price';
	readonly [key: string]: unknown;
}

export type Action =
	| BidAction
	| PassAction
	| ParAction
	| BuySharesAction
	| SellSharesAction
	| BuyTrainAction
	| LayTileAction
	| PlaceTokenAction
	| HexTokenAction
	| RunRoutesAction
	| DividendAction
	| AcquireCompanyAction
	| MergeAction
	| ChooseAction
	| ChooseAbilityAction
	| DiscardTrainAction
	| PayoffPlayerDebtAction
	| PayoffPlayerDebtPartialAction
	| UndoAction
	| RedoAction
	| MessageAction
	| EndGameAction
	| ProgramAction;

export function isActionType(t: unknown): t is ActionType {
	return typeof t === 'string' && (ACTION_TYPES as readonly string[]).includes(t);
}

export function isProgramAction(a: Action): a is ProgramAction {
	return a.type.startsWith('program_');
}

/** Chat and log lines: kept in the log, never executed, never undone. */
export function isMessageAction(a: { type: string }): boolean {
	return a.type === 'message' || a.type === 'log';
}
