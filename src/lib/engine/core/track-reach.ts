/**
 * The answer of one track-graph walk. The walk records what it reached as integer logs (in the
 * order it met them); the string-keyed sets and maps of `Reach` are built from those logs only
 * when first asked for, so a walk whose answer is only tested for a city or a hex stays cheap.
 * Replaying the logs in order gives the same insertion order as building the sets during the walk.
 */
import type { HexDef } from './board-map';
import type { Edge } from './hex';
import type { HexId } from './ids';
import type { NodeKind } from './tile';

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

/** The integer record of a walk; hex indices are positions in the map's hex list. */
export interface WalkLog {
	/** First connection of each (hex, side), as hex * 8 + side, in walk order. */
	readonly connected: readonly number[];
	/** First reach of each path, as hex * 32 + path, in walk order. */
	readonly paths: readonly number[];
	/** Reached non-junction nodes in hex then node order, with their kind and index of that kind. */
	readonly nodes: readonly NodeOnBoard[];
	/** Hexes the walk looked at (token hexes, connected hexes), as a bit set: 32 hexes per number. */
	readonly touched: readonly number[];
}

export class WalkReach implements Reach {
	readonly nodes: readonly NodeOnBoard[];
	/** Hexes whose tile or tokens the answer depends on (see `WalkLog.touched`). */
	readonly touched: readonly number[];
	readonly #hexes: readonly HexDef[];
	readonly #log: WalkLog;
	#connected: Map<HexId, Set<Edge>> | null = null;
	#reachable: Set<HexId> | null = null;
	#cities: Set<string> | null = null;
	#paths: Set<string> | null = null;

	constructor(hexes: readonly HexDef[], log: WalkLog) {
		this.#hexes = hexes;
		this.#log = log;
		this.nodes = log.nodes;
		this.touched = log.touched;
	}

	get connectedHexes(): ReadonlyMap<HexId, ReadonlySet<Edge>> {
		if (this.#connected) return this.#connected;
		const out = new Map<HexId, Set<Edge>>();
		for (const k of this.#log.connected) {
			const id = this.#hexes[k >> 3].id;
			let s = out.get(id);
			if (!s) out.set(id, (s = new Set()));
			s.add((k & 7) as Edge);
		}
		return (this.#connected = out);
	}

	/**
	 * The sides by which the walk reaches one hex (`connectedHexes.get(hex)`), without building
	 * the whole map when it has not been asked for yet.
	 */
	sidesOf(hexIndex: number): ReadonlySet<Edge> | undefined {
		if (this.#connected) return this.#connected.get(this.#hexes[hexIndex].id);
		let out: Set<Edge> | undefined;
		for (const k of this.#log.connected) if (k >> 3 === hexIndex) (out ??= new Set()).add((k & 7) as Edge);
		return out;
	}

	get reachableHexes(): ReadonlySet<HexId> {
		if (this.#reachable) return this.#reachable;
		const out = new Set<HexId>();
		for (const k of this.#log.paths) out.add(this.#hexes[k >> 5].id);
		return (this.#reachable = out);
	}

	get paths(): ReadonlySet<string> {
		if (this.#paths) return this.#paths;
		const out = new Set<string>();
		for (const k of this.#log.paths) out.add(`${this.#hexes[k >> 5].id}:${k & 31}`);
		return (this.#paths = out);
	}

	get cities(): ReadonlySet<string> {
		if (this.#cities) return this.#cities;
		const out = new Set<string>();
		for (const n of this.nodes) if (n.kind === 'city') out.add(`${n.hex}-${n.index}`);
		return (this.#cities = out);
	}
}
