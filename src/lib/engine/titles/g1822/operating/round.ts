/**
 * Where an operating-round action goes [round/base.rb process_action]: to the first holdup or
 * side action of the round's list that takes it, unless a holdup before it blocks; then to the
 * turn's step reached, if that step declares the action's type. Anything else is refused with a
 * code saying why: not this entity's turn, a later step's action ("finish this step first"), or
 * not an action of this round now.
 */
import { err, ok, refuse, type Result } from '../../../core/result';
import type { Action } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import type { GameState, OperatingRound } from '../state';
import { advance, finishStep } from './flow';
import { BEFORE_STEPS, OPERATING_STEPS, orContext, stepIndex } from './steps';
import { stepPending, type Apply, type Next, type OrContext, type TurnStep } from './steps/types';

/** Checks an operating-round action; the answer applies it. */
export function processOperating(state: GameState, config: ResolvedConfig, round: OperatingRound, action: Action): Result<() => void> {
	const ctx = orContext(state, config, round);
	const before = beforeSteps(ctx, action);
	if (before) return before;
	if (action.type === 'pass') return passStep(ctx);
	const step = stepFor(ctx, action);
	if (!step) return err(noStep(ctx, action));
	return applying(ctx, step.process(ctx, action), step);
}

/**
 * The entries that stand before the turn's steps, in order: the answer of the first that takes the
 * action or refuses it, else null (asked at every action: a loop by index, in a function of its own).
 */
function beforeSteps(ctx: OrContext, action: Action): Result<() => void> | null {
	for (let i = 0; i < BEFORE_STEPS.length; i++) {
		const entry = BEFORE_STEPS[i];
		if (!entry.active(ctx)) continue;
		if (entry.process && entry.takes(ctx, action)) return applying(ctx, entry.process(ctx, action));
		const why = entry.screen?.(ctx, action);
		if (why) return err(why);
		if (entry.blocking && !entry.lets?.(ctx, action))
			return err(entry.refusal?.(ctx, action) ?? { code: 'action_not_allowed', message: `"${action.type}" is not possible now.` });
	}
	return null;
}

/**
 * The steps an action may go to now, in order (those `wanted` alone, when given). Steps block,
 * so only the step reached, while it has something to do; rules version 1 let an action skip
 * ahead to the first later step in play that takes it (and the turn jumps there, leaving the
 * steps between unsettled).
 */
export function* reachableSteps(ctx: OrContext, wanted: (s: TurnStep) => boolean = () => true): Generator<TurnStep> {
	const from = stepIndex(ctx.round.turn.step);
	if (!ctx.config.blockingSteps) {
		for (const s of OPERATING_STEPS.slice(from)) if (wanted(s) && s.active(ctx)) yield s;
		return;
	}
	const step = OPERATING_STEPS[from];
	if (step && wanted(step) && step.active(ctx)) yield step;
}

function stepFor(ctx: OrContext, action: Action): TurnStep | null {
	for (const s of reachableSteps(ctx, (s) => s.actions.includes(action.type))) if (s.takes?.(ctx, action) ?? true) return s;
	return null;
}

/** Why no step takes the action: a step still to come may say; else it is a later step's, or not of this round now. */
function noStep(ctx: OrContext, action: Action) {
	const from = stepIndex(ctx.round.turn.step);
	const ahead = OPERATING_STEPS.slice(from).filter((s) => s.actions.includes(action.type));
	for (const s of ahead) {
		const why = s.refusal?.(ctx, action);
		if (why) return why;
	}
	const later = ahead.some((s) => s !== ctx.current);
	if (later && ctx.current) {
		const r = stepPending(ctx, ctx.current.name, action.type);
		if (!r.ok) return r.error;
	}
	return { code: 'action_not_allowed', message: `${ctx.corp.id} cannot "${action.type}" now.` };
}

/** A pass finishes the step reached, if it may be passed. */
export function passStep(ctx: OrContext): Result<() => void> {
	const step = ctx.current;
	if (!step) return refuse('action_not_allowed', `${ctx.corp.id}'s turn is over.`);
	if (ctx.config.blockingSteps && !step.passable)
		return refuse('step_pending', `${ctx.corp.id} cannot pass the "${step.name}" step${step.passHint ? `; ${step.passHint}` : ''}.`);
	return applying(ctx, step.pass ? step.pass(ctx) : ok(() => 'finish' as const));
}

/** An accepted action: the turn is at `step` (when a step took it), the action applies, then what it says follows. */
function applying(ctx: OrContext, r: Result<Apply>, step?: TurnStep): Result<() => void> {
	if (!r.ok) return r;
	const apply = r.value;
	return ok(() => {
		if (step) ctx.round.turn.step = step.id;
		follow(ctx, apply());
	});
}

function follow({ state, config, round }: OrContext, next: Next): void {
	if (next === 'advance') advance(state, config, round);
	else if (next === 'finish') finishStep(state, config, round, round.turn.step);
}
