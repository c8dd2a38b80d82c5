/**
 * What the lobby says while the seed is held up or restarted (sync/restart.ts): who is awaited for
 * what, in words, and whether this device may ask for a restart. Words only: the rules of the
 * restart live in the sync layer.
 */
import type { SessionView } from '../sync';
import type { GameState } from '../engine';
import { seatName } from './undo-request';

export interface SeedRestartView {
	/** The round of commit and reveal in force (1: the start's). */
	readonly round: number;
	/** The seats whose part of the seed is missing in the round in force. */
	readonly missing: readonly string[];
	/** This device holds a seat that revealed and may ask for a restart now (a reveal is missing, none under way). */
	readonly asker: number | null;
	/** This device may ask for a restart now. */
	readonly canAsk: boolean;
	/** Sentences for the lobby, in order. */
	readonly lines: readonly string[];
}

function list(names: readonly string[]): string {
	return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function seedRestartView(v: SessionView<GameState> | null): SeedRestartView | null {
	const round = v?.seedRound;
	if (!v || v.stage !== 'revealing' || !round || !v.seats) return null;
	const name = (seat: number) => (v.mine.includes(seat) ? `you (${seatName(v, seat)})` : seatName(v, seat));
	const missingSeats = v.seats.map((s) => s.seat).filter((seat) => !round.reveals.some((r) => r.seat === seat));
	const missing = missingSeats.map((seat) => seatName(v, seat));
	const r = round.restart;
	const lines: string[] = [];
	const underWay = r !== null && !r.inForce;
	if (r) {
		const order = list(r.order.map((seat) => seatName(v, seat)));
		const first = list(r.first.map((seat) => seatName(v, seat)));
		lines.push(
			r.inForce
				? `Every seat has signed a fresh commitment: the earlier seed no longer counts. Each now reveals its fresh part, in this order: ${order}.`
				: `${seatName(v, r.by)} asked to restart the seed with fresh nonces. Every seat first signs a fresh commitment, in this order: ${order}; ${first}, whose part was missing, first. Then each reveals it in the same order, so nobody knows the new seed before the others have committed.`
		);
		if (r.awaiting) {
			const who = name(r.awaiting.seat);
			const mine = v.mine.includes(r.awaiting.seat);
			lines.push(
				r.awaiting.step === 'commit'
					? `Waiting for ${who} to sign a fresh commitment${mine ? ': this browser does it by itself' : ': it is written when their browser opens the game'}.`
					: `Waiting for ${who} to reveal the fresh part${mine ? ': this browser does it by itself' : ': it is sent when their browser opens the game'}.`
			);
		}
		if (underWay && missing.length > 0) lines.push(`Until every seat has committed afresh, a late part of ${list(missing)} still completes the earlier seed, and the game starts on it.`);
	}
	const stalled = r ? r.awaiting : missingSeats.length > 0 ? { seat: missingSeats[0] } : null;
	if (stalled) {
		lines.push(
			`If ${seatName(v, stalled.seat)} never comes back, nobody can sign for that seat: the others can only start a new game without it, from a new game link.`
		);
	}
	// Offered to the other seats: a device whose every seat's part is missing can simply reveal it.
	const canAsk = missingSeats.length > 0 && !underWay && v.mine.some((seat) => !missingSeats.includes(seat));
	return { round: round.round, missing, canAsk, asker: canAsk ? v.mine.find((seat) => !missingSeats.includes(seat))! : null, lines };
}
