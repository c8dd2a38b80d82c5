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
 * - a city full of other corporations' tokens is reached but not passed through (under the
 *   latest rules, not while a slot of it is still reserved for a home: `BlockingRules`).
 * The connected hexes (where track may be laid) are the token hexes with all their
 * sides, plus both sides of every edge of every reached path.
 *
 * The graph follows the board: `update(board)` rebuilds only the hexes whose tile changed
 * and re-indexes tokens. Answers are cached per corporation; a change drops only the answers
 * it can alter: those of corporations whose tokens changed, and those whose walk looked at a
 * hex whose tile, tokens, extra slots or home reservations changed. A walk reads nothing else of
 * the board (its start is the corporation's tokens; blocking reads the tokens, slots and
 * reservations of the cities it meets; every hex it enters is first marked connected), so a kept
 * answer equals a new walk.
 */
import type { MapDef } from './board-map';
import { cityCapacity, fullCityBlocks, LATEST_BLOCKING, tileOnHex, type BlockingRules } from './board';
import { tileStep, type BoardState, type StationToken } from './board-state';
import type { Edge } from './hex';
import type { CorporationId, HexId } from './ids';
import { hexTrack, LANES_MEET, lanesMeet, type BoardPath, type HexTrack } from './track-hex';
import { WalkReach, type NodeOnBoard, type Reach } from './track-reach';

export type { NodeOnBoard, Reach };
export { lanesMeet };

/** What one walk has collected so far (hex indices; see `WalkLog`). */
interface WalkState {
	readonly corp: CorporationId;
	/** Bit set of hex indices (32 per number). */
	readonly touched: number[];
	readonly connected: number[];
	readonly paths: number[];
	/** Reached nodes as hex * 16 + node. */
	readonly nodes: number[];
	/** Reached nodes that are not junctions, and how many end the walk. */
	stops: number;
	readonly stopAt: number;
	/** A hex index and a bit set of its sides: the walk ends once it connects one of them. */
	readonly target: number;
	readonly targetSides: number;
	/** The work list (see `Frontier`). */
	readonly bf: Frontier;
	/** Asked of each city the walk reaches (hex index, city index); the walk ends once it says yes. */
	readonly accept: ((hex: number, city: number) => boolean) | null;
	/** The walk has met what it was asked to find (`stopAt` stops, a target side, or an accepted city). */
	done: boolean;
}

/**
 * The work list of a walk. Work items are three numbers each: hex, path, entered-from end; or
 * hex, -1, node for a node. A walk with a target hex takes its work nearest the target first: the
 * items are kept in one list per hex distance to the target. Without a target there is one list,
 * taken as a stack. What a walk reaches does not depend on the order it takes its work in, so only
 * how soon it meets the target changes.
 */
interface Frontier {
	readonly lists: number[][];
	/** Whether the work is ordered by distance to a target hex (at tx, ty). */
	readonly near: boolean;
	readonly tx: number;
	readonly ty: number;
	/** The lowest distance that may hold work. */
	min: number;
	size: number;
}

const NO_STARTS: readonly number[] = [];

function sameToken(a: StationToken, b: StationToken): boolean {
	return a.hex === b.hex && a.city === b.city && a.corporation === b.corporation && a.kind === b.kind && a.extra === b.extra;
}

export class TrackGraph {
	readonly map: MapDef;
	readonly rules: BlockingRules;
	private board: BoardState;
	private readonly index = new Map<HexId, number>();
	/** Hex index across each side (hex * 6 + edge) where track may lead, else -1. */
	private readonly across: Int32Array;
	private readonly tracks: HexTrack[] = [];
	private readonly cache = new Map<CorporationId, WalkReach>();
	/** Tokens per hex index, rebuilt on demand after the tokens change. */
	private tokensAt: StationToken[][] | null = null;
	/** Each corporation's stations as hex index and city, in board order; rebuilt as `tokensAt` is. */
	private startsOf: Map<CorporationId, number[]> | null = null;
	/** Slots per city (hex * 16 + city; -1: not known yet), reset for the hexes a change touches. */
	private readonly capacity: Int32Array;
	/** Each hex's coordinates, by hex index. */
	private readonly hx: Int16Array;
	private readonly hy: Int16Array;
	/** The lists of the frontier, kept between walks (a walk never starts another). */
	private readonly frontierLists: number[][] = [];

