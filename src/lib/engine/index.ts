/**
 * Public API of the rules engine. A game is created from its setup (title, players, seed,
 * options, mode) and advanced one action at a time. `process` is pure (it clones, then
 * applies); `Game` wraps a private working state for fast replay.
 */
import { cloneJson } from './core/clone';
import { ok, type Result, type RuleError } from './core/result';
import { stateHash } from './core/state-hash';
import type { Action } from './core/actions';
import { configOf, LATEST_RULES, RULES_VERSIONS, type EngineMode, type GameSetup, type ResolvedConfig, type RulesVersion } from './titles/g1822/config';
import type { TitleId } from './titles/g1822/title-def';
import { createGameState } from './titles/g1822/setup';
import type { GameState } from './titles/g1822/state';
import { applyAction, playerValues, type ActionObserver } from './titles/g1822/process';
import { deriveEvents, eventBasis, type EventBasis } from './titles/g1822/event-derive';
import type { GameEvent, GameEventKind, EventParty, PriceCause, DividendChoice } from './titles/g1822/events';
import { EVENT_KINDS } from './titles/g1822/events';
import { forcedPurchase, type ForcedPurchase } from './titles/g1822/forced-purchase';
import { stockChoices, type StockChoices } from './titles/g1822/stock/queries';
import { allBidBoxes } from './titles/g1822/stock/bidboxes';
import { currentPlayerId } from './titles/g1822/stock/turn';
import { sharePrice } from './titles/g1822/entities';
import { crowdedCorporation } from './titles/g1822/operating/trains';
import { layingCompany } from './titles/g1822/operating/special-lays';
import { issuePrice } from './titles/g1822/operating/issue';
import { cityId as cityIdOf } from './titles/g1822/operating/stations';
import { operatingChoices as orChoices, type OperatingChoices } from './titles/g1822/operating/queries';
import { legalActionTypes as legalTypes } from './titles/g1822/legal-actions';
import { proposedRunRevenue } from './titles/g1822/operating/live-routes';
import type { RouteJson } from './core/actions';
import type { RunRevenue } from './titles/g1822/routes/run-revenue';
import { programStatus as programStatusOf, type ProgramStatus } from './titles/g1822/stock/programs';
import type { Program, ProgramType } from './titles/g1822/stock/program-types';
import { tableFigures as tableFiguresOf, type TableFigures, type PhaseColour } from './titles/g1822/figures/table';
import { cardCorporation, companyCardFigures as companyCardFiguresOf, mapMarks as mapMarksOf, actingCompanyBase as actingCompanyBaseOf, type CompanyCardFigures, type MapMarks } from './titles/g1822/figures/companies';
import { dividendChoiceFigures, minorSplitFigures, type DividendFigures, type MinorSplit } from './titles/g1822/figures/dividend-figures';
import {
	forcedBuyPlan as forcedBuyPlanOf,
	emergencySaleProceeds as emergencySaleProceedsOf,
	privateAcquisitions as privateAcquisitionsOf,
	type ForcedBuyPlan,
	type SaleProceeds,
	type PrivateAcquisition
} from './titles/g1822/figures/money';
import { CHANNEL_PRIVATE } from './titles/g1822/operating/stations';
import { doubleCashOffer, type DoubleCashOffer } from './titles/g1822/choices-round';

export type { Action, GameState, GameSetup, EngineMode, TitleId, ResolvedConfig, StockChoices, RuleError, Result, RulesVersion };
export { LATEST_RULES, RULES_VERSIONS };
export type { OperatingChoices, RunRevenue };
export type { Program, ProgramType, ProgramStatus };
export type { TableFigures, PhaseColour, CompanyCardFigures, MapMarks, DividendFigures, MinorSplit, ForcedBuyPlan, SaleProceeds, PrivateAcquisition };
export { stateHash };
export type { GameEvent, GameEventKind, EventParty, PriceCause, DividendChoice };
export { EVENT_KINDS };
export type { ForcedPurchase };

export interface CreateGameOptions {
	readonly title: TitleId;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly seed: number;
	readonly optionalRules?: readonly string[];
	readonly mode?: EngineMode;
	/** The rules version (default: the latest). */
	readonly rulesVersion?: RulesVersion;
}

export type { DoubleCashOffer };

export function createGame(options: CreateGameOptions): Result<GameState> {
	return createGameState({
		title: options.title,
		players: options.players,
		seed: options.seed,
		optionalRules: options.optionalRules ?? [],
		mode: options.mode ?? 'live',
		rulesVersion: options.rulesVersion ?? LATEST_RULES
	});
}

/** Pure: returns a new state, or the reason the action is refused (the input is never changed). */
export function process(state: GameState, action: Action): Result<GameState> {
	const next = cloneJson(state);
	const r = guarded(next, action);
	if (!r.ok) return r;
	return ok(next);
}

