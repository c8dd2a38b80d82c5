/** Placing and moving corporations on the market, keeping arrival order within a cell. */
import { cellAt, minorParCells, moveOnce, type Move } from '../../core/market';
import type { ResolvedConfig } from './config';
import type { CorporationState, GameState } from './state';
import { triggerGameEnd } from './game-end';

export function placeOnMarket(state: GameState, corp: CorporationState, row: number, column: number): void {
	state.marketSeq += 1;
	corp.price = { row, column, seq: state.marketSeq };
}

/** Moves a corporation once; an arrival in a new cell goes to the back of that cell's stack. */
export function moveCorporation(state: GameState, config: ResolvedConfig, corp: CorporationState, move: Move): void {
	if (!corp.price) return;
	const to = moveOnce(config.market, corp.price, move);
	if (to.row === corp.price.row && to.column === corp.price.column) return;
	placeOnMarket(state, corp, to.row, to.column);
	if (!cellAt(config.market, to.row, to.column)?.endGame) return;
	// The bank already broken by the same action (a dividend pays before it moves the price) is
	// the trigger that counts, when the bank is checked first (config.ts, version 4).
	const bankBroken = state.bank.cash < 0 || state.bank.broken;
	triggerGameEnd(state, config.bankEndFirst && bankBroken ? 'bank' : 'stock_market');
}

/** The par cell for a minor at a given price (50 … 100). */
export function minorParCell(config: ResolvedConfig, price: number): { row: number; column: number } | null {
	const c = minorParCells(config.market).find((cell) => cell.price === price);
	return c ? { row: c.row, column: c.column } : null;
}
