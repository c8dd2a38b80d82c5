/**
 * A tile lay named after a private (P2, P8, P10, P11, P12 with their combined privates; P5's
 * Channel upgrade and P21's bridge lays) is checked for the private's ability first, wherever the
 * turn stands, then goes on to the track step [g_1822/step/special_track.rb, before Track].
 */
import type { LayTileAction } from '../../../../core/actions';
import { LAY_PRIVATES, validateLayWithAbilities } from '../lay-abilities';
import { SPECIAL_LAY_PRIVATES, validateSpecialLay } from '../special-lays';
import type { OrContext, RoundEntry } from './types';

function check({ state, config, round, corp }: OrContext, action: LayTileAction) {
	if (SPECIAL_LAY_PRIVATES.includes(String(action.entity))) return validateSpecialLay(state, config, corp, round, action);
	return validateLayWithAbilities(state, config, corp, round, action);
}

export const privateLays: RoundEntry = {
	id: 'private_lays',
	name: 'A private’s tile lay',
	// It takes nothing itself: the track step takes the lay.
	actions: [],
	blocking: false,
	active: () => true,
	takes: () => false,
	screen(ctx, action) {
		if (action.type !== 'lay_tile' || !(LAY_PRIVATES.includes(String(action.entity)) || SPECIAL_LAY_PRIVATES.includes(String(action.entity)))) return null;
		const r = check(ctx, action);
		return r.ok ? null : r.error;
	}
};
