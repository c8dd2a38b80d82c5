/**
 * P2 (MtonR, Remove Town), read from g_1822/entities.rb P2 (one tile lay, plain-track tiles
 * only, closed when used) and g_1822/step/special_track.rb available_hex / must_remove_town?
 * (only a hex with exactly one town) and legal_tile_rotation_remove_town? (the town's exits are
 * kept). It is the corporation's normal lay. Rules digest 10.2.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn, refusedCode, run } from './or-support';

const CORP = 'LNWR';

/** LNWR (home London side, M36/J21 reachable) at its track step in phase 3, holding P2. */
function position(): GameState {
	const s = majorTurn(CORP, 'track', { phase: '3' });
	placeHome(s, CORP);
	giveToCorporation(s, 'P2', CORP);
	return s;
}

const lay = (entity: string, hex: string, tile: string, rotation: number): Action => ({
	type: 'lay_tile',
	entity,
	entity_type: entity === CORP ? 'corporation' : 'company',
	hex,
	tile,
	rotation
});

describe('P2 Remove Town [g_1822/step/special_track.rb must_remove_town?]', () => {
	it('offers only plain track on single-town hexes, for the UI', () => {
		const choice = operatingChoices(position())!.tileLays.find((c) => c.privates.join() === 'P2')!;
		expect(choice.entity).toBe('P2');
		expect(choice.hexes.map((h) => h.hex).sort()).toEqual(['J21', 'M36']);
		for (const h of choice.hexes) for (const t of h.tiles) expect(['7', '8', '9']).toContain(t.tile);
	});

	it('lays plain yellow track over the town of J21 (paying its £60 hill), as the normal lay, and closes', () => {
		const s = position();
		const cash = s.corporations[CORP].cash;
		const after = run(s, lay('P2', 'J21', '7-0', 0));
		expect(after.board.tiles.J21?.tile).toBe('7-0');
		expect(after.corporations[CORP].cash).toBe(cash - 60);
		expect(after.companies.P2.closed).toBe(true);
		expect(after.corporations[CORP].companies).not.toContain('P2');
		// Used once, P2 is gone.
		expect(refusedCode(after, lay('P2', 'M36', '7-0', 0))).toBe('not_owner');
	});

	it('is refused on a hex without exactly one town, and with a town tile, with the state unchanged', () => {
		const s = position();
		// H23 has no town: a normal tile there is fine for LNWR, not for P2.
		expect(refusedCode(s, lay('P2', 'H23', '5-0', 3))).toBe('town_removal_only');
		expect(refusedCode(s, lay(CORP, 'H23', '5-0', 3))).toBeNull();
		// J21's town kept (tile 3) is not a town removal.
		expect(refusedCode(s, lay('P2', 'J21', '3-0', 0))).toBe('town_removal_only');
		// Without P2 plain track cannot replace the town.
		expect(refusedCode(s, lay(CORP, 'J21', '7-0', 0))).toBe('city_town_mismatch');
	});
});
