/**
 * Chains between stops follow the reference's walk [part/path.rb walk]: a chain goes through a
 * junction once, by two of its paths (`counter[@junction] > 1` ends the walk), so track that
 * loops back into a junction it already passed is no chain.
 */
import { describe, expect, it } from 'vitest';
import { emptyBoard, type BoardState } from './board-state';
import { hexId, tileId } from './ids';
import { RouteBoard } from './route-board';
import { chainName, chainsFrom } from './route-chains';
import { mapFor } from '../titles/g1822/board-ops';

// NRS, south of Glasgow: town 56 on F7, junction tiles 544 on E8 and 80 on E10, curve 7 on D9.
// From F7's town by E8 the track reaches Glasgow E6 at once (E8 → E6), or loops
// E8 → E10 → D9 → back into E8's junction → E6.
const board: BoardState = {
	...emptyBoard(),
	tiles: {
		F7: { tile: tileId('56-0'), rotation: 1 },
		E8: { tile: tileId('544-0'), rotation: 0 },
		E10: { tile: tileId('80-0'), rotation: 2 },
		D9: { tile: tileId('7-0'), rotation: 4 }
	}
};

function chainsFromF7Town(junctionTwice: boolean) {
	const rb = new RouteBoard(mapFor('1822NRS'), board);
	const f7 = rb.index.get(hexId('F7'))!;
	const e6 = rb.index.get(hexId('E6'))!;
	const town = rb.hexes[f7].nodes.findIndex((n) => n.kind === 'town' && n.part === 0);
	const city = rb.hexes[e6].nodes.findIndex((n) => n.kind === 'city');
	return chainsFrom(rb, f7, town, { end: [e6, city], junctionTwice }).map((c) => chainName(rb, c.paths).join(' '));
}

describe('a chain passes a junction once [part/path.rb walk]', () => {
	it('the loop back into E8 is no chain; the direct track is', () => {
		expect(chainsFromF7Town(false)).toEqual(['F7 E8 E6']);
	});

	it('the older reading, kept for version 1 logs, also finds the loop, either way round', () => {
		expect(chainsFromF7Town(true).sort()).toEqual(['F7 E8 D9 E10 E6', 'F7 E8 E10 D9 E6', 'F7 E8 E6']);
	});
});
