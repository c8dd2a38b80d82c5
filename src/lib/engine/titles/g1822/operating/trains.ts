/**
 * Buying and discarding trains in an operating turn (rules digest 5.6, 6.3)
 * [g_1822/step/buy_train.rb; step/train.rb; depot.rb]. Extra trains (2P, LP, P+) never count
 * toward the limit. From phase 3 trains may also be bought from other corporations.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { BuyTrainAction, DiscardTrainAction } from '../../../core/actions';
import { phaseHas } from '../../../core/phases';
import { trainTypeOf } from '../../../core/trains';
import type { ResolvedConfig } from '../config';
import { onTrainAcquired, onTwoAcquired } from '../trains-ops';
import { applyEmergencyFunding, cheapestDepotPrice, emergencyFunding, saleOnlyTheReferenceAsks } from './emergency';
import { presidentId } from '../shares-ops';
import type { CorporationState, GameState } from '../state';
import { corporationList, findPlayer } from '../entities';

export const EXTRA_TRAINS = ['2P', 'LP', 'P+'] as const;
// The names of EXTRA_TRAINS, compared directly: asked of every train at every operating step.
const isExtra = (name: string) => name === '2P' || name === 'LP' || name === 'P+';

export function trainLimit(state: GameState, config: ResolvedConfig, corp: CorporationState): number {
	return config.phases[state.phase].trainLimit[corp.type];
}

export function countedTrains(corp: CorporationState): number {
	return corp.trains.filter((t) => !isExtra(t.name)).length;
}

export function hasRoom(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	return countedTrains(corp) < trainLimit(state, config, corp);
}

/** The depot's offer: the next train (one per name) and one of each discarded name [depot.rb depot_trains]. */
export function depotTrains(state: GameState): string[] {
	const out: string[] = [];
	const seen = new Set<string>();
	for (const id of [state.depot.upcoming[0], ...state.depot.discarded.map((d) => d.id)]) {
		if (!id) continue;
		const t = discardedName(state, id) ?? trainTypeOf(id);
		if (seen.has(t)) continue;
		seen.add(t);
		out.push(id);
	}
	return out;
}

function discardedName(state: GameState, id: string): string | null {
	return state.depot.discarded.find((d) => d.id === id)?.name ?? null;
}

/**
 * Names an emergency purchase from the depot may take: the cheapest variants of the first
 * lowest-priced depot train (the next upcoming train, then the discarded ones)
 * [step/train.rb check_for_cheapest_train; depot.rb min_depot_train].
 */
export function cheapestDepotNames(state: GameState, config: ResolvedConfig): string[] {
	let best: { price: number; names: string[] } | null = null;
	for (const id of depotTrains(state)) {
		const discarded = discardedName(state, id);
		const variants = discarded ? [{ name: discarded, price: discardedPrice(config, discarded) }] : variantPrices(config, trainTypeOf(id));
		if (variants.length === 0) continue;
		if (best && variants[0].price >= best.price) continue;
		const min = Math.min(...variants.map((v) => v.price));
		best = { price: variants[0].price, names: variants.filter((v) => v.price === min).map((v) => v.name) };
	}
	return best?.names ?? [];
}

function variantPrices(config: ResolvedConfig, type: string): { name: string; price: number }[] {
	const def = config.trains.find((t) => t.name === type);
	if (!def) return [];
	return [{ name: def.name, price: def.price }, ...def.variants.map((v) => ({ name: v.name, price: v.price }))];
}

/** A discarded train is sold as what it is now (a 2 stays a 2). */
function discardedPrice(config: ResolvedConfig, name: string): number {
	for (const t of config.trains) {
		if (t.name === name) return t.price;
		for (const v of t.variants) if (v.name === name) return v.price;
	}
	return 0;
}

/** Trains of other corporations that could be bought (at £1 upwards). */
function othersTrains(state: GameState, corp: CorporationState): { owner: string; id: string }[] {
	const out: { owner: string; id: string }[] = [];
	for (const c of Object.values(state.corporations)) {
		if (c.id === corp.id || c.closed) continue;
		for (const t of c.trains) if (!isExtra(t.name)) out.push({ owner: c.id, id: t.id });
	}
	return out;
}

