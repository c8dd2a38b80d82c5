/**
 * The engine's events over whole random games (issue 18): the random player (tests/support)
 * picks among the actions the engine offers, and after each action the money its events say
 * moved is compared with the cash and debt that did move in the state:
 * - a dividend's receivers got exactly their amounts, and no other player's cash changed;
 * - an emergency sale's proceeds are the seller's cash change;
 * - a director's help with a train and the bank's loan are the director's cash change;
 * - a repayment lowers cash and debt by its amount; interest raises the debt by its amount.
 * A refused action (the chosen one, sent for a player who does not exist) has no events and
 * leaves the state as it was.
 */
import { describe, expect, it } from 'vitest';
import { Game, stateHash, type Action, type GameEvent, type GameState } from '../../src/lib/engine/index';
import { legalCandidates, setupFor } from '../support/random-player';
import { Prng } from '../support/fuzz/prng';

const GAMES = [2, 7, 11];
const MAX_ACTIONS = 3000;

interface Money {
	readonly cash: ReadonlyMap<number, number>;
	readonly debt: ReadonlyMap<number, number>;
	readonly orNum: string;
}

function money(s: Readonly<GameState>): Money {
	return {
		cash: new Map(s.players.map((p) => [p.id, p.cash])),
		debt: new Map(s.players.map((p) => [p.id, p.debt])),
		orNum: s.round.kind === 'operating' ? `${s.turn}.${s.round.num}` : s.round.kind
	};
}

function pickWeighted(rng: Prng, weights: readonly number[]): number {
	const total = weights.reduce((a, b) => a + b, 0);
	let x = (rng.next() / 0x100000000) * total;
	for (let i = 0; i < weights.length; i++) {
		x -= weights[i];
		if (x < 0) return i;
	}
	return weights.length - 1;
}

/** What the events say each player's cash and debt changed by, for the kinds that move money. */
function told(events: readonly GameEvent[]): { cash: Map<number, number>; debt: Map<number, number>; dividend: boolean } {
	const cash = new Map<number, number>();
	const debt = new Map<number, number>();
	const add = (m: Map<number, number>, id: number, n: number) => m.set(id, (m.get(id) ?? 0) + n);
	let dividend = false;
	for (const e of events) {
		switch (e.kind) {
			case 'dividend':
				dividend = true;
				for (const r of e.receivers) if (r.to.kind === 'player') add(cash, r.to.id, r.amount);
				break;
			case 'emergency_sale':
				add(cash, e.player, e.proceeds);
				break;
			case 'president_contributed':
				add(cash, e.player, -e.amount);
				break;
			case 'loan_taken':
				add(cash, e.player, e.amount);
				add(debt, e.player, e.debtAdded);
				break;
			case 'debt_paid':
				add(cash, e.player, -e.amount);
				add(debt, e.player, -e.amount);
				break;
			case 'interest_charged':
				add(debt, e.player, e.amount);
				break;
			default:
				break;
		}
	}
	return { cash, debt, dividend };
}

/** The actions whose only effect on players' cash is what their events tell (when no new OR starts: its private income is not an event). */
const EXPLAINED: ReadonlySet<string> = new Set(['run_routes', 'dividend', 'sell_shares', 'buy_train', 'payoff_player_debt', 'payoff_player_debt_partial']);

describe("the money an action's events tell is the money that moved (random whole games)", () => {
	for (const seed of GAMES) {
		it(`game seed ${seed}`, () => {
			const setup = setupFor(seed);
			const created = Game.create({ ...setup, mode: 'live' });
			expect(created.ok).toBe(true);
			if (!created.ok) return;
			const game = created.value;
			const rng = new Prng(seed);
			const kinds = new Map<string, number>();
			let checked = 0;
			for (let n = 0; n < MAX_ACTIONS && !game.state.end.finished; n++) {
				const state = game.state as GameState;
				const candidates = legalCandidates(state, rng);
				expect(candidates.length).toBeGreaterThan(0);
				const action = candidates[pickWeighted(rng, candidates.map((c) => c.weight))].action;
				if (n % 20 === 0) {
					const hash = stateHash(state);
					const bad = { ...action, entity: 999 } as unknown as Action;
					expect(game.processWithEvents(bad).ok).toBe(false);
					expect(stateHash(game.state as GameState)).toBe(hash);
				}
				const before = money(state);
				const r = game.processWithEvents(action);
				expect(r.ok, `${action.type} refused`).toBe(true);
				if (!r.ok) return;
				for (const e of r.value) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
				const after = money(game.state);
				const t = told(r.value);
				const newOr = after.orNum !== before.orNum && after.orNum !== 'stock';
				// Interest is told whatever the action; a debt changes only as the events say.
				for (const [id, d] of after.debt) expect(d - (before.debt.get(id) ?? 0), `debt of ${id} after ${action.type}`).toBe(t.debt.get(id) ?? 0);
				if (!EXPLAINED.has(action.type) || newOr) continue;
				if (action.type === 'sell_shares' && before.orNum === 'stock') continue; // an ordinary sale's proceeds are the action's own
				for (const [id, c] of after.cash) expect(c - (before.cash.get(id) ?? 0), `cash of ${id} after ${action.type}`).toBe(t.cash.get(id) ?? 0);
				checked += 1;
			}
			// The games went far enough to pay dividends and change phases.
			expect(kinds.get('dividend') ?? 0).toBeGreaterThan(10);
			expect(kinds.get('phase_changed') ?? 0).toBeGreaterThan(1);
			expect(checked).toBeGreaterThan(10);
		}, 120_000);
	}
});
