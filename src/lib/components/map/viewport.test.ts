/** Pan and zoom as viewBox arithmetic: zoom keeps the point under the pointer still. */
import { describe, expect, it } from 'vitest';
import { MIN_VIEW_WIDTH, clampView, fitView, panBy, toBoard, withAspect, zoomAt } from './viewport';

const BOARD = { minX: 0, minY: 0, maxX: 1000, maxY: 2000 };

describe('fitting the board', () => {
	it('shows the whole board centred in a wide element', () => {
		// element twice as wide as tall: the 2000-high board needs a 4000-wide view
		expect(fitView(BOARD, 0.5)).toEqual({ x: -1500, y: 0, w: 4000, h: 2000 });
	});

	it('shows the whole board centred in a tall element', () => {
		expect(fitView(BOARD, 3)).toEqual({ x: 0, y: -500, w: 1000, h: 3000 });
	});
});

describe('zooming around the pointer', () => {
	it('keeps the board point under the pointer at the same place on screen', () => {
		const v = { x: 0, y: 0, w: 800, h: 400 };
		const z = zoomAt(v, 2, { x: 200, y: 100 });
		expect(z).toEqual({ x: 100, y: 50, w: 400, h: 200 });
		// the point was a quarter across and down; it still is
		expect((200 - z.x) / z.w).toBeCloseTo(0.25, 9);
		expect((100 - z.y) / z.h).toBeCloseTo(0.25, 9);
	});

	it('never zooms closer than the minimum width', () => {
		const v = clampView({ x: 400, y: 900, w: 10, h: 5 }, BOARD);
		expect(v.w).toBe(MIN_VIEW_WIDTH);
		expect(v.h).toBe(MIN_VIEW_WIDTH / 2);
	});

	it('keeps the view centre over the board when panned far away', () => {
		const v = clampView(panBy({ x: 0, y: 0, w: 500, h: 500 }, 5000, 0), BOARD);
		expect(v.x + v.w / 2).toBe(1000);
	});
});

describe('element coordinates', () => {
	it('converts pixels to board units with one scale', () => {
		expect(toBoard({ x: 100, y: 50, w: 400, h: 200 }, 200, 100, 800)).toEqual({ x: 200, y: 100 });
	});

	it('keeps the centre and the width when the element changes shape', () => {
		expect(withAspect({ x: 0, y: 0, w: 400, h: 200 }, 1)).toEqual({ x: 0, y: -100, w: 400, h: 400 });
	});
});
