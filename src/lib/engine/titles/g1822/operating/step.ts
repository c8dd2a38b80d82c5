/**
 * Operating-round actions. An action is taken by the first active step, from the current one
 * on, that accepts its type; a pass finishes the current step. Anything else is refused with a
 * code saying why (not this entity's turn, not an action of this round, not a choice on offer).
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { Action } from '../../../core/actions';
import type { ResolvedConfig } from '../config';
import { OR_STEPS, type GameState, type OperatingRound, type OrStep } from '../state';
import { activeCorporation, advance, finishStep, isStepActive } from './flow';
import { applyBuyTrain, applyDiscard, canBuyTrain, crowdedCorporation, hasRoom, mustBuyTrain, validateBuyTrain, validateDiscard } from './trains';
import { EXTRA_LAY_PRIVATE } from './track';
import { applyLayWithAbilities, LAY_PRIVATES, layPrivates, validateLayWithAbilities } from './lay-abilities';
import { applyAbility, validateAbility } from './private-abilities';
import { closeCompany } from '../companies-ops';
import { payMajor, validateDividend, validateRunRoutes, type DividendKind } from './dividend';
import { applyAcquire, validateAcquire } from './acquire';
import { CHANNEL_PRIVATE, validateChannelToken, validateDestination, validatePlace } from './stations';
import { applyEmergencySale, validateEmergencySale } from './emergency';
import { completeMerge, validateMerge, validateMergeChoice } from './minor-acquisition';
import { applyIssue, applyRedeem, validateIssue, validateRedeem } from './issue';
import { placeCharterToken, returnCharterToken } from '../charter';
import { applySpecialLay, closeBridgeIfStarted, layingCompany, noteTogetherLays, SPECIAL_LAY_PRIVATES, validateSpecialLay } from './special-lays';
import { applyLondonToken, m14TokenPending, validateLondonToken } from './m14-acquisition';
import { applyM14Home, validateM14Home } from './m14-home';

/** Action types each step takes besides "pass". */
export const STEP_ACTIONS: Readonly<Record<OrStep, readonly string[]>> = {
	home_token: ['place_token'],
	housekeeping: ['buy_train'],
	acquire: ['acquire_company'],
	track: ['lay_tile'],
	destination: ['hex_token'],
	token: ['place_token'],
	route: ['run_routes'],
	dividend: ['dividend'],
	buy_train: ['buy_train'],
	minor_acquisition: ['merge'],
	issue: ['sell_shares', 'buy_shares'],
	done: []
};

/** Steps that take a pass: running routes and paying dividends must be done [step/route.rb, step/dividend.rb ACTIONS]. */
const PASSABLE: Readonly<Record<OrStep, boolean>> = {
	home_token: false,
	housekeeping: true,
	acquire: true,
	track: true,
	destination: true,
	token: true,
	route: false,
	dividend: false,
	buy_train: true,
	minor_acquisition: true,
	issue: true,
	done: false
};

/** The step's name as a player sees it. */
export const STEP_NAMES: Readonly<Record<OrStep, string>> = {
	home_token: 'Place the home token',
	housekeeping: 'First-turn housekeeping',
	acquire: 'Acquire a private company',
	track: 'Lay track',
	destination: 'Destination token',
	token: 'Place a token',
	route: 'Run routes',
	dividend: 'Pay or withhold dividends',
	buy_train: 'Buy trains',
	minor_acquisition: 'Acquire a minor',
	issue: 'Issue or redeem shares',
	done: 'End of turn'
};

/** An action that belongs to a later step than the one under way: steps block, as the reference's do [round/base.rb process_action]. */
function stepPending(round: OperatingRound, corp: string, type: string) {
	return refuse('step_pending', `${corp} is at the "${STEP_NAMES[round.turn.step]}" step, which does not take "${type}"; finish or pass it first.`);
}

/** After a lay the track step ends when nothing more can be laid (a lay that goes together keeps it). */
function endTrackStepIfDone(state: GameState, config: ResolvedConfig, round: OperatingRound): void {
	if (!isStepActive(state, config, round, 'track')) finishStep(state, config, round, 'track');
	else advance(state, config, round);
}

function notTrackStep(round: OperatingRound, corp: string) {
	if (OR_STEPS.indexOf(round.turn.step) < OR_STEPS.indexOf('track')) return stepPending(round, corp, 'lay_tile');
	return refuse('action_not_allowed', `${corp} cannot lay track now.`);
}

// Player actions that belong to the stock round, never to a company's turn (rules digest 9.2).
const NOT_IN_OPERATING_ROUND = ['choose_ability', 'payoff_player_debt', 'payoff_player_debt_partial'];

