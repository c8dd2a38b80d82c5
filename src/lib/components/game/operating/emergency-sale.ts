/**
 * What the emergency-sale panel shows (rules digest 9.1): when the engine's operating choices
 * offer the director share sales to raise money for a train that is due, the sales it accepts
 * with what each would bring at today's price, and how much is still missing. The sales, what
 * each raises and what is missing are the engine's (emergencySaleProceeds, forcedBuyPlan).
 */
import { corporationPrice, emergencySaleProceeds, forcedBuyPlan, type GameState, type OperatingChoices } from '$lib/engine';

export interface EmergencySaleOption {
	readonly corporation: string;
	readonly shares: readonly string[];
	readonly percent: number;
	/** Today's price of one 10% share (the sale itself then moves the price down). */
	readonly price: number | null;
	/** What the sale would bring (the engine's figure). */
	readonly proceeds: number;
}

export interface EmergencySaleView {
	readonly director: number;
	readonly directorName: string;
	readonly corporation: string;
	/** Price of the cheapest train on sale, the one the director must help with. */
	readonly trainPrice: number;
	readonly treasury: number;
	readonly directorCash: number;
	/** What the treasury and the director's cash together still lack (0 once enough is raised). */
	readonly missing: number;
	readonly options: readonly EmergencySaleOption[];
}

export function emergencySaleView(gs: GameState, choices: OperatingChoices): EmergencySaleView | null {
	const emergency = choices.trains?.emergency;
	if (!choices.emergencySale || !emergency || emergency.sellable.length === 0) return null;
	const corp = gs.corporations[choices.entity];
	const director = gs.players.find((p) => p.id === emergency.director);
	if (!corp || !director) return null;
	const plan = forcedBuyPlan(gs);
	if (!plan) return null;
	const options = emergencySaleProceeds(gs).map((o) => ({
		corporation: o.corporation,
		shares: o.shares,
		percent: o.percent,
		price: corporationPrice(gs, o.corporation),
		proceeds: o.proceeds
	}));
	return {
		director: director.id,
		directorName: director.name,
		corporation: corp.id,
		trainPrice: plan.price,
		treasury: plan.treasury,
		directorCash: director.cash,
		missing: plan.missing,
		options
	};
}
