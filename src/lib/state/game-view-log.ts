/**
 * The game log as the page lists it (issue 8): the action sentences of the replay (log-sentences.ts)
 * in the order of the chain, with the log's own entries between them — undos ("Ada took back: …"),
 * requests to take back and their answers — and a redo (an undone action played again at once)
 * marked as such. Pure: no runes.
 */
import type { Action, GameState } from '../engine';
import type { SessionView } from '../sync';
import { canonicalJson } from '../sync/canonical';
import { playerIdOfSeat } from '../sync/engine-1822';
import type { UndoStatus } from '../sync/undo-status';
import { describeAction, type LogLine } from './log-sentences';
import { seatName, seatsToAsk } from './undo-request';

/** How to say an action that is no longer in effect (taken back). */
export type SentenceOf = (id: string, action: Action) => string;

function listed(texts: readonly string[]): string {
	return texts.length === 0 ? 'nothing' : texts.join('; ');
}

/**
 * Interleaves the replay's lines (`lines`: the imported prefix, then the live steps in effect,
 * each followed by its results and round headers) with the chain's undo and consent entries.
 */
export function logWithUndos(view: SessionView<GameState>, lines: readonly LogLine[], sentence: SentenceOf): LogLine[] {
	// Each live action's group: its line and the results and headers after it.
	const groups = new Map<string, LogLine[]>();
	const out: LogLine[] = [];
	let group: LogLine[] = out;
	for (const line of lines) {
		if (line.kind === 'action' && line.source === 'live') {
			group = [];
			groups.set(line.id, group);
		}
		group.push(line);
	}
	let position = out.filter((l) => l.kind === 'action').length;
	const statuses = new Map<string, UndoStatus>(view.undos.map((u) => [u.request, u]));
	const actionOf = new Map<string, Action>();
	for (const e of view.chain) if (e.kind.kind === 'game') actionOf.set(e.id, e.kind.action as unknown as Action);
	const says = (id: string) => {
		const action = actionOf.get(id);
		return action ? sentence(id, action) : 'an action';
	};
	/** Canonical JSON of the actions a redo may replay, the next one last. */
	let redoable: string[] = [];
	let round = out.at(-1)?.round ?? '';
	const push = (line: Omit<LogLine, 'position' | 'round' | 'source'>) => out.push({ ...line, position, round, source: 'live' });

	// A declined or withdrawn request leaves the chain (play goes on from where it was written):
	// its lines follow the entry it was written on.
	const onChain = new Set(view.chain.map((e) => e.id));
	const parentOf = new Map(view.refused.map((r) => [r.id, r.parent]));
	const closedOn = new Map<string, UndoStatus[]>();
	for (const u of view.undos) {
		if (onChain.has(u.request) || (u.status !== 'declined' && u.status !== 'withdrawn')) continue;
		const parent = parentOf.get(u.request);
		if (!parent) continue;
		closedOn.set(parent, [...(closedOn.get(parent) ?? []), u]);
	}
	const sideLines = (at: string) => {
		for (const u of closedOn.get(at) ?? []) {
			const name = seatName(view, u.seat);
			push({ id: u.request, kind: 'undo', actor: String(playerIdOfSeat(u.seat)), actorName: name, text: `${name} asked to take back: ${listed(u.takesBack.map(says))}` });
			const by = u.closedBy ?? u.seat;
			const who = seatName(view, by);
			const text = u.status === 'withdrawn' || by === u.seat ? `${who} withdrew the request to take back` : `${who} declined ${name}'s request to take back`;
			push({ id: `${u.request}/answer`, kind: 'consent', actor: String(playerIdOfSeat(by)), actorName: who, text });
			redoable = [];
		}
	};

	for (const e of view.chain) {
		const seat = e.body.seat;
		const actor = seat === null ? '' : String(playerIdOfSeat(seat));
		switch (e.kind.kind) {
			case 'game': {
				const own = groups.get(e.id);
				if (!own) break; // taken back: the undo entry says so
				const json = canonicalJson(e.kind.action);
				const redo = json !== undefined && redoable.at(-1) === json;
				redoable = redo ? redoable.slice(0, -1) : [];
				out.push(...own.map((l, i) => (i === 0 && redo ? { ...l, redo: true } : l)));
				position = own[0].position;
				round = own.at(-1)?.round ?? round;
				break;
			}
			case 'undo': {
				const u = statuses.get(e.id);
				if (!u) break;
				const name = seatName(view, u.seat);
				const what = listed(u.takesBack.map(says));
				const asks = seatsToAsk(view, u.takesBack, u.seat).length > 0;
				push({ id: e.id, kind: 'undo', actor, actorName: name, text: asks ? `${name} asked to take back: ${what}` : `${name} took back: ${what}` });
				redoable = !asks && u.status === 'undone' ? redoableOf(u, actionOf) : [];
				break;
			}
			case 'consent': {
				const u = statuses.get(e.kind.request);
				if (!u || seat === null) break;
				const name = seatName(view, seat);
				const requester = seatName(view, u.seat);
				const text = e.kind.accept
					? `${name} accepted ${requester}'s request to take back`
					: seat === u.seat
						? `${name} withdrew the request to take back`
						: `${name} declined ${requester}'s request to take back`;
				push({ id: e.id, kind: 'consent', actor, actorName: name, text });
				redoable = e.kind.accept && u.status === 'undone' ? redoableOf(u, actionOf) : [];
				break;
			}
			case 'genesis':
			case 'claim':
			case 'start':
			case 'reveal':
			case 'restart':
			case 'recommit':
				break;
			case 'device_add': {
				if (seat === null) break;
				const name = seatName(view, seat);
				// An offer's new key retiring the one-time key is the new device taking its place.
				const text = e.kind.retire ? `${name}'s new device "${e.kind.name}" joined the seat` : `${name} offered the seat to a new device`;
				push({ id: e.id, kind: 'device', actor, actorName: name, text });
				break;
			}
			case 'device_remove': {
				if (seat === null) break;
				const name = seatName(view, seat);
				push({ id: e.id, kind: 'device', actor, actorName: name, text: `${name} removed a device from the seat` });
				break;
			}
			default: {
				const never: never = e.kind;
				throw new Error(`unhandled entry ${JSON.stringify(never)}`);
			}
		}
		sideLines(e.id);
	}
	return out;
}