/** `othersTrains(state, corp).length > 0`, stopping at the first train. */
function hasOthersTrain(state: GameState, corp: CorporationState): boolean {
	for (const c of Object.values(state.corporations)) {
		if (c.id === corp.id || c.closed) continue;
		for (const t of c.trains) if (!isExtra(t.name)) return true;
	}
	return false;
}

/**
 * Whether the corporation can buy a train now [step/train.rb can_buy_train?]: room and cash for
 * the cheapest available train — which, as in the reference, counts other corporations' trains
 * at £1 even before they may be bought — or an affordable L→2 upgrade.
 */
export function canBuyTrain(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	// Asked as steps are reached: the cheapest price only for a corporation with room (both are pure reads).
	if (hasRoom(state, config, corp) && corp.cash >= cheapestPrice(state, config, corp)) return true;
	const upgrade = config.def.lToTwoUpgradeCost(state.phase);
	return corp.trains.some((t) => t.name === 'L') && corp.cash >= upgrade;
}

/** The lowest price of a depot train or variant, £1 when another corporation has a train; Infinity when none. */
function cheapestPrice(state: GameState, config: ResolvedConfig, corp: CorporationState): number {
	let min = Infinity;
	for (const id of depotTrains(state)) {
		const name = discardedName(state, id);
		if (name) min = Math.min(min, discardedPrice(config, name));
		else for (const v of variantPrices(config, trainTypeOf(id))) min = Math.min(min, v.price);
	}
	if (hasOthersTrain(state, corp)) min = Math.min(min, 1);
	return min;
}

/** A corporation with no train (extras aside) must buy one while the depot has any [MUST_BUY_TRAIN always]. */
export function mustBuyTrain(state: GameState, corp: CorporationState): boolean {
	return countedTrains(corp) === 0 && depotTrains(state).length > 0;
}

export type BuyPlan =
	| { kind: 'depot'; id: string; name: string; price: number; fromDiscard: boolean; funding: { fromPresident: number; loan: number } | null }
	| { kind: 'other'; id: string; seller: string; price: number }
	| { kind: 'upgrade'; id: string; price: number };

