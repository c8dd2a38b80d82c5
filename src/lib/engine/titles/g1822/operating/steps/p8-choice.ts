/**
 * P8's choice on acquisition, "token" (one free lay on its hexes) or "discount" (£20 off hills
 * and mountains), blocks the turn until made; the acquire step (more acquisitions, or its pass)
 * comes first [g_1822/game.rb operating_round: SpecialChoose after AcquireCompany;
 * g_1822/step/special_choose.rb; rules digest 10.2].
 */
import { ok, refuse, ruleError } from '../../../../core/result';
import { HILL_PRIVATE } from '../lay-abilities';
import { acquireStep } from './acquire';
import { stepPending, type OrContext, type RoundEntry } from './types';

const P8_CHOICES = ['token', 'discount'] as const;

function atAcquire({ round }: OrContext): boolean {
	return round.turn.step === 'acquire';
}

/** Rules version 2 takes the choice only once the acquire step is over. */
function choiceWaits(ctx: OrContext): boolean {
	return ctx.config.blockingSteps && atAcquire(ctx);
}

export const p8Choice: RoundEntry = {
	id: 'p8_choice',
	name: 'Choose P8’s ability',
	actions: ['choose'],
	blocking: true,
	active: ({ state, corp }) => state.privateChoices.P8 === 'pending' && corp.companies.includes(HILL_PRIVATE),
	takes: ({ corp }, action) => action.type === 'choose' && action.entity === corp.id,
	lets: (ctx, action) => action.type === 'acquire_company' || (action.type === 'pass' && atAcquire(ctx)),
	refusal: ({ corp }) => ruleError('choice_pending', `${corp.id} must first choose "token" or "discount" for P8.`),
	process(ctx, action) {
		if (choiceWaits(ctx)) return stepPending(ctx, acquireStep.name, 'choose');
		const choice = action.type === 'choose' ? String(action.choice) : '';
		if (choice !== 'token' && choice !== 'discount') return refuse('invalid_choice', 'Choose "token" or "discount" for P8.');
		return ok(() => {
			ctx.state.privateChoices.P8 = choice;
			// The turn was held at the step after the acquire step: it goes on from there.
			return ctx.config.p8ChoiceHoldsSteps ? 'advance' : 'stay';
		});
	},
	// What the acquire step lets through is offered with the choice.
	offers(ctx) {
		const privates = atAcquire(ctx) && acquireStep.active(ctx) ? (acquireStep.offers(ctx).privates ?? []) : [];
		const choices = choiceWaits(ctx) ? [] : [...P8_CHOICES];
		const actions = [...(privates.length ? ['acquire_company'] : []), ...(choices.length ? ['choose'] : []), ...(atAcquire(ctx) ? ['pass'] : [])];
		return { actions, privates, p8Choice: choices };
	}
};
