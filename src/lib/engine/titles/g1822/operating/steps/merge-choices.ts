/**
 * A minor acquisition under way takes its two choices, the payment and then the minor's token,
 * before anything else (rules digest 5.7; minor-acquisition.ts) [g_1822/step/minor_acquisition.rb
 * choices]. The second completes the acquisition and ends the step, unless M14's London token is
 * then due (london-token.ts).
 */
import { ok, refuse, ruleError } from '../../../../core/result';
import { m14TokenPending } from '../m14-acquisition';
import { completeMerge, mergeTokenOptions, paymentOptions, validateMergeChoice } from '../minor-acquisition';
import type { RoundEntry } from './types';

export const mergeChoices: RoundEntry = {
	id: 'merge_choices',
	name: 'Finish acquiring a minor',
	actions: ['choose'],
	blocking: true,
	active: ({ round }) => round.turn.merge !== null,
	takes: (_ctx, action) => action.type === 'choose',
	refusal: ({ round, corp }) => ruleError('choice_pending', `${corp.id} must finish acquiring minor ${round.turn.merge?.minor}.`),
	process({ state, config, round, corp }, action) {
		const merge = round.turn.merge;
		if (action.type !== 'choose' || !merge) return refuse('action_not_allowed', 'There is nothing to choose.');
		const r = validateMergeChoice(state, config, corp, round, action);
		if (!r.ok) return r;
		return ok(() => {
			if (r.value.kind === 'payment') {
				merge.payment = r.value.choice;
				return 'stay';
			}
			completeMerge(state, config, corp, merge.minor, merge.payment, r.value.choice);
			round.turn.merge = null;
			// One acquisition per turn; M14's London token is placed first.
			return m14TokenPending(state) ? 'stay' : 'finish';
		});
	},
	offers({ state, config, round, corp }) {
		const merge = round.turn.merge;
		if (!merge) return null;
		const minor = state.corporations[merge.minor];
		const payment = merge.payment === null;
		const options: string[] = payment ? paymentOptions(state, config, corp, minor) : mergeTokenOptions(state, config, corp, minor);
		return { actions: ['choose'], mergeChoice: { minor: merge.minor, kind: payment ? 'payment' : 'token', options } };
	}
};
