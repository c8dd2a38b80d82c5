/**
 * The tile picker steps only through what the engine listed for a hex: its tiles and,
 * for each, its legal rotations [architecture: "The UI renders these answers and nothing else"].
 */
import { describe, expect, it } from 'vitest';
import { hexId, tileId } from '$lib/engine/core/ids';
import { MAP_1822 } from '$lib/engine/titles/g1822/map/map-1822';
import type { HexLayOptions } from '$lib/engine/titles/g1822/map/lays';
import { TilePick } from './tile-pick.svelte';

const OPTIONS: HexLayOptions = {
	hex: hexId('H23'),
	upgrade: false,
	tiles: [
		{ tile: '57', tileId: tileId('57-0'), rotations: [{ rotation: 1, cost: 40 }, { rotation: 4, cost: 40 }] },
		{ tile: '5', tileId: tileId('5-2'), rotations: [{ rotation: 0, cost: 40 }, { rotation: 2, cost: 80 }, { rotation: 5, cost: 40 }] }
	]
};

describe('tile picker', () => {
	it('opens on the first tile at its first legal rotation, previewed on the hex', () => {
		const pick = new TilePick();
		pick.open(MAP_1822, OPTIONS);
		expect(pick.active).toBe(true);
		expect(pick.current?.choice.def.name).toBe('57');
		expect(pick.preview).toMatchObject({ hex: 'H23', rotation: 1 });
	});

	it('turns through the legal rotations only, both ways, wrapping round', () => {
		const pick = new TilePick();
		pick.open(MAP_1822, OPTIONS);
		pick.rotate(1);
		expect(pick.current?.rotation).toBe(4);
		pick.rotate(1);
		expect(pick.current?.rotation).toBe(1);
		pick.rotate(-1);
		expect(pick.current?.rotation).toBe(4);
	});

	it('turns the chosen tile when it is chosen again, and shows each rotation’s cost', () => {
		const pick = new TilePick();
		pick.open(MAP_1822, OPTIONS);
		pick.chooseTile(1);
		expect(pick.current).toMatchObject({ rotation: 0, cost: 40 });
		pick.chooseTile(1);
		expect(pick.current).toMatchObject({ rotation: 2, cost: 80 });
	});

	it('confirms the lay with the copy the engine named, then closes; cancel just closes', () => {
		const pick = new TilePick();
		pick.open(MAP_1822, OPTIONS);
		pick.stepTile(1);
		pick.rotate(-1);
		expect(pick.confirm()).toEqual({ hex: 'H23', tile: '5-2', rotation: 5, cost: 40 });
		expect(pick.active).toBe(false);
		pick.open(MAP_1822, OPTIONS);
		pick.cancel();
		expect(pick.preview).toBeNull();
		expect(pick.confirm()).toBeNull();
	});
});
