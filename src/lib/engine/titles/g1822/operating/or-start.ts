/**
 * Company income at the start of every operating round (rules digest 2) [round/operating.rb
 * setup; g_1822/game.rb payout_companies, set_private_revenues].
 */
import type { ResolvedConfig } from '../config';
import { DOUBLE_CASH, DOUBLE_CASH_REVENUE, PHASE_REVENUE_PRIVATES } from '../data/constants';
import type { GameState } from '../state';
import { operatingOrder } from './order';

export const CORPORATION_INCOME_PRIVATES = ['P2', 'P11', 'P12'] as const;

/** Income of a held company this OR. */
export function companyRevenue(state: GameState, config: ResolvedConfig, id: string): number {
	const c = state.companies[id];
	const def = config.companyDefs[id];
	if (!c || !def || c.closed || !c.owner || c.owner === 'bank') return 0;
	const phaseNumber = Number(config.phases[state.phase].name);
	if (id in PHASE_REVENUE_PRIVATES) return phaseNumber * PHASE_REVENUE_PRIVATES[id];
	if (c.owner.startsWith('corporation:')) {
		// Held by a corporation: P9 pays by phase, P2/P11/P12 keep their £10 until used, the rest
		// pay nothing [rules digest 10.1].
		if (id === DOUBLE_CASH) return DOUBLE_CASH_REVENUE[phaseNumber] ?? 0;
		return (CORPORATION_INCOME_PRIVATES as readonly string[]).includes(id) ? def.revenue : 0;
	}
	return def.revenue;
}

export function payCompanyIncome(state: GameState, config: ResolvedConfig): void {
	// Phase-revenue privates also bank the same amount on their own charter.
	for (const id of Object.keys(PHASE_REVENUE_PRIVATES)) {
		const amount = companyRevenue(state, config, id);
		if (amount <= 0) continue;
		state.privatePurses[id] = (state.privatePurses[id] ?? 0) + amount;
		state.bank.cash -= amount;
	}
	// Player-held companies first, in player order; then corporation-held ones.
	for (const p of state.players)
		for (const id of p.companies) {
			const amount = companyRevenue(state, config, id);
			if (amount <= 0) continue;
			state.bank.cash -= amount;
			p.cash += amount;
		}
	for (const id of operatingOrder(state, config)) {
		const corp = state.corporations[id];
		for (const cid of corp.companies) {
			const amount = companyRevenue(state, config, cid);
			if (amount <= 0) continue;
			state.bank.cash -= amount;
			corp.cash += amount;
		}
	}
	if (state.bank.cash < 0) state.bank.broken = true;
}
