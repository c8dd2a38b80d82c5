/**
 * A major acquiring a minor (rules digest 5.7) [g_1822/step/minor_acquisition.rb]: the "merge"
 * names the minor; its two choices follow as a holdup of their own (merge-choices.ts). One
 * acquisition per turn.
 */
import { ok, refuse } from '../../../../core/result';
import { acquirableMinors, canAcquireMinor, mergeTokenOptions, paymentOptions, validateMerge } from '../minor-acquisition';
import type { TurnStep } from './types';

export const minorAcquisitionStep: TurnStep = {
	id: 'minor_acquisition',
	name: 'Acquire a minor',
	actions: ['merge'],
	passable: true,
	active: ({ state, config, corp }) => canAcquireMinor(state, config, corp),
	process({ state, config, round, corp }, action) {
		if (action.type !== 'merge') return refuse('action_not_allowed', `${corp.id} may acquire a minor now.`);
		const r = validateMerge(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			round.turn.merge = { minor: r.value, payment: null };
			return 'stay';
		});
	},
	offers({ state, config, corp }) {
		const minors = acquirableMinors(state, config, corp)
			.filter((m) => validateMerge(state, config, corp, { type: 'merge', entity: corp.id, entity_type: 'corporation', corporation: m }).ok)
			.map((m) => ({ minor: m, payments: paymentOptions(state, config, corp, state.corporations[m]), tokens: mergeTokenOptions(state, config, corp, state.corporations[m]) }));
		return { actions: ['merge'], minors };
	}
};
