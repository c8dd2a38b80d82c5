/**
 * A major's destination token, free, once its destination connects to its home station
 * (rules digest 5.4) [g_1822/step/destination_token.rb]. The step stays open until the token is
 * placed, but the token is offered only once it would be accepted.
 */
import { ok, refuse } from '../../../../core/result';
import { corporationId } from '../../../../core/ids';
import { mapFor } from '../../board-ops';
import { placeCharterToken, returnCharterToken } from '../../charter';
import { destinationPending, validateDestination } from '../stations';
import type { TurnStep } from './types';

export const destinationStep: TurnStep = {
	id: 'destination',
	name: 'Destination token',
	actions: ['hex_token'],
	passable: true,
	active: ({ state, corp }) => destinationPending(state, corp),
	process({ state, config, corp }, action) {
		if (action.type !== 'hex_token') return refuse('action_not_allowed', `${corp.id} may place its destination token now.`);
		const r = validateDestination(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			state.board = r.value.board;
			// A normal token already in the destination city goes back to the charter (5.4).
			if (r.value.returnedToken) returnCharterToken(corp, r.value.hex, 0);
			placeCharterToken(corp, r.value.hex, 0, 'destination');
			return 'finish';
		});
	},
	offers({ state, config, corp }) {
		const hex = mapFor(state.setup.title).destinations.get(corporationId(corp.id)) ?? null;
		const destination =
			hex !== null && validateDestination(state, config, corp, { type: 'hex_token', entity: corp.id, entity_type: 'corporation', hex }).ok ? hex : null;
		return { actions: destination === null ? [] : ['hex_token'], destination };
	}
};
