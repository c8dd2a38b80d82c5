/**
 * The track graph: which hexes, edges, cities and towns a corporation reaches from its
 * station tokens.
 *
 * The board is held as compact integer tables: per hex, its tile's paths (rotated onto
 * the board) with each end either a board edge (with its lane) or a node of the tile
 * (city, town, off-board, junction). A walk from the corporation's token cities follows
 * the reference's semantics [reference graph.rb compute; part/node.rb walk; part/path.rb walk]:
 * - from a node, leave along every path except `ignore` ones;
 * - across an edge, continue into the neighbour's paths on the facing edge whose lanes meet;
 * - arriving at a node over a `terminal` path, the node is reached but not passed through;
 *   a terminal path into a junction (blue port hexes) is never walked;
 * - a city full of other corporations' tokens is reached but not passed through.
 * The connected hexes (where track may be laid) are the token hexes with all their
 * sides, plus both sides of every edge of every reached path.
 *
 * The graph follows the board: `update(board)` rebuilds only the hexes whose tile changed
 * and re-indexes tokens; answers are cached per corporation until the next change.
 */
import type { MapDef } from './board-map';
import { cityBlocks, tileOnHex } from './board';
import type { BoardState, PlacedTile } from './board-state';
import { oppositeEdge, rotateEdge, type Edge } from './hex';
import type { CorporationId, HexId } from './ids';
import type { Lane, NodeKind } from './tile';

/** One end of a path on the board: an edge (with lane) or a node index of the hex's tile. */
type BoardEnd = { readonly edge: Edge; readonly lane: Lane; readonly node: -1 } | { readonly node: number };

interface BoardPath {
	readonly ends: readonly [BoardEnd, BoardEnd];
	readonly terminal: boolean;
	readonly ignore: boolean;
	readonly touchesJunction: boolean;
}

interface HexTrack {
	readonly placed: PlacedTile | null;
	readonly paths: readonly BoardPath[];
	readonly nodeKinds: readonly NodeKind[];
	/** node index → city index (or -1) */
	readonly nodeCity: readonly number[];
	/** edge → [path index, end side] pairs */
	readonly atEdge: readonly (readonly (readonly [number, 0 | 1])[])[];
	/** node → [path index, end side] pairs */
	readonly atNode: readonly (readonly (readonly [number, 0 | 1])[])[];
	readonly exits: readonly Edge[];
}

export interface NodeOnBoard {
	readonly hex: HexId;
	readonly kind: NodeKind;
	/** Index among the tile's nodes of that kind (city index for cities). */
	readonly index: number;
}

export interface Reach {
	/** Hexes where the corporation may lay track, with the sides it reaches them by. */
	readonly connectedHexes: ReadonlyMap<HexId, ReadonlySet<Edge>>;
	/** Hexes with track the corporation can run on. */
	readonly reachableHexes: ReadonlySet<HexId>;
	/** Cities, towns and off-boards reached (token cities included). */
	readonly nodes: readonly NodeOnBoard[];
	/** Reached cities as "<hex>-<city index>". */
	readonly cities: ReadonlySet<string>;
	/** Reached paths as "<hex>:<path index>" (path index on the current tile). */
	readonly paths: ReadonlySet<string>;
}

/** Do two facing lane specs meet? Equal widths mirror; unequal widths centre the narrower. */
export function lanesMeet(a: Lane, b: Lane): boolean {
	if (a[0] === b[0]) return b[1] === a[0] - a[1] - 1;
	const [narrow, wide] = a[0] < b[0] ? [a, b] : [b, a];
	const delta = Math.trunc((wide[0] - narrow[0]) / 2);
	return narrow[1] + delta === wide[0] - wide[1] - 1;
}

export class TrackGraph {
	readonly map: MapDef;
	private board: BoardState;
	private readonly index = new Map<HexId, number>();
	private readonly tracks: HexTrack[] = [];
	private readonly cache = new Map<CorporationId, Reach>();
	/** Number of changes seen; answers are cached per version. */
	version = 0;

	constructor(map: MapDef, board: BoardState) {
		this.map = map;
		this.board = board;
		map.hexes.forEach((h, i) => {
			this.index.set(h.id, i);
			this.tracks.push(this.buildHex(h.id));
		});
	}

