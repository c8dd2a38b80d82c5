/**
 * Issuing or redeeming shares at the end of a major's turn (rules digest 5.8)
 * [g_1822/step/issue_shares.rb]: one action, which ends the step.
 */
import { ok, refuse } from '../../../../core/result';
import type { ResolvedConfig } from '../../config';
import { sharePrice } from '../../entities';
import type { CorporationState } from '../../state';
import { applyIssue, applyRedeem, validateIssue, validateRedeem } from '../issue';
import { MOVE_CARD_PRIVATE } from '../private-abilities';
import type { TurnStep } from './types';

/**
 * Issuing needs two turns of history and treasury shares the market can take; redeeming, a
 * market share the corporation can pay for at the current price [g_1822/game.rb
 * issuable_shares, redeemable_shares].
 */
function canIssueOrRedeem(config: ResolvedConfig, corp: CorporationState): boolean {
	if (corp.type !== 'major') return false;
	// Rules version 2: redeeming needs no operating history, only issuing does.
	if (corp.operated < 2 && !config.blockingSteps) return false;
	const pool = corp.shares.filter((c) => c.owner === 'pool').reduce((a, c) => a + c.percent, 0);
	const treasury = corp.shares.some((c) => c.owner === 'treasury' && !c.president);
	const canIssue = corp.operated >= 2 && treasury && pool + 10 <= 50;
	const canRedeem = pool > 0 && corp.cash >= (sharePrice(config, corp) ?? Infinity);
	return canIssue || canRedeem;
}

function unpresidential(corp: CorporationState, owner: 'treasury' | 'pool') {
	return corp.shares.filter((c) => c.owner === owner && !c.president);
}

/** The first `n` shares the action names, as the UI sends them. */
function shareIds(corp: CorporationState, owner: 'treasury' | 'pool', n: number): string[] {
	return unpresidential(corp, owner)
		.slice(0, n)
		.map((c) => `${corp.id}_${c.index}`);
}

export const issueStep: TurnStep = {
	id: 'issue',
	name: 'Issue or redeem shares',
	actions: ['sell_shares', 'buy_shares'],
	passable: true,
	// Holding P17, a major stops here for its card move even with nothing to issue (rules
	// version 2) [g_1822/step/issue_shares.rb ability_lancashire_union_railway?].
	active: ({ state, config, corp }) =>
		canIssueOrRedeem(config, corp) ||
		(config.blockingSteps && corp.type === 'major' && corp.companies.includes(MOVE_CARD_PRIVATE) && state.companies[MOVE_CARD_PRIVATE]?.closed === false),
	process({ state, config, corp }, action) {
		if (action.type === 'sell_shares') {
			const r = validateIssue(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				applyIssue(state, config, corp, r.value);
				return 'finish';
			});
		}
		if (action.type !== 'buy_shares') return refuse('action_not_allowed', `${corp.id} may issue or redeem shares now.`);
		const r = validateRedeem(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyRedeem(state, config, corp, r.value);
			return 'finish';
		});
	},
	offers({ state, config, corp }) {
		const act = { entity: corp.id, entity_type: 'corporation' } as const;
		const issue: number[] = [];
		const redeem: number[] = [];
		for (let n = 1; n <= unpresidential(corp, 'treasury').length; n++)
			if (validateIssue(state, config, corp, { type: 'sell_shares', ...act, shares: shareIds(corp, 'treasury', n) }).ok) issue.push(n);
		for (let n = 1; n <= unpresidential(corp, 'pool').length; n++)
			if (validateRedeem(state, config, corp, { type: 'buy_shares', ...act, shares: shareIds(corp, 'pool', n) }).ok) redeem.push(n);
		return { actions: ['sell_shares', 'buy_shares'], issue, redeem };
	}
};
