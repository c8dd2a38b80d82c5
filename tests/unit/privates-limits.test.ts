/**
 * Private abilities refused past their limits (rules digest 10.2):
 * - P12 (extra tile lay), read from g_1822/step/special_track.rb process_lay_tile ("Cannot lay an
 *   extra upgrade"; an upgrade uses the whole ability; closed when used up);
 * - P11 (advanced tile lay), read from g_1822/step/special_track.rb potential_tiles
 *   (can_upgrade_one_phase_ahead?: only the next colour, so brown is refused in phase 1);
 * - P16 (Tax Haven), read from g_1822/game.rb company_choices_osth (no choices once the Tax Haven
 *   is worth anything, under the default rule).
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, type Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { giveCompany, newGame, startMajor, activePlayer } from '../../src/lib/engine/titles/g1822/testing';
import { giveToCorporation, majorTurn } from './or-support';

const CORP = 'NBR';

/** NBR (home Edinburgh H5, preprinted yellow) at its track step in `phase`, holding `company`. */
function position(company: string, phase: string): GameState {
	const s = majorTurn(CORP, 'track', { phase });
	placeHome(s, CORP);
	giveToCorporation(s, company, CORP);
	return s;
}

const lay = (entity: string, hex: string, tile: string, rotation: number): Action => ({
	type: 'lay_tile',
	entity,
	entity_type: entity.startsWith('P') ? 'company' : 'corporation',
	hex,
	tile,
	rotation
});

/** The first lay the query offers with exactly these privates, upgrade or not. */
function offered(s: GameState, privates: string[], upgrade: boolean) {
	const choice = operatingChoices(s)!.tileLays.find((c) => c.privates.join(',') === privates.join(','));
	const hex = choice?.hexes.find((h) => h.upgrade === upgrade);
	if (!hex) return null;
	const tile = hex.tiles[0];
	return { hex: hex.hex as string, tile: tile.tileId as string, rotation: tile.rotations[0].rotation };
}

describe('P12 extra tile lay used up', () => {
	it("a major's P12 upgrade uses the whole ability: P12 closes and a second P12 lay is refused", () => {
		const s = position('P12', '3');
		const up = offered(s, ['P12'], true);
		expect(up).not.toBeNull();
		const first = process(s, lay('P12', up!.hex, up!.tile, up!.rotation));
		expect(first.ok).toBe(true);
		if (!first.ok) return;
		expect(first.value.companies.P12.closed).toBe(true);
		const next = offered(s, ['P12'], false)!;
		const second = process(first.value, lay('P12', next.hex, next.tile, next.rotation));
		expect(second.ok ? null : second.error.code).toBe('not_owner');
	});

	it('after a yellow P12 lay, an upgrade with P12 is refused (two yellows or one upgrade)', () => {
		const s = position('P12', '3');
		const yellow = offered(s, ['P12'], false)!;
		const first = process(s, lay('P12', yellow.hex, yellow.tile, yellow.rotation));
		if (!first.ok) throw new Error(first.error.message);
		expect(first.value.companies.P12.closed).toBe(false);
		const up = offered(s, ['P12'], true)!;
		const second = process(first.value, lay('P12', up.hex, up.tile, up.rotation));
		expect(second.ok ? null : second.error.code).toBe('second_lay_not_upgrade');
		// The words name P12's own allowance, not the turn's second lay.
		expect(second.ok ? null : second.error.message).toBe('P12 lays two yellow tiles or upgrades one; after its yellow tile it cannot upgrade.');
	});
});

