/**
 * The fields each 1822 action of live play may carry (issue 17g). The engine ignores fields it
 * does not read, so without this list an author could add any field and grind the entry's id; the
 * log refuses an action with a field outside its type's list instead. The lists follow the
 * 18xx.games action JSON (engine/core/actions.ts) and what this app writes (state/*-actions.ts,
 * the stock round's programs): `id`, `created_at`, `user` and `auto_actions` belong to the site's
 * records, not to live play, where the log itself orders and signs.
 */
import type { JsonObject } from './entry';

const BASE = ['type', 'entity', 'entity_type'] as const;

const FIELDS: Readonly<Record<string, readonly string[]>> = {
	bid: ['company', 'price'],
	pass: [],
	par: ['corporation', 'share_price'],
	buy_shares: ['shares', 'percent', 'share_price'],
	sell_shares: ['shares', 'percent', 'share_price'],
	buy_train: ['train', 'price', 'variant', 'exchange', 'shell', 'slots'],
	lay_tile: ['hex', 'tile', 'rotation', 'combo_entities'],
	place_token: ['city', 'slot', 'tokener'],
	hex_token: ['hex', 'token_type', 'cost'],
	run_routes: ['routes', 'extra_revenue', 'subsidy'],
	dividend: ['kind'],
	acquire_company: ['company'],
	merge: ['corporation'],
	choose: ['choice'],
	choose_ability: ['choice'],
	discard_train: ['train'],
	payoff_player_debt: [],
	payoff_player_debt_partial: ['amount'],
	program_share_pass: ['unconditional', 'indefinite'],
	program_buy_shares: ['corporation', 'until_condition', 'from_market', 'auto_pass_after'],
	program_disable: ['reason', 'original_type'],
	program_auction_bid: [],
	program_close_pass: [],
	program_harzbahn_draft_pass: [],
	program_independent_mines: [],
	program_merger_pass: [],
	program_buy_price: []
};

const ROUTE_FIELDS: ReadonlySet<string> = new Set(['train', 'connections', 'hexes', 'revenue', 'revenue_str', 'nodes', 'subsidy']);

/** Null when every field belongs to the action's type; otherwise a sentence naming the first stray one. */
export function actionFieldsProblem(action: JsonObject): string | null {
	const type = action.type;
	if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return null;
	const allowed = new Set<string>([...BASE, ...FIELDS[type]]);
	for (const key of Object.keys(action)) if (!allowed.has(key)) return `a ${type} action has no field "${key}"`;
	if (type === 'run_routes' && Array.isArray(action.routes)) {
		for (const route of action.routes) {
			if (typeof route !== 'object' || route === null || Array.isArray(route)) return 'a route is not an object';
			for (const key of Object.keys(route)) if (!ROUTE_FIELDS.has(key)) return `a route has no field "${key}"`;
		}
	}
	return null;
}
