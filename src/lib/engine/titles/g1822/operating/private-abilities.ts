/**
 * Private abilities used with "choose_ability" during a corporation's operating turn
 * (rules digest 10.2): P5 and P18 move an exchange token to the charter as a £100 token (P18 may
 * instead give up an unplaced token for an exchange token); P17
 * moves a card of a stack (not one in a box) to the top, just behind the boxes, or to the bottom.
 * Each closes once used.
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { ChooseAbilityAction } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import { closeCompany } from '../companies-ops';
import { addCharterToken } from '../charter';
import { isUnsold } from '../entities';
import { allBidBoxes } from '../stock/bidboxes';
import type { CorporationState, GameState, OrStep } from '../state';

export const EXCHANGE_PRIVATES = ['P5', 'P18'] as const;
export const MOVE_CARD_PRIVATE = 'P17';
export const SWAP_PRIVATE = 'P18';

export type AbilityPlan =
	| { kind: 'exchange'; company: string }
	| { kind: 'available'; company: string }
	| { kind: 'move'; card: string; top: boolean };

/**
 * The steps in which each ability may be used [g_1822/game.rb company_choices_lcdr (token),
 * company_choices_chpr (track, token), company_choices_lur (track, token, issue)].
 */
export const ABILITY_STEPS: Readonly<Record<string, readonly OrStep[]>> = {
	P5: ['token'],
	P18: ['track', 'token'],
	P17: ['track', 'token', 'issue']
};

export function validateAbility(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	action: ChooseAbilityAction
): Result<AbilityPlan> {
	const company = String(action.entity);
	if (!corp.companies.includes(company) || !state.companies[company] || state.companies[company].closed)
		return refuse('not_owner', `${corp.id} does not hold ${company}.`);
	const choice = typeof action.choice === 'string' ? action.choice : '';
	const steps = ABILITY_STEPS[company];
	if (steps && state.round.kind === 'operating' && !steps.includes(state.round.turn.step))
		return refuse('ability_not_now', `${company} may be used only in the ${steps.join(' or ')} step.`);
	if (company === SWAP_PRIVATE && choice === 'available') {
		// P18 the other way: an unplaced token goes back to the exchange area, up to the starting count.
		if (!corp.charter.some((t) => t.kind === 'normal' && t.at === null))
			return refuse('no_available_token', `${corp.id} has no unplaced station token.`);
		if (corp.exchangeTokens >= (config.corporationDefs[corp.id]?.exchangeTokens ?? 0))
			return refuse('exchange_area_full', `${corp.id}'s exchange area is already full.`);
		return ok({ kind: 'available', company });
	}
	if ((EXCHANGE_PRIVATES as readonly string[]).includes(company)) {
		if (choice !== 'exchange') return refuse('invalid_choice', `${company}'s choices are ${company === SWAP_PRIVATE ? '"exchange" and "available"' : '"exchange"'}.`);
		if (corp.exchangeTokens <= 0) return refuse('no_exchange_token', `${corp.id} has no exchange token left.`);
		return ok({ kind: 'exchange', company });
	}
	if (company === MOVE_CARD_PRIVATE) {
		const m = /^(.+)_(top|bottom)$/.exec(choice);
		const card = m?.[1] ?? '';
		if (!m || !state.companies[card] || !isUnsold(state, card) || allBidBoxes(state, config).includes(card))
			return refuse('invalid_choice', 'Move a card of a stack that is not in a box, to its top or bottom.');
		return ok({ kind: 'move', card, top: m[2] === 'top' });
	}
	return refuse('no_ability', `${company} has no ability to use now.`);
}

export function applyAbility(state: GameState, config: ResolvedConfig, corp: CorporationState, plan: AbilityPlan): void {
	if (plan.kind === 'exchange') {
		corp.exchangeTokens -= 1;
		addCharterToken(corp);
		closeCompany(state, plan.company);
		return;
	}
	if (plan.kind === 'available') {
		corp.charter.splice(
			corp.charter.findIndex((t) => t.kind === 'normal' && t.at === null),
			1
		);
		corp.exchangeTokens += 1;
		closeCompany(state, plan.company);
		return;
	}
	const kind = config.companyDefs[plan.card].kind;
	const order = state.companyOrder.filter((c) => c !== plan.card);
	const sameKind = order.map((c, i) => ({ c, i })).filter(({ c }) => config.companyDefs[c].kind === kind);
	const boxed = allBidBoxes(state, config);
	let at: number;
	if (plan.top) {
		const lastBoxed = sameKind.filter(({ c }) => boxed.includes(c)).pop();
		at = lastBoxed ? lastBoxed.i + 1 : (sameKind[0]?.i ?? order.length);
	} else at = (sameKind[sameKind.length - 1]?.i ?? order.length - 1) + 1;
	order.splice(at, 0, plan.card);
	state.companyOrder = order;
	closeCompany(state, MOVE_CARD_PRIVATE);
}