	/** Follow a new board state: rebuild changed hexes, drop cached answers if anything changed. */
	update(board: BoardState): void {
		if (board === this.board) return;
		const prev = this.board;
		this.board = board;
		let changed = prev.tokens !== board.tokens || prev.extraSlots !== board.extraSlots;
		if (prev.tiles !== board.tiles) {
			const hexes = new Set([...Object.keys(prev.tiles), ...Object.keys(board.tiles)]);
			for (const hex of hexes) {
				const a = prev.tiles[hex];
				const b = board.tiles[hex];
				if (a === b || (a && b && a.tile === b.tile && a.rotation === b.rotation)) continue;
				const i = this.index.get(hex as HexId);
				if (i === undefined) continue;
				this.tracks[i] = this.buildHex(hex as HexId);
				changed = true;
			}
		}
		if (changed) {
			this.cache.clear();
			this.version++;
		}
	}

	private buildHex(hex: HexId): HexTrack {
		const tile = tileOnHex(this.map, this.board, hex)!;
		const def = tile.def;
		const atEdge: [number, 0 | 1][][] = [[], [], [], [], [], []];
		const atNode: [number, 0 | 1][][] = def.nodes.map(() => []);
		const paths: BoardPath[] = def.paths.map((p, pi) => {
			const ends = [p.a, p.b].map((e, side): BoardEnd => {
				if (e.type === 'edge') {
					const edge = rotateEdge(e.edge, tile.rotation);
					atEdge[edge].push([pi, side as 0 | 1]);
					return { edge, lane: e.lane, node: -1 };
				}
				atNode[e.node].push([pi, side as 0 | 1]);
				return { node: e.node };
			}) as [BoardEnd, BoardEnd];
			const touchesJunction = ends.some((e) => e.node >= 0 && def.nodes[e.node].kind === 'junction');
			return { ends, terminal: p.terminal, ignore: p.ignore, touchesJunction };
		});
		return {
			placed: this.board.tiles[hex] ?? null,
			paths,
			nodeKinds: def.nodes.map((n) => n.kind),
			nodeCity: def.nodes.map((n) => (n.kind === 'city' ? n.index : -1)),
			atEdge,
			atNode,
			exits: def.exits.map((e) => rotateEdge(e, tile.rotation))
		};
	}

	/** What the corporation reaches from its tokens (cached until the board changes). */
	reach(corp: CorporationId): Reach {
		const cached = this.cache.get(corp);
		if (cached) return cached;
		const r = this.walk(corp);
		this.cache.set(corp, r);
		return r;
	}

	/**
	 * Does a walk from the first node of `fromHex`'s tile reach `target` (a city), with the
	 * corporation's blocking? Used for destination checks [g_1822/step/destination_token.rb
	 * destination_node_check?]; not cached.
	 */
	connects(corp: CorporationId, fromHex: HexId, target: { hex: HexId; city: number }): boolean {
		const hi = this.index.get(fromHex);
		if (hi === undefined || this.tracks[hi].nodeKinds.length === 0) return false;
		return this.walk(corp, [[hi, 0]]).cities.has(`${target.hex}-${target.city}`);
	}

