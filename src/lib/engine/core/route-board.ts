/**
 * The board as route checks and the route finder see it: per hex, the laid tile's paths
 * rotated onto the board, which paths meet at each edge and node, and each node's kind,
 * revenue and the reference's part index (the number in an 18xx.games node signature
 * "H33-2": the node's position among all parts of the tile definition, lanes expanded)
 * [reference tile.rb separate_parts; part/base.rb signature].
 *
 * Built once per board state; read-only afterwards.
 */
import type { MapDef } from './board-map';
import { cityBlocks, LATEST_BLOCKING, tileOnHex, tokensInCity, type BlockingRules } from './board';
import type { BoardState } from './board-state';
import { oppositeEdge, rotateEdge, type Edge } from './hex';
import type { CorporationId, HexId } from './ids';
import { lanesMeet } from './track-graph';
import type { Lane, NodeKind, Revenue, TileDef } from './tile';
import type { LaidTile } from './upgrade';

export type BoardEnd = { readonly edge: Edge; readonly lane: Lane } | { readonly node: number };

export function isEdgeEnd(e: BoardEnd): e is { readonly edge: Edge; readonly lane: Lane } {
	return 'edge' in e;
}

export interface BoardPath {
	readonly ends: readonly [BoardEnd, BoardEnd];
	readonly terminal: boolean;
	readonly ignore: boolean;
}

export interface BoardNode {
	readonly kind: NodeKind;
	/** Index among the tile's nodes of the same kind (city index for cities). */
	readonly index: number;
	/** Position among all parts of the tile definition. */
	readonly part: number;
	readonly revenue: Revenue;
	readonly visitCost: number;
	readonly groups: readonly string[];
}

export interface BoardHex {
	readonly id: HexId;
	readonly tile: LaidTile;
	readonly paths: readonly BoardPath[];
	readonly nodes: readonly BoardNode[];
	/** edge → [path, end side] */
	readonly atEdge: readonly (readonly (readonly [number, 0 | 1])[])[];
	/** node → [path, end side] */
	readonly atNode: readonly (readonly (readonly [number, 0 | 1])[])[];
	/** More than one path joins two nodes: such a single-path leg is named by its nodes [reference tile.rb ambiguous_connection?]. */
	readonly ambiguous: boolean;
	/** Neighbour hex index across each edge that track may lead to, or -1. */
	readonly neighbours: readonly number[];
}

/** Position of each node among the parts of a tile code (paths with lanes:n count n times). */
export function nodePartIndices(def: TileDef): number[] {
	const out: number[] = [];
	let part = 0;
	for (const raw of def.code.split(';')) {
		if (raw === '') continue;
		const eq = raw.indexOf('=');
		const type = eq < 0 ? raw : raw.slice(0, eq);
		if (type === 'city' || type === 'town' || type === 'offboard' || type === 'junction' || type === 'halt' || type === 'pass') {
			out.push(part);
			part++;
		} else if (type === 'path') {
			const m = /(?:^|,)lanes:(\d+)/.exec(raw.slice(eq + 1));
			part += m ? Number(m[1]) : 1;
		} else {
			part++;
		}
	}
	return out;
}

