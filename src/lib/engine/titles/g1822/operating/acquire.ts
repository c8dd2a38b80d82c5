/**
 * Acquiring privates (rules digest 10.1) [g_1822/game.rb purchasable_companies, company_bought]:
 * an operating corporation may take, for nothing, any private held by any player whose
 * acquisition list names its type, from the private's phase on. Train privates hand over their
 * train and close; P15 and P20 hand over their purse and close; the rest stay with the
 * corporation.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { AcquireCompanyAction } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import { PHASE_REVENUE_PRIVATES } from '../data/constants';
import { closeCompany } from '../companies-ops';
import { findPlayer } from '../entities';
import type { CorporationState, GameState } from '../state';

/** The train each train private carries [g_1822/game.rb setup_companies]. */
export const PRIVATE_TRAINS: Readonly<Record<string, { id: string; name: string }>> = {
	P1: { id: '5P-0', name: '5P' },
	P3: { id: '2P-0', name: '2P' },
	P4: { id: '2P-1', name: '2P' },
	P13: { id: 'P+-0', name: 'P+' },
	P14: { id: 'P+-1', name: 'P+' },
	P19: { id: 'LP-0', name: 'LP' }
};

export function acquirableCompanies(state: GameState, config: ResolvedConfig, corp: CorporationState): string[] {
	const phase = Number(config.phases[state.phase].name);
	const out: string[] = [];
	for (const p of state.players)
		for (const id of p.companies) {
			const def = config.companyDefs[id];
			if (!def?.acquisition || def.kind !== 'private') continue;
			if (!def.acquisition.by.includes(corp.type)) continue;
			if (phase < def.acquisition.phase) continue;
			out.push(id);
		}
	return out;
}

export function validateAcquire(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: AcquireCompanyAction
): Result<string> {
	const id = action.company;
	if (typeof id !== 'string' || !config.companyDefs[id]) return refuse('unknown_company', `There is no company "${String(id)}".`);
	if (!acquirableCompanies(state, config, corp).includes(id))
		return refuse('not_acquirable', `${corp.id} cannot acquire ${id} now.`);
	return ok(id);
}

export function applyAcquire(state: GameState, corp: CorporationState, id: string): void {
	const c = state.companies[id];
	const seller = c.owner?.startsWith('player:') ? findPlayer(state, Number(c.owner.slice(7))) : undefined;
	if (seller) seller.companies = seller.companies.filter((x) => x !== id);
	c.owner = `corporation:${corp.id}`;
	corp.companies.push(id);
	const train = PRIVATE_TRAINS[id];
	if (train) {
		corp.trains.push({ ...train });
		closeCompany(state, id);
		return;
	}
	// P8's owner must choose at once between its free lay and its hill discount (rules digest 10.2).
	if (id === 'P8') state.privateChoices.P8 = 'pending';
	if (id in PHASE_REVENUE_PRIVATES) {
		corp.cash += state.privatePurses[id] ?? 0;
		delete state.privatePurses[id];
		closeCompany(state, id);
	}
}
