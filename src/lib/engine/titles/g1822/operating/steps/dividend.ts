/**
 * Paying or withholding a major's revenue (rules digest 8) [g_1822/step/dividend.rb]; a permanent
 * extra train run beside others first gets its own choice (8.3). The step takes no pass. Skipped,
 * it settles by itself: a minor splits its revenue, a major without revenue withholds nothing.
 */
import { ok, refuse } from '../../../../core/result';
import { DIVIDEND_KINDS, payMajor, payMinor, validateDividend, type DividendKind } from '../dividend';
import type { OrContext, TurnStep } from './types';

/** The extra train's separate choice is open (its revenue known, its choice not yet made). */
function extraOpen({ round }: OrContext): boolean {
	return round.turn.extraRevenue !== null && round.turn.extraKind === null;
}

export const dividendStep: TurnStep = {
	id: 'dividend',
	name: 'Pay or withhold dividends',
	actions: ['dividend', 'choose'],
	passable: false,
	active: ({ round, corp }) => corp.type === 'major' && (round.turn.revenue ?? 0) > 0,
	takes: (ctx, action) => action.type !== 'choose' || extraOpen(ctx),
	process({ state, config, round, corp }, action) {
		if (action.type === 'choose') {
			const r = validateDividend({ kind: String(action.choice) });
			if (!r.ok) return r;
			return ok(() => {
				round.turn.extraKind = r.value;
				return 'stay';
			});
		}
		if (action.type !== 'dividend') return refuse('action_not_allowed', `${corp.id} pays or withholds now.`);
		const r = validateDividend(action);
		if (!r.ok) return r;
		const extra =
			round.turn.extraRevenue !== null && round.turn.extraKind !== null
				? { revenue: round.turn.extraRevenue, kind: round.turn.extraKind as DividendKind }
				: null;
		return ok(() => {
			payMajor(state, config, corp, round.turn.revenue ?? 0, r.value, round.turn.subsidy, extra);
			return 'finish';
		});
	},
	offers(ctx) {
		const extra = extraOpen(ctx);
		return { actions: ['dividend', ...(extra ? ['choose'] : [])], dividends: [...DIVIDEND_KINDS], extraDividend: extra ? [...DIVIDEND_KINDS] : [] };
	},
	settleSkipped({ state, config, round, corp }) {
		const revenue = round.turn.revenue ?? 0;
		if (corp.type === 'minor') payMinor(state, config, corp, revenue);
		else payMajor(state, config, corp, 0, 'withhold', round.turn.subsidy);
	}
};
