/**
 * The operating round's actions, built from the options the engine offered
 * (`operatingChoices`), in the shape `process` reads. Nothing here decides legality: the
 * page offers what the engine listed and shows the engine's reason when it refuses.
 */
import { cityId, issueSharePrice, type GameState } from '../engine';
import type { RouteJson } from '../engine/core/actions';
import type { JsonObject } from '../sync/entry';

type Entity = string;

const corp = (entity: Entity) => ({ entity, entity_type: entity.startsWith('P') ? 'company' : 'corporation' });

/** A tile lay: `entity` is the corporation or the first private used, `combo` the others. */
export function layTileAction(entity: Entity, combo: readonly string[], hex: string, tile: string, rotation: number): JsonObject {
	const base = { type: 'lay_tile', ...corp(entity), hex, tile, rotation };
	return combo.length > 0 ? { ...base, combo_entities: [...combo] } : base;
}

/** A station in city `city` of `hex`, named as the engine reads it ("<tile id>-<city>"). */
export function placeTokenAction(state: GameState, entity: Entity, hex: string, city: number): JsonObject {
	return { type: 'place_token', ...corp(entity), city: cityId(state, hex, city), slot: 0 };
}

export function hexTokenAction(entity: Entity, hex: string): JsonObject {
	return { type: 'hex_token', ...corp(entity), hex };
}

export function buyTrainAction(entity: Entity, train: string, price: number, variant?: string, exchange?: string): JsonObject {
	const a: JsonObject = { type: 'buy_train', ...corp(entity), train, price };
	if (variant) a.variant = variant;
	if (exchange) a.exchange = exchange;
	return a;
}

export function runRoutesAction(entity: Entity, routes: readonly RouteJson[]): JsonObject {
	return { type: 'run_routes', ...corp(entity), routes: routes.map((r) => ({ ...r }) as unknown as JsonObject) };
}

export function dividendAction(entity: Entity, kind: string): JsonObject {
	return { type: 'dividend', ...corp(entity), kind };
}

export function passAction(entity: Entity): JsonObject {
	return { type: 'pass', ...corp(entity) };
}

export function acquireCompanyAction(entity: Entity, company: string): JsonObject {
	return { type: 'acquire_company', ...corp(entity), company };
}

export function mergeAction(entity: Entity, minor: string): JsonObject {
	return { type: 'merge', ...corp(entity), corporation: minor };
}

export function chooseAction(entity: Entity, choice: string): JsonObject {
	return { type: 'choose', ...corp(entity), choice };
}

export function chooseAbilityAction(company: string, choice: string): JsonObject {
	return { type: 'choose_ability', entity: company, entity_type: 'company', choice };
}

export function discardTrainAction(entity: Entity, train: string): JsonObject {
	return { type: 'discard_train', ...corp(entity), train };
}

/** Issue (from the treasury) or redeem (from the pool) `n` shares. */
export function shareAction(state: GameState, entity: Entity, kind: 'issue' | 'redeem', n: number): JsonObject {
	const c = state.corporations[entity];
	const owner = kind === 'issue' ? 'treasury' : 'pool';
	const shares = (c?.shares ?? []).filter((s) => s.owner === owner && !s.president).slice(0, n).map((s) => `${entity}_${s.index}`);
	if (kind === 'redeem') return { type: 'buy_shares', ...corp(entity), shares };
	// The site's client names the issue price; without it the site pays the current price.
	const price = issueSharePrice(state, entity, shares.length);
	return { type: 'sell_shares', ...corp(entity), shares, ...(price !== null ? { share_price: price } : {}) };
}
