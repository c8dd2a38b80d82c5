/**
 * A private whose lays go together (P12, P21) acts alone once it has begun them: it lays again
 * (the track step takes the lay) or passes, which closes it (rules version 2; rules digest 10.2)
 * [step/special_track.rb active_entities, process_pass].
 */
import { ok, ruleError } from '../../../../core/result';
import { closeCompany } from '../../companies-ops';
import { layPrivates } from '../lay-abilities';
import { tileLayChoices } from '../query-lays';
import { layingCompany } from '../special-lays';
import type { OrContext, RoundEntry } from './types';

function laying({ state, config, round, corp }: OrContext): string | null {
	return config.blockingSteps ? layingCompany(state, corp, round) : null;
}

export const togetherLays: RoundEntry = {
	id: 'together_lays',
	name: 'A private lays again or passes',
	actions: ['pass'],
	blocking: true,
	active: (ctx) => laying(ctx) !== null,
	takes: (ctx, action) => action.type === 'pass' && action.entity === laying(ctx),
	lets(ctx, action) {
		const company = laying(ctx);
		return action.type === 'lay_tile' && company !== null && (action.entity === company || layPrivates(action).includes(company));
	},
	refusal: (ctx) => ruleError('not_your_turn', `${laying(ctx)} is laying its tiles for ${ctx.corp.id}: it lays again or passes.`),
	process(ctx) {
		const company = laying(ctx) as string;
		return ok(() => {
			delete ctx.round.turn.together;
			closeCompany(ctx.state, company);
			return 'advance';
		});
	},
	offers(ctx) {
		const { state, config, round, corp } = ctx;
		const company = laying(ctx) as string;
		const tileLays = tileLayChoices(state, config, corp, round).filter((c) => c.entity === company || c.combo.includes(company));
		return { entity: company, actions: [...(tileLays.length ? ['lay_tile'] : []), 'pass'], tileLays };
	}
};
