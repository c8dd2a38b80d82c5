/**
 * P5 (LC&DR): a free token from the exchange area in the English Channel, without a connection,
 * that does not use up the corporation's normal token (rules digest 10.2; stations.ts). A side
 * action; rules version 2 takes it in the token step alone [g_1822/entities.rb P5 token when:
 * 'token'], rules version 1 at any step.
 */
import { ok, refuse } from '../../../../core/result';
import type { PlaceTokenAction } from '../../../../core/actions';
import { hexId } from '../../../../core/ids';
import { mapFor } from '../../board-ops';
import { closeCompany } from '../../companies-ops';
import { tokenPlacements } from '../../map/stations';
import { CHANNEL_PRIVATE, cityId, ENGLISH_CHANNEL, stationContext, validateChannelToken } from '../stations';
import { stepPending, type OrContext, type RoundEntry } from './types';

function validate(ctx: OrContext, action: PlaceTokenAction) {
	const { state, config, round, corp } = ctx;
	if (config.blockingSteps && round.turn.step !== 'token') return stepPending(ctx, ctx.current?.name ?? round.turn.step, 'place_token');
	return validateChannelToken(state, config, corp, round, action);
}

export const channelToken: RoundEntry = {
	id: 'channel_token',
	name: 'P5’s English Channel token',
	actions: ['place_token'],
	blocking: false,
	active: () => true,
	takes: (_ctx, action) => action.type === 'place_token' && action.entity === CHANNEL_PRIVATE,
	process(ctx, action) {
		const { state, corp } = ctx;
		if (action.type !== 'place_token') return refuse('action_not_allowed', `${CHANNEL_PRIVATE} places a token only.`);
		const r = validate(ctx, action);
		if (!r.ok) return r;
		return ok(() => {
			state.board = r.value.board;
			corp.exchangeTokens -= 1;
			corp.charter.push({ price: 0, kind: 'normal', at: `${r.value.hex}-${r.value.city}` });
			closeCompany(state, CHANNEL_PRIVATE);
			return 'advance';
		});
	},
	offers(ctx) {
		const { state, config, round, corp } = ctx;
		if (!corp.companies.includes(CHANNEL_PRIVATE) || state.companies[CHANNEL_PRIVATE]?.closed) return null;
		if (corp.exchangeTokens <= 0 || !mapFor(state.setup.title).byId.has(hexId(ENGLISH_CHANNEL))) return null;
		const options = { ...stationContext(state, config, corp, round), placedThisTurn: false, tokensLeft: 1, noConnection: true, price: 0, hexes: [hexId(ENGLISH_CHANNEL)] };
		const channelTokens = tokenPlacements(options).filter((p) => validate(ctx, { type: 'place_token', entity: CHANNEL_PRIVATE, entity_type: 'company', city: cityId(state, p.hex, p.city), slot: 0 }).ok);
		return { actions: channelTokens.length ? ['place_token'] : [], channelTokens };
	}
};