/** Actions of the acquire step, which come before P8's pending choice. */
function p8ChoiceMayWait(round: OperatingRound, action: Action): boolean {
	return action.type === 'acquire_company' || (action.type === 'pass' && round.turn.step === 'acquire');
}

function stepFor(state: GameState, config: ResolvedConfig, round: OperatingRound, type: string): OrStep | null {
	if (!config.blockingSteps) {
		// Rules version 1: the first active step from the current one on that takes the type.
		for (let i = OR_STEPS.indexOf(round.turn.step); i < OR_STEPS.length; i++) {
			const step = OR_STEPS[i];
			if (step === 'done') return null;
			if (STEP_ACTIONS[step].includes(type) && isStepActive(state, config, round, step)) return step;
		}
		return null;
	}
	const step = round.turn.step;
	if (step === 'done') return null;
	return STEP_ACTIONS[step].includes(type) && isStepActive(state, config, round, step) ? step : null;
}

export function validateOperating(
	state: GameState,
	config: ResolvedConfig,
	round: OperatingRound,
	action: Action
): Result<() => void> {
	// A corporation over its train limit must discard before anything else happens.
	const crowded = crowdedCorporation(state, config);
	if (crowded) {
		if (action.type !== 'discard_train') return refuse('must_discard', `${crowded.id} must first discard a train.`);
		const r = validateDiscard(state, config, action);
		if (!r.ok) return r;
		return ok(() => {
			applyDiscard(state, r.value, action.train);
			advance(state, config, round);
		});
	}
	const corp = activeCorporation(state, round);
	const laying = config.blockingSteps ? layingCompany(state, corp, round) : null;
	if (laying && !(action.type === 'lay_tile' && (action.entity === laying || layPrivates(action).includes(laying)))) {
		if (action.type !== 'pass' || action.entity !== laying)
			return refuse('not_your_turn', `${laying} is laying its tiles for ${corp.id}: it lays again or passes.`);
		// Passing in the middle of the private's lays closes it (rules digest 10.2).
		return ok(() => {
			delete round.turn.together;
			closeCompany(state, laying);
			advance(state, config, round);
		});
	}
	if (action.type === 'sell_shares' && action.entity_type !== 'corporation' && typeof action.entity === 'number') {
		const r = validateEmergencySale(state, config, corp, action);
		if (!r.ok) return r;
		const seller = action.entity;
		return ok(() => applyEmergencySale(state, config, round, r.value, seller));
	}
	if (action.type === 'choose' && action.entity === corp.id && state.privateChoices.P8 === 'pending' && corp.companies.includes('P8')) {
		// The choice is its own step after the acquisitions [g_1822/game.rb operating_round: SpecialChoose after AcquireCompany].
		if (config.blockingSteps && round.turn.step === 'acquire') return stepPending(round, corp.id, 'choose');
		const choice = String(action.choice);
		if (choice !== 'token' && choice !== 'discount') return refuse('invalid_choice', 'Choose "token" or "discount" for P8.');
		return ok(() => {
			state.privateChoices.P8 = choice;
		});
	}
	// The P8 choice blocks the rest of the turn until made; the acquire step (more acquisitions,
	// or its pass) comes first [g_1822/step/special_choose.rb; rules digest 10.2].
	if (state.privateChoices.P8 === 'pending' && corp.companies.includes('P8') && !p8ChoiceMayWait(round, action))
		return refuse('choice_pending', `${corp.id} must first choose "token" or "discount" for P8.`);
	// P5's Channel upgrade and P21's bridge lays (special-lays.ts).
	if (action.type === 'lay_tile' && SPECIAL_LAY_PRIVATES.includes(String(action.entity))) {
		const r = validateSpecialLay(state, config, corp, round, action);
		if (!r.ok) return r;
		if (stepFor(state, config, round, 'lay_tile') !== 'track') return notTrackStep(round, corp.id);
		return ok(() => {
			round.turn.step = 'track';
			applySpecialLay(state, corp, round, action, r.value);
			if (config.blockingSteps) noteTogetherLays(state, corp, round, action);
			endTrackStepIfDone(state, config, round);
		});
	}
	if (action.type === 'lay_tile' && (action.entity === corp.id || LAY_PRIVATES.includes(String(action.entity)))) {
		const r = validateLayWithAbilities(state, config, corp, round, action);
		if (!r.ok) return r;
		if (stepFor(state, config, round, 'lay_tile') !== 'track') return notTrackStep(round, corp.id);
		return ok(() => {
			round.turn.step = 'track';
			applyLayWithAbilities(state, corp, round, action, r.value, config.blockingSteps);
			if (config.blockingSteps && action.entity !== corp.id) noteTogetherLays(state, corp, round, action);
			endTrackStepIfDone(state, config, round);
		});
	}
	if (action.type === 'place_token' && action.entity === CHANNEL_PRIVATE) {
		// P5's token ability is for the token step alone [g_1822/entities.rb P5 token when: 'token'].
		if (config.blockingSteps && round.turn.step !== 'token') return stepPending(round, corp.id, 'place_token');
		// P5's token does not use up the corporation's normal token placement.
		const r = validateChannelToken(state, config, corp, round, action);
		if (!r.ok) return r;
		return ok(() => {
			state.board = r.value.board;
			corp.exchangeTokens -= 1;
			corp.charter.push({ price: 0, kind: 'normal', at: `${r.value.hex}-${r.value.city}` });
			closeCompany(state, CHANNEL_PRIVATE);
			advance(state, config, round);
		});
	}
	if (action.type === 'choose_ability') {
		const r = validateAbility(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyAbility(state, config, corp, r.value);
			advance(state, config, round);
		});
	}
	if (action.entity !== corp.id) {
		if (action.entity_type === 'company' || NOT_IN_OPERATING_ROUND.includes(action.type))
			return refuse('action_not_allowed', `${String(action.entity)} cannot "${String(action.type)}" now.`);
		return refuse('not_your_turn', `It is ${corp.id}'s turn to operate.`);
	}
	// M14's London token, due right after its acquisition, comes before anything else (m14-acquisition.ts).
	if (m14TokenPending(state)) {
		if (action.type !== 'place_token') return refuse('token_pending', `${corp.id} must first place its token in London.`);
		const r = validateLondonToken(state, config, corp, action);
		if (!r.ok) return r;
		return ok(() => {
			applyLondonToken(state, corp, r.value);
			finishStep(state, config, round, 'minor_acquisition');
		});
	}
	// A minor acquisition under way takes its two choices before anything else.
	if (round.turn.merge) {
		if (action.type !== 'choose') return refuse('choice_pending', `${corp.id} must finish acquiring minor ${round.turn.merge.minor}.`);
		const r = validateMergeChoice(state, config, corp, round, action);
		if (!r.ok) return r;
		const merge = round.turn.merge;
		return ok(() => {
			if (r.value.kind === 'payment') {
				merge.payment = r.value.choice;
				return;
			}
			completeMerge(state, config, corp, merge.minor, merge.payment, r.value.choice);
			round.turn.merge = null;
			// One acquisition per turn; M14's London token is placed first.
			if (!m14TokenPending(state)) finishStep(state, config, round, 'minor_acquisition');
		});
	}
	if (action.type === 'choose' && round.turn.extraRevenue !== null && round.turn.extraKind === null && stepFor(state, config, round, 'dividend') === 'dividend') {
		const r = validateDividend({ kind: String(action.choice) });
		if (!r.ok) return r;
		return ok(() => {
			round.turn.step = 'dividend';
			round.turn.extraKind = r.value;
		});
	}
	if (action.type === 'choose') {
		// A major with a Pullman picks the train it rides on before running; the revenue is
		// recorded with the routes, so the choice itself changes nothing here.
		if (round.turn.step === 'route' || stepFor(state, config, round, 'run_routes') === 'route') {
			// The choice numbers the trains that can carry the Pullman (not L, LP, E or P+ itself).
			const eligible = corp.trains.map((t, i) => ({ t, i })).filter(({ t }) => !['L', 'LP', 'E', 'P+'].includes(t.name));
			const pick = eligible[Number(action.choice)];
			// The Pullman is attached once a turn (rules version 2) [g_1822/step/route.rb choosing_pullman?].
			if (config.blockingSteps && round.turn.pullman !== null) return refuse('invalid_choice', `${corp.id}'s Pullman already rides on a train this turn.`);
			if (corp.trains.some((t) => t.name === 'P+') && pick)
				return ok(() => {
					round.turn.step = 'route';
					round.turn.pullman = pick.i;
				});
			if (corp.trains.some((t) => t.name === 'P+'))
				return refuse('invalid_choice', `The Pullman rides on one of ${eligible.length} trains (not L, LP or E).`);
		}
		return refuse('invalid_choice', `"${String(action.choice)}" is not a choice ${corp.id} has now.`);
	}
	if (action.type === 'pass') {
		const step = round.turn.step;
		if (config.blockingSteps && !PASSABLE[step])
			return refuse('step_pending', `${corp.id} cannot pass the "${STEP_NAMES[step]}" step${step === 'route' ? '; it runs its trains (an empty run is allowed)' : ''}.`);
		if (step === 'buy_train' && mustBuyTrain(state, corp))
			return refuse('must_buy_train', `${corp.id} has no train and must buy one.`);
		return ok(() => {
			// Passing in the middle of P12's lays closes it (rules digest 10.2).
			// Rules version 2: only P12's own pass, while it acts, closes it (above); the company's
			// pass of the track step leaves it [step/special_track.rb process_pass].
			if (step === 'track' && round.turn.extraLays.length > 0 && !config.blockingSteps) closeCompany(state, EXTRA_LAY_PRIVATE);
			if (step === 'track') closeBridgeIfStarted(state, round);
			finishStep(state, config, round, step);
		});
	}
	if (NOT_IN_OPERATING_ROUND.includes(action.type))
		return refuse('action_not_allowed', `"${action.type}" is not an operating-round action.`);
	const step = stepFor(state, config, round, action.type);
	if (!step) {
		// A company at its train limit skips the buy step; say why rather than "not now" (rules digest 5.6).
		if (action.type === 'buy_train' && !action.exchange && OR_STEPS.indexOf(round.turn.step) <= OR_STEPS.indexOf('buy_train') && !hasRoom(state, config, corp))
			return refuse('train_limit', `${corp.id} has no room for another train.`);
		const later = OR_STEPS.indexOf(round.turn.step) < OR_STEPS.length - 1 && OR_STEPS.slice(OR_STEPS.indexOf(round.turn.step) + 1).some((st) => STEP_ACTIONS[st].includes(action.type));
		if (later) return stepPending(round, corp.id, action.type);
		return refuse('action_not_allowed', `${corp.id} cannot "${action.type}" now.`);
	}
	switch (action.type) {
		case 'buy_train': {
			const r = validateBuyTrain(state, config, corp, action, step === 'housekeeping');
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				applyBuyTrain(state, config, corp, r.value);
				// Housekeeping ends after its one L; the buy step ends when nothing more can be bought.
				if (step === 'housekeeping' || !canBuyTrain(state, config, corp)) finishStep(state, config, round, step);
				else advance(state, config, round);
			});
		}
		case 'hex_token': {
			const r = validateDestination(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				state.board = r.value.board;
				// A normal token already in the destination city goes back to the charter (5.4).
				if (r.value.returnedToken) returnCharterToken(corp, r.value.hex, 0);
				placeCharterToken(corp, r.value.hex, 0, 'destination');
				finishStep(state, config, round, step);
			});
		}
		case 'place_token': {
			if (step === 'home_token') {
				const home = validateM14Home(state, corp, action);
				if (!home.ok) return home;
				return ok(() => {
					applyM14Home(state, corp, home.value);
					finishStep(state, config, round, step);
				});
			}
			const r = validatePlace(state, config, corp, round, action);
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				state.board = r.value.board;
				placeCharterToken(corp, r.value.hex, r.value.city);
				if (r.value.secrChannel) state.abilityUses[corp.id] = 1;
				corp.cash -= r.value.cost;
				state.bank.cash += r.value.cost;
				round.turn.tokenPlaced = true;
				finishStep(state, config, round, step);
			});
		}
		case 'merge': {
			const r = validateMerge(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				round.turn.merge = { minor: r.value, payment: null };
			});
		}
		case 'sell_shares': {
			const r = validateIssue(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				applyIssue(state, config, corp, r.value);
				finishStep(state, config, round, step);
			});
		}
		case 'buy_shares': {
			const r = validateRedeem(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				applyRedeem(state, config, corp, r.value);
				finishStep(state, config, round, step);
			});
		}
		case 'acquire_company': {
			const r = validateAcquire(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				applyAcquire(state, corp, r.value);
				advance(state, config, round);
			});
		}
		case 'run_routes': {
			const r = validateRunRoutes(state, config, corp, action);
			if (!r.ok) return r;
			return ok(() => {
				round.turn.step = step;
				round.turn.revenue = r.value.revenue;
				round.turn.extraRevenue = r.value.extraRevenue;
				round.turn.pullman = null;
				round.turn.subsidy = r.value.subsidy;
				finishStep(state, config, round, step);
			});
		}
		case 'dividend': {
			const r = validateDividend(action);
			if (!r.ok) return r;
			const extra =
				round.turn.extraRevenue !== null && round.turn.extraKind !== null
					? { revenue: round.turn.extraRevenue, kind: round.turn.extraKind as DividendKind }
					: null;
			return ok(() => {
				round.turn.step = step;
				payMajor(state, config, corp, round.turn.revenue ?? 0, r.value, round.turn.subsidy, extra);
				finishStep(state, config, round, step);
			});
		}
		default:
			return refuse('action_not_allowed', `"${action.type}" is not possible in an operating round.`);
	}
}
