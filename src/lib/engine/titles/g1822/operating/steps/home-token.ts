/**
 * Minor 14's first turn begins with its London home token (rules version 2; m14-home.ts)
 * [g_1822/game.rb PENDING_HOME_TOKENERS; step/home_token.rb].
 */
import { ok, refuse } from '../../../../core/result';
import { applyM14Home, m14HomeChoices, m14HomePending, validateM14Home } from '../m14-home';
import type { TurnStep } from './types';

export const homeTokenStep: TurnStep = {
	id: 'home_token',
	name: 'Place the home token',
	actions: ['place_token'],
	passable: false,
	active: ({ state, config, corp }) => m14HomePending(state, config, corp),
	process({ state, corp }, action) {
		if (action.type !== 'place_token') return refuse('action_not_allowed', `${corp.id} places its home token now.`);
		const home = validateM14Home(state, corp, action);
		if (!home.ok) return home;
		return ok(() => {
			applyM14Home(state, corp, home.value);
			return 'finish';
		});
	},
	offers: ({ state, corp }) => ({ actions: ['place_token'], pendingTokens: m14HomeChoices(state, corp) })
};
