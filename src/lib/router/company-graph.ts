/**
 * The route graph as one company's trains walk it, in flat typed arrays made once per search
 * and shared by every train: the stops its routes can reach (from its stations, without
 * passing a city others block), each stop's facts (value in this phase, station, blocked,
 * kind) and each stop's steps (`steps.ts`) in compressed rows, with the track of a step as
 * (word, mask) pairs of a bitset over the graph's track bits.
 */
import { stopBaseValue } from '../engine/core/revenue';
import { keyTokens } from '../engine/titles/g1822/routes/check-route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import { RouteTree } from './candidate-pool';
import type { RouteGraph } from './steps';

export class CompanyGraph {
	readonly ctx: RouteContext;
	readonly graph: RouteGraph;
	/** The company's station stops, in the board's token order. */
	readonly tokenStops: readonly number[];
	/** Stops reachable from a station without passing a blocked city, ascending. */
	readonly reach: readonly number[];
	/** Home and destination stops (-1: none) [rules digest 7.2]. */
	readonly home: number;
	readonly dest: number;
	// per stop (hex index × 64 + node)
	readonly isToken: Uint8Array;
	readonly inReach: Uint8Array;
	readonly blocked: Uint8Array;
	readonly isCity: Uint8Array;
	readonly isTown: Uint8Array;
	/** Off-board stops; stops in the France hex; station cities in the English Channel hex. */
	readonly isOffboard: Uint8Array;
	readonly inFrance: Uint8Array;
	readonly inChannel: Uint8Array;
	readonly visitCost: Int8Array;
	readonly value: Int32Array;
	/** Steps of stop s: rows first[s] .. last[s] - 1 (reach stops only). */
	readonly first: Int32Array;
	readonly last: Int32Array;
	// per step row
	readonly stepTo: Int32Array;
	readonly stepId: Int32Array;
	readonly terminalFirst: Uint8Array;
	readonly terminalLast: Uint8Array;
	readonly stepMerthyr: Int32Array;
	/** Track of row r: pairs maskWord/maskBits[maskOff[r] .. maskOff[r + 1] - 1]. */
	readonly maskOff: Int32Array;
	readonly maskWord: Int32Array;
	readonly maskBits: Int32Array;
	/**
	 * The rows a route may take after row r: those from its end stop that share no track with
	 * it and do not lead straight back, at `next[nextOff[r]] .. next[nextOff[r + 1]] - 1`, in row
	 * order. The others would always clash with the route, so the walk never looks at them.
	 */
	readonly nextOff: Int32Array;
	readonly next: Int32Array;
	/** Stop whose steps row r is among. */
	readonly rowFrom: Int32Array;
	/** Words of a track bitset. */
	readonly words: number;
	/** The walks' routes, shared by every train's candidate pool. */
	readonly tree = new RouteTree();

