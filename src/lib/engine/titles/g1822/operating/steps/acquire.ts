/** Acquiring private companies from players (rules digest 5.2, 10.1) [g_1822/step/acquire_company.rb]. */
import { ok, refuse } from '../../../../core/result';
import { acquirableCompanies, applyAcquire, validateAcquire } from '../acquire';
import type { TurnStep } from './types';

export const acquireStep: TurnStep = {
	id: 'acquire',
	name: 'Acquire a private company',
	actions: ['acquire_company'],
	passable: true,
	active: ({ state, config, corp }) => acquirableCompanies(state, config, corp).length > 0,
	process({ state, config, corp }, action) {
		if (action.type !== 'acquire_company') return refuse('action_not_allowed', `${corp.id} may acquire a private company now.`);
		const r = validateAcquire(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyAcquire(state, corp, r.value);
			return 'advance';
		});
	},
	offers({ state, config, corp }) {
		const privates = acquirableCompanies(state, config, corp).filter(
			(company) => validateAcquire(state, config, corp, { type: 'acquire_company', entity: corp.id, entity_type: 'corporation', company }).ok
		);
		return { actions: ['acquire_company'], privates };
	}
};
