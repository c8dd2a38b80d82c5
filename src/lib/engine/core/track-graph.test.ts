/**
 * The track graph on the 1822 map. Expected reaches are worked out by hand from the printed
 * map (../shared/reference/data/1822.json hexes[]) and the reference's walk rules
 * [graph.rb compute; part/node.rb, part/path.rb walk].
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard, type BoardState, type StationToken } from './board-state';
import { corporationId, hexId, tileId } from './ids';
import { TrackGraph, lanesMeet } from './track-graph';
import { MAP_1822 } from '../titles/g1822/map/map-1822';

function token(hex: string, corp: string, city = 0): StationToken {
	return { hex: hexId(hex), city, corporation: corporationId(corp), kind: 'normal' };
}

const MR = corporationId('MR');
const sorted = (xs: Iterable<string>) => [...xs].sort();

// MR at Nottingham (K28) with 57 north–south on K28 and Leicester (K30).
const midlands: BoardState = {
	...emptyBoard(),
	tiles: {
		K28: { tile: tileId('57-0'), rotation: 0 },
		K30: { tile: tileId('57-1'), rotation: 0 }
	},
	tokens: [token('K28', 'MR')]
};

describe('lanes', () => {
	it('joins facing lanes of equal width mirrored, and a single track to the matching lane of two', () => {
		expect(lanesMeet([1, 0], [1, 0])).toBe(true);
		expect(lanesMeet([2, 0], [2, 1])).toBe(true);
		expect(lanesMeet([2, 0], [2, 0])).toBe(false);
		expect(lanesMeet([1, 0], [2, 1])).toBe(true);
		expect(lanesMeet([1, 0], [2, 0])).toBe(false);
	});
});

describe('reach from station tokens', () => {
	it('reaches the token hex on every side, and along track into the next hexes', () => {
		const reach = new TrackGraph(MAP_1822, midlands).reach(MR);
		// K28 all six sides (token hex), K26 by K28's north edge, K32 by K30's south edge
		expect(sorted(reach.connectedHexes.keys())).toEqual(['K26', 'K28', 'K30', 'K32']);
		expect([...reach.connectedHexes.get(hexId('K32'))!]).toEqual([3]);
		expect(sorted(reach.cities)).toEqual(['K28-0', 'K30-0']);
		expect(sorted(reach.reachableHexes)).toEqual(['K28', 'K30']);
	});

	it('stops at a city full of other companies’ tokens (reached, not passed through)', () => {
		const blocked: BoardState = { ...midlands, tokens: [...midlands.tokens, token('K30', 'NER')] };
		const reach = new TrackGraph(MAP_1822, blocked).reach(MR);
		expect(sorted(reach.cities)).toEqual(['K28-0', 'K30-0']);
		expect(reach.connectedHexes.has(hexId('K32'))).toBe(false);
		// NER passes through its own city to K32, but MR's full city K28 stops it going north
		const ner = new TrackGraph(MAP_1822, blocked).reach(corporationId('NER'));
		expect(ner.connectedHexes.has(hexId('K32'))).toBe(true);
		expect(ner.cities.has('K28-0')).toBe(true);
		expect(ner.connectedHexes.has(hexId('K26'))).toBe(false);
	});

	it('does not run through an off-board city with terminal track (Mid Wales, E28)', () => {
		// E28's paths are all terminal: track from F29 into E28 reaches it and stops
		const board: BoardState = {
			...emptyBoard(),
			tiles: { G28: { tile: tileId('57-0'), rotation: 1 } },
			tokens: [token('G28', 'MR')]
		};
		// 57 at rotation 1 runs G28 edge 1 (F29, the gray lane hex) to edge 4 (H27)
		const reach = new TrackGraph(MAP_1822, board).reach(MR);
		expect(reach.cities.has('E28-0')).toBe(true);
		expect(reach.connectedHexes.has(hexId('E26'))).toBe(false);
	});

	it('follows an update: a new tile extends the reach, answers are cached in between', () => {
		const graph = new TrackGraph(MAP_1822, { ...midlands, tiles: { K28: midlands.tiles.K28 } });
		const before = graph.reach(MR);
		expect(graph.reach(MR)).toBe(before);
		expect(before.cities.has('K30-0')).toBe(false);
		const v = graph.version;
		graph.update(midlands);
		expect(graph.version).toBe(v + 1);
		expect(graph.reach(MR).cities.has('K30-0')).toBe(true);
	});
});
