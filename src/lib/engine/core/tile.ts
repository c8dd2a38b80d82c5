/**
 * Tile definitions: the track, revenue locations, labels and printed costs of one tile
 * (a catalogue tile or a hex's preprinted tile), always at rotation 0. A tile on the
 * board is a definition plus a rotation; helpers here answer questions about it.
 */
import { rotateEdge, type Edge } from './hex';

/** Tile colours in upgrade order (white → yellow → green → brown → gray); blue is sea. */
export const TILE_COLORS = ['white', 'yellow', 'green', 'brown', 'gray', 'blue'] as const;
export type TileColor = (typeof TILE_COLORS)[number];

/** Colours a phase may allow, in order; also the keys of phase-dependent revenue. */
export const PHASE_COLORS = ['yellow', 'green', 'brown', 'gray'] as const;
export type PhaseColor = (typeof PHASE_COLORS)[number];

export type Revenue = number | { readonly [C in PhaseColor]?: number };

export interface CityDef {
	readonly revenue: Revenue;
	/** Printed token spaces. */
	readonly slots: number;
	readonly loc: string | null;
	/** Route groups (1822 London's printed cities share "London"). */
	readonly groups: readonly string[];
}

export interface TownDef {
	readonly revenue: Revenue;
	readonly loc: string | null;
}

export interface OffboardDef {
	readonly revenue: Revenue;
	/** Stops counted by a train visiting it (France: 0). */
	readonly visitCost: number;
}

export const NODE_KINDS = ['city', 'town', 'offboard', 'junction'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** A node part of a tile, in definition order: `kind` and position in that kind's list. */
export interface NodeRef {
	readonly kind: NodeKind;
	readonly index: number;
}

/** Lane spec of a path end: [number of lanes, lane index]; single track is [1, 0]. */
export type Lane = readonly [number, number];
export const SINGLE_LANE: Lane = [1, 0];

export type PathEnd =
	| { readonly type: 'edge'; readonly edge: Edge; readonly lane: Lane }
	| { readonly type: 'node'; readonly node: number };

export interface PathDef {
	readonly a: PathEnd;
	readonly b: PathEnd;
	/** Routes may end at the node over this path but not run through it. */
	readonly terminal: boolean;
	/** Track walks never leave the node along this path; it can only be entered from the edge. */
	readonly ignore: boolean;
}

export interface TerrainCost {
	readonly cost: number;
	/** Empty for a plain lay cost (London, English Channel). */
	readonly terrains: readonly string[];
}

export const BORDER_TYPES = ['impassable', 'water'] as const;
export type BorderType = (typeof BORDER_TYPES)[number];

export interface BorderDef {
	readonly edge: Edge;
	readonly type: BorderType;
	/** Crossing cost of a water border (estuary), null for impassable ones. */
	readonly cost: number | null;
}

export interface FutureLabel {
	readonly label: string;
	readonly color: TileColor;
}

export interface TileDef {
	readonly name: string;
	readonly color: TileColor;
	/** The reference's tile definition string this was parsed from. */
	readonly code: string;
	readonly nodes: readonly NodeRef[];
	readonly cities: readonly CityDef[];
	readonly towns: readonly TownDef[];
	readonly offboards: readonly OffboardDef[];
	readonly junction: boolean;
	readonly paths: readonly PathDef[];
	readonly labels: readonly string[];
	readonly upgrades: readonly TerrainCost[];
	readonly borders: readonly BorderDef[];
	readonly futureLabel: FutureLabel | null;
	readonly stubs: readonly Edge[];
	/** Sorted edges with track, at rotation 0. */
	readonly exits: readonly Edge[];
}

export function colorIndex(color: TileColor): number {
	return TILE_COLORS.indexOf(color);
}

/** The colour one step up (yellow after white …), or null after gray and for sea. */
export function nextColor(color: TileColor): TileColor | null {
	switch (color) {
		case 'white':
			return 'yellow';
		case 'yellow':
			return 'green';
		case 'green':
			return 'brown';
		case 'brown':
			return 'gray';
		case 'gray':
		case 'blue':
			return null;
	}
}

/** Exits of the tile laid with `rotation`, sorted. */
export function rotatedExits(tile: TileDef, rotation: number): Edge[] {
	return tile.exits.map((e) => rotateEdge(e, rotation)).sort((p, q) => p - q);
}

export function rotatePathEnd(end: PathEnd, rotation: number): PathEnd {
	return end.type === 'edge' ? { ...end, edge: rotateEdge(end.edge, rotation) } : end;
}

/** The node at a path end, or null when the end is an edge. */
export function endNode(tile: TileDef, end: PathEnd): NodeRef | null {
	return end.type === 'node' ? tile.nodes[end.node] : null;
}

/** Answers of `cityTownEdges` per tile definition and rotation (definitions never change). */
const cityTownMemo = new WeakMap<TileDef, (readonly { node: NodeRef; edges: readonly Edge[] }[] | undefined)[]>();

/** For each city and town (cities first, by index), the board edges its paths lead to. */
export function cityTownEdges(tile: TileDef, rotation: number): { node: NodeRef; edges: Edge[] }[] {
	if (!Number.isInteger(rotation)) return computeCityTownEdges(tile, rotation);
	let byRotation = cityTownMemo.get(tile);
	if (!byRotation) cityTownMemo.set(tile, (byRotation = []));
	const r = rotateEdge(rotation, 0);
	const known = (byRotation[r] ??= computeCityTownEdges(tile, r));
	// Copies, so a caller may change its answer without touching the memo.
	return known.map((c) => ({ node: c.node, edges: [...c.edges] }));
}

function computeCityTownEdges(tile: TileDef, rotation: number): { node: NodeRef; edges: Edge[] }[] {
	const byNode = new Map<number, Set<Edge>>();
	for (const p of tile.paths) {
		for (const [n, other] of [
			[p.a, p.b],
			[p.b, p.a]
		] as const) {
			if (n.type !== 'node' || other.type !== 'edge') continue;
			const kind = tile.nodes[n.node].kind;
			if (kind !== 'city' && kind !== 'town') continue;
			if (!byNode.has(n.node)) byNode.set(n.node, new Set());
			byNode.get(n.node)!.add(rotateEdge(other.edge, rotation));
		}
	}
	return [...byNode.entries()]
		.sort(([a], [b]) => a - b)
		.map(([node, edges]) => ({ node: tile.nodes[node], edges: [...edges].sort((p, q) => p - q) }));
}

/** The node index (position in `nodes`) of a city. */
export function cityNode(tile: TileDef, cityIndex: number): number {
	return tile.nodes.findIndex((n) => n.kind === 'city' && n.index === cityIndex);
}

/** Revenue for the newest colour of the phase that has an entry [reference data README, cities]. */
export function revenueFor(revenue: Revenue, phaseColors: readonly PhaseColor[]): number {
	if (typeof revenue === 'number') return revenue;
	let value = 0;
	for (const c of PHASE_COLORS) {
		if (phaseColors.includes(c) && revenue[c] !== undefined) value = revenue[c]!;
	}
	return value;
}
