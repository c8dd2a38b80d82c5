/**
 * P21 (HSBC, Grimsby/Hull bridge), read from g_1822/entities.rb P21 (two free lays in N21/N23 with
 * tiles 5, 6, 57, 15) and g_1822/step/special_track.rb abilities (a token in Hull or Grimsby
 * needed), with rules digest 10.2: only before any other lay this turn, each crossing the Humber
 * (N21 edge 0 / N23 edge 3), not twice in one hex; the lays are the turn's lays; passing after one
 * lay closes it.
 */
import { describe, expect, it } from 'vitest';
import { process, type Action } from '../../src/lib/engine/index';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn } from './or-support';

const CORP = 'NER';

/** NER in phase 3 at its track step, with a station in Grimsby (N23) and P21. */
function position(withToken = true): GameState {
	const s = majorTurn(CORP, 'track', { phase: '3' });
	if (withToken) {
		s.board = { ...s.board, tokens: [...s.board.tokens, { hex: hexId('N23'), city: 0, corporation: corporationId(CORP), kind: 'normal' }] };
		s.corporations[CORP].charter[0].at = 'N23-0';
	}
	giveToCorporation(s, 'P21', CORP);
	return s;
}

const bridge = (hex: string, tile: string, rotation: number): Action => ({ type: 'lay_tile', entity: 'P21', entity_type: 'company', hex, tile, rotation });

describe('P21 Grimsby/Hull bridge', () => {
	it('lays Grimsby then Hull across the Humber, free of terrain and estuary costs, and closes after the second lay', () => {
		const s = position();
		const cash = s.corporations[CORP].cash;
		const first = process(s, bridge('N23', '57-0', 0));
		expect(first.ok).toBe(true);
		if (!first.ok) return;
		expect(first.value.board.tiles.N23?.tile).toBe('57-0');
		expect(first.value.companies.P21.closed).toBe(false);
		const second = process(first.value, bridge('N21', '57-1', 0));
		expect(second.ok).toBe(true);
		if (!second.ok) return;
		expect(second.value.board.tiles.N21?.tile).toBe('57-1');
		// N21 and N23 each cost £20 river terrain and £40 for the estuary border: all waived.
		expect(second.value.corporations[CORP].cash).toBe(cash);
		expect(second.value.companies.P21.closed).toBe(true);
	});

	it('a lay that does not cross the Humber, a tile not in its list, or a second lay in the same hex is refused', () => {
		const s = position();
		const away = process(s, bridge('N23', '57-0', 1));
		expect(away.ok ? null : away.error.code).toBe('must_cross_humber');
		const other = process(s, bridge('N23', '8-0', 3));
		expect(other.ok ? null : other.error.code).toBe('tile_not_allowed');
		const first = process(s, bridge('N23', '57-0', 0));
		if (!first.ok) throw new Error(first.error.message);
		const again = process(first.value, bridge('N23', '15-0', 0));
		expect(again.ok ? null : again.error.code).toBe('same_hex');
	});

	it('is refused without a station in Hull or Grimsby, and after a normal lay this turn', () => {
		const r = process(position(false), bridge('N23', '57-0', 0));
		expect(r.ok ? null : r.error.code).toBe('no_bridge_token');
		const normal = process(position(), { type: 'lay_tile', entity: CORP, entity_type: 'corporation', hex: 'N23', tile: '57-0', rotation: 0 });
		if (!normal.ok) throw new Error(normal.error.message);
		const late = process(normal.value, bridge('N21', '57-1', 0));
		expect(late.ok ? null : late.error.code).toBe('lay_already_made');
	});

	it('after its first lay no normal lay follows, and passing closes P21', () => {
		const s = position();
		const first = process(s, bridge('N23', '57-0', 0));
		if (!first.ok) throw new Error(first.error.message);
		const normal = process(first.value, { type: 'lay_tile', entity: CORP, entity_type: 'corporation', hex: 'N21', tile: '57-1', rotation: 0 });
		expect(normal.ok ? null : normal.error.code).toBe('no_lay_left');
		const passed = process(first.value, { type: 'pass', entity: CORP, entity_type: 'corporation' });
		expect(passed.ok).toBe(true);
		if (passed.ok) expect(passed.value.companies.P21.closed).toBe(true);
	});
});