export function validateBuyTrain(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: BuyTrainAction,
	housekeeping: boolean
): Result<BuyPlan> {
	if (typeof action.train !== 'string') return refuse('unknown_train', 'Name a train to buy.');
	const price = action.price;
	if (!Number.isInteger(price) || price < 0) return refuse('invalid_price', 'A train price is a whole number of pounds.');
	const type = trainTypeOf(action.train);
	// L → 2 upgrade: an exchange of an owned L, no room needed.
	if (action.exchange) {
		if (housekeeping) return refuse('action_not_allowed', 'Only an L train can be bought before the first run.');
		const own = corp.trains.find((t) => t.id === action.exchange && t.name === 'L');
		// The upgrade names the same L as the train bought and the train given in exchange.
		if (!own || action.variant !== '2' || action.train !== action.exchange) return refuse('invalid_exchange', 'Only an owned L train can be upgraded, to a 2.');
		const cost = config.def.lToTwoUpgradeCost(state.phase);
		if (config.mode === 'live' && price !== cost) return refuse('invalid_price', `The upgrade costs £${cost}.`);
		if (corp.cash < price) return refuse('insufficient_cash', `${corp.id} cannot pay £${price}.`);
		return ok({ kind: 'upgrade', id: own.id, price });
	}
	if (!hasRoom(state, config, corp)) return refuse('train_limit', `${corp.id} has no room for another train.`);
	if (housekeeping && (type !== 'L' || (action.variant ?? 'L') !== 'L'))
		return refuse('action_not_allowed', 'Before its first run a minor may buy only an L train.');
	// A depot purchase takes the depot's next train of that type, whatever index the log names
	// (the site records "L-0" for any L) [g_1822/step/first_turn_housekeeping.rb].
	const fromDepot = housekeeping
		? state.depot.upcoming[0]
		: depotTrains(state).find((id) => (discardedName(state, id) ?? trainTypeOf(id)) === (discardedName(state, action.train) ?? type));
	const namesOther = othersTrains(state, corp).some((t) => t.id === action.train);
	if (fromDepot && (housekeeping || !namesOther)) {
		const discarded = discardedName(state, fromDepot);
		const variant = discarded ?? action.variant ?? type;
		const v = discarded ? { name: discarded, price: discardedPrice(config, discarded) } : variantPrices(config, type).find((x) => x.name === variant);
		if (!v) return refuse('invalid_variant', `A ${type} train has no "${variant}" variant.`);
		if (variant === 'E' && corp.trains.some((t) => t.name === 'E'))
			return refuse('second_e_train', `${corp.id} can only own one E train.`);
		if (config.mode === 'live' && price !== v.price) return refuse('invalid_price', `A ${variant} costs £${v.price}.`);
		let funding: { fromPresident: number; loan: number } | null = null;
		if (price > corp.cash) {
			// Emergency: the director helps with the cheapest train only, at no more than its price.
			if (!mustBuyTrain(state, corp)) return refuse('insufficient_cash', `${corp.id} cannot pay £${price}.`);
			const cheapest = config.blockingSteps ? cheapestDepotNames(state, config).includes(variant) : v.price === cheapestDepotPrice(state, config);
			if (!cheapest) return refuse('must_buy_cheapest', 'With the director’s help only the cheapest train may be bought.');
			if (price > v.price) return refuse('invalid_price', 'With the director’s help a train costs no more than its price.');
			const f = emergencyFunding(state, config, corp, price);
			if (!f.ok) return f;
			funding = f.value;
		}
		return ok({ kind: 'depot', id: fromDepot, name: variant, price, fromDiscard: fromDepot !== state.depot.upcoming[0], funding });
	}
	const other = othersTrains(state, corp).find((t) => t.id === action.train);
	if (other) {
		if (!phaseHas(config.phases[state.phase], 'can_buy_trains'))
			return refuse('cannot_buy_from_others', 'Trains can be bought from other corporations from phase 3.');
		if (price < 1 || price > corp.cash) return refuse('invalid_price', `Pay between £1 and £${corp.cash}.`);
		return ok({ kind: 'other', id: other.id, seller: other.owner, price });
	}
	return refuse('train_not_available', `Train ${action.train} is not for sale.`);
}

export function applyBuyTrain(state: GameState, config: ResolvedConfig, corp: CorporationState, plan: BuyPlan): void {
	switch (plan.kind) {
		case 'upgrade': {
			const t = corp.trains.find((x) => x.id === plan.id);
			if (t) t.name = '2';
			corp.cash -= plan.price;
			state.bank.cash += plan.price;
			onTwoAcquired(state, config);
			return;
		}
		case 'other': {
			const seller = state.corporations[plan.seller];
			const i = seller.trains.findIndex((t) => t.id === plan.id);
			const [t] = seller.trains.splice(i, 1);
			corp.trains.push(t);
			corp.cash -= plan.price;
			seller.cash += plan.price;
			return;
		}
		case 'depot': {
			if (plan.funding) {
				if (plan.funding.loan > 0 && config.emergencyBundles) noteSiteCannotFollow(state, config, corp);
				applyEmergencyFunding(state, corp, plan.funding);
			}
			if (plan.fromDiscard) state.depot.discarded = state.depot.discarded.filter((t) => t.id !== plan.id);
			else {
				state.depot.upcoming.shift();
				const type = trainTypeOf(plan.id);
				const def = config.trains.find((t) => t.name === type);
				// An unlimited train is replaced by a copy with the next index [depot.rb].
				if (def && def.num < 0) state.depot.upcoming.unshift(`${type}-${Number(plan.id.slice(type.length + 1)) + 1}`);
			}
			corp.trains.push({ id: plan.id, name: plan.name });
			corp.cash -= plan.price;
			state.bank.cash += plan.price;
			if (!plan.fromDiscard) onTrainAcquired(state, config, plan.id, trainTypeOf(plan.id), plan.name);
			return;
		}
	}
}

