/**
 * The generic tile-upgrade test shared by 18xx titles [reference base.rb upgrades_to?]:
 *   1. the new tile is exactly one colour up;
 *   2. every old path is kept by some path of the new tile, under some rotation;
 *   3. labels match (a future label applies once the new tile has its colour);
 *   4. the same number of towns, and of cities unless the old tile is labelled; a
 *      multi-city tile keeps each city's edges; a labelled city never loses all cities.
 * Title-specific exceptions live with the title (1822: titles/g1822/map/upgrades.ts).
 */
import { EDGES, rotateEdge, type Edge } from './hex';
import {
	cityTownEdges,
	colorIndex,
	rotatedExits,
	type FutureLabel,
	type NodeKind,
	type PathEnd,
	type TileDef
} from './tile';

/** A tile as it lies on a hex: definition, rotation and the hex's pending future label. */
export interface LaidTile {
	readonly def: TileDef;
	readonly rotation: number;
	/** The label the hex takes on at the future label's colour (1822 S/T), if still ahead. */
	readonly futureLabel: FutureLabel | null;
}

export function laid(def: TileDef, rotation = 0, futureLabel: FutureLabel | null = null): LaidTile {
	return { def, rotation, futureLabel };
}

/** One end of a path as the subset test sees it: an edge number or a node kind. */
type End = { readonly edge: Edge } | { readonly kind: Exclude<NodeKind, 'junction'> };

function endsOf(tile: TileDef, pathIndex: number, rotation: number): End[] {
	const path = tile.paths[pathIndex];
	const out: End[] = [];
	const add = (end: PathEnd, viaJunction: boolean) => {
		if (end.type === 'edge') {
			out.push({ edge: rotateEdge(end.edge, rotation) });
			return;
		}
		const node = tile.nodes[end.node];
		if (node.kind !== 'junction') {
			out.push({ kind: node.kind });
			return;
		}
		if (viaJunction) return;
		// A junction stands for the far ends of the junction's other paths.
		tile.paths.forEach((other, i) => {
			if (i === pathIndex) return;
			for (const [x, y] of [
				[other.a, other.b],
				[other.b, other.a]
			] as const) {
				if (x.type === 'node' && x.node === end.node) add(y, true);
			}
		});
	};
	add(path.a, false);
	add(path.b, false);
	return out;
}

function endCovered(e: End, by: readonly End[]): boolean {
	return by.some((o) => ('edge' in e ? 'edge' in o && o.edge === e.edge : 'kind' in o && o.kind === e.kind));
}

/**
 * Answers of `pathsKept` by tile pair, then fromRotation * 6 + toRotation (0: not asked yet,
 * 1: no, 2: yes). Tile definitions never change, and every lay check asks the same few pairs.
 */
const keptMemo = new WeakMap<TileDef, WeakMap<TileDef, Uint8Array>>();

/** Is every path of `from` (laid at fromRotation) kept by some path of `to` (at toRotation)? */
export function pathsKept(from: TileDef, fromRotation: number, to: TileDef, toRotation: number): boolean {
	if (!Number.isInteger(fromRotation) || !Number.isInteger(toRotation)) return computePathsKept(from, fromRotation, to, toRotation);
	let byTo = keptMemo.get(from);
	if (!byTo) keptMemo.set(from, (byTo = new WeakMap()));
	let answers = byTo.get(to);
	if (!answers) byTo.set(to, (answers = new Uint8Array(36)));
	const key = rotateEdge(fromRotation, 0) * 6 + rotateEdge(toRotation, 0);
	if (answers[key] === 0) answers[key] = computePathsKept(from, fromRotation, to, toRotation) ? 2 : 1;
	return answers[key] === 2;
}

function computePathsKept(from: TileDef, fromRotation: number, to: TileDef, toRotation: number): boolean {
	const toEnds = pathEnds(to, toRotation);
	const fromEnds = pathEnds(from, fromRotation);
	return fromEnds.every((ends) => toEnds.some((other) => ends.every((e) => endCovered(e, other))));
}

/** The ends of each path of a tile at a rotation, kept per tile definition (they never change) and rotation. */
const endsMemo = new WeakMap<TileDef, (readonly End[][] | undefined)[]>();

