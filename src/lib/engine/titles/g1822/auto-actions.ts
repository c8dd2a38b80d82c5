/**
 * Automatic actions (rules version 2, live play). After every action the reference takes the
 * active step's automatic actions until there are none [game/base.rb process_action: `until
 * (actions = round.auto_actions).empty?`]: players' programs in a stock round, and these steps'
 * own answers where there is only one:
 * - the destination step places the destination token once it connects, and passes otherwise
 *   [g_1822/step/destination_token.rb auto_actions];
 * - the minor-acquisition step passes when no minor can be reached [g_1822/step/minor_acquisition.rb
 *   auto_actions, mergeable];
 * - P9's double-cash choice passes when doubling would not change the order [g_1822/step/choose.rb
 *   auto_actions].
 * The site's client writes them into the triggering action's `auto_actions`, and its server checks
 * them there, so they are recorded for export (`state.auto`).
 */
import type { Action } from '../../core/actions';
import type { Result } from '../../core/result';
import { corporationId } from '../../core/ids';
import type { ResolvedConfig } from './config';
import type { GameState } from './state';
import { mapFor } from './board-ops';
import { activeCorporation, isStepActive } from './operating/flow';
import { acquirableMinors, validateMerge } from './operating/minor-acquisition';
import { validateDestination } from './operating/stations';
import { crowdedCorporation } from './operating/trains';
import { nextProgramActions } from './stock/program-fire';

/** Far more than any real chain of automatic actions; a guard against a loop. */
const MAX_AUTO_ACTIONS = 1000;

export function stepAutoActions(state: GameState, config: ResolvedConfig): Action[] {
	if (state.end.finished) return [];
	const round = state.round;
	if (round.kind === 'stock') return nextProgramActions(state, config);
	if (round.kind === 'choices') {
		const player = round.entities[round.current];
		return doubleCashInconsequential(state, player) ? [{ type: 'pass', entity: player, entity_type: 'player' }] : [];
	}
	if (crowdedCorporation(state, config)) return [];
	const corp = activeCorporation(state, round);
	if (!corp || !isStepActive(state, config, round, round.turn.step)) return [];
	const act = (type: string, extra: Record<string, unknown> = {}) => ({ type, entity: corp.id, entity_type: 'corporation', ...extra }) as unknown as Action;
	switch (round.turn.step) {
		case 'destination': {
			const hex = mapFor(state.setup.title).destinations.get(corporationId(corp.id));
			const token = hex ? act('hex_token', { hex, token_type: 'destination' }) : null;
			return [token && validateDestination(state, config, corp, token as never).ok ? token : act('pass')];
		}
		case 'minor_acquisition': {
			if (round.turn.merge) return [];
			const reachable = acquirableMinors(state, config, corp).some((m) => validateMerge(state, config, corp, act('merge', { corporation: m }) as never).ok);
			return reachable ? [] : [act('pass')];
		}
		default:
			return [];
	}
}

/** The richest player (the first in order on a tie), or one whose doubled cash stays under the second-lowest holding. */
function doubleCashInconsequential(state: GameState, player: number): boolean {
	const me = state.players.find((p) => p.id === player);
	if (!me) return false;
	const richest = state.players.reduce((a, b) => (b.cash > a.cash ? b : a));
	const sorted = state.players.map((p) => p.cash).sort((a, b) => a - b);
	return richest.id === player || me.cash * 2 < sorted[1];
}

/** Takes the automatic actions after an action and records them as that action's `auto_actions`. */
export function runAutoActions(state: GameState, config: ResolvedConfig, apply: (a: Action) => Result<void>): void {
	const done: Action[] = [];
	while (done.length < MAX_AUTO_ACTIONS) {
		const next = stepAutoActions(state, config);
		if (next.length === 0) break;
		let stopped = false;
		for (const a of next) {
			if (!apply(a).ok) {
				stopped = true;
				break;
			}
			done.push(a);
		}
		if (stopped) break;
	}
	if (done.length > 0) state.auto = done;
	else delete state.auto;
}
