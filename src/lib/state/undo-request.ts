/**
 * Undo requests as the game page shows them (issue 9): taking back another seat's action needs
 * that seat's consent entry (sync/play-step.ts). This module reads the ordered log into what the
 * banner says — who asked, what it takes back, who must answer and who has — and picks the seat
 * a new request is written as. Pure: no runes, no DOM.
 */
import type { GameState } from '../engine';
import type { SessionView } from '../sync';
import type { Entry } from '../sync/entry';
import type { UndoStatus } from '../sync/undo-status';

export interface UndoAnswer {
	readonly seat: number;
	readonly name: string;
	readonly answered: boolean;
}

export interface UndoRequestView {
	readonly request: string;
	readonly seat: number;
	readonly requester: string;
	/** The actions it takes back as sentences, most recent first (ids whose sentence is unknown are counted only). */
	readonly takesBack: readonly string[];
	readonly count: number;
	/** Every seat whose consent the request needs, ascending, with whether it has answered. */
	readonly asked: readonly UndoAnswer[];
	readonly status: UndoStatus['status'];
	/** The seat that declined, when one did (a withdrawal is the requester's own decline). */
	readonly declinedBy: string | null;
}

export function seatName(view: SessionView<GameState>, seat: number): string {
	return view.seats?.[seat]?.name ?? `Seat ${seat + 1}`;
}

function seatOf(view: SessionView<GameState>, id: string): number | null {
	return view.chain.find((e) => e.id === id)?.body.seat ?? null;
}

/** The seats an undo of `takesBack` by `seat` must ask, as play-step.ts decides them. */
export function seatsToAsk(view: SessionView<GameState>, takesBack: readonly string[], seat: number): number[] {
	const seats = takesBack.map((id) => seatOf(view, id)).filter((s): s is number => s !== null && s !== seat);
	return [...new Set(seats)].sort((a, b) => a - b);
}

function declinedBy(view: SessionView<GameState>, request: string): number | null {
	const answer = view.chain.find(
		(e: Entry) => e.kind.kind === 'consent' && e.kind.request === request && !e.kind.accept
	);
	return answer?.body.seat ?? null;
}

/** Undo statuses that needed someone else's consent: the ones the banner is about. */
export function undoRequests(
	view: SessionView<GameState>,
	sentence: (id: string) => string | undefined
): UndoRequestView[] {
	const out: UndoRequestView[] = [];
	for (const u of view.undos) {
		const asked = seatsToAsk(view, u.takesBack, u.seat);
		if (asked.length === 0) continue;
		const decliner = u.status === 'declined' ? (u.closedBy ?? declinedBy(view, u.request)) : null;
		out.push({
			request: u.request,
			seat: u.seat,
			requester: seatName(view, u.seat),
			takesBack: u.takesBack.flatMap((id) => {
				const text = sentence(id);
				return text === undefined ? [] : [text];
			}),
			count: u.takesBack.length,
			asked: asked.map((seat) => ({ seat, name: seatName(view, seat), answered: !u.waiting.includes(seat) || seat === decliner })),
			status: u.status,
			declinedBy: decliner === null ? null : seatName(view, decliner)
		});
	}
	return out;
}

/**
 * The seat a request from this device is written as. An undo that takes back only one seat's
 * actions, held here, is that seat's own undo and needs no consent; otherwise the first seat held
 * here that made one of the actions asks (so it need not consent to itself), or else the first
 * seat held here.
 */
export function requesterSeat(view: SessionView<GameState>, takesBack: readonly string[]): number | null {
	const mine = view.mine;
	if (mine.length === 0) return null;
	const authors = takesBack.map((id) => seatOf(view, id)).filter((s): s is number => s !== null);
	return mine.find((s) => authors.includes(s)) ?? mine[0];
}
