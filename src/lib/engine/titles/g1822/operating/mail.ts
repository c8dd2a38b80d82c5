/**
 * Mail contracts (P6, P7) [g_1822/game.rb mail_contract_bonus, routes_subsidy]: for each route
 * of two or more stops run by a train other than L or LP, half (rounded down) of the base values
 * of its first and last stops; the corporation takes the largest one per contract it owns. The
 * subsidy goes to the treasury. Recorded logs from before the site stored `subsidy` need it
 * computed; newer ones carry it.
 */
import type { RouteJson } from '../../../core/actions';
import { tileOnHex } from '../../../core/board';
import { hexId } from '../../../core/ids';
import { revenueFor, type PhaseColor } from '../../../core/tile';
import type { ResolvedConfig } from '../config';
import { mapFor } from '../board-ops';
import type { CorporationState, GameState } from '../state';

export const MAIL_CONTRACTS = ['P6', 'P7'] as const;

/** Base value of the first revenue stop on a hex (phase colours decide gray/off-board values). */
function stopValue(state: GameState, config: ResolvedConfig, hex: string): number {
	const map = mapFor(state.setup.title);
	const tile = tileOnHex(map, state.board, hexId(hex));
	if (!tile) return 0;
	const colors = config.phases[state.phase].tiles as readonly PhaseColor[];
	const stop = tile.def.cities[0] ?? tile.def.towns[0] ?? tile.def.offboards[0];
	return stop ? revenueFor(stop.revenue, colors) : 0;
}

export function mailSubsidy(state: GameState, config: ResolvedConfig, corp: CorporationState, routes: readonly RouteJson[]): number {
	const contracts = corp.companies.filter((c) => (MAIL_CONTRACTS as readonly string[]).includes(c) && !state.companies[c]?.closed).length;
	if (contracts === 0) return 0;
	const values: number[] = [];
	for (const r of routes) {
		const train = corp.trains.find((t) => t.id === r.train);
		if (!train || train.name === 'L' || train.name === 'LP') continue;
		const hexes = r.hexes ?? [];
		if (hexes.length < 2) continue;
		values.push(Math.floor((stopValue(state, config, hexes[0]) + stopValue(state, config, hexes[hexes.length - 1])) / 2));
	}
	return values
		.sort((a, b) => b - a)
		.slice(0, contracts)
		.reduce((a, b) => a + b, 0);
}
