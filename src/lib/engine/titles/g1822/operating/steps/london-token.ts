/**
 * M14's London token, due right after acquiring M14 from a bid box with "replace", comes before
 * anything else (m14-acquisition.ts) [g_1822/step/pending_token.rb after MinorAcquisition]; placing
 * it ends the minor-acquisition step.
 */
import { ok, refuse, ruleError } from '../../../../core/result';
import { applyLondonToken, m14TokenPending, pendingLondonToken, validateLondonToken } from '../m14-acquisition';
import type { RoundEntry } from './types';

export const londonToken: RoundEntry = {
	id: 'london_token',
	name: 'Place the token in London',
	actions: ['place_token'],
	blocking: true,
	active: ({ state }) => m14TokenPending(state),
	takes: (_ctx, action) => action.type === 'place_token',
	refusal: ({ corp }) => ruleError('token_pending', `${corp.id} must first place its token in London.`),
	process({ state, config, corp }, action) {
		if (action.type !== 'place_token') return refuse('token_pending', `${corp.id} must first place its token in London.`);
		const r = validateLondonToken(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyLondonToken(state, config, corp, r.value);
			return 'finish';
		});
	},
	offers: ({ state, config, corp }) => ({ actions: ['place_token'], pendingTokens: pendingLondonToken(state, config, corp) })
};
