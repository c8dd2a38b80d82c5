/**
 * Candidate routes for one train: every route the train could run on its own, found by a
 * depth-first walk over the route graph (`steps.ts`) that extends routes step by step,
 * never reusing a stop or a hex side, never passing through a blocked city or a terminal,
 * stopping when the train's stop budget is spent, and giving up on a route that has no
 * station of the company and can no longer reach one. Each route is kept in one direction
 * only (revenue does not depend on it).
 *
 * A candidate carries a bound worked out from its stops: the value the 1822 rules give it
 * if legal, never less. The engine's own verdict and figures are computed only when the
 * search reaches the candidate (`candidate-pool.ts`).
 */
import { stopBaseValue } from '../engine/core/revenue';
import { keyTokens } from '../engine/titles/g1822/routes/check-route';
import type { RouteContext } from '../engine/titles/g1822/routes/context';
import type { RouteTrain } from '../engine/titles/g1822/routes/trains';
import { CandidatePool } from './candidate-pool';
import { bitsetWords, type RouteGraph, type Step } from './steps';

/** Every route of `train` on its own that may be legal, with its bound. */
export function candidatesFor(ctx: RouteContext, graph: RouteGraph, train: RouteTrain): CandidatePool {
	const rb = ctx.rb;
	const corp = ctx.corporation;
	const words = bitsetWords(rb);
	const out = new CandidatePool(ctx, train, graph.stepList);
	const express = train.kind === 'express';
	const franceHex = ctx.special.france;

	// stop values in this phase, and the keys the bound needs [rules digest 7.1, 7.2]
	const valueCache = new Map<number, number>();
	const valueOf = (x: number): number => {
		let v = valueCache.get(x);
		if (v === undefined) {
			v = stopBaseValue(kindOf(x).revenue, ctx.phaseColors);
			valueCache.set(x, v);
		}
		return v;
	};
	const keys = keyTokens(ctx);
	const home = keys.home ? keys.home[0] * 64 + keys.home[1] : -1;
	const dest = keys.destination ? keys.destination[0] * 64 + keys.destination[1] : -1;
	const channelHex = ctx.special.englishChannel;
	const stepsOf = (x: number): Step[] => graph.stepsOf(x);
	const blockedCache = new Map<number, boolean>();
	const blocked = (s: number): boolean => {
		let b = blockedCache.get(s);
		if (b === undefined) {
			b = rb.blocks(rb.hexes[Math.floor(s / 64)].id, s % 64, corp);
			blockedCache.set(s, b);
		}
		return b;
	};
	const kindOf = (s: number) => rb.hexes[Math.floor(s / 64)].nodes[s % 64];

	const tokenStops: number[] = [];
	for (const t of rb.board.tokens) {
		if (t.corporation !== corp) continue;
		const hi = rb.index.get(t.hex);
		const node = rb.cityNode(t.hex, t.city);
		if (hi !== undefined && node >= 0) tokenStops.push(hi * 64 + node);
	}
	const tokenSet = new Set(tokenStops);
	// every stop of a route through a station is reached from it without passing a blocked city
	const reach = new Set<number>(tokenSet);
	const queue = [...tokenSet];
	while (queue.length > 0) {
		const s = queue.pop()!;
		if (!tokenSet.has(s) && blocked(s)) continue;
		for (const st of stepsOf(s)) {
			if (!reach.has(st.to)) {
				reach.add(st.to);
				queue.push(st.to);
			}
		}
	}
	// an E route starts at one of the company's stations [rules digest 7.1]
	const starts = (express ? [...tokenSet] : [...reach]).sort((a, b) => a - b);

	// what entering a stop costs of the train's budget (numbered: every stop; pullman:
	// cities and off-boards; France costs nothing)
	const cost = (x: number): number => {
		const n = kindOf(x);
		if (train.kind === 'pullman' && n.kind === 'town') return 0;
		return n.visitCost;
	};
	// lower bound of the budget still needed to reach one of the company's stations, over
	// the chain graph taken both ways and ignoring blocking (so never too high)
	const toToken = new Map<number, number>();
	{
		const back = new Map<number, number[]>();
		for (const x of reach) {
			for (const st of stepsOf(x)) {
				if (!back.has(st.to)) back.set(st.to, []);
				back.get(st.to)!.push(x);
				if (!back.has(x)) back.set(x, []);
				back.get(x)!.push(st.to);
			}
		}
		// 0-1 breadth-first search: costs are 0 (towns for a pullman, France) or 1
		const deque: number[] = [];
		for (const t of tokenSet) {
			toToken.set(t, 0);
			deque.push(t);
		}
		let head = 0;
		const front: number[] = [];
		while (front.length > 0 || head < deque.length) {
			const x = front.length > 0 ? front.pop()! : deque[head++];
			const d = toToken.get(x)!;
			const step = cost(x);
			for (const y of back.get(x) ?? []) {
				const nd = d + step;
				if (toToken.has(y) && toToken.get(y)! <= nd) continue;
				toToken.set(y, nd);
				if (step === 0) front.push(y);
				else deque.push(y);
			}
		}
	}
	const startSet = new Set(starts);

	const stack: Step[] = [];
	const stops: number[] = [];

	const stepIds: number[] = [];
	const accept = () => {
		const first = stops[0];
		const last = stops[stops.length - 1];
		// one direction only: revenue is the same both ways; a route whose two ends both
		// start walks is met once from each end
		if (stops.length > 1 && first > last && startSet.has(last)) return;
		push(stack.length, stops.length);
	};
	/** Record the route on the walk's stacks, with its bound: the value 1822 gives it if legal. */
	const push = (nSteps: number, nStops: number) => {
		let value = 0;
		let hits = 0;
		let france = 0;
		let channelMine = false;
		let merthyr = 0;
		for (let i = 0; i < nStops; i++) {
			const x = stops[i];
			if (x === home || x === dest) hits++;
			const n = kindOf(x);
			if (!express) value += valueOf(x);
			else if (n.kind === 'city' && tokenSet.has(x)) {
				if (rb.hexes[Math.floor(x / 64)].id === channelHex) channelMine = true;
				else value += 2 * valueOf(x);
			}
			if (n.kind === 'offboard' && rb.hexes[Math.floor(x / 64)].id === franceHex) france = valueOf(x);
		}
		if (channelMine) value += 2 * france;
		const bonus = ctx.major && hits === 2 && dest >= 0 ? valueOf(dest) * train.multiplier : 0;
		const mail = train.kind === 'local' || nStops < 2 ? -1 : Math.floor((valueOf(stops[0]) + valueOf(stops[nStops - 1])) / 2);
		for (let i = 0; i < nSteps; i++) {
			stepIds[i] = stack[i].id;
			merthyr |= stack[i].merthyr;
		}
		out.add(stepIds, nSteps, stops, nStops, value + bonus, bonus, mail, merthyr);
	};

	if (train.kind === 'local') {
		for (const x of tokenSet) {
			stops.push(x);
			push(0, 1);
			stops.pop();
		}
	}

	// Stop budget, kept incrementally [rules digest 7.1]: `spent` counts what the train's
	// number limits (every stop for numbered trains, cities and off-boards for a pullman,
	// France free); L/LP count cities and towns apart.
	const size = rb.hexes.length * 64;
	const spendOf = new Int8Array(size);
	const isToken = new Uint8Array(size);
	const isCityArr = new Uint8Array(size);
	const isTownArr = new Uint8Array(size);
	const visited = new Uint8Array(size);
	for (const x of reach) {
		const n = kindOf(x);
		spendOf[x] = cost(x);
		isCityArr[x] = n.kind === 'city' ? 1 : 0;
		isTownArr[x] = n.kind === 'town' ? 1 : 0;
	}
	for (const x of tokenSet) isToken[x] = 1;
	const limit = train.kind === 'express' ? Infinity : train.kind === 'local' ? 2 : train.distance;
	const local = train.kind === 'local';
	let spent = 0;
	let localCities = 0;
	let localTowns = 0;
	let tokensOnRoute = 0;
	const used = new Uint32Array(words);

	const walk = (s: number) => {
		// a route needs one of the company's stations; an E must also end at one (or at France beyond its Channel station)
		if (stops.length >= 2 && tokensOnRoute > 0) {
			if (!express || isToken[s] === 1 || rb.hexes[Math.floor(s / 64)].id === franceHex) accept();
		}
		// a blocked city or the far end of a terminal path ends the route
		if (stops.length >= 2 && blocked(s)) return;
		// without a station so far, one must still be within the train's reach
		if (tokensOnRoute === 0 && (toToken.get(s) ?? Infinity) > limit - spent) return;
		if (stack.length > 0 && stack[stack.length - 1].terminalLast) return;
		const steps = stepsOf(s);
		for (let i = 0; i < steps.length; i++) {
			const st = steps[i];
			const t = st.to;
			if (visited[t] === 1) continue;
			// a terminal path may only start the route
			if (stack.length > 0 && st.terminalFirst) continue;
			if (spent + spendOf[t] > limit) continue;
			if (local) {
				if (localCities + isCityArr[t] > 1 || localTowns + isTownArr[t] > 1 || (isCityArr[t] === 0 && isTownArr[t] === 0)) continue;
			}
			const bits = st.bits;
			let clash = false;
			for (let j = 0; j < bits.length; j++) {
				const b = bits[j];
				if (used[b >>> 5] & (1 << (b & 31))) {
					clash = true;
					break;
				}
			}
			if (clash) continue;
			for (let j = 0; j < bits.length; j++) used[bits[j] >>> 5] |= 1 << (bits[j] & 31);
			spent += spendOf[t];
			localCities += isCityArr[t];
			localTowns += isTownArr[t];
			tokensOnRoute += isToken[t];
			visited[t] = 1;
			stops.push(t);
			stack.push(st);
			walk(t);
			stack.pop();
			stops.pop();
			visited[t] = 0;
			tokensOnRoute -= isToken[t];
			localTowns -= isTownArr[t];
			localCities -= isCityArr[t];
			spent -= spendOf[t];
			for (let j = 0; j < bits.length; j++) used[bits[j] >>> 5] &= ~(1 << (bits[j] & 31));
		}
	};
	for (const s of starts) {
		if (spendOf[s] > limit) continue;
		if (local && isCityArr[s] === 0 && isTownArr[s] === 0) continue;
		spent = spendOf[s];
		localCities = isCityArr[s];
		localTowns = isTownArr[s];
		tokensOnRoute = isToken[s];
		stops.push(s);
		visited[s] = 1;
		walk(s);
		visited[s] = 0;
		stops.pop();
	}
	return out;
}
