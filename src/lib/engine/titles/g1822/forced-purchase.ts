/**
 * Who pays for a train a company must buy (rules digest 9.1), for the page to show before the
 * purchase: a company with no train buys the cheapest one on sale; its treasury pays what it can,
 * its director the rest from their own cash, and the bank lends what is still missing (after the
 * director has sold what may be sold) [g_1822/step/buy_train.rb must_buy_train?; step/emergency_money.rb].
 */
import { trainTypeOf } from '../../core/trains';
import type { ResolvedConfig } from './config';
import { findPlayer } from './entities';
import { cheapestDepotPrice } from './operating/emergency';
import { depotTrains, mustBuyTrain } from './operating/trains';
import { presidentId } from './shares-ops';
import type { GameState } from './state';

export interface ForcedPurchase {
	readonly corporation: string;
	/** The cheapest train on sale and its price: the one the director may help with. */
	readonly train: string;
	readonly price: number;
	/** What the treasury pays. */
	readonly treasury: number;
	readonly president: number | null;
	/** What the director adds from their own cash. */
	readonly presidentPays: number;
	/** What is still missing: raised by the director's sales, and lent by the bank once nothing may be sold. */
	readonly loan: number;
}

/** The purchase the operating company must make at its train step, with who pays what; null when none is due. */
export function forcedPurchase(state: GameState, config: ResolvedConfig): ForcedPurchase | null {
	if (state.round.kind !== 'operating' || state.end.finished || state.round.turn.step !== 'buy_train') return null;
	const corp = state.corporations[state.round.order[state.round.current]];
	if (!corp || corp.closed || !mustBuyTrain(state, corp)) return null;
	const price = cheapestDepotPrice(state, config);
	if (!Number.isFinite(price)) return null;
	let train = '';
	for (const id of depotTrains(state)) {
		const name = state.depot.discarded.find((d) => d.id === id)?.name ?? trainTypeOf(id);
		const def = config.trains.find((t) => t.name === name);
		const offer = def ? [{ name: def.name, price: def.price }, ...def.variants].find((o) => o.price === price) : undefined;
		if (offer && !train) train = offer.name;
	}
	const president = presidentId(corp);
	const cash = findPlayer(state, president ?? -1)?.cash ?? 0;
	const treasury = Math.min(corp.cash, price);
	const presidentPays = Math.min(price - treasury, cash);
	return { corporation: corp.id, train, price, treasury, president, presidentPays, loan: price - treasury - presidentPays };
}
