/**
 * What the emergency-sale panel shows (rules digest 9.1): when the engine's operating choices
 * offer the director share sales to raise money for a train that is due, the sales it accepts
 * with what each would bring at today's price, and how much is still missing. The list of sales
 * is the engine's; this only adds up figures for display.
 */
import { corporationPrice, type GameState, type OperatingChoices } from '$lib/engine';

export interface EmergencySaleOption {
	readonly corporation: string;
	readonly shares: readonly string[];
	readonly percent: number;
	/** Today's price of one 10% share (the sale itself then moves the price down). */
	readonly price: number | null;
	/** What the sale would bring at today's price. */
	readonly proceeds: number | null;
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
	const options = emergency.sellable.map((s) => {
		const price = corporationPrice(gs, s.corporation);
		return { corporation: s.corporation, shares: s.shares, percent: s.percent, price, proceeds: price === null ? null : (price * s.percent) / 10 };
	});
	return {
		director: director.id,
		directorName: director.name,
		corporation: corp.id,
		trainPrice: emergency.cheapest,
		treasury: corp.cash,
		directorCash: director.cash,
		missing: Math.max(0, emergency.cheapest - corp.cash - director.cash),
		options
	};
}
