/**
 * Private abilities used with "choose_ability" during the turn (rules digest 10.2;
 * private-abilities.ts): P5 and P18 turn an exchange token into a station, P17 moves a card of a
 * stack. A side action; each ability names the steps it may be used in.
 */
import { ok, refuse } from '../../../../core/result';
import type { ResolvedConfig } from '../../config';
import { isUnsold } from '../../entities';
import type { GameState } from '../../state';
import { allBidBoxes } from '../../stock/bidboxes';
import { applyAbility, EXCHANGE_PRIVATES, MOVE_CARD_PRIVATE, validateAbility } from '../private-abilities';
import type { AbilityChoice } from '../queries';
import type { RoundEntry } from './types';

/** The choices each ability could take (checked one by one before they are offered). */
function abilityCandidates(state: GameState, config: ResolvedConfig, company: string): string[] {
	if ((EXCHANGE_PRIVATES as readonly string[]).includes(company)) return company === 'P18' ? ['exchange', 'available'] : ['exchange'];
	if (company !== MOVE_CARD_PRIVATE) return [];
	const boxed = allBidBoxes(state, config);
	return state.companyOrder.filter((c) => isUnsold(state, c) && !boxed.includes(c)).flatMap((c) => [`${c}_top`, `${c}_bottom`]);
}

export const privateAbilities: RoundEntry = {
	id: 'private_abilities',
	name: 'Use a private’s ability',
	actions: ['choose_ability'],
	blocking: false,
	active: () => true,
	takes: (_ctx, action) => action.type === 'choose_ability',
	process({ state, config, corp }, action) {
		if (action.type !== 'choose_ability') return refuse('action_not_allowed', 'An ability is used with "choose_ability".');
		const r = validateAbility(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyAbility(state, config, corp, r.value);
			return 'advance';
		});
	},
	offers({ state, config, corp }) {
		const abilities: AbilityChoice[] = [];
		for (const company of corp.companies) {
			const choices = abilityCandidates(state, config, company).filter(
				(choice) => validateAbility(state, config, corp, { type: 'choose_ability', entity: company, entity_type: 'company', choice }).ok
			);
			if (choices.length) abilities.push({ company, choices });
		}
		return { actions: abilities.length ? ['choose_ability'] : [], abilities };
	}
};
