/**
 * Positions for the operating-round unit tests: a game put straight into a corporation's
 * operating turn at a chosen step.
 */
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import type { GameState, OperatingRound, OrStep } from '../../src/lib/engine/titles/g1822/state';
import { newGame, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';

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
export function majorTurn(corp: string, step: OrStep, opts: { phase?: string; title?: TitleId; operated?: number } = {}): GameState {
	const s = newGame({ title: opts.title ?? '1822', mode: 'live' });
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
