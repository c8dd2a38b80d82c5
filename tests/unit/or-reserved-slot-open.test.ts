/**
 * A city with a slot still reserved for a home never blocks track (rules version 5). The
 * reference places a destination token with `cheater: true`: where the only free slot is reserved,
 * the token gets a slot of its own and the reserved one stays empty, and a city with an empty slot
 * does not block [part/city.rb get_slot, blocks?; g_1822/game.rb place_destination_token]. The
 * position is a random 1822NRS game's (tests/fixtures/live-verdicts/reserved_slot_keeps_city_open.json):
 * L19's one slot is NER's home, NER has not floated, and MR's destination token is there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cityBlocks, LATEST_BLOCKING } from '../../src/lib/engine/core/board';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { TrackGraph } from '../../src/lib/engine/core/track-graph';
import { mapFor } from '../../src/lib/engine/titles/g1822/board-ops';
import { Game, type Action, type GameState } from '../../src/lib/engine/index';
import { parseExport } from '../../src/lib/interop/parse-export';
import type { RulesVersion } from '../../src/lib/engine/titles/g1822/config';

const json = JSON.parse(readFileSync(new URL('../fixtures/live-verdicts/reserved_slot_keeps_city_open.json', import.meta.url), 'utf8'));

/** The game after its actions before `id`, played live under a rules version. */
function before(id: number, rulesVersion: RulesVersion): Game {
	const ex = parseExport(json);
	if (!ex.ok) throw new Error(ex.error.message);
	const created = Game.create({ title: ex.value.title, players: ex.value.players, seed: ex.value.seed, optionalRules: ex.value.optionalRules, mode: 'live', rulesVersion });
	if (!created.ok) throw new Error(created.error.message);
	for (const a of ex.value.actions) {
		if (a.id === id) break;
		const { auto_actions: _a, ...action } = a;
		const r = created.value.process(action as Action);
		if (!r.ok) throw new Error(`${a.id}: ${r.error.message}`);
	}
	return created.value;
}

/** The operating step under way (null outside an operating round). */
function stepOf(state: GameState): string | null {
	return state.round.kind === 'operating' ? state.round.turn.step : null;
}

const L19 = hexId('L19');
const LNWR = corporationId('LNWR');

describe('a city with a slot reserved for a home does not block (rules version 5)', () => {
	it('L19 holds MR’s destination token in its one slot’s place while NER’s home is still to come', () => {
		const state = before(622, 5).state as GameState;
		expect(state.board.tokens.filter((t) => t.hex === L19)).toEqual([{ hex: L19, city: 0, corporation: 'MR', kind: 'destination' }]);
		expect(state.board.reservations).toContain('NER');
		const map = mapFor(state.setup.title);
		expect(cityBlocks(map, state.board, L19, 0, LNWR)).toBe(false);
		expect(cityBlocks(map, state.board, L19, 0, LNWR, { reservedSlotsOpen: false })).toBe(true);
		expect(new RouteBoard(map, state.board).blocks(L19, 0, LNWR)).toBe(false);
	});

	it('LNWR’s track runs through L19 to minor 9 at N23; under the old rule it stopped there', () => {
		const state = before(622, 5).state as GameState;
		const map = mapFor(state.setup.title);
		expect(new TrackGraph(map, state.board, LATEST_BLOCKING).reach(LNWR).cities.has('N23-0')).toBe(true);
		expect(new TrackGraph(map, state.board, { reservedSlotsOpen: false }).reach(LNWR).cities.has('N23-0')).toBe(false);
	});

	it('after LNWR’s dividend its acquisition step waits for it (minor 9 may merge); version 4 passed the step for it', () => {
		const v5 = before(623, 5);
		expect(stepOf(v5.state as GameState)).toBe('minor_acquisition');
		const merge = { type: 'merge', entity: 'LNWR', entity_type: 'corporation', corporation: '9' } as unknown as Action;
		expect(v5.process(merge).ok).toBe(true);
		expect(stepOf(before(623, 4).state as GameState)).not.toBe('minor_acquisition');
	});

	it('the graph follows a reservation dropped: once NER’s reservation goes, L19 blocks again', () => {
		const state = before(622, 5).state as GameState;
		const map = mapFor(state.setup.title);
		const graph = new TrackGraph(map, state.board);
		expect(graph.reach(LNWR).cities.has('N23-0')).toBe(true);
		graph.update({ ...state.board, reservations: state.board.reservations.filter((c) => c !== 'NER') });
		expect(graph.reach(LNWR).cities.has('N23-0')).toBe(false);
	});
});