/** The undone actions as a redo would replay them: the earliest taken back first (so, last in the list). */
function redoableOf(u: UndoStatus, actions: ReadonlyMap<string, Action>): string[] {
	return u.takesBack.flatMap((id) => {
		const json = canonicalJson(actions.get(id));
		return json === undefined ? [] : [json];
	});
}

/** A fallback sentence for an undone action never described on this device: read against the latest state. */
export function fallbackSentence(state: GameState): SentenceOf {
	return (_id, action) => describeAction(state, action);
}

/**
 * Steps replayed at once when the log grows by no more than this; a longer stretch (opening a
 * long game) is replayed in slices between frames, so that the map and the controls do not wait
 * for the log, the history or the figures (issue 11).
 */
export const LOG_AT_ONCE = 120;
/** Time one slice may take (ms), so that the page stays responsive while a long log is written. */
const SLICE_MS = 12;

/** The page's timers (or Node's, in tests), read through `globalThis`: this file has no DOM types. */
const later = (fn: () => void): unknown => globalThis.setTimeout(fn, 0);
const now = (): number => globalThis.performance?.now() ?? 0;

/**
 * Runs `step` (one step of a long replay; true once none is left) in slices of about SLICE_MS,
 * each in a task of its own, then `done` after each slice.
 */
export class Slices {
	readonly #step: () => boolean;
	readonly #done: () => void;
	#handle: unknown = null;

	constructor(step: () => boolean, done: () => void) {
		this.#step = step;
		this.#done = done;
	}

	/** Runs a slice in a later task, unless one is already waiting. */
	schedule(): void {
		this.#handle ??= later(() => this.#run());
	}

	cancel(): void {
		if (this.#handle !== null) globalThis.clearTimeout(this.#handle as ReturnType<typeof setTimeout>);
		this.#handle = null;
	}

	#run(): void {
		this.#handle = null;
		// One step at a time while the slice lasts: a live run may take a while to check.
		const until = now() + SLICE_MS;
		let finished = this.#step();
		while (!finished && now() < until) finished = this.#step();
		this.#done();
	}

	/** Waits for the tasks already queued (slices among them) to run. */
	static pause(): Promise<void> {
		return new Promise<void>((resolve) => later(resolve));
	}
}
