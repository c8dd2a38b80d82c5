/**
 * Revenue of a stop in a phase. A value printed per colour pays the value of the newest
 * colour the phase allows (phases 1–2 yellow, 3–4 green, 5–6 brown, 7 gray)
 * [reference part/revenue_center.rb route_base_revenue; rules digest 7.1 revenue by phase].
 */
import { revenueFor, type PhaseColor, type Revenue } from './tile';

export { revenueFor };

/** The colours a phase's tiles allow, given the phase's tile list (e.g. ["yellow", "green"]). */
export function phaseColorsOf(tiles: readonly string[]): PhaseColor[] {
	return (['yellow', 'green', 'brown', 'gray'] as const).filter((c) => tiles.includes(c));
}

/** The base value of a stop: no train multiplier, no bonus. */
export function stopBaseValue(revenue: Revenue, phaseColors: readonly PhaseColor[]): number {
	return revenueFor(revenue, phaseColors);
}

/** Sum of the largest `n` values (bonuses paid "for the best n routes"). */
export function sumOfLargest(values: readonly number[], n: number): number {
	return [...values]
		.sort((a, b) => b - a)
		.slice(0, Math.max(0, n))
		.reduce((s, v) => s + v, 0);
}
