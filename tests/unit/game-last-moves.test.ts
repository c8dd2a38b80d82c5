/**
 * "The last move of each company can be highlighted" (issue 8): per company, the hexes of its
 * most recent turn's track lays and stations, read from the actions in effect.
 */
import { describe, expect, it } from 'vitest';
import { lastMoveHighlight, lastMoves } from '../../src/lib/state/last-moves';

const ctx = {
	hexes: new Set(['E6', 'E8', 'G4', 'H5', 'M38']),
	ownerOf: (c: string) => (c === 'P8' ? 'NBR' : null)
};
const lay = (entity: string, hex: string, tile: string) => ({ type: 'lay_tile', entity, hex, tile, rotation: 0 });
const token = (entity: string, city: string) => ({ type: 'place_token', entity, city, slot: 0 });

describe('last moves on the map (issue 8)', () => {
	it('a company\'s last move is every lay and station of its latest turn, not of earlier turns', () => {
		const moves = lastMoves(
			[
				lay('CR', 'E8', '7-0'),
				{ type: 'pass', entity: 'CR' },
				lay('NBR', 'G4', '6-0'),
				lay('CR', 'E6', '57-0'),
				token('CR', '57-0-0'),
				lay('CR', 'E8', '8-1')
			],
			ctx
		);
		expect(moves).toEqual([
			{ corporation: 'NBR', hexes: [{ hex: 'G4', kind: 'track' }] },
			{
				corporation: 'CR',
				hexes: [
					{ hex: 'E6', kind: 'track' },
					{ hex: 'E6', kind: 'station' },
					{ hex: 'E8', kind: 'track' }
				]
			}
		]);
	});

	it('a turn with no lay or station leaves the previous last move; a private\'s lay counts for its owner', () => {
		const moves = lastMoves(
			[lay('NBR', 'G4', '6-0'), { type: 'pass', entity: 'NBR' }, { type: 'pass', entity: 'CR' }, lay('P8', 'H5', 'X11-0')],
			ctx
		);
		expect(moves).toEqual([{ corporation: 'NBR', hexes: [{ hex: 'H5', kind: 'track' }] }]);
	});

	it('a station on a printed city ("<hex>-0-<city>") or a hex token names its hex; the minors\' numbers are companies too', () => {
		const moves = lastMoves([token('16', 'M38-0-2'), { type: 'hex_token', entity: 'LNWR', hex: 'E6' }], ctx);
		expect(moves).toEqual([
			{ corporation: '16', hexes: [{ hex: 'M38', kind: 'station' }] },
			{ corporation: 'LNWR', hexes: [{ hex: 'E6', kind: 'station' }] }
		]);
	});

	it('on the map, a hex two companies last moved on shows the later one', () => {
		const map = lastMoveHighlight(
			[
				{ corporation: 'CR', hexes: [{ hex: 'E6', kind: 'track' }] },
				{ corporation: 'NBR', hexes: [{ hex: 'E6', kind: 'station' }, { hex: 'G4', kind: 'track' }] }
			],
			(c) => (c === 'CR' ? 'blue' : 'brown')
		);
		expect([...map]).toEqual([
			['E6', 'brown'],
			['G4', 'brown']
		]);
	});
});
