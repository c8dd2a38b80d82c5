/**
 * The director's sales to raise money for a train that is due (rules digest 9.1; emergency.ts).
 * A side action: it is offered with the train purchase (buy-train.ts) and taken before the
 * corporation's own actions.
 */
import { ok, refuse } from '../../../../core/result';
import { applyEmergencySale, validateEmergencySale } from '../emergency';
import type { RoundEntry } from './types';

export const emergencySale: RoundEntry = {
	id: 'emergency_sale',
	name: 'The director sells shares',
	actions: ['sell_shares'],
	blocking: false,
	active: () => true,
	takes: (_ctx, action) => action.type === 'sell_shares' && action.entity_type !== 'corporation' && typeof action.entity === 'number',
	process({ state, config, round, corp }, action) {
		const seller = action.entity;
		if (action.type !== 'sell_shares' || typeof seller !== 'number') return refuse('action_not_allowed', 'Only a director sells shares for a train now.');
		const r = validateEmergencySale(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyEmergencySale(state, config, round, r.value, seller);
			return 'stay';
		});
	}
};
