/**
 * P21 (HSBC, Grimsby/Hull bridge), read from g_1822/entities.rb P21 (two free lays in N21/N23 with
 * tiles 5, 6, 57, 15) and g_1822/step/special_track.rb abilities (a token in Hull or Grimsby
 * needed), with rules digest 10.2: only before any other lay this turn, each crossing the Humber
 * (N21 edge 0 / N23 edge 3), not twice in one hex; the lays count among the turn's lays; passing
 * after one lay closes it.
 */
import { describe, expect, it } from 'vitest';
import { LATEST_RULES, operatingChoices, process, type Action, type RulesVersion } from '../../src/lib/engine/index';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { borderKey } from '../../src/lib/engine/core/board-state';
import { giveToCorporation, majorTurn } from './or-support';

const CORP = 'NER';

/** NER in phase 3 at its track step, with a station in Grimsby (N23) and P21. */
function position(withToken = true, rulesVersion?: RulesVersion): GameState {
	const s = majorTurn(CORP, 'track', { phase: '3', rulesVersion });
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

	// g_1822/step/tracker.rb remove_border_calculate_cost!: a P21 lay whose water-border cost comes
	// to nothing is refused ("Must lay tile with one path over the Hull / Grimsby estuary"). Found by
	// the differential run: a minor had laid 57 in Hull across the estuary, paying the £40, and
	// P21's later upgrade there was taken here and refused by the reference.
	function crossedHull(rulesVersion: RulesVersion): GameState {
		const s = position(true, rulesVersion);
		// NER's station is in Hull too, so the upgrade there is connected either way.
		const hull = { hex: hexId('N21'), city: 0, corporation: corporationId(CORP), kind: 'normal' } as const;
		s.board = {
			...s.board,
			tiles: { ...s.board.tiles, N21: { tile: tileId('57-1'), rotation: 0 } },
			tokens: [...s.board.tokens, hull],
			paidBorders: [borderKey(hexId('N21'), 0)]
		};
		return s;
	}

	it('is refused where track already crosses the estuary (the border was paid), and not offered there (rules version 6)', () => {
		const s = crossedHull(LATEST_RULES);
		const upgrade = process(s, bridge('N21', '15-0', 0));
		expect(upgrade.ok ? null : upgrade.error.code).toBe('humber_already_crossed');
		// With the border still there (nobody has crossed yet) the same upgrade is a bridge lay.
		const unpaid = structuredClone(s);
		unpaid.board = { ...unpaid.board, paidBorders: [] };
		const bridged = process(unpaid, bridge('N21', '15-0', 0));
		expect(bridged.ok ? null : bridged.error.message).toBeNull();
		const offered = (st: GameState) => (operatingChoices(st)?.tileLays ?? []).filter((l) => l.entity === 'P21').flatMap((l) => l.hexes.map((h) => String(h.hex)));
		expect(offered(unpaid)).toContain('N21');
		expect(offered(s)).not.toContain('N21');
		expect(offered(s)).toContain('N23');
	});

	it('a game started under rules version 5 keeps taking that lay, as it did', () => {
		expect(process(crossedHull(5), bridge('N21', '15-0', 0)).ok).toBe(true);
	});

	// g_1822/game.rb tile_lays (COMPANY_HSBC_TILE_LAYS for P21, MAJOR_TILE_LAYS from phase 3) and
	// step/tracker.rb lay_tile_action / get_tile_lay / can_lay_tile?: P21's lays advance the turn's
	// own lay count, so after one yellow P21 lay and P21's pass a major of phase 3 on is at its
	// second entry (a yellow lay, no upgrade) and the Track step still blocks. Found by the
	// differential run: after P21 laid Hull and passed, LNWR ran its routes here and the reference
	// refused it ("Blocking step Lay Track cannot process action run_routes").
	const trackStepOf = (st: GameState) => (st.round.kind === 'operating' ? st.round.turn.step : null);
	const corpLay = (hex: string, tile: string, rotation: number): Action => ({ type: 'lay_tile', entity: CORP, entity_type: 'corporation', hex, tile, rotation });

	function afterOneBridgeLay(rulesVersion: RulesVersion, phase = '3'): GameState {
		const s = majorTurn(CORP, 'track', { phase, rulesVersion });
		s.board = { ...s.board, tokens: [...s.board.tokens, { hex: hexId('N23'), city: 0, corporation: corporationId(CORP), kind: 'normal' }] };
		s.corporations[CORP].charter[0].at = 'N23-0';
		giveToCorporation(s, 'P21', CORP);
		const first = process(s, bridge('N23', '57-0', 0));
		if (!first.ok) throw new Error(first.error.message);
		// While P21 is under way it acts alone; its pass closes it.
		const ner = process(first.value, corpLay('N21', '57-1', 0));
		expect(ner.ok ? null : ner.error.code).toBe('not_your_turn');
		const passed = process(first.value, { type: 'pass', entity: 'P21', entity_type: 'company' });
		if (!passed.ok) throw new Error(passed.error.message);
		expect(passed.value.companies.P21.closed).toBe(true);
		return passed.value;
	}

	it("after one yellow P21 lay and P21's pass a major of phase 3 keeps its second lay, a yellow tile (rules version 7)", () => {
		const s = afterOneBridgeLay(LATEST_RULES);
		expect(LATEST_RULES).toBeGreaterThanOrEqual(7);
		expect(trackStepOf(s)).toBe('track');
		const lays = (operatingChoices(s)?.tileLays ?? []).filter((l) => l.entity === CORP);
		expect(lays.flatMap((l) => l.hexes.map((h) => String(h.hex)))).toContain('N21');
		expect(lays.flatMap((l) => l.hexes).every((h) => !h.upgrade)).toBe(true);
		// The step blocks: a later step's action waits for a lay or a pass.
		const early = process(s, { type: 'buy_train', entity: CORP, entity_type: 'corporation', train: 'L-0', price: 60, variant: 'L' } as Action);
		expect(early.ok ? null : early.error.code).toBe('step_pending');
		// No upgrade: P21's Grimsby tile may not be upgraded by the second entry (as a first lay
		// of the turn the same upgrade is legal).
		const upgrade = process(s, corpLay('N23', '15-0', 0));
		expect(upgrade.ok ? null : upgrade.error.code).toBe('second_lay_not_upgrade');
		const laid = process(s, corpLay('N21', '57-1', 0));
		expect(laid.ok ? null : laid.error.message).toBeNull();
		if (!laid.ok) return;
		expect(laid.value.board.tiles.N21?.tile).toBe('57-1');
		// Normal costs apply to the company's own lay, and then the turn's lays are over.
		expect(laid.value.corporations[CORP].cash).toBeLessThan(s.corporations[CORP].cash);
		expect(trackStepOf(laid.value)).not.toBe('track');
	});

	it('a major of phase 2 has nothing left after one P21 lay: its allowance was one lay (rules version 7)', () => {
		const s = afterOneBridgeLay(LATEST_RULES, '2');
		expect(trackStepOf(s)).not.toBe('track');
	});

	it("a game started under rules version 6 keeps ending the turn's lays with P21's pass, as it did", () => {
		const s = afterOneBridgeLay(6);
		expect(trackStepOf(s)).not.toBe('track');
		expect(process(s, corpLay('N21', '57-1', 0)).ok).toBe(false);
	});
});
