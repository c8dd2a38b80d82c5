/**
 * Placing one £100 station token (rules digest 5.5) [g_1822/step/token.rb]; SECR may once place a
 * free one in the English Channel (rules digest 1.3). P5's Channel token is a side action
 * (channel-token.ts).
 */
import { ok, refuse } from '../../../../core/result';
import { hexId } from '../../../../core/ids';
import { placeCharterToken } from '../../charter';
import { tokenPlacements, type TokenPlacement } from '../../map/stations';
import { canPlaceToken, ENGLISH_CHANNEL, placeTokenOffered, secrChannelToken, stationContext, validatePlace } from '../stations';
import type { OrContext, TurnStep } from './types';

/**
 * Normal station slots, plus SECR's once-only free English Channel slot. Rules version 2 takes a
 * normal token only while placeTokenOffered holds (stations.ts validatePlace); then any city that
 * takes the token may be chosen, a second London city of the same major included.
 */
function stationOptions({ state, config, round, corp }: OrContext): TokenPlacement[] {
	const ctx = stationContext(state, config, corp, round);
	const none = config.blockingSteps && !placeTokenOffered(state, config, corp, round);
	const out = none ? [] : tokenPlacements(ctx);
	if (!secrChannelToken(state, corp)) return out;
	const channel = tokenPlacements({ ...ctx, price: 0, hexes: [hexId(ENGLISH_CHANNEL)] });
	return [...out.filter((p) => p.hex !== ENGLISH_CHANNEL), ...channel];
}

export const tokenStep: TurnStep = {
	id: 'token',
	name: 'Place a token',
	actions: ['place_token'],
	passable: true,
	active: ({ state, config, round, corp }) => canPlaceToken(state, config, corp, round),
	process({ state, config, round, corp }, action) {
		if (action.type !== 'place_token') return refuse('action_not_allowed', `${corp.id} may place a token now.`);
		const r = validatePlace(state, config, corp, round, action);
		if (!r.ok) return r;
		return ok(() => {
			state.board = r.value.board;
			placeCharterToken(corp, r.value.hex, r.value.city);
			if (r.value.secrChannel) state.abilityUses[corp.id] = 1;
			corp.cash -= r.value.cost;
			state.bank.cash += r.value.cost;
			round.turn.tokenPlaced = true;
			return 'finish';
		});
	},
	offers: (ctx) => ({ actions: ['place_token'], tokens: stationOptions(ctx) })
};