/**
 * The first corporation (in the game's corporation order) over a train limit, or with two
 * permanent extras or two P+ (rules digest 6.3).
 */
export function crowdedCorporation(state: GameState, config: ResolvedConfig): CorporationState | null {
	if (state.round.kind !== 'operating') return null;
	// Asked before every operating action and step: one pass over each charter, no copies.
	const limits = config.phases[state.phase].trainLimit;
	const list = corporationList(state);
	for (let i = 0; i < list.length; i++) {
		const c = list[i];
		const trains = c.trains;
		// One train or none can break no limit but a limit below one.
		if (trains.length <= 1 && trains.length <= limits[c.type]) continue;
		if (!c.floated || c.closed) continue;
		let counted = 0;
		let pullmanLike = 0;
		let pPlus = 0;
		for (let j = 0; j < trains.length; j++) {
			const name = trains[j].name;
			if (!isExtra(name)) counted++;
			if (name === '2P' || name === 'LP') pullmanLike++;
			else if (name === 'P+') pPlus++;
		}
		if (counted > limits[c.type] || pullmanLike > 1 || pPlus > 1) return c;
	}
	return null;
}

export function validateDiscard(state: GameState, config: ResolvedConfig, action: DiscardTrainAction): Result<CorporationState> {
	const c = crowdedCorporation(state, config);
	if (!c) return refuse('action_not_allowed', 'No corporation has to discard a train.');
	if (action.entity !== c.id) return refuse('not_your_turn', `${c.id} must discard first.`);
	if (!c.trains.some((t) => t.id === action.train)) return refuse('unknown_train', `${c.id} does not own ${String(action.train)}.`);
	if (!discardableTrains(c).includes(String(action.train)))
		return refuse('train_not_discardable', `${c.id} must discard one of ${discardableTrains(c).join(', ')}.`);
	return ok(c);
}

/**
 * The trains a crowded corporation may discard (rules digest 6.3) [g_1822/step/discard_train.rb
 * trains]: a 2P or LP while it holds two of them, else a P+ while it holds two, else a train
 * that counts toward the limit.
 */
export function discardableTrains(corp: CorporationState): string[] {
	const permanent = corp.trains.filter((t) => t.name === '2P' || t.name === 'LP');
	if (permanent.length > 1) return permanent.map((t) => t.id);
	const pullmans = corp.trains.filter((t) => t.name === 'P+');
	if (pullmans.length > 1) return pullmans.map((t) => t.id);
	return corp.trains.filter((t) => !isExtra(t.name)).map((t) => t.id);
}

/** A discarded normal train goes to the depot's discard pile as its current type; extras leave the game. */
export function applyDiscard(state: GameState, corp: CorporationState, trainId: string): void {
	const i = corp.trains.findIndex((t) => t.id === trainId);
	const [t] = corp.trains.splice(i, 1);
	if (!isExtra(t.name)) state.depot.discarded.push({ id: t.id, name: t.name });
}

/**
 * Where the bank lends though the reference would first ask for a sale it cannot make (the Tax
 * Haven would take or ties for a directorship, emergency.ts), the game says so once: 18xx.games cannot follow
 * it from here, and its export says why instead of writing a file the site would stop on.
 */
function noteSiteCannotFollow(state: GameState, config: ResolvedConfig, corp: CorporationState): void {
	if (state.siteCannotFollow || state.round.kind !== 'operating') return;
	const sale = saleOnlyTheReferenceAsks(state, config, corp);
	if (!sale) return;
	const director = findPlayer(state, presidentId(corp) ?? -1);
	state.siteCannotFollow =
		`18xx.games cannot follow this game from Operating Round ${state.turn}.${state.round.num}: before it lends ${director?.name ?? 'the director'} money for ${corp.id}'s train ` +
		`it asks for the sale of ${sale.percent}% of ${sale.corporation}, a director's certificate the Tax Haven would take or ties for, and it fails on that sale, so the game cannot be exported there.`;
}
