/**
 * Applying one action to the 1822 state. `applyAction` mutates in place and is used by the
 * fast replay path; every handler validates before it mutates, so a refusal changes nothing.
 */
import { refuse, ok, type Result } from '../../core/result';
import { isActionType, isProgramAction, type Action } from '../../core/actions';
import { configOf } from './config';
import type { GameState } from './state';
import { validateStock } from './stock/step';
import { applyChoices, validateChoices } from './choices-round';
import { processOperating } from './operating/round';
import { noteRoute } from './operating/steps';
import { playerValues } from './scores';
import { checkBank } from './game-end';
import { applyProgramAction, noteAction, resetAuto, watchTurn } from './stock/programs';
import { firePrograms } from './stock/program-fire';
import { runAutoActions } from './auto-actions';

/**
 * Hears each action applied, the one given and every automatic one it brings: `before` just
 * before it is tried, `after` once it is applied (a refused action has no `after`). The engine's
 * events are derived this way (event-derive.ts).
 */
export interface ActionObserver {
	before(state: Readonly<GameState>): void;
	after(state: Readonly<GameState>, action: Action): void;
}

export function applyAction(state: GameState, action: Action, observer?: ActionObserver): Result<void> {
	if (!action || typeof action !== 'object' || !isActionType((action as { type?: unknown }).type))
		return refuse('unknown_action', `Unknown action type "${String((action as { type?: unknown })?.type)}".`);
	switch (action.type) {
		case 'message':
		case 'log':
			resetAuto(state);
			delete state.auto;
			return ok(undefined);
		case 'undo':
		case 'redo':
			// Resolved before replay (interop); the engine itself never sees them executed.
			return refuse('undo_not_executable', 'Undo and redo are resolved from the log, not executed.');
		default:
			break;
	}
	if (state.end.finished) return refuse('game_over', 'The game has ended.');
	if (action.type === 'end_game') {
		// The site lets the table end a game by hand from any seat (even while a company acts).
		observer?.before(state);
		resetAuto(state);
		delete state.auto;
		state.end.finished = true;
		state.end.reason = 'manually_ended';
		observer?.after(state, action);
		return ok(undefined);
	}
	const r = applyOne(state, action, observer);
	if (!r.ok) return r;
	const config = configOf(state.setup);
	// Steps with one answer and players' programs act now, as part of this action (auto-actions.ts).
	if (config.mode === 'live' && config.blockingSteps) {
		runAutoActions(state, config, (a) => applyOne(state, a, observer));
		return ok(undefined);
	}
	// Rules version 1: players' programs act for them now (live play; stock/program-fire.ts).
	if (state.programs) {
		resetAuto(state);
		firePrograms(state, configOf(state.setup), (a) => applyOne(state, a, observer));
	}
	return ok(undefined);
}

/** One action, without firing programs: a program setting, or an action of the round. */
function applyOne(state: GameState, action: Action, observer?: ActionObserver): Result<void> {
	// Programs are set by a player at any time, not as a turn action (stock/programs.ts).
	if (isProgramAction(action)) return applyProgramAction(state, configOf(state.setup), action);
	observer?.before(state);
	const before = watchTurn(state);
	const r = validateInRound(state, action);
	if (!r.ok) return r;
	const operating = state.round.kind === 'operating' ? state.corporations[state.round.order[state.round.current]] : undefined;
	r.value();
	// Live play asks the operating company's graph at nearly every action (lays, tokens, routes),
	// and the reference remembers a route once its graph finds one (steps/route.ts noteRoute).
	const config = configOf(state.setup);
	if (operating && config.blockingSteps && config.mode === 'live' && !operating.closed) noteRoute(state, config, operating);
	// A broken bank is a game-end trigger, checked after every action.
	checkBank(state);
	noteAction(state, action, before);
	observer?.after(state, action);
	return ok(undefined);
}

function validateInRound(state: GameState, action: Action): Result<() => void> {
	const config = configOf(state.setup);
	const round = state.round;
	switch (round.kind) {
		case 'stock':
			return validateStock(state, config, round, action);
		case 'choices': {
			const r = validateChoices(state, round, action);
			if (!r.ok) return r;
			return ok(() => applyChoices(state, config, round, action));
		}
		case 'operating':
			return processOperating(state, config, round, action);
	}
}

export { playerValues };
