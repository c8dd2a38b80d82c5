/**
 * Trains an operating corporation may buy now (rules digest 5.6, 9.1): the depot's next train
 * with its variants, the discarded trains, other corporations' trains from phase 3 at an agreed
 * price, the L → 2 upgrade, and what an emergency asks of the director. Every offer is checked
 * with the operating round's own validation, so what is listed is what the engine accepts.
 */
import type { Action } from '../../../core/actions';
import { trainTypeOf } from '../../../core/trains';
import type { ResolvedConfig } from '../config';
import { findPlayer } from '../entities';
import { presidentId } from '../shares-ops';
import type { CorporationState, GameState } from '../state';
import type { SellOption } from '../stock/queries';
import { cheapestDepotPrice, emergencySales, inEmergency } from './emergency';
import { depotTrains, EXTRA_TRAINS } from './trains';

export interface DepotOffer {
	/** The train id to name in the purchase. */
	readonly train: string;
	readonly source: 'depot' | 'discard';
	readonly variants: readonly { readonly variant: string; readonly price: number }[];
}

export interface CorporationOffer {
	readonly train: string;
	readonly name: string;
	readonly owner: string;
	/** Any whole price in this range (the buyer's cash is the top). */
	readonly min: number;
	readonly max: number;
}

export interface EmergencyView {
	readonly director: number;
	/** Price of the cheapest depot train: the only train the director may help with. */
	readonly cheapest: number;
	/** What the director must add from their own cash (all of it if that is not enough). */
	readonly directorPays: number;
	/** What the bank would lend once nothing may be sold. */
	readonly loan: number;
	/** Sales the director may (and must, before a loan) make. */
	readonly sellable: readonly SellOption[];
}

export interface TrainChoices {
	readonly depot: readonly DepotOffer[];
	readonly corporations: readonly CorporationOffer[];
	readonly upgrades: readonly { readonly train: string; readonly price: number }[];
	readonly emergency: EmergencyView | null;
}

export type Accepts = (action: Action) => boolean;

function variantsOf(config: ResolvedConfig, name: string): { variant: string; price: number }[] {
	const def = config.trains.find((t) => t.name === name);
	if (def) return [{ variant: def.name, price: def.price }, ...def.variants.map((v) => ({ variant: v.name, price: v.price }))];
	for (const t of config.trains) for (const v of t.variants) if (v.name === name) return [{ variant: v.name, price: v.price }];
	return [];
}

export function emergencyView(state: GameState, config: ResolvedConfig, corp: CorporationState): EmergencyView | null {
	if (!inEmergency(state, config, corp)) return null;
	const director = presidentId(corp);
	const pres = findPlayer(state, director ?? -1);
	if (director === null || !pres) return null;
	const cheapest = cheapestDepotPrice(state, config);
	const need = Math.max(0, cheapest - corp.cash);
	const sellable = emergencySales(state, config, corp);
	return { director, cheapest, directorPays: Math.min(need, pres.cash), loan: Math.max(0, need - pres.cash), sellable };
}

export function trainChoices(state: GameState, config: ResolvedConfig, corp: CorporationState, accepts: Accepts): TrainChoices {
	const buy = (train: string, price: number, extra: { variant?: string; exchange?: string } = {}): Action => ({
		type: 'buy_train',
		entity: corp.id,
		entity_type: 'corporation',
		train,
		price,
		...extra
	});
	const depot: DepotOffer[] = [];
	for (const id of depotTrains(state)) {
		const discarded = state.depot.discarded.find((d) => d.id === id);
		const name = discarded?.name ?? trainTypeOf(id);
		// In an emergency the director helps with the cheapest train, at its price.
		const variants = variantsOf(config, name).filter((v) => accepts(buy(id, v.price, { variant: v.variant })));
		if (variants.length > 0) depot.push({ train: id, source: discarded ? 'discard' : 'depot', variants });
	}
	const corporations: CorporationOffer[] = [];
	for (const other of Object.values(state.corporations)) {
		if (other.id === corp.id || other.closed) continue;
		for (const t of other.trains) {
			if ((EXTRA_TRAINS as readonly string[]).includes(t.name)) continue;
			if (accepts(buy(t.id, 1))) corporations.push({ train: t.id, name: t.name, owner: other.id, min: 1, max: corp.cash });
		}
	}
	const upgrades: { train: string; price: number }[] = [];
	const upgradePrice = config.def.lToTwoUpgradeCost(state.phase);
	for (const t of corp.trains)
		if (t.name === 'L' && accepts(buy(t.id, upgradePrice, { variant: '2', exchange: t.id }))) upgrades.push({ train: t.id, price: upgradePrice });
	return { depot, corporations, upgrades, emergency: emergencyView(state, config, corp) };
}
