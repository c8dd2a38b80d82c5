/**
 * The board as the route finder walks it: a compact integer graph. A stop is
 * `hex index × 64 + node`; from each stop, its chains (the track to each next stop) become
 * steps, made once per board and shared by every train: where the step ends, the track it
 * takes as bit indices (one bit per hex side and lane, for overlap tests), whether it
 * starts or ends on a terminal path, and its use of the Merthyr Tydfil/Pontypool edges.
 */
import type { RouteBoard } from '../engine/core/route-board';
import { isEdgeEnd } from '../engine/core/route-board';
import { chainsFrom, type Chain } from '../engine/core/route-chains';
import type { RouteLeg } from '../engine/core/route';
import type { SpecialHexes } from '../engine/titles/g1822/map/special-hexes';

export interface Step {
	readonly id: number;
	readonly chain: Chain;
	readonly leg: RouteLeg;
	/** The stop it ends at. */
	readonly to: number;
	readonly bits: readonly number[];
	readonly terminalFirst: boolean;
	readonly terminalLast: boolean;
	/** F33 edges 1 / 2 it uses (bit 1, bit 2). */
	readonly merthyr: number;
}

function chainTrackKeys(rb: RouteBoard, c: Chain): number[] {
	const out: number[] = [];
	for (const [hi, pi] of c.paths) {
		for (const e of rb.hexes[hi].paths[pi].ends) if (isEdgeEnd(e)) out.push((hi * 8 + e.edge) * 8 + e.lane[1]);
	}
	return out;
}
/** A step; its leg (the route's form, with hex ids) is made only for the few routes the search reads back. */
class GraphStep implements Step {
	readonly id: number;
	readonly chain: Chain;
	readonly to: number;
	readonly bits: readonly number[];
	readonly terminalFirst: boolean;
	readonly terminalLast: boolean;
	readonly merthyr: number;
	readonly #rb: RouteBoard;
	#leg: RouteLeg | null = null;

	constructor(rb: RouteBoard, id: number, c: Chain, bits: readonly number[], merthyr: number) {
		this.#rb = rb;
		this.id = id;
		this.chain = c;
		this.to = c.end[0] * 64 + c.end[1];
		this.bits = bits;
		const [fh, fp] = c.paths[0];
		const [lh, lp] = c.paths[c.paths.length - 1];
		this.terminalFirst = rb.hexes[fh].paths[fp].terminal;
		this.terminalLast = rb.hexes[lh].paths[lp].terminal;
		this.merthyr = merthyr;
	}

	get leg(): RouteLeg {
		if (!this.#leg) {
			const rb = this.#rb;
			const c = this.chain;
			this.#leg = {
				from: { hex: rb.hexes[c.start[0]].id, node: c.start[1] },
				to: { hex: rb.hexes[c.end[0]].id, node: c.end[1] },
				paths: c.paths.map(([hi, pi]) => ({ hex: rb.hexes[hi].id, path: pi }))
			};
		}
		return this.#leg;
	}
}

export class RouteGraph {
	readonly rb: RouteBoard;
	private readonly chains = new Map<number, Chain[]>();
	private readonly steps = new Map<number, Step[]>();
	/** Merthyr Tydfil/Pontypool: its edges 1 and 2 exclude each other [rules digest 7.1]. */
	private readonly merthyrHex: string | null;
	/** Track key → bit index. */
	readonly bits = new Map<number, number>();

	constructor(rb: RouteBoard, special: Pick<SpecialHexes, 'merthyrTydfilPontypool'>) {
		this.rb = rb;
		this.merthyrHex = special.merthyrTydfilPontypool;
	}

	chainsOf(stop: number): Chain[] {
		let c = this.chains.get(stop);
		if (!c) {
			// the same track can be walked twice through a junction; keep one copy (same end,
			// same paths)
			const codes = (ch: Chain) => ch.paths.map(([h, p]) => h * 64 + p).sort((a, b) => a - b);
			const kept: Chain[] = [];
			const keptCodes: (number[] | null)[] = [];
			for (const ch of chainsFrom(this.rb, Math.floor(stop / 64), stop % 64)) {
				let mine: number[] | null = null;
				let twice = false;
				for (let k = 0; k < kept.length && !twice; k++) {
					const o = kept[k];
					if (o.end[0] !== ch.end[0] || o.end[1] !== ch.end[1] || o.paths.length !== ch.paths.length) continue;
					mine ??= codes(ch);
					const theirs = (keptCodes[k] ??= codes(o));
					twice = mine.every((x, j) => x === theirs[j]);
				}
				if (twice) continue;
				kept.push(ch);
				keptCodes.push(mine);
			}
			c = kept;
			this.chains.set(stop, c);
		}
		return c;
	}

	/** Every step made so far, by id. */
	readonly stepList: Step[] = [];

	/** The chains from a stop as walk steps (the same for every train). */
	stepsOf(stop: number): Step[] {
		let st = this.steps.get(stop);
		if (!st) {
			const rb = this.rb;
			st = this.chainsOf(stop).map((c) => {
				const step = new GraphStep(
					rb,
					this.stepList.length,
					c,
					chainTrackKeys(rb, c).map((k) => this.bit(k)),
					this.merthyrBits(c)
				);
				this.stepList.push(step);
				return step;
			});
			this.steps.set(stop, st);
		}
		return st;
	}

	private merthyrBits(c: Chain): number {
		let m = 0;
		for (const [hi, pi] of c.paths) {
			const h = this.rb.hexes[hi];
			if (h.id !== this.merthyrHex) continue;
			for (const e of h.paths[pi].ends) if (isEdgeEnd(e) && (e.edge === 1 || e.edge === 2)) m |= e.edge;
		}
		return m;
	}

	bit(key: number): number {
		let b = this.bits.get(key);
		if (b === undefined) {
			b = this.bits.size;
			this.bits.set(key, b);
		}
		return b;
	}
}
