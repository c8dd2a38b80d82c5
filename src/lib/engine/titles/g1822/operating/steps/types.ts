/**
 * The shape of the operating round, after the reference's [round/base.rb process_action,
 * actions_for]: a round is an ordered list of steps; each step declares the action types it
 * takes, says whether it is in play now, checks and applies an action, answers what it offers
 * (the query the UI reads) and says, with each action it applies, whether it is done.
 *
 * Two kinds of entries make the list (index.ts):
 * - holdups and side actions before the turn (`RoundEntry`): a blocking one, while pending,
 *   refuses whatever it does not take or let through (a discard, P8's choice, M14's London
 *   token); a side one takes its own actions and lets everything else by (an emergency sale);
 * - the steps of the corporation's turn (`TurnStep`), one of which is reached at a time
 *   (`OperatingTurn.step`); every step before it is finished.
 */
import { refuse, type Result, type RuleError } from '../../../../core/result';
import type { Action, ActionType } from '../../../../core/actions';
import type { ResolvedConfig } from '../../config';
import type { CorporationState, GameState, OperatingRound, OrStep } from '../../state';
import type { OperatingChoices } from '../queries';

/** What every step and holdup is asked with: the game, its rules and the operating corporation. */
export interface OrContext {
	readonly state: GameState;
	readonly config: ResolvedConfig;
	readonly round: OperatingRound;
	/** The corporation whose turn it is. */
	readonly corp: CorporationState;
	/** The step of its turn reached when the context was made (null at the turn's end). */
	readonly current: TurnStep | null;
}

/**
 * What follows an applied action: the step stays as it is (a choice inside it was made), the turn
 * moves on to the first step with something to do (`advance`), or the step under way is done.
 */
export type Next = 'stay' | 'advance' | 'finish';

/** An accepted action: applying it says what follows. */
export type Apply = () => Next;

/** Part of the operating-round answer: the action types offered and their choices. */
export type Offer = { readonly actions: readonly string[] } & Partial<Omit<OperatingChoices, 'actions'>>;

export type TurnStepId = Exclude<OrStep, 'done'>;

/** A step of the corporation's turn. */
export interface TurnStep {
	readonly id: TurnStepId;
	/** The step's name as a player sees it. */
	readonly name: string;
	/** Action types it takes besides "pass". */
	readonly actions: readonly ActionType[];
	/** Whether it may be passed (running routes and paying dividends must be done [step/route.rb, step/dividend.rb ACTIONS]). */
	readonly passable: boolean;
	/** Added to the refusal of a pass, when the step takes none. */
	readonly passHint?: string;
	/** Whether the step has something for the corporation to do; a step without is skipped. */
	active(ctx: OrContext): boolean;
	/** Whether it takes this action of one of its types now (every one when absent). */
	takes?(ctx: OrContext, action: Action): boolean;
	/** Checks the action; the answer applies it. */
	process(ctx: OrContext, action: Action): Result<Apply>;
	/** Checks a pass of the step (accepted, finishing the step, when absent). */
	pass?(ctx: OrContext): Result<Apply>;
	/** Why the step, still to come, will not take this action: said instead of "finish this step first". */
	refusal?(ctx: OrContext, action: Action): RuleError | null;
	/** What it offers now (asked only while it is open). */
	offers(ctx: OrContext): Offer;
	/** What it settles when the turn skips it. */
	settleSkipped?(ctx: OrContext): void;
	/** Done when the turn reaches the step and stays there. */
	reached?(ctx: OrContext): void;
}

/** A holdup or a side action, asked before the turn's steps, in the round's declared order. */
export interface RoundEntry {
	readonly id: string;
	readonly name: string;
	/** Action types it takes. */
	readonly actions: readonly ActionType[];
	/** A blocking entry, while active, refuses what it neither takes nor lets through. */
	readonly blocking: boolean;
	active(ctx: OrContext): boolean;
	/** Whether it takes the action (it then checks and applies it). */
	takes(ctx: OrContext, action: Action): boolean;
	/** Actions that go on past it while it is active (blocking entries only). */
	lets?(ctx: OrContext, action: Action): boolean;
	/** A check it makes on an action that goes on past it: a refusal, or null to let it go on. */
	screen?(ctx: OrContext, action: Action): RuleError | null;
	/** The refusal of anything else while it blocks. */
	refusal?(ctx: OrContext, action: Action): RuleError;
	/** Checks an action it takes; the answer applies it (absent for an entry that takes nothing). */
	process?(ctx: OrContext, action: Action): Result<Apply>;
	/**
	 * A blocking entry's whole answer while it is active (the entity acting and what it may do);
	 * a side entry's additions to the turn's answer. Absent: it offers nothing of its own.
	 */
	offers?(ctx: OrContext): Offer | null;
}

/** An action of a step still to come [round/base.rb process_action: blocking steps]. */
export function stepPending(ctx: OrContext, stepName: string, type: string) {
	return refuse('step_pending', `${ctx.corp.id} is at the "${stepName}" step, which does not take "${type}"; finish or pass it first.`);
}
