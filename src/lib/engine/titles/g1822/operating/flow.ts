/**
 * The order of a corporation's operating turn: each step is active or skipped, skipped steps
 * that settle something do it automatically (a minor's dividend, a withheld zero), and the turn,
 * the OR and the set end in turn (rules digest 2, 5.2).
 */
import type { ResolvedConfig } from '../config';
import { OR_STEPS, type CorporationState, type GameState, type OperatingRound, type OperatingTurn, type OrStep } from '../state';
import { canBuyTrain, crowdedCorporation, mustBuyTrain } from './trains';
import { canStillLay } from './track';
import { layingCompany } from './special-lays';
import { acquirableCompanies } from './acquire';
import { acquirableMinors } from './minor-acquisition';
import { canPlaceToken, destinationPending } from './stations';
import { graphFor, mapFor } from '../board-ops';
import { corporationId } from '../../../core/ids';
import { sharePrice } from '../entities';
import { payMajor, payMinor } from './dividend';
import { placeHome } from '../board-ops';
import { checkBank, endsAfterThisOr, finishGame } from '../game-end';
import { startStockRound } from '../stock/round-start';
import { finishIfNobodyActs } from '../stock/step';
import { payCompanyIncome } from './or-start';
import { operatingOrder } from './order';
import { MOVE_CARD_PRIVATE } from './private-abilities';
import { m14HomePending } from './m14-home';

export function activeCorporation(state: GameState, round: OperatingRound): CorporationState {
	return state.corporations[round.order[round.current]];
}

/**
 * Whether the corporation has a route to run: a local train (L, LP) runs inside its home city;
 * other trains need two stops on connected track. P+ never runs.
 */
function canRunRoute(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	const trains = corp.trains.filter((t) => t.name !== 'P+');
	if (trains.length === 0) return false;
	if (trains.some((t) => t.name === 'L' || t.name === 'LP')) return true;
	// A minor with only an E train does not run (rules version 2) [g_1822/step/route.rb only_e_train?].
	if (config.blockingSteps && corp.type === 'minor' && trains.every((t) => t.name === 'E')) return false;
	const map = mapFor(state.setup.title);
	const graph = graphFor(map, state.board);
	// Rules version 2 asks it of each station alone, as the reference does (track-graph.ts).
	if (config.blockingSteps) return corp.hadRoute === true || graph.routeFromOneStation(corporationId(corp.id));
	return graph.reach(corporationId(corp.id)).nodes.length >= 2;
}

/**
 * Remembers that the corporation has a route, when the reference would have asked its graph:
 * trains to run and none of them local (a local train answers without the graph).
 */
export function noteRoute(state: GameState, corp: CorporationState): void {
	const trains = corp.trains.filter((t) => t.name !== 'P+');
	if (trains.length === 0 || trains.some((t) => t.name === 'L' || t.name === 'LP')) return;
	if (graphFor(mapFor(state.setup.title), state.board).routeFromOneStation(corporationId(corp.id))) corp.hadRoute = true;
}

/**
 * Minors a major may acquire (rules digest 5.7): the major must be past its first turn, the
 * minor must have operated twice and a way to pay must be open; from phase 5 bid-box minors too,
 * for £200. The reference's step waits for the major whenever such a minor exists, connected or
 * not [g_1822/step/minor_acquisition.rb potentially_mergeable]; the connection is checked only
 * when a live merge is made, and skipped on load.
 */
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

export function isStepActive(state: GameState, config: ResolvedConfig, round: OperatingRound, step: OrStep): boolean {
	const corp = activeCorporation(state, round);
	switch (step) {
		case 'home_token':
			return m14HomePending(state, config, corp);
		case 'housekeeping':
			return (
				corp.type === 'minor' &&
				corp.operated === 0 &&
				state.depot.upcoming[0]?.startsWith('L-') === true &&
				canBuyTrain(state, config, corp)
			);
		case 'acquire':
			return acquirableCompanies(state, config, corp).length > 0;
		case 'track':
			return canStillLay(state, config, corp, round) || (config.blockingSteps && layingCompany(state, corp, round) !== null);
		case 'destination':
			return destinationPending(state, corp);
		case 'token':
			return canPlaceToken(state, config, corp, round);
		case 'route':
			return canRunRoute(state, config, corp);
		case 'dividend':
			return corp.type === 'major' && (round.turn.revenue ?? 0) > 0;
		case 'buy_train':
			return canBuyTrain(state, config, corp) || mustBuyTrain(state, corp);
		case 'minor_acquisition':
			return acquirableMinors(state, config, corp).length > 0;
		case 'issue':
			// Holding P17, a major stops here for its card move even with nothing to issue (rules
			// version 2) [g_1822/step/issue_shares.rb ability_lancashire_union_railway?].
			return canIssueOrRedeem(config, corp) || (config.blockingSteps && corp.type === 'major' && corp.companies.includes(MOVE_CARD_PRIVATE) && state.companies[MOVE_CARD_PRIVATE]?.closed === false);
		case 'done':
			return true;
	}
}

/** What a skipped step settles on its own. */
function settleSkipped(state: GameState, config: ResolvedConfig, round: OperatingRound, step: OrStep): void {
	if (step !== 'dividend') return;
	const corp = activeCorporation(state, round);
	const revenue = round.turn.revenue ?? 0;
	if (corp.type === 'minor') payMinor(state, config, corp, revenue);
	else payMajor(state, config, corp, 0, 'withhold', round.turn.subsidy);
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
	for (;;) {
		if (state.round !== round) return;
		const step = round.turn.step;
		if (step === 'done') {
			endCorporationTurn(state, config, round);
			return;
		}
		if (isStepActive(state, config, round, step)) {
			if (step === 'route' && config.blockingSteps) noteRoute(state, activeCorporation(state, round));
			return;
		}
		settleSkipped(state, config, round, step);
		round.turn.step = OR_STEPS[OR_STEPS.indexOf(step) + 1];
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
