/**
 * Chains: the track between two stops. From a node, a chain follows paths across hex
 * edges (lanes meeting) and through junctions, never through another node, and ends at
 * the first node it reaches [reference route.rb get_node_chains; part/path.rb walk].
 *
 * A chain is named as 18xx.games names it in `run_routes.connections`: the hex of each
 * path in walking order, a hex counted once per junction, and a single node-to-node path
 * on a tile with several such paths named "<hex> <part>.<part>" [reference route.rb chain_id].
 */
import { isEdgeEnd, type RouteBoard } from './route-board';
import type { Edge } from './hex';
import type { Lane } from './tile';

export interface Chain {
	/** Hex index and node of each end, start first. */
	readonly start: readonly [number, number];
	readonly end: readonly [number, number];
	/** [hex index, path index] in walking order from `start`. */
	readonly paths: readonly (readonly [number, number])[];
}

/** The 18xx.games name of a chain's track. */
export function chainName(rb: RouteBoard, paths: readonly (readonly [number, number])[]): string[] {
	if (paths.length === 1) {
		const [hi, pi] = paths[0];
		const h = rb.hexes[hi];
		const p = h.paths[pi];
		if (h.ambiguous && !isEdgeEnd(p.ends[0]) && !isEdgeEnd(p.ends[1])) {
			const parts = [h.nodes[p.ends[0].node].part, h.nodes[p.ends[1].node].part].sort((a, b) => a - b);
			return [`${h.id} ${parts[0]}.${parts[1]}`];
		}
	}
	const out: string[] = [];
	const junctions = new Set<number>();
	for (const [hi, pi] of paths) {
		const h = rb.hexes[hi];
		const js = h.paths[pi].ends
			.filter((e) => !isEdgeEnd(e) && h.nodes[e.node].kind === 'junction')
			.map((e) => hi * 64 + (e as { node: number }).node);
		if (!js.some((j) => junctions.has(j))) out.push(h.id);
		for (const j of js) junctions.add(j);
	}
	return out;
}

export interface ChainSearch {
	/** Only chains whose hex names (junctions merged) match this list, in order. */
	readonly hexes?: readonly string[];
	/** Only chains ending at this [hex index, node]. */
	readonly end?: readonly [number, number];
	/** Skip paths a walk may not leave a node by (the router's view; the reference's own chain search keeps them). */
	readonly skipIgnored?: boolean;
	/** Stop once this many chains are found. */
	readonly limit?: number;
	/**
	 * Let a chain pass the same junction twice (an older reading, kept for logs recorded under
	 * it). By default a chain passes each junction once: through two of its paths
	 * [reference part/path.rb walk: `counter[@junction] > 1`].
	 */
	readonly junctionTwice?: boolean;
}

/**
 * Every chain from a node. With `hexes`, the walk only follows hexes in that order, so
 * resolving a recorded leg is cheap.
 */
export function chainsFrom(rb: RouteBoard, hi: number, node: number, search: ChainSearch = {}): Chain[] {
	const out: Chain[] = [];
	const target = search.hexes;
	const limit = search.limit ?? Infinity;
	const trail: [number, number][] = [];
	const onTrail = new Set<number>();
	const edgesUsed = new Set<number>();
	const junctionsSeen = new Set<number>();
	/** Paths of the trail at each junction: a chain goes through a junction by two of its paths. */
	const junctionPaths = new Map<number, number>();
	const hex = rb.hexes;

	/** Number of hex names consumed by the trail so far. */
	let consumed = 0;

	const visit = (h: number, p: number, from: 0 | 1): void => {
		if (out.length >= limit) return;
		const key = h * 64 + p;
		if (onTrail.has(key)) return;
		const bh = hex[h];
		const path = bh.paths[p];
		const junctions = path.ends
			.filter((e) => !isEdgeEnd(e) && bh.nodes[e.node].kind === 'junction')
			.map((e) => h * 64 + (e as { node: number }).node);
		if (junctions.length > 0 && path.terminal) return;
		if (!search.junctionTwice && junctions.some((j) => (junctionPaths.get(j) ?? 0) >= 2)) return;
		const names = !junctions.some((j) => junctionsSeen.has(j));
		if (target && names && target[consumed] !== bh.id) return;
		const newJunctions = junctions.filter((j) => !junctionsSeen.has(j));
		trail.push([h, p]);
		onTrail.add(key);
		if (names) consumed++;
		for (const j of newJunctions) junctionsSeen.add(j);
		for (const j of junctions) junctionPaths.set(j, (junctionPaths.get(j) ?? 0) + 1);

		const other = path.ends[1 - from];
		if (!isEdgeEnd(other)) {
			const kind = bh.nodes[other.node].kind;
			if (kind === 'junction') {
				for (const [q, side] of bh.atNode[other.node]) if (q !== p) visit(h, q, side);
			} else if (!(h === hi && other.node === node)) {
				const endOk = !search.end || (search.end[0] === h && search.end[1] === other.node);
				if (endOk && (!target || consumed === target.length)) {
					out.push({ start: [hi, node], end: [h, other.node], paths: trail.slice() });
				}
			}
		} else {
			const { edge, lane } = other as { edge: Edge; lane: Lane };
			const ek = h * 8 + edge;
			if (!edgesUsed.has(ek) && (!target || consumed < target.length)) {
				edgesUsed.add(ek);
				for (const [nh, np, side] of rb.continuations(h, edge, lane)) visit(nh, np, side);
				edgesUsed.delete(ek);
			}
		}

		for (const j of junctions) junctionPaths.set(j, (junctionPaths.get(j) ?? 1) - 1);
		for (const j of newJunctions) junctionsSeen.delete(j);
		if (names) consumed--;
		onTrail.delete(key);
		trail.pop();
	};

	const start = hex[hi];
	for (const [p, side] of start.atNode[node] ?? []) {
		if (search.skipIgnored && start.paths[p].ignore) continue;
		visit(hi, p, side);
	}
	// a single node-to-node path on an ambiguous tile is named by its nodes, not by its hex
	if (target && target.length === 1 && target[0].includes(' ')) {
		return chainsNamed(rb, hi, node, target[0]);
	}
	return out;
}

function chainsNamed(rb: RouteBoard, hi: number, node: number, name: string): Chain[] {
	const h = rb.hexes[hi];
	const out: Chain[] = [];
	for (const [p, side] of h.atNode[node]) {
		const other = h.paths[p].ends[1 - side];
		if (isEdgeEnd(other)) continue;
		if (chainName(rb, [[hi, p]])[0] === name) out.push({ start: [hi, node], end: [hi, other.node], paths: [[hi, p]] });
	}
	return out;
}
