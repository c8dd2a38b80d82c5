/**
 * The state → trace-line mapping used to compare a replay with the reference engine's traces
 * (format: ../shared/reference/README.md "traces/"). It lives on the interop side so the engine's
 * state shape stays free to change.
 */
import type { GameState } from '../engine/titles/g1822/state';
import { actingEntities, configFor, phaseName, roundName } from '../engine/index';
import { allBidBoxes } from '../engine/titles/g1822/stock/bidboxes';
import { sharePrice } from '../engine/titles/g1822/entities';
import { percentHeld, playerHolder } from '../engine/core/shares';
import { depotCounts } from '../engine/core/trains';
import { presidentId } from '../engine/titles/g1822/shares-ops';
import { tokenHexes } from '../engine/titles/g1822/board-ops';

export interface TraceLine {
	id: number;
	t: string;
	e: number | string;
	ap: 0 | 1;
	[key: string]: unknown;
}

/** Keys compared on every executed line (reference README, "Keys of a trace line"). */
export const TRACE_KEYS = ['r', 'ph', 'act', 'fin', 'bank', 'pl', 'pool', 'taxhaven', 'corp', 'comp', 'bb', 'bids', 'depot', 'disc', 'tiles'] as const;

function ownerId(owner: string): number | string {
	if (owner.startsWith('player:')) return Number(owner.slice(7));
	if (owner.startsWith('corporation:')) return owner.slice(12);
	return owner;
}

/** Our state as a trace line (without id/t/e/ap). */
export function stateToTrace(state: GameState): Record<string, unknown> {
	const config = configFor(state);
	const out: Record<string, unknown> = {
		r: roundName(state),
		ph: phaseName(state),
		act: actingEntities(state)
	};
	if (state.end.finished) out.fin = 1;
	out.bank = state.bank.cash;
	const corps = Object.values(state.corporations);
	out.pl = state.players.map((p) => {
		const sh: Record<string, number> = {};
		const holder = playerHolder(p.id);
		for (const c of corps) {
			if (c.closed) continue;
			const pct = percentHeld(c.shares, holder);
			if (pct > 0) sh[c.id] = pct;
		}
		const line: Record<string, unknown> = { id: p.id, c: p.cash, sh, co: [...p.companies] };
		if (p.debt > 0) line.debt = p.debt;
		return line;
	});
	const pool: Record<string, number> = {};
	const thShares: Record<string, number> = {};
	for (const c of corps) {
		const pp = percentHeld(c.shares, 'pool');
		if (pp > 0) pool[c.id] = pp;
		const tp = percentHeld(c.shares, 'taxhaven');
		if (tp > 0) thShares[c.id] = tp;
	}
	if (Object.keys(pool).length > 0) out.pool = pool;
	if (Object.keys(thShares).length > 0 || state.taxHaven.cash !== 0) out.taxhaven = { c: state.taxHaven.cash, sh: thShares };
	const corp: Record<string, unknown> = {};
	for (const c of corps) {
		if (!c.ipoed || c.closed) continue;
		const line: Record<string, unknown> = { c: c.cash, sp: sharePrice(config, c), f: c.floated ? 1 : 0 };
		if (c.floated) {
			// A train carrying the Pullman shows a "+" until the routes are run.
			const pullman = state.round.kind === 'operating' && state.round.order[state.round.current] === c.id ? state.round.turn.pullman : null;
			line.tr = c.trains.map((t, i) => (i === pullman ? `${t.name}+` : t.name));
		}
		line.tk = tokenHexes(state, c.id);
		line.o = presidentId(c);
		if (c.companies.length > 0) line.co = [...c.companies];
		corp[c.id] = line;
	}
	out.corp = corp;
	const comp: Record<string, unknown> = {};
	for (const id of state.companyOrder) {
		const c = state.companies[id];
		if (!c) continue;
		if (c.closed) comp[id] = 'X';
		else if (c.owner && c.owner !== 'bank') comp[id] = ownerId(c.owner);
	}
	// Closed companies may have left the stack order; list any remaining ones too.
	for (const [id, c] of Object.entries(state.companies)) if (!(id in comp) && c.closed) comp[id] = 'X';
	out.comp = comp;
	if (state.round.kind === 'stock') {
		out.bb = allBidBoxes(state, config);
		const bids: Record<string, [number, number][]> = {};
		for (const [company, list] of Object.entries(state.round.bids))
			if (list.length > 0) bids[company] = list.map((b) => [b.player, b.price]);
		if (Object.keys(bids).length > 0) out.bids = bids;
	}
	out.depot = depotCounts(state.depot);
	if (state.depot.discarded.length > 0) {
		const disc: Record<string, number> = {};
		for (const d of state.depot.discarded) disc[d.name] = (disc[d.name] ?? 0) + 1;
		out.disc = disc;
	}
	const tiles: Record<string, string> = {};
	for (const [hex, t] of Object.entries(state.board.tiles)) tiles[hex] = `${t.tile.slice(0, t.tile.lastIndexOf('-'))}@${t.rotation}`;
	out.tiles = tiles;

	return out;
}

export interface TraceDiff {
	readonly path: string;
	readonly ours: unknown;
	readonly theirs: unknown;
}

/** First difference between two JSON values (objects compared by key, arrays by position). */
export function firstDiff(ours: unknown, theirs: unknown, path: string): TraceDiff | null {
	if (ours === theirs) return null;
	if (Array.isArray(ours) && Array.isArray(theirs)) {
		const n = Math.max(ours.length, theirs.length);
		for (let i = 0; i < n; i++) {
			const d = firstDiff(ours[i], theirs[i], `${path}[${i}]`);
			if (d) return d;
		}
		return null;
	}
	if (ours && theirs && typeof ours === 'object' && typeof theirs === 'object' && !Array.isArray(ours) && !Array.isArray(theirs)) {
		const o = ours as Record<string, unknown>;
		const t = theirs as Record<string, unknown>;
		const keys = [...new Set([...Object.keys(o), ...Object.keys(t)])].sort();
		for (const k of keys) {
			const d = firstDiff(o[k], t[k], `${path}.${k}`);
			if (d) return d;
		}
		return null;
	}
	return { path, ours, theirs };
}

/** Compares our state with one executed trace line; players are matched by id, then by order. */
export function compareWithTrace(state: GameState, line: TraceLine): TraceDiff | null {
	const ours = stateToTrace(state);
	for (const key of TRACE_KEYS) {
		const o = ours[key];
		const t = line[key];
		if (key === 'pl' && Array.isArray(o) && Array.isArray(t)) {
			const byId = (arr: unknown[]) => Object.fromEntries(arr.map((p) => [String((p as { id: unknown }).id), p]));
			const d = firstDiff(byId(o), byId(t), 'pl');
			if (d) return d;
			const order = firstDiff(
				o.map((p) => (p as { id: unknown }).id),
				t.map((p) => (p as { id: unknown }).id),
				'pl.order'
			);
			if (order) return order;
			continue;
		}
		const d = firstDiff(o, t, key);
		if (d) return d;
	}
	return null;
}
