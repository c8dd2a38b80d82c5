/**
 * Which action types the acting entity may take now, in any round: the stock round from its
 * choices, the choices round (P9) from its two answers, the operating round from the step
 * machine. Messages, automation settings and ending the game by hand are always possible and
 * are not listed.
 */
import type { Action } from '../../core/actions';
import type { ResolvedConfig } from './config';
import type { GameState } from './state';
import { stockChoices } from './stock/queries';
import { validateStock } from './stock/step';
import { currentPlayerId } from './stock/turn';
import { taxHavenChoices } from './tax-haven-choices';
import { operatingChoices } from './operating/queries';

export function legalActionTypes(state: GameState, config: ResolvedConfig): string[] {
	if (state.end.finished) return [];
	const round = state.round;
	switch (round.kind) {
		case 'choices':
			return ['choose', 'pass'];
		case 'operating':
			return [...operatingChoices(state, config, round).actions];
		case 'stock': {
			const player = currentPlayerId(state, round);
			const c = stockChoices(state, config, round, player);
			const accepts = (a: Action) => validateStock(state, config, round, a).ok;
			const out = new Set<string>();
			if (c.bidBoxes.length) out.add('bid');
			if (c.buy.length) out.add('buy_shares');
			if (c.sell.length) out.add('sell_shares');
			if (c.par.length) out.add('par');
			if (accepts({ type: 'payoff_player_debt', entity: player })) out.add('payoff_player_debt');
			if (accepts({ type: 'payoff_player_debt_partial', entity: player, amount: 1 })) out.add('payoff_player_debt_partial');
			if (accepts({ type: 'pass', entity: player })) out.add('pass');
			if (taxHavenChoices(state).some((choice) => accepts({ type: 'choose_ability', entity: 'P16', entity_type: 'company', choice })))
				out.add('choose_ability');
			return [...out].sort();
		}
	}
}
