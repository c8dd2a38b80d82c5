/**
 * The order of a corporation's operating turn, walked over the round's list of steps
 * (steps/index.ts): each step is active or skipped, skipped steps that settle something do it
 * automatically (a minor's dividend, a withheld zero), and the turn, the OR and the set end in
 * turn (rules digest 2, 5.2).
 */
import type { ResolvedConfig } from '../config';
import { OR_STEPS, type CorporationState, type GameState, type OperatingRound, type OperatingTurn, type OrStep } from '../state';
import { crowdedCorporation } from './trains';
import { placeHome } from '../board-ops';
import { checkBank, endsAfterThisOr, finishGame } from '../game-end';
import { startStockRound } from '../stock/round-start';
import { finishIfNobodyActs } from '../stock/step';
import { payCompanyIncome } from './or-start';
import { operatingOrder } from './order';
import { orContext, stepIndex, stepOf } from './steps';
import { p8Choice } from './steps/p8-choice';

export function activeCorporation(state: GameState, round: OperatingRound): CorporationState {
	return state.corporations[round.order[round.current]];
}

/** Whether a step of the operating corporation's turn has something for it to do (the step module answers). */
export function isStepActive(state: GameState, config: ResolvedConfig, round: OperatingRound, step: OrStep): boolean {
	const module = stepOf(step);
	return module === null || module.active(orContext(state, config, round));
}

/** Marks `step` finished and moves on to the next active step, ending the turn when none is left. */
export function finishStep(state: GameState, config: ResolvedConfig, round: OperatingRound, step: OrStep): void {
	round.turn.step = OR_STEPS[OR_STEPS.indexOf(step) + 1] ?? 'done';
	advance(state, config, round);
}

/** Moves from the current step to the first active one, settling skipped steps on the way. */
export function advance(state: GameState, config: ResolvedConfig, round: OperatingRound): void {
	if (state.round !== round) return;
	// A corporation over its train limit holds everything up until it discards (6.3). Asked once:
	// the loop below only settles skipped steps (payouts and price moves), which change no
	// train, phase or company status, and it returns whenever the turn or round moves on.
	if (crowdedCorporation(state, config)) return;
	const ctx = orContext(state, config, round);
	for (;;) {
		if (state.round !== round) return;
		const step = stepOf(round.turn.step);
		// P8's choice stands between the acquire step and the rest: nothing after it is reached,
		// skipped or settled before the choice is made [round/operating.rb skip_steps;
		// g_1822/step/special_choose.rb].
		if (config.p8ChoiceHoldsSteps && stepIndex(round.turn.step) > stepIndex('acquire') && p8Choice.active(ctx)) return;
		if (step === null) {
			endCorporationTurn(state, config, round);
			return;
		}
		if (step.active(ctx)) {
			step.reached?.(ctx);
			return;
		}
		step.settleSkipped?.(ctx);
		round.turn.step = OR_STEPS[OR_STEPS.indexOf(step.id) + 1];
	}
}

/** A fresh turn; rules version 2 begins with M14's home token (rules version 1 had no such step). */
function newTurn(config: ResolvedConfig): OperatingTurn {
	return { step: config.blockingSteps ? 'home_token' : 'housekeeping', lays: [], extraLays: [], normalLaysForfeited: false, pullman: null, revenue: null, subsidy: 0, extraRevenue: null, extraKind: null, merge: null, tokenPlaced: false };
}

export function beginCorporationTurn(state: GameState, config: ResolvedConfig, round: OperatingRound): void {
	round.turn = newTurn(config);
	if (!state.corporations[round.order[round.current]]) {
		// Nobody operates: the round is over at once.
		endOperatingRound(state, config, round);
		return;
	}
	placeHome(state, round.order[round.current]);
	advance(state, config, round);
}

function endCorporationTurn(state: GameState, config: ResolvedConfig, round: OperatingRound): void {
	let next = round.current + 1;
	while (next < round.order.length && state.corporations[round.order[next]].closed) next++;
	if (next < round.order.length) {
		round.current = next;
		beginCorporationTurn(state, config, round);
		return;
	}
	endOperatingRound(state, config, round);
}

/** An OR starts with company income, then the operating order is fixed for the round (5.1). */
export function startOperatingRound(state: GameState, config: ResolvedConfig, num: number, total: number): void {
	payCompanyIncome(state, config);
	const round: OperatingRound = {
		kind: 'operating',
		num,
		total,
		order: operatingOrder(state, config),
		current: 0,
		turn: newTurn(config)
	};
	state.round = round;
	beginCorporationTurn(state, config, round);
}

function endOperatingRound(state: GameState, config: ResolvedConfig, round: OperatingRound): void {
	const last = round.num >= round.total;
	// The action that ends the round may have broken the bank: that counts now, in this round
	// (rules version 2) [game/base.rb game_end_check at the round's end].
	if (config.blockingSteps) checkBank(state);
	if (endsAfterThisOr(state, last)) {
		finishGame(state);
		return;
	}
	if (!last) {
		startOperatingRound(state, config, round.num + 1, round.total);
		return;
	}
	state.turn += 1;
	startStockRound(state, config);
	finishIfNobodyActs(state, config);
}
