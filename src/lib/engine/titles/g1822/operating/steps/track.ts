/**
 * Laying track (rules digest 5.3, 10.2) [g_1822/step/track.rb, special_track.rb]: the
 * corporation's lays and its privates' (a lay names the corporation or a private, with further
 * privates in `combo_entities`); P5's Channel upgrade and P21's bridge lays are checked apart
 * (special-lays.ts). The step ends when nothing more can be laid; a private whose lays go
 * together keeps it open while it acts (rules version 2).
 */
import { ok, refuse } from '../../../../core/result';
import { closeCompany } from '../../companies-ops';
import { applyLayWithAbilities, validateLayWithAbilities } from '../lay-abilities';
import { tileLayChoices } from '../query-lays';
import { applySpecialLay, closeBridgeIfStarted, layingCompany, noteTogetherLays, SPECIAL_LAY_PRIVATES, validateSpecialLay } from '../special-lays';
import { canStillLay, EXTRA_LAY_PRIVATE } from '../track';
import type { OrContext, TurnStep } from './types';

function active({ state, config, round, corp }: OrContext): boolean {
	return canStillLay(state, config, corp, round) || (config.blockingSteps && layingCompany(state, corp, round) !== null);
}

export const trackStep: TurnStep = {
	id: 'track',
	name: 'Lay track',
	actions: ['lay_tile'],
	passable: true,
	active,
	process(ctx, action) {
		const { state, config, round, corp } = ctx;
		if (action.type !== 'lay_tile') return refuse('action_not_allowed', `${corp.id} lays track now.`);
		// After a lay the step ends when nothing more can be laid (a lay that goes together keeps it).
		const next = () => (active(ctx) ? 'advance' : 'finish');
		if (SPECIAL_LAY_PRIVATES.includes(String(action.entity))) {
			const r = validateSpecialLay(state, config, corp, round, action);
			if (!r.ok) return r;
			return ok(() => {
				applySpecialLay(state, config, corp, round, action, r.value);
				if (config.blockingSteps) noteTogetherLays(state, corp, round, action);
				return next();
			});
		}
		const r = validateLayWithAbilities(state, config, corp, round, action);
		if (!r.ok) return r;
		return ok(() => {
			applyLayWithAbilities(state, corp, round, action, r.value, config.blockingSteps);
			if (config.blockingSteps && action.entity !== corp.id) noteTogetherLays(state, corp, round, action);
			return next();
		});
	},
	pass({ state, config, round }) {
		return ok(() => {
			// Passing in the middle of P12's lays closes it (rules digest 10.2). Rules version 2:
			// only P12's own pass, while it acts, closes it (together-lays.ts); the company's pass
			// of the track step leaves it [step/special_track.rb process_pass].
			if (round.turn.extraLays.length > 0 && !config.blockingSteps) closeCompany(state, EXTRA_LAY_PRIVATE);
			closeBridgeIfStarted(state, round);
			return 'finish';
		});
	},
	offers: ({ state, config, round, corp }) => ({ actions: ['lay_tile'], tileLays: tileLayChoices(state, config, corp, round) })
};
