/** Keyboard pan and zoom of the map: arrows move an eighth of the view, + and − zoom by 1.25. */
import { describe, expect, it } from 'vitest';
import { PanZoom } from './pan-zoom.svelte';

const BOARD = { minX: 0, minY: 0, maxX: 4000, maxY: 4000 };

describe('map keys', () => {
	it('pans by 12% of the view width with the arrow keys', () => {
		const pz = new PanZoom(() => BOARD);
		pz.set({ x: 1000, y: 1000, w: 1000, h: 800 });
		expect(pz.key('ArrowRight')).toBe(true);
		expect(pz.view).toEqual({ x: 1120, y: 1000, w: 1000, h: 800 });
		pz.key('ArrowUp');
		expect(pz.view.y).toBe(880);
	});

	it('zooms in and out around the centre with + and −, and ignores other keys', () => {
		const pz = new PanZoom(() => BOARD);
		pz.set({ x: 1000, y: 1000, w: 1000, h: 800 });
		pz.key('+');
		expect(pz.view).toEqual({ x: 1100, y: 1080, w: 800, h: 640 });
		pz.key('-');
		expect(pz.view.w).toBeCloseTo(1000, 9);
		expect(pz.key('x')).toBe(false);
	});
});
