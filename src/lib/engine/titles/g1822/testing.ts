/**
 * Helpers for tests: build a game and put it into a chosen position by editing the plain state.
 * Pure (no test framework imports), so it compiles with the engine.
 */
import type { Action } from '../../core/actions';
import { playerHolder } from '../../core/shares';
import type { EngineMode, RulesVersion } from './config';
import type { TitleId } from './title-def';
import { createGameState } from './setup';
import type { GameState } from './state';
import { applyAction } from './process';
import { configOf } from './config';
import { minorParCell, placeOnMarket } from './market-ops';
import { cellAt, majorParCells } from '../../core/market';

export function newGame(
	opts: { title?: TitleId; players?: number; seed?: number; rules?: string[]; mode?: EngineMode; rulesVersion?: RulesVersion } = {}
): GameState {
	const n = opts.players ?? 4;
	const r = createGameState({
		title: opts.title ?? '1822',
		seed: opts.seed ?? 12345,
		optionalRules: opts.rules ?? [],
		mode: opts.mode ?? 'live',
		...(opts.rulesVersion ? { rulesVersion: opts.rulesVersion } : {}),
		players: Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Player ${i + 1}` }))
	});
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

/** Applies actions, failing loudly on a refusal (for building positions). */
export function play(state: GameState, ...actions: Action[]): GameState {
	for (const a of actions) {
		const r = applyAction(state, a);
		if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
	}
	return state;
}

export function bid(entity: number, company: string, price: number): Action {
	return { type: 'bid', entity, company, price };
}
export function pass(entity: number): Action {
	return { type: 'pass', entity };
}

/** The id of the player whose turn it is in a stock round. */
export function activePlayer(state: GameState): number {
	if (state.round.kind !== 'stock') throw new Error('not a stock round');
	return state.players[state.round.current].id;
}

/** Gives a company card to a player (taking it out of the bid boxes). */
export function giveCompany(state: GameState, playerId: number, company: string): void {
	state.companies[company].owner = `player:${playerId}`;
	state.players.find((p) => p.id === playerId)!.companies.push(company);
}

/** Starts a major at a par price for a player, floated, as if converted earlier. */
export function startMajor(state: GameState, corpId: string, playerId: number, par = 100, operated = 1): void {
	const config = configOf(state.setup);
	const corp = state.corporations[corpId];
	const cell = majorParCells(config.market).find((c) => c.price === par)!;
	placeOnMarket(state, corp, cell.row, cell.column);
	corp.ipoed = true;
	corp.floated = true;
	corp.parPrice = par;
	corp.operated = operated;
	corp.shares.find((c) => c.president)!.owner = playerHolder(playerId);
	corp.cash = par * 2;
}

/** Floats a minor for a player at a price, removing its card. */
export function floatMinorFor(state: GameState, minor: string, playerId: number, price = 50): void {
	const config = configOf(state.setup);
	const corp = state.corporations[minor];
	const cell = minorParCell(config, price)!;
	placeOnMarket(state, corp, cell.row, cell.column);
	corp.ipoed = true;
	corp.floated = true;
	corp.shares.find((c) => c.president)!.owner = playerHolder(playerId);
	delete state.companies[`M${minor}`];
	state.companyOrder = state.companyOrder.filter((c) => c !== `M${minor}`);
}

export function priceOf(state: GameState, corpId: string): number | null {
	const p = state.corporations[corpId].price;
	return p ? (cellAt(configOf(state.setup).market, p.row, p.column)?.price ?? null) : null;
}

export function player(state: GameState, id: number) {
	return state.players.find((p) => p.id === id)!;
}