	constructor(ctx: RouteContext, graph: RouteGraph) {
		this.ctx = ctx;
		this.graph = graph;
		const rb = ctx.rb;
		const corp = ctx.corporation;
		const size = rb.hexes.length * 64;
		const hexOf = (s: number) => rb.hexes[Math.floor(s / 64)];

		const tokenStops: number[] = [];
		for (const t of rb.board.tokens) {
			if (t.corporation !== corp) continue;
			const hi = rb.index.get(t.hex);
			const node = rb.cityNode(t.hex, t.city);
			if (hi !== undefined && node >= 0 && !tokenStops.includes(hi * 64 + node)) tokenStops.push(hi * 64 + node);
		}
		this.tokenStops = tokenStops;
		const keys = keyTokens(ctx);
		this.home = keys.home ? keys.home[0] * 64 + keys.home[1] : -1;
		this.dest = keys.destination ? keys.destination[0] * 64 + keys.destination[1] : -1;

		this.isToken = new Uint8Array(size);
		for (const x of tokenStops) this.isToken[x] = 1;
		this.blocked = new Uint8Array(size);
		const known = new Uint8Array(size);
		this.isCity = new Uint8Array(size);
		this.isTown = new Uint8Array(size);
		this.isOffboard = new Uint8Array(size);
		this.inFrance = new Uint8Array(size);
		this.inChannel = new Uint8Array(size);
		this.visitCost = new Int8Array(size);
		this.value = new Int32Array(size);
		const learn = (s: number) => {
			if (known[s] === 1) return;
			known[s] = 1;
			const h = hexOf(s);
			const n = h.nodes[s % 64];
			this.blocked[s] = rb.blocks(h.id, s % 64, corp) ? 1 : 0;
			this.isCity[s] = n.kind === 'city' ? 1 : 0;
			this.isTown[s] = n.kind === 'town' ? 1 : 0;
			this.isOffboard[s] = n.kind === 'offboard' ? 1 : 0;
			this.inFrance[s] = h.id === ctx.special.france ? 1 : 0;
			this.inChannel[s] = h.id === ctx.special.englishChannel ? 1 : 0;
			this.visitCost[s] = n.visitCost;
			// stop values in this phase [rules digest 7.1]
			this.value[s] = stopBaseValue(n.revenue, ctx.phaseColors);
		};

		// every stop of a route through a station is reached from it without passing a blocked city
		this.inReach = new Uint8Array(size);
		const reach: number[] = [];
		const queue: number[] = [];
		for (const x of tokenStops) {
			this.inReach[x] = 1;
			reach.push(x);
			queue.push(x);
		}
		while (queue.length > 0) {
			const s = queue.pop()!;
			learn(s);
			if (this.isToken[s] === 0 && this.blocked[s] === 1) continue;
			for (const st of graph.stepsOf(s)) {
				if (this.inReach[st.to] === 0) {
					this.inReach[st.to] = 1;
					reach.push(st.to);
					queue.push(st.to);
				}
			}
		}
		reach.sort((a, b) => a - b);
		this.reach = reach;

		// compressed rows: every reach stop's steps (a walk may start at a blocked one)
		this.first = new Int32Array(size);
		this.last = new Int32Array(size);
		const rows: { to: number; id: number; tf: boolean; tl: boolean; m: number; bits: readonly number[] }[] = [];
		for (const s of reach) {
			learn(s);
			this.first[s] = rows.length;
			for (const st of graph.stepsOf(s)) {
				learn(st.to);
				rows.push({ to: st.to, id: st.id, tf: st.terminalFirst, tl: st.terminalLast, m: st.merthyr, bits: st.bits });
			}
			this.last[s] = rows.length;
		}
		const n = rows.length;
		this.stepTo = new Int32Array(n);
		this.stepId = new Int32Array(n);
		this.terminalFirst = new Uint8Array(n);
		this.terminalLast = new Uint8Array(n);
		this.stepMerthyr = new Int32Array(n);
		this.maskOff = new Int32Array(n + 1);
		const words: number[] = [];
		const masks: number[] = [];
		rows.forEach((r, i) => {
			this.stepTo[i] = r.to;
			this.stepId[i] = r.id;
			this.terminalFirst[i] = r.tf ? 1 : 0;
			this.terminalLast[i] = r.tl ? 1 : 0;
			this.stepMerthyr[i] = r.m;
			const byWord = new Map<number, number>();
			for (const b of r.bits) byWord.set(b >>> 5, (byWord.get(b >>> 5) ?? 0) | (1 << (b & 31)));
			for (const [w, m] of [...byWord].sort((a, b) => a[0] - b[0])) {
				words.push(w);
				masks.push(m);
			}
			this.maskOff[i + 1] = words.length;
		});
		this.maskWord = Int32Array.from(words);
		this.maskBits = Int32Array.from(masks);
		this.rowFrom = new Int32Array(n);
		for (const x of reach) this.rowFrom.fill(x, this.first[x], this.last[x]);
		this.nextOff = new Int32Array(n + 1);
		const next: number[] = [];
		const clash = (a: number, b: number) => {
			for (let i = this.maskOff[a]; i < this.maskOff[a + 1]; i++) {
				for (let j = this.maskOff[b]; j < this.maskOff[b + 1]; j++) {
					if (this.maskWord[i] === this.maskWord[j] && (this.maskBits[i] & this.maskBits[j]) !== 0) return true;
				}
			}
			return false;
		};
		for (let r = 0; r < n; r++) {
			const t = this.stepTo[r];
			if (this.inReach[t] === 1) {
				for (let q = this.first[t]; q < this.last[t]; q++) if (this.stepTo[q] !== this.rowFrom[r] && !clash(r, q)) next.push(q);
			}
			this.nextOff[r + 1] = next.length;
		}
		this.next = Int32Array.from(next);
		// every step a walk can take is made by now, so the graph's bits are final
		this.words = Math.max(1, Math.ceil(graph.bits.size / 32));
	}
}
