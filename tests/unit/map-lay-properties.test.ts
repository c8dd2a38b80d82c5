/**
 * Properties of the lay query: on boards grown by random legal play, every option the
 * query offers is accepted by the lay check at the same cost, and every lay the check
 * accepts is offered (the UI draws from the query alone, the engine judges with the check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardState, StationToken } from '../../src/lib/engine/core/board-state';
import { initialBoard, freeTileId } from '../../src/lib/engine/core/board';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import { TrackGraph } from '../../src/lib/engine/core/track-graph';
import { legalTileLays, validateTileLay, type PhaseView, type TrackContext } from '../../src/lib/engine/titles/g1822/map/lays';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';

const PHASES: readonly PhaseView[] = [
	{ name: '2', tiles: ['yellow'], status: [] },
	{ name: '3', tiles: ['yellow', 'green'], status: [] },
	{ name: '5', tiles: ['yellow', 'green', 'brown'], status: ['minors_green_upgrade'] },
	{ name: '7', tiles: ['yellow', 'green', 'brown', 'gray'], status: ['minors_green_upgrade'] }
];

// Four majors with home tokens in different parts of the map.
const HOMES: readonly (readonly [string, string, number])[] = [
	['MR', 'J29', 0],
	['LYR', 'G22', 0],
	['NBR', 'H5', 0],
	['SWR', 'H33', 0]
];

function start(): BoardState {
	const tokens: StationToken[] = HOMES.map(([corp, hex, city]) => ({
		hex: hexId(hex),
		city,
		corporation: corporationId(corp),
		kind: 'normal'
	}));
	return { ...initialBoard(MAP_1822, []), tokens };
}

describe('lay query and lay check agree', () => {
	it('offers exactly the lays the check accepts, at the same cost, on randomly grown boards', () => {
		fc.assert(
			fc.property(
				fc.array(fc.tuple(fc.nat(3), fc.nat(3), fc.integer({ min: 0, max: 150 }), fc.nat(10_000)), {
					minLength: 5,
					maxLength: 25
				}),
				(steps) => {
					let board = start();
					const graph = new TrackGraph(MAP_1822, board);
					for (const [who, phase, cash, pick] of steps) {
						graph.update(board);
						const ctx: TrackContext = {
							map: MAP_1822,
							board,
							graph,
							phase: PHASES[phase],
							corporation: corporationId(HOMES[who][0]),
							kind: 'major',
							cash,
							laysDone: [],
							// Live play's "new track must be used" rule takes part too.
							newTrackRule: true
						};
						const options = legalTileLays(ctx);
						const offered = new Map<string, number>();
						for (const o of options) {
							for (const t of o.tiles) for (const r of t.rotations) offered.set(`${o.hex} ${t.tile} ${r.rotation}`, r.cost);
						}
						// every reachable hex × every tile × every rotation: the check says yes iff offered
						const reach = graph.reach(ctx.corporation);
						for (const hex of reach.connectedHexes.keys()) {
							for (const tile of MAP_1822.tiles.values()) {
								const id = freeTileId(MAP_1822, board, tile.name);
								if (!id) continue;
								for (let r = 0; r < 6; r++) {
									const v = validateTileLay(ctx, { hex, tile: id, rotation: r });
									const cost = offered.get(`${hex} ${tile.name} ${r}`);
									expect(v.ok, `${hex} ${tile.name} ${r}`).toBe(cost !== undefined);
									if (v.ok) expect(v.value.cost).toBe(cost);
								}
							}
						}
						const all = [...offered.keys()];
						if (all.length === 0) continue;
						const [hex, tile, rotation] = all[pick % all.length].split(' ');
						const id = freeTileId(MAP_1822, board, tile)!;
						const lay = validateTileLay(ctx, { hex: hexId(hex), tile: tileId(id), rotation: Number(rotation) });
						expect(lay.ok).toBe(true);
						if (lay.ok) board = lay.value.board;
					}
				}
			),
			{ numRuns: 15 }
		);
	});
});
