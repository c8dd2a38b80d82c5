import { describe, expect, it } from 'vitest';
import { cellAt, majorParCells, moveOnce, parseMarket } from './market';
import { MARKET_1822 } from '../titles/g1822/data/market';

const market = parseMarket(MARKET_1822, true);
const price = (c: { row: number; column: number }) => cellAt(market, c.row, c.column)?.price;

describe('1822 market movement (rules digest 3.9)', () => {
	it('major par cells are 100, 90, 80, 70, 60 in column 4', () => {
		expect(majorParCells(market).map((c) => [c.price, c.row, c.column])).toEqual([
			[100, 4, 4],
			[90, 5, 4],
			[80, 6, 4],
			[70, 7, 4],
			[60, 8, 4]
		]);
	});
	it('up from the top row moves down-right to the same price (the 1822 override)', () => {
		const to = moveOnce(market, { row: 0, column: 17 }, 'up');
		expect(to).toEqual({ row: 1, column: 18 });
		expect(price(to)).toBe(550);
	});
	it('right at the end of a row becomes an up', () => {
		expect(moveOnce(market, { row: 4, column: 20 }, 'right')).toEqual({ row: 3, column: 20 });
	});
	it('down into a blank cell does not move (row 9, £100)', () => {
		expect(moveOnce(market, { row: 9, column: 9 }, 'down')).toEqual({ row: 9, column: 9 });
	});
	it('left with no cell to the left becomes a down', () => {
		expect(moveOnce(market, { row: 4, column: 0 }, 'left')).toEqual({ row: 5, column: 0 });
	});
	it('yellow cells are marked as outside the certificate limit', () => {
		expect(cellAt(market, 6, 0)?.noCertLimit).toBe(true);
		expect(cellAt(market, 6, 1)?.noCertLimit).toBe(false);
	});
});