	private walk(corp: CorporationId, from?: readonly (readonly [number, number])[]): Reach {
		const map = this.map;
		const board = this.board;
		const n = this.tracks.length;
		const pathSeen = new Uint8Array(n * 32); // bit 1: entered from end 0, bit 2: from end 1
		const nodeSeen = new Uint8Array(n * 16);
		const nodeReached = new Uint8Array(n * 16);
		const connected = new Map<HexId, Set<Edge>>();
		const reachable = new Set<HexId>();
		const pathsReached = new Set<string>();
		const connect = (hex: HexId, edge: Edge) => {
			let s = connected.get(hex);
			if (!s) connected.set(hex, (s = new Set()));
			s.add(edge);
		};
		const blockedCache = new Map<number, boolean>();
		const blocked = (hi: number, node: number): boolean => {
			const city = this.tracks[hi].nodeCity[node];
			if (city < 0) return false;
			const key = hi * 16 + node;
			let b = blockedCache.get(key);
			if (b === undefined) {
				b = cityBlocks(map, board, map.hexes[hi].id, city, corp);
				blockedCache.set(key, b);
			}
			return b;
		};

		// Work items: [hex index, path index, entered from end] or node walks [hex, -1, node].
		const stack: [number, number, number][] = [];
		const startNode = (hi: number, node: number) => {
			if (nodeSeen[hi * 16 + node]) return;
			nodeSeen[hi * 16 + node] = 1;
			nodeReached[hi * 16 + node] = 1;
			stack.push([hi, -1, node]);
		};

		for (const [hi, node] of from ?? []) startNode(hi, node);
		for (const t of from ? [] : board.tokens) {
			if (t.corporation !== corp) continue;
			const hi = this.index.get(t.hex);
			if (hi === undefined) continue;
			const node = this.tracks[hi].nodeCity.indexOf(t.city);
			const h = map.hexes[hi];
			for (const [e] of Object.entries(h.neighbours)) connect(h.id, Number(e) as Edge);
			if (node >= 0) startNode(hi, node);
		}

		while (stack.length > 0) {
			const [hi, pi, from] = stack.pop()!;
			const track = this.tracks[hi];
			if (pi < 0) {
				// walk out of a node along every path except ignored ones
				for (const [p, side] of track.atNode[from]) {
					if (!track.paths[p].ignore) stack.push([hi, p, side]);
				}
				continue;
			}
			const path = track.paths[pi];
			const bit = from === 0 ? 1 : 2;
			const key = hi * 32 + pi;
			if (pathSeen[key] & bit) continue;
			pathSeen[key] |= bit;
			if (path.touchesJunction && path.terminal) continue;

			const hex = map.hexes[hi];
			const tag = `${hex.id}:${pi}`;
			if (!pathsReached.has(tag)) {
				pathsReached.add(tag);
				reachable.add(hex.id);
				for (const end of path.ends) {
					if (end.node >= 0) {
						nodeReached[hi * 16 + end.node] = 1;
						continue;
					}
					const edge = (end as { edge: Edge }).edge;
					connect(hex.id, edge);
					const nb = hex.neighbours[edge];
					if (nb) connect(nb, oppositeEdge(edge));
				}
			}

			const other = path.ends[1 - from];
			if (other.node >= 0) {
				const kind = track.nodeKinds[other.node];
				if (kind === 'junction') {
					for (const [p, side] of track.atNode[other.node]) {
						if (p !== pi && !track.paths[p].terminal) stack.push([hi, p, side]);
					}
					continue;
				}
				if (path.terminal || blocked(hi, other.node)) continue;
				if (nodeSeen[hi * 16 + other.node]) continue;
				nodeSeen[hi * 16 + other.node] = 1;
				stack.push([hi, -1, other.node]);
				continue;
			}
			const { edge, lane } = other as { edge: Edge; lane: Lane };
			const nb = hex.neighbours[edge];
			if (!nb) continue;
			const ni = this.index.get(nb)!;
			const back = oppositeEdge(edge);
			const ntrack = this.tracks[ni];
			for (const [p, side] of ntrack.atEdge[back]) {
				const nend = ntrack.paths[p].ends[side] as { lane: Lane };
				if (lanesMeet(lane, nend.lane)) stack.push([ni, p, side]);
			}
		}

		const nodes: NodeOnBoard[] = [];
		const cities = new Set<string>();
		for (let hi = 0; hi < n; hi++) {
			const track = this.tracks[hi];
			for (let node = 0; node < track.nodeKinds.length; node++) {
				if (!nodeReached[hi * 16 + node]) continue;
				const kind = track.nodeKinds[node];
				if (kind === 'junction') continue;
				const before = track.nodeKinds.slice(0, node).filter((k) => k === kind).length;
				nodes.push({ hex: map.hexes[hi].id, kind, index: before });
				if (kind === 'city') cities.add(`${map.hexes[hi].id}-${before}`);
			}
		}
		return { connectedHexes: connected, reachableHexes: reachable, nodes, cities, paths: pathsReached };
	}
}
