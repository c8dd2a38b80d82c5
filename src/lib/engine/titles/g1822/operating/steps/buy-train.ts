/**
 * Buying trains (rules digest 5.6, 9.1) [g_1822/step/buy_train.rb]: the step ends when nothing
 * more can be bought; a corporation without a train may not pass it while the depot has one, and
 * its director may then have to sell shares to help pay (emergency.ts).
 */
import { ok, refuse, ruleError } from '../../../../core/result';
import { inEmergency } from '../emergency';
import { trainChoices } from '../query-trains';
import { applyBuyTrain, canBuyTrain, hasRoom, mustBuyTrain, validateBuyTrain } from '../trains';
import type { Offer, OrContext, TurnStep } from './types';

/** The trains on offer, checked as the step that takes the purchase checks them (housekeeping: an L only). */
export function trainOffers({ state, config, corp }: OrContext, housekeeping: boolean): Offer {
	const trains = trainChoices(state, config, corp, (a) => a.type === 'buy_train' && validateBuyTrain(state, config, corp, a, housekeeping).ok);
	const emergencySale = inEmergency(state, config, corp) && (trains.emergency?.sellable.length ?? 0) > 0;
	return { actions: ['buy_train', ...(emergencySale ? ['sell_shares'] : [])], trains, emergencySale };
}

export const buyTrainStep: TurnStep = {
	id: 'buy_train',
	name: 'Buy trains',
	actions: ['buy_train'],
	passable: true,
	active: ({ state, config, corp }) => canBuyTrain(state, config, corp) || mustBuyTrain(state, corp),
	process({ state, config, corp }, action) {
		if (action.type !== 'buy_train') return refuse('action_not_allowed', `${corp.id} buys trains now.`);
		const r = validateBuyTrain(state, config, corp, action, false);
		if (!r.ok) return r;
		return ok(() => {
			applyBuyTrain(state, config, corp, r.value);
			return canBuyTrain(state, config, corp) ? 'advance' : 'finish';
		});
	},
	pass({ state, corp }) {
		if (mustBuyTrain(state, corp)) return refuse('must_buy_train', `${corp.id} has no train and must buy one.`);
		return ok(() => 'finish');
	},
	// A company at its train limit skips the buy step; say why rather than "not now" (rules digest 5.6).
	refusal({ state, config, corp }, action) {
		if (action.type !== 'buy_train' || action.exchange || hasRoom(state, config, corp)) return null;
		return ruleError('train_limit', `${corp.id} has no room for another train.`);
	},
	offers: (ctx) => trainOffers(ctx, false)
};
