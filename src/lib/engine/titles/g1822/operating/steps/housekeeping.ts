/**
 * A minor's first turn may begin with buying one L train, before it lays track
 * [g_1822/step/first_turn_housekeeping.rb; rules digest 4.3].
 */
import { ok, refuse } from '../../../../core/result';
import { applyBuyTrain, canBuyTrain, validateBuyTrain } from '../trains';
import { trainOffers } from './buy-train';
import type { TurnStep } from './types';

export const housekeepingStep: TurnStep = {
	id: 'housekeeping',
	name: 'First-turn housekeeping',
	actions: ['buy_train'],
	passable: true,
	active: ({ state, config, corp }) =>
		corp.type === 'minor' && corp.operated === 0 && state.depot.upcoming[0]?.startsWith('L-') === true && canBuyTrain(state, config, corp),
	process({ state, config, corp }, action) {
		if (action.type !== 'buy_train') return refuse('action_not_allowed', `${corp.id} may buy an L train now.`);
		const r = validateBuyTrain(state, config, corp, action, true);
		if (!r.ok) return r;
		// The step ends after its one L.
		return ok(() => {
			applyBuyTrain(state, config, corp, r.value);
			return 'finish';
		});
	},
	offers: (ctx) => trainOffers(ctx, true)
};
