/**
 * A destination token that finds no open slot takes a place of its own beyond the city's slots,
 * and the city keeps that place while the token is there [g_1822/game.rb place_destination_token:
 * `cheater: true`; part/city.rb get_slot]. A token that leaves without its place (a minor's token
 * removed as the minor is acquired [game/base.rb close_corporation; token.rb remove!], or the
 * major's own token returned to its charter [g_1822/game.rb remove_extra_tokens!]) leaves a slot
 * open, so the city no longer blocks; a minor's token exchanged leaves with its place
 * [g_1822/step/minor_acquisition.rb remove_minor_token: delete_token! `remove_slot`]; a new tile
 * keeps the place only where its slots are too few [hex.rb lay].
 *
 * Found by the differential run (seed 15111, game 2, 1822NRS 7p): CR's destination token went
 * into G12, full with minor 28's token; CR then acquired minor 28 and removed its token. After
 * NER's track pass (action 656), the reference placed NER's destination token in H5, reached
 * from its home L19 through G12; this engine had found G12 full and passed ("Auto actions do not
 * match"). The game is the 1822NRS game of tests/fixtures/rules-v9-games.json. Rules version 10;
 * version 9 games keep the old slots.
 */
import { describe, expect, it } from 'vitest';
import { autoActions, LATEST_RULES, type GameState, type RulesVersion } from '../../src/lib/engine/index';
import { cityBlocks, cityCapacity, openSlots, removeTokenAndPlace, settleExtraTokens } from '../../src/lib/engine/core/board';
import { emptyBoard, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { TrackGraph } from '../../src/lib/engine/core/track-graph';
import { removeToken } from '../../src/lib/engine/core/token';
import { validateDestinationToken } from '../../src/lib/engine/titles/g1822/map/stations';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';
import { loadRecordedGames, playedTo } from '../support/recorded-games';

const fixture = loadRecordedGames('rules-v9-games.json');
const game = fixture.games.find((g) => g.setup.title === '1822NRS');

/** The game after its first `n` actions under `rulesVersion`. */
const after = (n: number, rulesVersion: RulesVersion): GameState => playedTo(game!, n, rulesVersion);

/** CR's lay in D9, after which its destination token goes into G12; the removal of minor 28's token; NER's track pass. */
const CR_LAY = 560;
const REMOVE = 565;
const NER_PASS = 655;
const G12 = hexId('G12');
const inG12 = (s: GameState) => s.board.tokens.filter((t) => t.hex === G12);

describe('a destination token in a full city takes a place of its own, which the city keeps', () => {
	it('the position: CR lays D9, its destination token goes into G12, full with minor 28; then minor 28 is acquired and its token removed', () => {
		expect(game).toBeDefined();
		expect(game!.actions[CR_LAY]).toMatchObject({ type: 'lay_tile', entity: 'CR', hex: 'D9' });
		expect(game!.actions[REMOVE]).toMatchObject({ type: 'choose', entity: 'CR', choice: 'remove' });
		expect(game!.actions[NER_PASS]).toMatchObject({ type: 'pass', entity: 'NER' });
		const s = after(CR_LAY + 1, LATEST_RULES);
		expect(inG12(s).map((t) => [t.corporation, t.kind])).toEqual([
			['28', 'normal'],
			['CR', 'destination']
		]);
	});

	it('rules version 10: the destination token is beyond the slots; once minor 28 leaves, G12 has a slot open and does not block NER', () => {
		expect(LATEST_RULES).toBeGreaterThanOrEqual(10);
		expect(inG12(after(CR_LAY + 1, LATEST_RULES)).find((t) => t.kind === 'destination')?.extra).toBe(true);
		const s = after(REMOVE + 1, LATEST_RULES);
		expect(inG12(s)).toHaveLength(1);
		expect(openSlots(MAP_NRS, s.board, G12, 0)).toBe(1);
		expect(cityBlocks(MAP_NRS, s.board, G12, 0, corporationId('NER'))).toBe(false);
	});

	it("so NER's track pass places its destination token in H5, as the reference did", () => {
		const s = after(NER_PASS + 1, LATEST_RULES);
		expect(autoActions(s)).toEqual([{ type: 'hex_token', entity: 'NER', entity_type: 'corporation', hex: 'H5', token_type: 'destination' }]);
	});

	it('a game started under rules version 9 keeps the old slots: G12 stays full and NER passes its destination', () => {
		const s = after(REMOVE + 1, 9);
		expect(inG12(s).some((t) => t.extra)).toBe(false);
		expect(openSlots(MAP_NRS, s.board, G12, 0)).toBe(0);
		expect(cityBlocks(MAP_NRS, s.board, G12, 0, corporationId('NER'))).toBe(true);
		expect(autoActions(after(NER_PASS + 1, 9))).toEqual([{ type: 'pass', entity: 'NER', entity_type: 'corporation' }]);
	});
});

describe('the place beyond the slots, on a board', () => {
	const minor: StationToken = { hex: G12, city: 0, corporation: corporationId('28'), kind: 'normal' };
	const full: BoardState = { ...emptyBoard(), tokens: [minor] };
	const place = (board: BoardState, ownPlace = true) => {
		const r = validateDestinationToken(MAP_NRS, board, new TrackGraph(MAP_NRS, board), corporationId('CR'), G12, { force: true, ownPlace });
		if (!r.ok) throw new Error(r.error.message);
		return r.value;
	};

	it('only a token that finds no open slot is beyond the slots', () => {
		expect(place(full).board.tokens.at(-1)).toMatchObject({ kind: 'destination', extra: true });
		expect(place(emptyBoard()).board.tokens.at(-1)?.extra).toBeUndefined();
		expect(place(full, false).board.tokens.at(-1)?.extra).toBeUndefined();
		expect(cityCapacity(MAP_NRS, place(full).board, G12, 0)).toBe(2);
	});

	it("a token removed leaves its place open; a token exchanged takes its place with it", () => {
		const b = place(full).board;
		const token = b.tokens.find((t) => t.corporation === '28')!;
		expect(openSlots(MAP_NRS, removeToken(b, token), G12, 0)).toBe(1);
		const exchanged = removeTokenAndPlace(b, token);
		expect(exchanged.tokens).toEqual([{ hex: G12, city: 0, corporation: 'CR', kind: 'destination' }]);
		expect(openSlots(MAP_NRS, exchanged, G12, 0)).toBe(0);
	});

	it("the major's own token in the city goes back to the charter after the placement, leaving its slot open", () => {
		const own: BoardState = { ...emptyBoard(), tokens: [{ hex: G12, city: 0, corporation: corporationId('CR'), kind: 'normal' }] };
		const r = place(own);
		expect(r.returnedToken).toBe(true);
		expect(r.board.tokens).toEqual([{ hex: G12, city: 0, corporation: 'CR', kind: 'destination', extra: true }]);
		expect(openSlots(MAP_NRS, r.board, G12, 0)).toBe(1);
	});

	it('a new tile keeps the place only where its own slots are too few', () => {
		const b = place(full).board;
		// Tile 15: one city with two slots, room for both tokens.
		const upgraded = settleExtraTokens(MAP_NRS, { ...b, tiles: { ...b.tiles, G12: { tile: '15-0' as never, rotation: 0 } } }, G12);
		expect(upgraded.tokens.some((t) => t.extra)).toBe(false);
		expect(cityCapacity(MAP_NRS, upgraded, G12, 0)).toBe(2);
		const same = settleExtraTokens(MAP_NRS, b, G12);
		expect(same.tokens.filter((t) => t.extra)).toHaveLength(1);
	});
});

describe('a minor replaced in a city where the major has its destination token beyond the slots', () => {
	const replaced = loadRecordedGames('destination-place-replace.json').games[0];

	it("the minor's token leaves with its place, and the charter counts the major's tokens on the map", () => {
		expect(replaced.actions.at(-1)).toMatchObject({ type: 'choose', entity: 'CR', choice: 'replace' });
		const before = playedTo(replaced, replaced.actions.length - 1, 10);
		expect(inG12(before).map((t) => [t.corporation, t.kind, t.extra ?? false])).toEqual([
			['28', 'normal', false],
			['CR', 'destination', true]
		]);
		const s = playedTo(replaced, replaced.actions.length, 10);
		expect(inG12(s)).toEqual([{ hex: G12, city: 0, corporation: 'CR', kind: 'destination' }]);
		const placed = s.corporations.CR.charter.filter((t) => t.at !== null).length;
		expect(placed).toBe(s.board.tokens.filter((t) => t.corporation === 'CR').length);
	});
});
