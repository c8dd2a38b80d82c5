/**
 * A corporation over its train limit (or with two permanent extras, or two P+) must discard
 * before anything else happens (rules digest 6.3) [g_1822/step/discard_train.rb]. It need not be
 * the operating corporation: a phase change crowds others too.
 */
import { ok, refuse, ruleError } from '../../../../core/result';
import { presidentId } from '../../shares-ops';
import { applyDiscard, crowdedCorporation, discardableTrains, validateDiscard } from '../trains';
import type { RoundEntry } from './types';

export const discardTrain: RoundEntry = {
	id: 'discard_train',
	name: 'Discard a train',
	actions: ['discard_train'],
	blocking: true,
	active: ({ state, config }) => crowdedCorporation(state, config) !== null,
	takes: (_ctx, action) => action.type === 'discard_train',
	refusal: ({ state, config }) => ruleError('must_discard', `${crowdedCorporation(state, config)?.id} must first discard a train.`),
	process({ state, config }, action) {
		if (action.type !== 'discard_train') return refuse('must_discard', 'A train must be discarded first.');
		const r = validateDiscard(state, config, action);
		if (!r.ok) return r;
		return ok(() => {
			applyDiscard(state, r.value, action.train);
			return 'advance';
		});
	},
	offers({ state, config }) {
		const crowded = crowdedCorporation(state, config);
		if (!crowded) return null;
		return { entity: crowded.id, president: presidentId(crowded), step: 'discard', actions: ['discard_train'], discard: discardableTrains(crowded) };
	}
};