describe("P12's allowance carries across turns (rules version 2) [ability/tile_lay.rb use!; g_1822/step/special_track.rb process_lay_tile]", () => {
	/** NBR, holding P12, laid one yellow tile with it; then its next turn's track step begins. */
	function nextTurnAfterOneYellow(rulesVersion: 1 | 2): GameState {
		const s = majorTurn(CORP, 'track', { phase: '3', rulesVersion });
		placeHome(s, CORP);
		giveToCorporation(s, 'P12', CORP);
		const yellow = offered(s, ['P12'], false)!;
		const first = process(s, lay('P12', yellow.hex, yellow.tile, yellow.rotation));
		if (!first.ok) throw new Error(first.error.message);
		const t = first.value;
		expect(t.companies.P12.closed).toBe(false);
		if (t.round.kind !== 'operating') throw new Error('not an operating round');
		t.round.turn = { ...t.round.turn, step: 'track', lays: [], extraLays: [], normalLaysForfeited: false };
		delete t.round.turn.together;
		return t;
	}

	it('a later turn may still lay the one yellow tile left, and that lay closes P12', () => {
		const s = nextTurnAfterOneYellow(2);
		const yellow = offered(s, ['P12'], false);
		expect(yellow).not.toBeNull();
		const r = process(s, lay('P12', yellow!.hex, yellow!.tile, yellow!.rotation));
		if (!r.ok) throw new Error(r.error.message);
		expect(r.value.companies.P12.closed).toBe(true);
	});

	it('a later turn may not upgrade with P12: the yellow lay spent its upgrade', () => {
		const s = nextTurnAfterOneYellow(2);
		expect(offered(s, ['P12'], true)).toBeNull();
		const v1 = nextTurnAfterOneYellow(1);
		const up = offered(v1, ['P12'], true)!;
		const r = process(s, lay('P12', up.hex, up.tile, up.rotation));
		expect(r.ok ? null : r.error.code).toBe('second_lay_not_upgrade');
	});

	it('rules version 1 keeps its old reading: each turn starts P12 afresh', () => {
		const s = nextTurnAfterOneYellow(1);
		expect(offered(s, ['P12'], true)).not.toBeNull();
	});
});

describe('P11 advanced tile lay in phase 1', () => {
	it('upgrades Edinburgh to green in phase 1 and closes', () => {
		const s = position('P11', '1');
		const green = operatingChoices(s)!.tileLays.find((c) => c.privates.join(',') === 'P11')?.hexes.find((h) => h.hex === 'H5');
		expect(green).toBeDefined();
		const t = green!.tiles[0];
		const r = process(s, lay('P11', 'H5', t.tileId, t.rotations[0].rotation));
		expect(r.ok).toBe(true);
		if (r.ok) expect(r.value.companies.P11.closed).toBe(true);
	});

	it('a brown upgrade with P11 is refused in phase 1 (only the next colour)', () => {
		// A brown upgrade of green Edinburgh that phase 5 allows…
		const later = position('P11', '5');
		const greenEdinburgh = offered(later, [], true)!;
		const afterGreen = process(later, lay(CORP, greenEdinburgh.hex, greenEdinburgh.tile, greenEdinburgh.rotation));
		if (!afterGreen.ok) throw new Error(afterGreen.error.message);
		const s5 = afterGreen.value;
		if (s5.round.kind === 'operating') {
			s5.round.turn.lays = [];
			s5.round.turn.step = 'track';
		}
		const brown = operatingChoices(s5)!.tileLays.find((c) => c.privates.length === 0)?.hexes.find((h) => h.hex === greenEdinburgh.hex);
		expect(brown).toBeDefined();
		// …is refused with P11 in phase 1.
		const s1 = structuredClone(s5);
		s1.phase = configOf(s1.setup).phases.findIndex((p) => p.name === '1');
		const t = brown!.tiles[0];
		const r = process(s1, lay('P11', greenEdinburgh.hex, t.tileId, t.rotations[0].rotation));
		expect(r.ok ? null : r.error.code).toBe('color_not_in_phase');
	});
});

describe('P16 Tax Haven past its limit', () => {
	it('under the default rule the Tax Haven buys one share in the whole game; a second purchase is refused', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 100);
		startMajor(s, 'MR', 2, 100);
		const owner = activePlayer(s);
		giveCompany(s, owner, 'P16');
		const first = process(s, { type: 'choose_ability', entity: 'P16', entity_type: 'company', choice: 'GWR_ipo' });
		expect(first.ok).toBe(true);
		if (!first.ok) return;
		expect(first.value.corporations.GWR.shares.filter((c) => c.owner === 'taxhaven').length).toBe(1);
		// A later stock round, the owner to act again.
		const later = structuredClone(first.value);
		if (later.round.kind !== 'stock') throw new Error('still a stock round expected');
		later.round.current = later.players.findIndex((p) => p.id === owner);
		later.round.taxHavenUsed = false;
		later.round.turn = { bids: 0, acted: false };
		const second = process(later, { type: 'choose_ability', entity: 'P16', entity_type: 'company', choice: 'MR_ipo' });
		expect(second.ok ? null : second.error.code).toBe('tax_haven_used');
	});
});
