/**
 * Positions for the operating-round unit tests: a game put straight into a corporation's
 * operating turn at a chosen step.
 */
import { configOf, type RulesVersion } from '../../src/lib/engine/titles/g1822/config';
import type { GameState, OperatingRound, OrStep } from '../../src/lib/engine/titles/g1822/state';
import { newGame, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';
import { Game, process, stateHash, type Action } from '../../src/lib/engine/index';

export function phaseIndex(state: GameState, name: string): number {
	return configOf(state.setup).phases.findIndex((p) => p.name === name);
}

/** An operating round in which `corp` operates, at `step`. */
export function operatingTurn(state: GameState, corp: string, step: OrStep): OperatingRound {
	const round: OperatingRound = {
		kind: 'operating',
		num: 1,
		total: 2,
		order: [corp],
		current: 0,
		turn: { step, lays: [], extraLays: [], normalLaysForfeited: false, pullman: null, revenue: null, subsidy: 0, extraRevenue: null, extraKind: null, merge: null, tokenPlaced: false }
	};
	state.round = round;
	return round;
}

/** A live game with `corp` started for player 1 in phase `phase`, operating at `step`. */
export function majorTurn(corp: string, step: OrStep, opts: { phase?: string; title?: TitleId; operated?: number; rulesVersion?: RulesVersion } = {}): GameState {
	const s = newGame({ title: opts.title ?? '1822', mode: 'live', rulesVersion: opts.rulesVersion });
	startMajor(s, corp, 1, 100, opts.operated ?? 2);
	s.phase = phaseIndex(s, opts.phase ?? '3');
	operatingTurn(s, corp, step);
	return s;
}

/** Gives a private to a corporation. */
export function giveToCorporation(state: GameState, company: string, corp: string): void {
	for (const p of state.players) p.companies = p.companies.filter((c) => c !== company);
	state.companies[company] = { owner: `corporation:${corp}`, closed: false };
	if (!state.corporations[corp].companies.includes(company)) state.corporations[corp].companies.push(company);
}

/** 1822+ with all 21 privates in play (P19–P21 are 1822+ only; rules digest 1.2). */
export const ALL_PRIVATES = ['plus_expansion', 'plus_expansion_no_removals'];

/**
 * `corp` (player 1's major) at its acquire step in `phase`, with `company` held by player
 * `holder` (another player's hand by default: acquisition is not limited to the director's).
 */
export function acquireTurn(corp: string, company: string, opts: { phase?: string; holder?: number; operated?: number; rules?: string[] } = {}): GameState {
	const s = opts.rules ? newGame({ mode: 'live', rules: opts.rules }) : majorTurn(corp, 'acquire', { phase: opts.phase ?? '5', operated: opts.operated });
	if (opts.rules) {
		startMajor(s, corp, 1, 100, opts.operated ?? 2);
		s.phase = phaseIndex(s, opts.phase ?? '5');
		operatingTurn(s, corp, 'acquire');
	}
	const holder = opts.holder ?? 2;
	handTo(s, holder, company);
	return s;
}

function handTo(state: GameState, playerId: number, company: string): void {
	for (const p of state.players) p.companies = p.companies.filter((c) => c !== company);
	state.companies[company] = { owner: `player:${playerId}`, closed: false };
	state.players.find((p) => p.id === playerId)!.companies.push(company);
}

/** The refusal code of `action` on `state`, checking that the state was left unchanged. */
export function refusedCode(state: GameState, action: Action): string | null {
	const before = stateHash(state);
	const r = process(state, action);
	if (stateHash(state) !== before) throw new Error('a refused action changed the state');
	return r.ok ? null : r.error.code;
}

/** Applies actions through the public `process`, failing loudly on a refusal. */
export function run(state: GameState, ...actions: Action[]): GameState {
	for (const a of actions) {
		const r = process(state, a);
		if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
		state = r.value;
	}
	return state;
}

/** Hands a train to a corporation, taking that train out of the depot first. */
export function giveTrain(state: GameState, corp: string, id: string, name = id.slice(0, id.lastIndexOf('-'))): void {
	state.depot.upcoming = state.depot.upcoming.filter((t) => t !== id);
	state.corporations[corp].trains.push({ id, name });
}

/** Drops the depot's trains of the given types, so the next one on sale is of another type. */
export function dropFromDepot(state: GameState, ...types: string[]): void {
	state.depot.upcoming = state.depot.upcoming.filter((t) => !types.includes(t.slice(0, t.lastIndexOf('-'))));
}

/**
 * The refusal code of `action` applied in place by a `Game` (the fast replay path, which does
 * not clone), checking that the state hash is the same before and after.
 */
export function refusedInPlace(state: GameState, action: Action): string | null {
	const game = new Game(state);
	const before = stateHash(game.state as GameState);
	const r = game.process(action);
	if (r.ok) return null;
	if (stateHash(game.state as GameState) !== before) throw new Error(`a refused ${action.type} changed the state`);
	return r.error.code;
}