/**
 * Pure, as `process`, with what the action did as events (issue 18): those of the action and of
 * every automatic action it brought, in the order they happened. A refused action has none.
 */
export function processWithEvents(state: GameState, action: Action): Result<{ state: GameState; events: GameEvent[] }> {
	const next = cloneJson(state);
	const events = new EventCollector();
	const r = guarded(next, action, events);
	if (!r.ok) return r;
	return ok({ state: next, events: events.events });
}

/** Derives each applied action's events against a reading taken just before it. */
class EventCollector implements ActionObserver {
	readonly events: GameEvent[] = [];
	#basis: EventBasis | null = null;
	before(state: Readonly<GameState>): void {
		this.#basis = eventBasis(state, configOf(state.setup));
	}
	after(state: Readonly<GameState>, action: Action): void {
		if (!this.#basis) return;
		this.events.push(...deriveEvents(this.#basis, action, state, configOf(state.setup)));
		this.#basis = null;
	}
}

/** A throw inside the engine is a bug; it is reported as a refusal rather than crashing a peer. */
function guarded(state: GameState, action: Action, observer?: ActionObserver): Result<void> {
	try {
		return applyAction(state, action, observer);
	} catch (e) {
		return { ok: false, error: { code: 'internal_error', message: `Engine error: ${(e as Error).message}` } };
	}
}

/** A game with a private mutable state, for replaying long logs quickly. */
export class Game {
	#state: GameState;
	constructor(state: GameState) {
		this.#state = cloneJson(state);
	}
	static create(options: CreateGameOptions): Result<Game> {
		const r = createGame(options);
		return r.ok ? ok(new Game(r.value)) : r;
	}
	get state(): Readonly<GameState> {
		return this.#state;
	}
	/**
	 * Applies an action in place. On refusal the state is unchanged, because handlers validate
	 * before mutating. An internal error is a bug: it is reported as `internal_error`, and the
	 * state may then be part-way through the action (use `process` when that matters).
	 */
	process(action: Action): Result<void> {
		try {
			return applyAction(this.#state, action);
		} catch (e) {
			return { ok: false, error: { code: 'internal_error', message: `Engine error: ${(e as Error).message}` } };
		}
	}
	/** `process`, returning what the action did as events (none when it is refused). */
	processWithEvents(action: Action): Result<GameEvent[]> {
		const events = new EventCollector();
		try {
			const r = applyAction(this.#state, action, events);
			return r.ok ? ok(events.events) : r;
		} catch (e) {
			return { ok: false, error: { code: 'internal_error', message: `Engine error: ${(e as Error).message}` } };
		}
	}
	snapshot(): GameState {
		return cloneJson(this.#state);
	}
}

export function configFor(state: GameState): ResolvedConfig {
	return configOf(state.setup);
}

/** Ids of the entities whose turn it is. */
export function activeEntities(state: GameState): (number | string)[] {
	if (state.end.finished) return [];
	return actingEntities(state);
}

/**
 * Whose turn it is, as the site's round names it. A game ended by hand keeps its last acting
 * entity (the round was cut short), and so does a first stock round with no bid (the site ends the
 * game inside that round, whose next player stays its active entity [g_1822/game.rb next_round!,
 * round/base.rb active_entities]). A game that ended by its own rules otherwise has finished its
 * round, so nobody acts.
 */
export function actingEntities(state: GameState): (number | string)[] {
	if (state.end.finished && state.end.reason !== 'manually_ended' && state.end.reason !== 'dnf') return [];
	switch (state.round.kind) {
		case 'stock':
			return [currentPlayerId(state, state.round)];
		case 'choices':
			return [state.round.entities[state.round.current]];
		case 'operating': {
			const crowded = crowdedCorporation(state, configFor(state));
			if (crowded) return [crowded.id];
			// While P12's or P21's lays that go together are under way, the private itself acts.
			const corp = state.corporations[state.round.order[state.round.current]];
			const t = state.round.turn;
			const laying = configFor(state).blockingSteps
				? corp && layingCompany(state, corp, state.round)
				: t.extraLays.length > 0 && t.lays.length === 0 && state.companies.P12 && !state.companies.P12.closed && 'P12';
			return [laying || state.round.order[state.round.current]];
		}
	}
}

/** Round name as the site shows it: "Stock Round 1", "Operating Round 1.1", "Choose 3.1". */
export function roundName(state: GameState): string {
	switch (state.round.kind) {
		case 'stock':
			return `Stock Round ${state.turn}`;
		case 'choices':
			return `${configFor(state).def.choicesRoundName} ${state.turn}.1`;
		case 'operating':
			return `Operating Round ${state.turn}.${state.round.num}`;
	}
}

export function phaseName(state: GameState): string {
	return configFor(state).phases[state.phase].name;
}

export function bidBoxes(state: GameState): string[] {
	return state.round.kind === 'stock' ? allBidBoxes(state, configFor(state)) : [];
}

/** The stock-round choices of the active player (null outside a stock round). */
export function stockRoundChoices(state: GameState): StockChoices | null {
	if (state.round.kind !== 'stock' || state.end.finished) return null;
	return stockChoices(state, configFor(state), state.round, currentPlayerId(state, state.round));
}

/** The operating round's choices for the entity that must act (null outside an operating round). */
export function operatingChoices(state: GameState): OperatingChoices | null {
	if (state.round.kind !== 'operating' || state.end.finished) return null;
	return orChoices(state, configFor(state), state.round);
}

/** Action types the acting entity may take now, in any round (messages and the like aside). */
export function legalActionTypes(state: GameState): string[] {
	return legalTypes(state, configFor(state));
}

/** The train the operating company must buy now, with who pays what (null when none is due). */
export function forcedTrainPurchase(state: GameState): ForcedPurchase | null {
	return forcedPurchase(state, configFor(state));
}

/**
 * For routes the operating corporation proposes: whether they are legal together and what each
 * earns (refused with the reason otherwise). Null outside an operating round.
 */
export function routeRevenue(state: GameState, routes: readonly RouteJson[]): Result<RunRevenue> | null {
	if (state.round.kind !== 'operating' || state.end.finished) return null;
	const round = state.round;
	const corp = state.corporations[round.order[round.current]];
	return proposedRunRevenue(state, configFor(state), corp, round.turn.pullman, routes);
}

export function scores(state: GameState): Record<string, number> {
	return playerValues(state, configFor(state));
}

export function corporationPrice(state: GameState, id: string): number | null {
	const corp = state.corporations[id];
	return corp ? sharePrice(configFor(state), corp) : null;
}

/** How actions name a city: "<tile id>-<n>" as 18xx.games numbers it. */
export function cityId(state: GameState, hex: string, city: number): string {
	return cityIdOf(state, hex, city);
}

/** The price per share a corporation's issue of `count` shares is paid at: the price after one drop per share. */
export function issueSharePrice(state: GameState, corporation: string, count: number): number | null {
	const corp = state.corporations[corporation];
	return corp ? issuePrice(configFor(state), corp, count) : null;
}

/** The programs (automatic actions) a player may set now, and those in force for them. */
export function programStatus(state: GameState, player: number): ProgramStatus {
	return programStatusOf(state, configFor(state), player);
}

/** The actions players' programs took automatically right after the last action processed. */
export function autoActions(state: GameState): readonly Action[] {
	return state.auto ?? state.programs?.auto ?? [];
}

// ---------------------------------------------------------------- figures the table shows (issue 18)

/** Bank cash, phase and its colour, players' committed and free cash and certificates, bid boxes' next bids, the stacks. */
export function tableFigures(state: GameState): TableFigures {
	return tableFiguresOf(state, configFor(state));
}

/** What a company card says in words: its name, a private's ability, a minor's home, a concession's major. */
export function companyCardFigures(state: GameState, company: string): CompanyCardFigures | null {
	return companyCardFiguresOf(state, configFor(state), company);
}

/** Each open dividend choice of the operating major with its figures (per share, receivers, price move). */
export function dividendFigures(state: GameState): DividendFigures[] {
	const choices = operatingChoices(state);
	return choices ? dividendChoiceFigures(state, configFor(state), choices.dividends) : [];
}

/** What a minor's run of `revenue` pays: half (rounded down) to its treasury, the rest to its owner. */
export function minorSplit(state: GameState, corporation: string, revenue: number): MinorSplit | null {
	return minorSplitFigures(state, configFor(state), corporation, revenue);
}

/** Who pays what in the operating company's forced train purchase: treasury, director, bank loan. */
export function forcedBuyPlan(state: GameState): ForcedBuyPlan | null {
	return forcedBuyPlanOf(state, configFor(state));
}

/** What each emergency sale on offer would raise. */
export function emergencySaleProceeds(state: GameState): SaleProceeds[] {
	return emergencySaleProceedsOf(state, configFor(state), operatingChoices(state)?.trains?.emergency ?? null);
}

/** The privates the operating company may take now, with who gives each up and the price. */
export function privateAcquisitions(state: GameState): PrivateAcquisition[] {
	return privateAcquisitionsOf(state, configFor(state));
}

/** Destinations not yet reached and homes of companies not yet floated. */
export function mapMarks(state: GameState): MapMarks {
	return mapMarksOf(state);
}

/** Where the operating company is based (its first station, else its home): the map centres there at its turn. */
export function actingCompanyBase(state: GameState): string | null {
	return actingCompanyBaseOf(state);
}

/** The private whose ability places the English Channel token: channel-token actions name it as their entity. */
export { CHANNEL_PRIVATE, cardCorporation };

/** The Choices round's offer to the P9 holder (double the cash counted for the re-order, or pass); null in other rounds. */
export function doubleCashChoice(state: GameState): DoubleCashOffer | null {
	return doubleCashOffer(state);
}
