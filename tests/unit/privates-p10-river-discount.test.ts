/**
 * P10 (G&SWR, River/Estuary Discount), read from g_1822/entities.rb P10 (two tile-lay uses, closed
 * when used up; a £10 "swamp" (river) tile_discount while held) and g_1822/step/tracker.rb
 * remove_border_calculate_cost! (each use takes £40 off a lay's estuary crossing). Rules digest
 * 5.3, 10.2.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn, refusedCode, run } from './or-support';

const lay = (corp: string, entity: string, hex: string, tile: string, rotation: number): Action => ({
	type: 'lay_tile',
	entity,
	entity_type: entity === corp ? 'corporation' : 'company',
	hex,
	tile,
	rotation
});

/** `corp` at its track step in phase 3, home placed, holding P10. */
function position(corp: string): GameState {
	const s = majorTurn(corp, 'track', { phase: '3' });
	placeHome(s, corp);
	giveToCorporation(s, 'P10', corp);
	return s;
}

describe('P10 estuary crossing discount [g_1822/step/tracker.rb remove_border_calculate_cost!]', () => {
	it("NBR's Edinburgh upgrade across the Forth costs £40, with P10 nothing; the first use leaves P10 open", () => {
		const s = position('NBR');
		const cash = s.corporations.NBR.cash;
		const offered = operatingChoices(s)!.tileLays.find((c) => c.privates.join() === 'P10')!;
		expect(offered.hexes.map((h) => h.hex)).toEqual(['H5']);
		expect(run(s, lay('NBR', 'NBR', 'H5', '622-0', 5)).corporations.NBR.cash).toBe(cash - 40);
		const after = run(s, lay('NBR', 'P10', 'H5', '622-0', 5));
		expect(after.corporations.NBR.cash).toBe(cash);
		expect(after.abilityUses.P10).toBe(1);
		expect(after.companies.P10.closed).toBe(false);
	});

	it('the second use closes P10', () => {
		const s = position('NBR');
		s.abilityUses.P10 = 1;
		const after = run(s, lay('NBR', 'P10', 'H5', '622-0', 5));
		expect(after.companies.P10.closed).toBe(true);
		expect(after.corporations.NBR.companies).not.toContain('P10');
	});

	it('is refused on a lay that crosses no estuary, with the state unchanged', () => {
		expect(refusedCode(position('LNWR'), lay('LNWR', 'P10', 'H23', '5-0', 3))).toBe('no_estuary_crossing');
	});
});

describe('P10 river discount while held [g_1822/game.rb upgrade_cost, tile_discount swamp]', () => {
	it('the £40 river of H23 costs LNWR £30 while P10 is held, £40 once it has closed', () => {
		const s = position('LNWR');
		const cash = s.corporations.LNWR.cash;
		expect(run(s, lay('LNWR', 'LNWR', 'H23', '5-0', 3)).corporations.LNWR.cash).toBe(cash - 30);
		const closed = position('LNWR');
		closed.companies.P10 = { owner: null, closed: true };
		closed.corporations.LNWR.companies = [];
		expect(run(closed, lay('LNWR', 'LNWR', 'H23', '5-0', 3)).corporations.LNWR.cash).toBe(cash - 40);
	});
});
