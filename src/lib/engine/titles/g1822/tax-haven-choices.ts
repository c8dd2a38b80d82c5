/**
 * The Tax Haven's purchase choices as the site names them: "<major>_ipo" or "<major>_market"
 * [g_1822/game.rb company_choices_osth]. Which of them is open is decided by the stock round's
 * own check (stock/tax-haven.ts).
 */
import type { GameState } from './state';

export function taxHavenChoices(state: GameState): string[] {
	return Object.values(state.corporations)
		.filter((c) => c.type === 'major' && c.ipoed && !c.closed)
		.flatMap((c) => [`${c.id}_ipo`, `${c.id}_market`]);
}