	private frontier(target: number): Frontier {
		const lists = this.frontierLists;
		for (let i = 0; i < lists.length; i++) lists[i].length = 0;
		if (lists.length === 0) lists.push([]);
		const near = target >= 0;
		return { lists, near, tx: near ? this.hx[target] : 0, ty: near ? this.hy[target] : 0, min: 0, size: 0 };
	}

	/** Adds a work item to the frontier, in the list of its hex's distance to the target (the one list without a target). */
	private bfPush(f: Frontier, hi: number, a: number, b: number): void {
		let d = 0;
		if (f.near) {
			const dx = Math.abs(this.hx[hi] - f.tx);
			const dy = Math.abs(this.hy[hi] - f.ty);
			d = dy > dx ? dx + ((dy - dx) >> 1) : dx;
			while (f.lists.length <= d) f.lists.push([]);
		}
		f.lists[d].push(hi, a, b);
		if (d < f.min) f.min = d;
		f.size++;
	}

	/** Number of changes seen; answers are cached per version. */
	version = 0;

	constructor(map: MapDef, board: BoardState, rules: BlockingRules = LATEST_BLOCKING) {
		this.map = map;
		this.rules = rules;
		this.board = board;
		map.hexes.forEach((h, i) => this.index.set(h.id, i));
		this.across = new Int32Array(map.hexes.length * 6).fill(-1);
		this.capacity = new Int32Array(map.hexes.length * 16).fill(-1);
		this.hx = Int16Array.from(map.hexes, (h) => h.coord.x);
		this.hy = Int16Array.from(map.hexes, (h) => h.coord.y);
		this.tileCount = Object.keys(board.tiles).length;
		map.hexes.forEach((h, i) => {
			for (let e = 0; e < 6; e++) {
				const nb = h.neighbours[e as Edge];
				if (nb) this.across[i * 6 + e] = this.index.get(nb) ?? -1;
			}
			this.tracks.push(this.buildHex(h.id));
		});
	}