function buildHex(map: MapDef, board: BoardState, id: HexId, index: ReadonlyMap<HexId, number>): BoardHex {
	const tile = tileOnHex(map, board, id)!;
	const def = tile.def;
	const parts = nodePartIndices(def);
	const atEdge: [number, 0 | 1][][] = [[], [], [], [], [], []];
	const atNode: [number, 0 | 1][][] = def.nodes.map(() => []);
	const paths: BoardPath[] = def.paths.map((p, pi) => {
		const ends = [p.a, p.b].map((e, side): BoardEnd => {
			if (e.type === 'edge') {
				const edge = rotateEdge(e.edge, tile.rotation);
				atEdge[edge].push([pi, side as 0 | 1]);
				return { edge, lane: e.lane };
			}
			atNode[e.node].push([pi, side as 0 | 1]);
			return { node: e.node };
		}) as [BoardEnd, BoardEnd];
		return { ends, terminal: p.terminal, ignore: p.ignore };
	});
	// An upgrade keeps the printed cities' groups (London…) [hex.rb lay: new_city.groups = old_city.groups].
	const printed = map.byId.get(id)?.tile;
	const inherited = (city: number): readonly string[] => {
		if (!printed || printed === def || printed.cities.length === 0) return [];
		const first = printed.cities[0].groups.join('|');
		return printed.cities.every((c) => c.groups.join('|') === first) ? printed.cities[0].groups : (printed.cities[city]?.groups ?? []);
	};
	const nodes: BoardNode[] = def.nodes.map((n, i) => {
		switch (n.kind) {
			case 'city': {
				const c = def.cities[n.index];
				return { kind: n.kind, index: n.index, part: parts[i], revenue: c.revenue, visitCost: 1, groups: c.groups.length > 0 ? c.groups : inherited(n.index) };
			}
			case 'town':
				return { kind: n.kind, index: n.index, part: parts[i], revenue: def.towns[n.index].revenue, visitCost: 1, groups: [] };
			case 'offboard': {
				const o = def.offboards[n.index];
				return { kind: n.kind, index: n.index, part: parts[i], revenue: o.revenue, visitCost: o.visitCost, groups: [] };
			}
			case 'junction':
				return { kind: n.kind, index: n.index, part: parts[i], revenue: 0, visitCost: 0, groups: [] };
		}
	});
	const nodeNode = paths.filter((p) => !isEdgeEnd(p.ends[0]) && !isEdgeEnd(p.ends[1])).length;
	const h = map.byId.get(id)!;
	const neighbours = [0, 1, 2, 3, 4, 5].map((e) => {
		const n = h.neighbours[e as Edge];
		return n ? (index.get(n) ?? -1) : -1;
	});
	return { id, tile, paths, nodes, atEdge, atNode, ambiguous: nodeNode > 1, neighbours };
}

export class RouteBoard {
	readonly map: MapDef;
	readonly board: BoardState;
	readonly hexes: readonly BoardHex[];
	readonly index: ReadonlyMap<HexId, number>;
	readonly rules: BlockingRules;

	constructor(map: MapDef, board: BoardState, rules: BlockingRules = LATEST_BLOCKING) {
		this.map = map;
		this.board = board;
		this.rules = rules;
		const index = new Map<HexId, number>();
		map.hexes.forEach((h, i) => index.set(h.id, i));
		this.index = index;
		this.hexes = map.hexes.map((h) => buildHex(map, board, h.id, index));
	}

	hex(id: HexId): BoardHex | null {
		const i = this.index.get(id);
		return i === undefined ? null : this.hexes[i];
	}

	/** Paths of the neighbour across `edge` of hex `hi` that continue a path end with `lane`. */
	continuations(hi: number, edge: Edge, lane: Lane): [number, number, 0 | 1][] {
		const ni = this.hexes[hi].neighbours[edge];
		if (ni < 0) return [];
		const back = oppositeEdge(edge);
		const nh = this.hexes[ni];
		const out: [number, number, 0 | 1][] = [];
		for (const [p, side] of nh.atEdge[back]) {
			const end = nh.paths[p].ends[side] as { lane: Lane };
			if (lanesMeet(lane, end.lane)) out.push([ni, p, side]);
		}
		return out;
	}

	/** The city is full of other corporations' tokens: routes may end there but not pass through. */
	blocks(hex: HexId, node: number, corp: CorporationId): boolean {
		const h = this.hex(hex);
		if (!h || h.nodes[node]?.kind !== 'city') return false;
		return cityBlocks(this.map, this.board, hex, h.nodes[node].index, corp, this.rules);
	}

	/** Does the corporation have a station token in this city? */
	tokened(hex: HexId, node: number, corp: CorporationId): boolean {
		const h = this.hex(hex);
		if (!h || h.nodes[node]?.kind !== 'city') return false;
		return tokensInCity(this.board, hex, h.nodes[node].index).some((t) => t.corporation === corp);
	}

	/** The node of a city index on a hex, or -1. */
	cityNode(hex: HexId, city: number): number {
		const h = this.hex(hex);
		if (!h) return -1;
		return h.nodes.findIndex((n) => n.kind === 'city' && n.index === city);
	}
}