function pathEnds(tile: TileDef, rotation: number): readonly End[][] {
	const compute = () => tile.paths.map((_, i) => endsOf(tile, i, rotation));
	if (!Number.isInteger(rotation)) return compute();
	let byRotation = endsMemo.get(tile);
	if (!byRotation) endsMemo.set(tile, (byRotation = []));
	return (byRotation[rotateEdge(rotation, 0)] ??= compute());
}

/** Colour exactly one step up (white → yellow → green → brown → gray). */
export function isNextColor(from: TileDef, to: TileDef): boolean {
	return from.color !== 'blue' && colorIndex(to.color) === colorIndex(from.color) + 1;
}

/** Answers of `pathsKeptSomeRotation` by tile pair, then fromRotation (0: not asked yet, 1: no, 2: yes). */
const someRotationMemo = new WeakMap<TileDef, WeakMap<TileDef, Uint8Array>>();

/** Old track kept under some rotation of the new tile [reference tile.rb paths_are_subset_of?]. */
export function pathsKeptSomeRotation(from: TileDef, fromRotation: number, to: TileDef): boolean {
	if (!Number.isInteger(fromRotation)) return keptSomeRotation(from, fromRotation, to);
	let byTo = someRotationMemo.get(from);
	if (!byTo) someRotationMemo.set(from, (byTo = new WeakMap()));
	let answers = byTo.get(to);
	if (!answers) byTo.set(to, (answers = new Uint8Array(6)));
	const key = rotateEdge(fromRotation, 0);
	if (answers[key] === 0) answers[key] = keptSomeRotation(from, fromRotation, to) ? 2 : 1;
	return answers[key] === 2;
}

function keptSomeRotation(from: TileDef, fromRotation: number, to: TileDef): boolean {
	if (from.junction && to.junction) {
		// plain junction tile to junction tile: the exits must be kept
		const fromExits = rotatedExits(from, fromRotation);
		return EDGES.some((r) => {
			const toExits = rotatedExits(to, r);
			return fromExits.every((e) => toExits.includes(e));
		});
	}
	return EDGES.some((r) => pathsKept(from, fromRotation, to, r));
}

function label(tile: TileDef): string | null {
	return tile.labels.length > 0 ? tile.labels[tile.labels.length - 1] : null;
}

export function labelsMatch(from: LaidTile, to: TileDef): boolean {
	if (from.futureLabel && to.color === from.futureLabel.color) return from.futureLabel.label === label(to);
	return label(from.def) === label(to);
}

/** Town and city counts kept [reference base.rb upgrades_to_correct_city_town?]. */
export function cityTownCountsMatch(from: LaidTile, to: TileDef): boolean {
	const f = from.def;
	if (f.towns.length !== to.towns.length) return false;
	const fromLabel = label(f);
	if (fromLabel === null && f.cities.length !== to.cities.length) return false;
	if (f.cities.length > 1 && to.cities.length > 1) {
		const fromCt = cityTownEdges(f, from.rotation).map((c) => c.edges);
		const kept = EDGES.some((r) => {
			const toCt = cityTownEdges(to, r).map((c) => c.edges);
			return fromCt.every((edges) => toCt.some((other) => edges.every((e) => other.includes(e))));
		});
		if (!kept) return false;
	}
	if (fromLabel !== null && f.cities.length > 0 && to.cities.length === 0) return false;
	return true;
}

export const UPGRADE_REFUSALS = ['color', 'paths', 'label', 'city_town'] as const;
export type UpgradeRefusal = (typeof UPGRADE_REFUSALS)[number];

/** The generic test: null when `to` may replace `from`, else the first failing rule. */
export function genericUpgradeRefusal(
	from: LaidTile,
	to: TileDef,
	opts: { special?: boolean } = {}
): UpgradeRefusal | null {
	if (!isNextColor(from.def, to)) return 'color';
	if (!pathsKeptSomeRotation(from.def, from.rotation, to)) return 'paths';
	// a private company's special lay skips the label and city/town checks
	if (opts.special) return null;
	if (!labelsMatch(from, to)) return 'label';
	if (!cityTownCountsMatch(from, to)) return 'city_town';
	return null;
}