	/** Follow a new board state: rebuild changed hexes, drop the cached answers the change can alter. */
	update(board: BoardState): void {
		if (board === this.board) return;
		const prev = this.board;
		this.board = board;
		const hexes = new Set<number>();
		const corps = new Set<CorporationId>();
		const step = prev.tiles === board.tiles ? null : tileStep(prev.tiles, board.tiles);
		if (step !== null) {
			// One record was made from the other by a lay on one hex: only that hex can differ.
			this.tileChanged(prev, step, hexes);
			this.tileCount += (board.tiles[step] !== undefined ? 1 : 0) - (prev.tiles[step] !== undefined ? 1 : 0);
		} else if (prev.tiles !== board.tiles) {
			// Every hex of the new board, then any hex the new board no longer lists (back to
			// its printed tile); the second pass is needed only when some old hex was not met.
			let kept = 0;
			for (const hex in board.tiles) {
				if (prev.tiles[hex] !== undefined) kept++;
				this.tileChanged(prev, hex, hexes);
			}
			if (kept !== this.tileCount)
				for (const hex in prev.tiles) if (board.tiles[hex] === undefined) this.tileChanged(prev, hex, hexes);
			this.tileCount = Object.keys(board.tiles).length;
		}
		if (prev.tokens !== board.tokens) {
			// Tokens are added, removed or swapped a few at a time: everything between the
			// common head and tail counts as changed (a superset of the real change).
			const a = prev.tokens;
			const b = board.tokens;
			let head = 0;
			while (head < a.length && head < b.length && sameToken(a[head], b[head])) head++;
			let tail = 0;
			while (tail < a.length - head && tail < b.length - head && sameToken(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
			for (const list of [a, b])
				for (let i = head; i < list.length - tail; i++) {
					this.markHex(list[i].hex, hexes);
					corps.add(list[i].corporation);
				}
			// A copy with the same tokens keeps the index: blocking reads only city and owner.
			if (head < a.length - tail || head < b.length - tail) {
				this.tokensAt = null;
				this.startsOf = null;
			}
		}
		if (prev.extraSlots !== board.extraSlots) {
			for (const key of new Set([...Object.keys(prev.extraSlots), ...Object.keys(board.extraSlots)]))
				if (prev.extraSlots[key] !== board.extraSlots[key]) this.markHex(key.slice(0, key.lastIndexOf(':')), hexes);
		}
		if (prev.reservations !== board.reservations && this.rules.reservedSlotsOpen) {
			// A reservation dropped or added changes whether its home city may block.
			const before = new Set(prev.reservations);
			const after = new Set(board.reservations);
			for (const c of before) if (!after.has(c)) this.markHome(c, hexes);
			for (const c of after) if (!before.has(c)) this.markHome(c, hexes);
		}
		if (hexes.size === 0 && corps.size === 0) return;
		this.version++;
		for (const i of hexes) this.capacity.fill(-1, i * 16, i * 16 + 16);
		const stale = (corp: CorporationId, touched: readonly number[]): boolean => {
			if (corps.has(corp)) return true;
			for (const i of hexes) if (touched[i >> 5] & (1 << (i & 31))) return true;
			return false;
		};
		for (const [corp, reach] of this.cache) if (stale(corp, reach.touched)) this.cache.delete(corp);
		for (const [corp, hit] of this.routeCache) if (stale(corp, hit.touched)) this.routeCache.delete(corp);
	}

	/** Number of hexes listed in the board's `tiles` (of the board followed now). */
	private tileCount: number;

	private markHome(corp: CorporationId, hexes: Set<number>): void {
		const home = this.map.homes.get(corp);
		if (home) this.markHex(home.hex, hexes);
	}

	private markHex(hex: string, hexes: Set<number>): void {
		const i = this.index.get(hex as HexId);
		if (i !== undefined) hexes.add(i);
	}

	/** Rebuilds the hex when its tile differs from the one on `prev`. */
	private tileChanged(prev: BoardState, hex: string, hexes: Set<number>): void {
		const a = prev.tiles[hex];
		const b = this.board.tiles[hex];
		if (a === b || (a && b && a.tile === b.tile && a.rotation === b.rotation)) return;
		const i = this.index.get(hex as HexId);
		if (i === undefined) return;
		this.tracks[i] = this.buildHex(hex as HexId);
		hexes.add(i);
	}

	private buildHex(hex: HexId): HexTrack {
		return hexTrack(tileOnHex(this.map, this.board, hex)!);
	}

	/** What the corporation reaches from its tokens (cached until a change that can alter it). */
	reach(corp: CorporationId): Reach {
		const cached = this.cache.get(corp);
		if (cached) return cached;
		const r = this.walk(corp)!;
		this.cache.set(corp, r);
		return r;
	}

	/** The sides by which the corporation reaches a hex: `reach(corp).connectedHexes.get(hex)`. */
	connectedSides(corp: CorporationId, hex: HexId): ReadonlySet<Edge> | undefined {
		const i = this.index.get(hex);
		if (i === undefined) return this.reach(corp).connectedHexes.get(hex);
		this.reach(corp);
		return this.cache.get(corp)!.sidesOf(i);
	}

	/**
	 * Whether the corporation reaches `hex` by one of `sides`: `connectedSides(corp, hex)` has
	 * one of them. Without a kept answer, the walk ends at the first such side and is not kept
	 * (a lay, the usual asker, changes the hex and so drops the answer anyway); a walk that meets
	 * none is complete and is kept.
	 */
	reachesSide(corp: CorporationId, hex: HexId, sides: readonly Edge[]): boolean {
		const i = this.index.get(hex);
		if (i === undefined || this.cache.has(corp)) {
			const reached = this.connectedSides(corp, hex);
			return reached !== undefined && sides.some((e) => reached.has(e));
		}
		let mask = 0;
		for (const e of sides) mask |= 1 << e;
		if (mask === 0) return false;
		return this.search(corp, i, mask, null);
	}

	/**
	 * A walk that ends once it meets what it looks for (a side of `target`, or a city `accept`
	 * takes); whether it met it. A walk that never does is complete, and is kept as `reach`'s answer.
	 */
	private search(corp: CorporationId, target: number, targetSides: number, accept: ((hex: number, city: number) => boolean) | null): boolean {
		const r = this.walk(corp, undefined, Infinity, target, targetSides, accept);
		if (this.lastWalkDone || !r) return true;
		this.cache.set(corp, r);
		return false;
	}

	/** Whether the last walk ended on what it was asked to find (`stopAt` stops, a target side, or an accepted city). */
	private lastWalkDone = false;

	/**
	 * Whether `accept` says yes to some city the corporation reaches (the cities of
	 * `reach(corp).nodes`). Without a kept answer, the walk asks each city as it meets it and ends
	 * at the first yes; a walk that meets no such city is complete, and is kept as `reach`'s answer.
	 * `accept` must not use the graph.
	 */
	someCity(corp: CorporationId, accept: (hex: HexId, city: number) => boolean): boolean {
		const cached = this.cache.get(corp);
		if (cached) {
			for (const n of cached.nodes) if (n.kind === 'city' && accept(n.hex, n.index)) return true;
			return false;
		}
		const hexes = this.map.hexes;
		return this.search(corp, -1, 0, (hi, city) => accept(hexes[hi].id, city));
	}

	/** Whether the corporation reaches a city: `reach(corp).cities` has it, with a walk that ends there. */
	reachesCity(corp: CorporationId, hex: HexId, city: number): boolean {
		const cached = this.cache.get(corp);
		if (cached) return cached.cities.has(`${hex}-${city}`);
		const target = this.index.get(hex);
		if (target === undefined) return false;
		// The walk goes nearest the city first.
		return this.search(corp, target, 0, (hi, c) => c === city && hi === target);
	}

	/**
	 * Does a walk from the first node of `fromHex`'s tile reach `target` (a city), with the
	 * corporation's blocking? Used for destination checks [g_1822/step/destination_token.rb
	 * destination_node_check?]; not cached.
	 */
	connects(corp: CorporationId, fromHex: HexId, target: { hex: HexId; city: number }): boolean {
		const hi = this.index.get(fromHex);
		if (hi === undefined || this.tracks[hi].nodeKinds.length === 0) return false;
		return this.walk(corp, [[hi, 0]])!.cities.has(`${target.hex}-${target.city}`);
	}

	/**
	 * Whether a walk from one of the corporation's stations alone reaches another stop: the
	 * reference asks this of each station in turn, so two stations with no track between them
	 * make no route [graph.rb compute: route_available when one token's walk meets two nodes].
	 * Each walk stops at its second stop; the answer is kept like `reach`'s (see `update`).
	 */
	routeFromOneStation(corp: CorporationId): boolean {
		const hit = this.routeCache.get(corp);
		if (hit) return hit.value;
		const touched: number[] = new Array((this.tracks.length + 31) >> 5).fill(0);
		const value = this.walkFromEachStation(corp, touched);
		this.routeCache.set(corp, { value, touched });
		return value;
	}

	/** Answers of routeFromOneStation, with the hexes their walks looked at (dropped as `cache` is). */
	private readonly routeCache = new Map<CorporationId, { value: boolean; touched: number[] }>();

	private walkFromEachStation(corp: CorporationId, touched: number[]): boolean {
		const starts = this.stationStarts(corp);
		for (let s = 0; s < starts.length; s += 2) {
			const hi = starts[s];
			const node = this.tracks[hi].nodeCity.indexOf(starts[s + 1]);
			if (node < 0) continue;
			const w = this.walk(corp, [[hi, node]], 2)!;
			for (let i = 0; i < touched.length; i++) touched[i] |= w.touched[i];
			if (w.nodes.length >= 2) return true;
		}
		return false;
	}

	/** The corporation's stations, as hex index and city pairs (see `startsOf`). */
	private stationStarts(corp: CorporationId): readonly number[] {
		if (!this.startsOf) {
			const starts = new Map<CorporationId, number[]>();
			for (const t of this.board.tokens) {
				const hi = this.index.get(t.hex);
				if (hi === undefined) continue;
				let list = starts.get(t.corporation);
				if (!list) starts.set(t.corporation, (list = []));
				list.push(hi, t.city);
			}
			this.startsOf = starts;
		}
		return this.startsOf.get(corp) ?? NO_STARTS;
	}

	private tokensOnHex(hi: number): readonly StationToken[] {
		if (!this.tokensAt) {
			const at: StationToken[][] = this.tracks.map(() => []);
			for (const t of this.board.tokens) {
				const i = this.index.get(t.hex);
				if (i !== undefined) at[i].push(t);
			}
			this.tokensAt = at;
		}
		return this.tokensAt[hi];
	}

	/** A city full of other corporations' tokens [reference part/city.rb blocks?]. */
	private cityBlocks(hi: number, city: number, corp: CorporationId): boolean {
		let count = 0;
		for (const t of this.tokensOnHex(hi)) {
			if (t.city !== city) continue;
			if (t.corporation === corp) return false;
			count++;
		}
		const key = hi * 16 + city;
		const hex = this.map.hexes[hi].id;
		if (this.capacity[key] < 0) this.capacity[key] = cityCapacity(this.map, this.board, hex, city);
		if (count < this.capacity[key]) return false;
		return fullCityBlocks(this.map, this.board, hex, city, this.rules);
	}

	/**
	 * Walks from the corporation's tokens (or from the nodes `from`). With `stopAt`, the walk
	 * ends as soon as it has reached that many stops (cities, towns, off-boards): the answer then
	 * holds only what was met until then, and serves only to count stops.
	 */
	private walk(
		corp: CorporationId,
		from?: readonly (readonly [number, number])[],
		stopAt = Infinity,
		target = -1,
		targetSides = 0,
		accept: ((hex: number, city: number) => boolean) | null = null
	): WalkReach | null {
		const across = this.across;
		this.scratch();
		const touched: number[] = new Array((this.tracks.length + 31) >> 5).fill(0);
		const bf = this.frontier(target);
		const w: WalkState = { corp, touched, connected: [], paths: [], nodes: [], stops: 0, stopAt, target, targetSides, bf, accept, done: false };
		if (from) for (let i = 0; i < from.length; i++) this.startNode(w, from[i][0], from[i][1]);
		else {
			const starts = this.stationStarts(corp);
			for (let s = 0; s < starts.length; s += 2) {
				const hi = starts[s];
				touched[hi >> 5] |= 1 << (hi & 31);
				for (let e = 0; e < 6; e++) if (across[hi * 6 + e] >= 0) this.connect(w, hi, e);
				const node = this.tracks[hi].nodeCity.indexOf(starts[s + 1]);
				if (node >= 0) this.startNode(w, hi, node);
			}
		}
		this.explore(w);
		this.lastWalkDone = w.done;
		// A walk ended at its target side or accepted city answers only that it got there.
		if (w.done && (target >= 0 || accept)) return null;
		return this.answer(w);
	}

	/**
	 * The walk's loop, apart from its start and its answer, taking one work item at a time: the
	 * parts that run often are kept small, so that they are cheap to run before they are optimised
	 * and cheap to optimise.
	 */
	private explore(w: WalkState): void {
		const bf = w.bf;
		while (bf.size > 0 && !w.done) {
			while (bf.lists[bf.min].length === 0) bf.min++;
			const list = bf.lists[bf.min];
			const end = list.pop()!;
			const pi = list.pop()!;
			const hi = list.pop()!;
			bf.size--;
			if (pi < 0) this.leaveNode(bf, hi, end);
			else this.followPath(w, hi, pi, end);
		}
	}

	/** Walks out of a node along every path except ignored ones. */
	private leaveNode(bf: Frontier, hi: number, node: number): void {
		const at = this.tracks[hi].atNode[node];
		for (let i = 0; i < at.length; i += 3) if (!at[i + 2]) this.bfPush(bf, hi, at[i], at[i + 1]);
	}

	/** Follows path `pi` of hex `hi`, entered from its end `end`. */
	private followPath(w: WalkState, hi: number, pi: number, end: number): void {
		const { pathSeen, nodeSeen } = this.scratchMarks!;
		const track = this.tracks[hi];
		const path = track.paths[pi];
		const bit = end === 0 ? 1 : 2;
		const key = hi * 32 + pi;
		if (pathSeen[key] & bit) return;
		pathSeen[key] |= bit;
		if (path.touchesJunction && path.terminal) return;
		if (!(pathSeen[key] & 4)) {
			pathSeen[key] |= 4;
			this.pathReached(w, hi, key, path);
		}
		const bf = w.bf;
		const other = 1 - end;
		const onode = path.node[other];
		if (onode >= 0) {
			const kind = track.nodeKinds[onode];
			if (kind === 'junction') {
				const at = track.atNode[onode];
				for (let i = 0; i < at.length; i += 3) {
					if (at[i] === pi || track.paths[at[i]].terminal) continue;
					this.bfPush(bf, hi, at[i], at[i + 1]);
				}
				return;
			}
			if (path.terminal || this.blocked(w, hi, onode)) return;
			const nkey = hi * 16 + onode;
			if (nodeSeen[nkey] & 1) return;
			nodeSeen[nkey] |= 1;
			this.bfPush(bf, hi, -1, onode);
			return;
		}
		const edge = path.edge[other];
		const ni = this.across[hi * 6 + edge];
		if (ni < 0) return;
		const lane = path.lane[other] * 64;
		const at = this.tracks[ni].atEdge[(edge + 3) % 6];
		for (let i = 0; i < at.length; i += 3) if (LANES_MEET[lane + at[i + 2]]) this.bfPush(bf, ni, at[i], at[i + 1]);
	}

	/** A path's first reach: it is logged, its nodes reached and its edges connected on both sides. */
	private pathReached(w: WalkState, hi: number, key: number, path: BoardPath): void {
		w.paths.push(key);
		for (let side = 0; side < 2; side++) {
			const node = path.node[side];
			if (node >= 0) {
				this.reachNode(w, hi * 16 + node);
				continue;
			}
			const edge = path.edge[side];
			this.connect(w, hi, edge);
			const ni = this.across[hi * 6 + edge];
			if (ni >= 0) this.connect(w, ni, (edge + 3) % 6);
		}
	}

	/** The answer of a finished walk. */
	private answer(w: WalkState): WalkReach {
		// Reached nodes in hex then node order (a short list: insertion sort).
		const keys = w.nodes;
		for (let i = 1; i < keys.length; i++) {
			const k = keys[i];
			let j = i - 1;
			for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
			keys[j + 1] = k;
		}
		const nodes: NodeOnBoard[] = [];
		for (const k of keys) {
			const track = this.tracks[k >> 4];
			const kind = track.nodeKinds[k & 15];
			if (kind === 'junction') continue;
			nodes.push({ hex: this.map.hexes[k >> 4].id, kind, index: track.nodeOrdinal[k & 15] });
		}
		return new WalkReach(this.map.hexes, { connected: w.connected, paths: w.paths, nodes, touched: w.touched });
	}

	private connect(w: WalkState, hi: number, edge: number): void {
		const sides = this.scratchMarks!.sides;
		const bit = 1 << edge;
		w.touched[hi >> 5] |= 1 << (hi & 31);
		if (sides[hi] & bit) return;
		sides[hi] |= bit;
		w.connected.push(hi * 8 + edge);
		if (hi === w.target && w.targetSides & bit) w.done = true;
	}

	/** nodeSeen bits — 1: walked out of, 2: reached. */
	private reachNode(w: WalkState, key: number): void {
		const nodeSeen = this.scratchMarks!.nodeSeen;
		if (nodeSeen[key] & 2) return;
		nodeSeen[key] |= 2;
		w.nodes.push(key);
		const track = this.tracks[key >> 4];
		const kind = track.nodeKinds[key & 15];
		if (kind !== 'junction' && ++w.stops >= w.stopAt) w.done = true;
		if (w.accept && kind === 'city' && w.accept(key >> 4, track.nodeOrdinal[key & 15])) w.done = true;
	}

	private startNode(w: WalkState, hi: number, node: number): void {
		const nodeSeen = this.scratchMarks!.nodeSeen;
		w.touched[hi >> 5] |= 1 << (hi & 31);
		const key = hi * 16 + node;
		if (nodeSeen[key] & 1) return;
		nodeSeen[key] |= 1;
		this.reachNode(w, key);
		this.bfPush(w.bf, hi, -1, node);
	}

	/** blockedMemo per node — 0: not asked yet, 1: open, 2: blocked. */
	private blocked(w: WalkState, hi: number, node: number): boolean {
		const city = this.tracks[hi].nodeCity[node];
		if (city < 0) return false;
		const memo = this.scratchMarks!.blockedMemo;
		const key = hi * 16 + node;
		if (memo[key] === 0) memo[key] = this.cityBlocks(hi, city, w.corp) ? 2 : 1;
		return memo[key] === 2;
	}

	/** Per-walk marks, kept between walks (a walk never starts another) and cleared before each. */
	private scratchMarks: { pathSeen: Uint8Array; nodeSeen: Uint8Array; blockedMemo: Uint8Array; sides: Uint8Array } | null = null;

	private scratch() {
		const n = this.tracks.length;
		if (!this.scratchMarks) {
			this.scratchMarks = {
				pathSeen: new Uint8Array(n * 32),
				nodeSeen: new Uint8Array(n * 16),
				blockedMemo: new Uint8Array(n * 16),
				sides: new Uint8Array(n)
			};
		} else {
			const m = this.scratchMarks;
			m.pathSeen.fill(0);
			m.nodeSeen.fill(0);
			m.blockedMemo.fill(0);
			m.sides.fill(0);
		}
		return this.scratchMarks;
	}
}
