/** A long two-seat toy game for the resume-point tests, written without the orderer (fast). */
import type { SignedEntry } from '../../../src/lib/sync/author';
import { add } from './toy-game';
import { createTestGame, order, play, wires, type TestGame } from './harness';

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export interface LongGame {
	readonly t: TestGame;
	/** The moves in chain order, with the amount each added. */
	readonly moves: SignedEntry[];
	readonly amounts: number[];
	/** The seat of each move. */
	readonly seats: number[];
	readonly items: unknown[];
}

/**
 * `count` moves of a two-seat race to 10 000, each on the previous one, written without the
 * orderer: the seat to move is the toy game's own turn (seed mod seats, then alternating).
 */
export async function longGame(count: number, keySeed: string): Promise<LongGame> {
	const t = await createTestGame(2, { target: 10_000, keySeed });
	const setup = await order(t.game, wires(t.setup));
	let seat = setup.expected[0];
	let parent = t.start.id;
	const moves: SignedEntry[] = [];
	const amounts: number[] = [];
	const seats: number[] = [];
	for (let i = 0; i < count; i++) {
		const n = 1 + (i % 3);
		const e = await play(parent, add(seat, n), t.seats[seat]);
		moves.push(e);
		amounts.push(n);
		seats.push(seat);
		parent = e.id;
		seat = 1 - seat;
	}
	return { t, moves, amounts, seats, items: [...wires(t.setup), ...wires(moves)] };
}

