/**
 * A toy game for the sync tests: "race to a target". Seats take turns adding 1, 2 or 3 to a shared
 * total; reaching the target exactly wins, passing it is not allowed. The first seat is chosen by
 * the seed, so the seed must be the same everywhere for replays to agree.
 */
import type { Applied, EngineAdapter, GameSetup } from '../../../src/lib/sync/engine-adapter';
import type { JsonObject } from '../../../src/lib/sync/entry';

export interface ToyState {
	readonly seats: number;
	readonly target: number;
	readonly total: number;
	readonly turn: number;
	readonly moves: number;
	readonly winner: number | null;
	readonly seed: number;
}

export const TOY_RULES = 'toy-race-1';

function refuse(code: string, message: string): Applied<ToyState> {
	return { ok: false, error: { code, message } };
}

export const toyGame: EngineAdapter<ToyState> = {
	rules: TOY_RULES,
	initialState(setup: GameSetup): Applied<ToyState> {
		const raw = setup.setup;
		const target = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw.target : undefined;
		if (typeof target !== 'number' || !Number.isInteger(target) || target < 1) return refuse('bad_setup', 'no target');
		const seats = setup.seats.length;
		return { ok: true, state: { seats, target, total: 0, turn: setup.seed % seats, moves: 0, winner: null, seed: setup.seed } };
	},
	expectedSeats(state) {
		return state.winner === null ? [state.turn] : [];
	},
	apply(state, action: JsonObject, seat) {
		if (action.type !== 'add') return refuse('unknown_action', `no action ${String(action.type)}`);
		if (action.entity !== seat) return refuse('wrong_entity', 'a seat may only move for itself');
		const n = action.n;
		if (n !== 1 && n !== 2 && n !== 3) return refuse('bad_amount', 'add 1, 2 or 3');
		if (state.total + n > state.target) return refuse('overshoot', 'the total may not pass the target');
		const total = state.total + n;
		return {
			ok: true,
			state: {
				...state,
				total,
				moves: state.moves + 1,
				turn: (state.turn + 1) % state.seats,
				winner: total === state.target ? seat : null
			}
		};
	},
	hash(state) {
		return [state.seats, state.target, state.total, state.turn, state.moves, state.winner, state.seed].join('/');
	}
};

export function add(seat: number, n: number): JsonObject {
	return { type: 'add', entity: seat, n };
}
