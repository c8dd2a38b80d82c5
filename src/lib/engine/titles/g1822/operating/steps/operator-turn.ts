/**
 * From here on the operating corporation acts: its own actions, and its privates' tile lays,
 * which the track step takes [g_1822/step/special_track.rb, before Track]. Anyone else is
 * refused: a private or a stock-round action "not now", another player or corporation "not your
 * turn".
 */
import { ruleError } from '../../../../core/result';
import { LAY_PRIVATES } from '../lay-abilities';
import { SPECIAL_LAY_PRIVATES } from '../special-lays';
import type { RoundEntry } from './types';

// Player actions that belong to the stock round, never to a company's turn (rules digest 9.2).
const NOT_IN_OPERATING_ROUND: readonly string[] = ['choose_ability', 'payoff_player_debt', 'payoff_player_debt_partial'];

const layingPrivate = (entity: unknown) => LAY_PRIVATES.includes(String(entity)) || SPECIAL_LAY_PRIVATES.includes(String(entity));

export const operatorTurn: RoundEntry = {
	id: 'operator_turn',
	name: 'The operating corporation acts',
	actions: [],
	blocking: true,
	active: () => true,
	takes: () => false,
	lets: ({ corp }, action) =>
		(action.entity === corp.id && !NOT_IN_OPERATING_ROUND.includes(action.type)) || (action.type === 'lay_tile' && layingPrivate(action.entity)),
	refusal({ corp }, action) {
		if (action.entity === corp.id) return ruleError('action_not_allowed', `"${action.type}" is not an operating-round action.`);
		if (action.entity_type === 'company' || NOT_IN_OPERATING_ROUND.includes(action.type))
			return ruleError('action_not_allowed', `${String(action.entity)} cannot "${String(action.type)}" now.`);
		return ruleError('not_your_turn', `It is ${corp.id}'s turn to operate.`);
	}
};
