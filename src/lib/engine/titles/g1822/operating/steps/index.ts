/**
 * The 1822 operating round as ordered lists [g_1822/game.rb operating_round]: the holdups and
 * side actions asked first, in this order, then the steps of the corporation's turn. The step
 * modules are reached through these lists.
 */
import type { ResolvedConfig } from '../../config';
import type { GameState, OperatingRound, OrStep } from '../../state';
import { privateAbilities } from './abilities';
import { acquireStep } from './acquire';
import { buyTrainStep } from './buy-train';
import { channelToken } from './channel-token';
import { destinationStep } from './destination';
import { discardTrain } from './discard-train';
import { dividendStep } from './dividend';
import { emergencySale } from './emergency-sale';
import { homeTokenStep } from './home-token';
import { housekeepingStep } from './housekeeping';
import { issueStep } from './issue';
import { londonToken } from './london-token';
import { mergeChoices } from './merge-choices';
import { minorAcquisitionStep } from './minor-acquisition';
import { operatorTurn } from './operator-turn';
import { p8Choice } from './p8-choice';
import { privateLays } from './private-lays';
import { routeStep } from './route';
import { togetherLays } from './together-lays';
import { tokenStep } from './token';
import { trackStep } from './track';
import type { OrContext, RoundEntry, TurnStep } from './types';

export { noteRoute } from './route';

/**
 * Asked before the turn's steps, in this order. The discard holds up every corporation; the
 * side actions (an emergency sale, the check of a private's lay, P5's token, abilities) come
 * before the gate that leaves the rest to the operating corporation, as the reference's
 * non-blocking steps come before its blocking ones.
 */
export const BEFORE_STEPS: readonly RoundEntry[] = [
	discardTrain,
	togetherLays,
	emergencySale,
	p8Choice,
	privateLays,
	channelToken,
	privateAbilities,
	operatorTurn,
	londonToken,
	mergeChoices
];

/** The steps of a corporation's turn, in order (rules digest 5.2); `OR_STEPS` without "done". */
export const OPERATING_STEPS: readonly TurnStep[] = [
	homeTokenStep,
	housekeepingStep,
	acquireStep,
	trackStep,
	destinationStep,
	tokenStep,
	routeStep,
	dividendStep,
	buyTrainStep,
	minorAcquisitionStep,
	issueStep
];

/** Each step's position in OPERATING_STEPS (asked at every operating action and step). */
const STEP_INDEX: ReadonlyMap<string, number> = new Map(OPERATING_STEPS.map((s, i) => [s.id, i] as const).reverse());

/** The step module of a turn step (null for "done"). */
export function stepOf(step: OrStep): TurnStep | null {
	const i = STEP_INDEX.get(step);
	return i === undefined ? null : OPERATING_STEPS[i];
}

/** Where the steps stand: the index of the step reached (the list's length once the turn is over). */
export function stepIndex(step: OrStep): number {
	return STEP_INDEX.get(step) ?? OPERATING_STEPS.length;
}

export function orContext(state: GameState, config: ResolvedConfig, round: OperatingRound): OrContext {
	return { state, config, round, corp: state.corporations[round.order[round.current]], current: stepOf(round.turn.step) };
}
