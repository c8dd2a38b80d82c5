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

/** What an operating round's company income pays, in the order it is paid. */
export interface CompanyIncome {
	/** Phase-revenue privates bank the same amount on their own charter. */
	readonly charters: readonly { readonly company: string; readonly amount: number }[];
	/** Player-held companies first, in player order; then corporation-held ones, in `order`. */
	readonly payments: readonly { readonly company: string; readonly to: { readonly kind: 'player'; readonly id: number } | { readonly kind: 'corporation'; readonly id: string }; readonly amount: number }[];
}

/** The income due now, corporations taken in `order` (the round's operating order). */
export function companyIncome(state: GameState, config: ResolvedConfig, order: readonly string[]): CompanyIncome {
	const charters: { company: string; amount: number }[] = [];
	for (const company of Object.keys(PHASE_REVENUE_PRIVATES)) {
		const amount = companyRevenue(state, config, company);
		if (amount > 0) charters.push({ company, amount });
	}
	const payments: CompanyIncome['payments'][number][] = [];
	for (const p of state.players)
		for (const company of p.companies) {
			const amount = companyRevenue(state, config, company);
			if (amount > 0) payments.push({ company, to: { kind: 'player', id: p.id }, amount });
		}
	for (const id of order)
		for (const company of state.corporations[id]?.companies ?? []) {
			const amount = companyRevenue(state, config, company);
			if (amount > 0) payments.push({ company, to: { kind: 'corporation', id }, amount });
		}
	return { charters, payments };
}

export function payCompanyIncome(state: GameState, config: ResolvedConfig): void {
	const { charters, payments } = companyIncome(state, config, operatingOrder(state, config));
	for (const { company, amount } of charters) {
		state.privatePurses[company] = (state.privatePurses[company] ?? 0) + amount;
		state.bank.cash -= amount;
	}
	for (const { to, amount } of payments) {
		state.bank.cash -= amount;
		if (to.kind === 'player') state.players.find((p) => p.id === to.id)!.cash += amount;
		else state.corporations[to.id].cash += amount;
	}
	if (state.bank.cash < 0) state.bank.broken = true;
}
