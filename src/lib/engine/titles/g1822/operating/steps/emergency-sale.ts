/**
 * The director's sales to raise money for a train that is due (rules digest 9.1; emergency.ts).
 * A side action: it is offered with the train purchase (buy-train.ts) and taken before the
 * corporation's own actions. From rules version 3 it is taken only once the buy-train step is
 * reached, as the reference's sale is one of that step's actions [g_1822/step/buy_train.rb
 * actions; round/base.rb process_action: an earlier blocking step refuses it].
 */
import { ok, refuse } from '../../../../core/result';
import { applyEmergencySale, validateEmergencySale } from '../emergency';
import { stepPending, type RoundEntry } from './types';

export const emergencySale: RoundEntry = {
	id: 'emergency_sale',
	name: 'The director sells shares',
	actions: ['sell_shares'],
	blocking: false,
	active: () => true,
	takes: (_ctx, action) => action.type === 'sell_shares' && action.entity_type !== 'corporation' && typeof action.entity === 'number',
	process(ctx, action) {
		const { state, config, round, corp, current } = ctx;
		const seller = action.entity;
		if (action.type !== 'sell_shares' || typeof seller !== 'number') return refuse('action_not_allowed', 'Only a director sells shares for a train now.');
		if (config.emergencySaleAtBuyStep && current?.id !== 'buy_train')
			return current ? stepPending(ctx, current.name, action.type) : refuse('action_not_allowed', `${corp.id}'s turn is over.`);
		const r = validateEmergencySale(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyEmergencySale(state, config, round, r.value, seller);
			return 'stay';
		});
	}
};
