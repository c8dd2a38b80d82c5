/**
 * One step of play after the start: a game action, an undo, or a consent to an undo. Pure and
 * synchronous; signatures have been checked by the caller. The cursor after an entry depends only
 * on the entry's ancestry, which is what lets the orderer cache it by entry id.
 *
 * Undo (issue 9): an undo that takes back only its author's own actions applies at once. One that
 * takes back another seat's action becomes a request; it applies when every such seat has sent a
 * consent entry accepting it. A decline from any of them (or a withdrawal by the requester) ends
 * it with no effect. While a request is open only answers to it are accepted, so that what it
 * takes back cannot shift under it.
 */
import type { EngineAdapter } from './engine-adapter';
import type { Entry, JsonObject } from './entry';
import type { RefusalCode } from './refusal';
import { deviceStep, type DeviceTable } from './devices';

/**
 * A game action that is in effect: a persistent stack, so that an undo is a pointer move. Only
 * every `checkpointEvery`-th node keeps its state; any other state is rebuilt from the nearest
 * checkpoint below it by applying the stored actions again (the engine is deterministic), so a
 * long game holds a few dozen states rather than one per action.
 */
export interface Done<S> {
	readonly id: string;
	readonly seat: number;
	readonly action: JsonObject;
	/** 1 for the first action in effect. */
	readonly depth: number;
	readonly checkpoint: S | null;
	readonly prev: Done<S> | null;
}

export interface PendingUndo<S> {
	readonly request: string;
	readonly seat: number;
	readonly target: Done<S> | null;
	readonly takesBack: readonly string[];
	/** Seats whose consent is still missing, ascending. */
	readonly waiting: readonly number[];
}

export interface Cursor<S> {
	readonly initial: S;
	/** The keys holding each seat here (devices.ts). */
	readonly devices: DeviceTable;
	readonly top: Done<S> | null;
	readonly pending: PendingUndo<S> | null;
}

export type UndoEvent =
	| { readonly type: 'undone'; readonly request: string; readonly seat: number; readonly takesBack: readonly string[] }
	| {
			readonly type: 'requested';
			readonly request: string;
			readonly seat: number;
			readonly takesBack: readonly string[];
			readonly waiting: readonly number[];
	  }
	| { readonly type: 'consented'; readonly request: string; readonly seat: number; readonly waiting: readonly number[] }
	| { readonly type: 'declined' | 'withdrawn'; readonly request: string; readonly seat: number };

export type StepOutcome<S> =
	/** `state` is the state after the step when it is at hand; otherwise the caller rebuilds it. */
	| {
			readonly ok: true;
			readonly cursor: Cursor<S>;
			readonly event: UndoEvent | null;
			readonly state?: S;
			/** An action a seat may take out of turn (engine's `anyTime`): it never outranks a turn's move. */
			readonly anyTime?: boolean;
	  }
	| { readonly ok: false; readonly code: RefusalCode; readonly message: string };

function refuse<S>(code: RefusalCode, message: string): StepOutcome<S> {
	return { ok: false, code, message };
}

function undoTo<S>(cursor: Cursor<S>, target: Done<S> | null): Cursor<S> {
	return { initial: cursor.initial, devices: cursor.devices, top: target, pending: null };
}

/**
 * What an undo takes back: `action_id` names the action to return to (18xx.games' convention),
 * or the start entry to take back everything; without it, the last action in effect.
 */
function undoScope<S>(
	cursor: Cursor<S>,
	actionId: string | null,
	startId: string
): { target: Done<S> | null; takenBack: Done<S>[] } | null {
	if (actionId === null) return { target: cursor.top?.prev ?? null, takenBack: cursor.top ? [cursor.top] : [] };
	const takenBack: Done<S>[] = [];
	for (let node = cursor.top; node; node = node.prev) {
		if (node.id === actionId) return { target: node, takenBack };
		takenBack.push(node);
	}
	return actionId === startId ? { target: null, takenBack } : null;
}

export function playStep<S>(
	cursor: Cursor<S>,
	entry: Entry,
	seat: number,
	adapter: EngineAdapter<S>,
	startId: string,
	/** The state at the cursor, built only if this step needs it. */
	current: () => S,
	checkpointEvery: number
): StepOutcome<S> {
	const kind = entry.kind;
	if (kind.kind !== 'game') return logStep(cursor, entry, seat, startId, () => adapter.expectedSeats(current()));
	if (cursor.pending) return refuse('undo_pending', 'an undo request is waiting for an answer');
	const stray = adapter.fieldsProblem?.(kind.action) ?? null;
	if (stray !== null) return refuse('extra_fields', stray);
	const state = current();
	const inTurn = adapter.expectedSeats(state).includes(seat);
	const anyTime = !inTurn && adapter.anyTime?.(kind.action) === true;
	if (!inTurn && !anyTime) return refuse('not_your_turn', `it is not seat ${seat + 1}'s turn`);
	const applied = adapter.apply(state, kind.action, seat);
	if (!applied.ok) return refuse('engine_refused', `${applied.error.code}: ${applied.error.message}`);
	// A state the engine cannot answer about must not become a head: asked now, inside the caller's guard.
	adapter.expectedSeats(applied.state);
	const depth = (cursor.top?.depth ?? 0) + 1;
	const checkpoint = depth % checkpointEvery === 0 ? applied.state : null;
	const top: Done<S> = { id: entry.id, seat, action: kind.action, depth, checkpoint, prev: cursor.top };
	return { ok: true, cursor: { initial: cursor.initial, devices: cursor.devices, top, pending: null }, event: null, state: applied.state, anyTime };
}

/**
 * The same step for an entry already known to have been accepted at this cursor (a verified
 * resume point, resume.ts): a game action is pushed without asking the engine, since its verdict
 * was given once from this very state and the engine is deterministic; undo and consent need no
 * state and take the same path as in `playStep`. The cursor and event are those `playStep` gave,
 * except that no state is kept on the node (it is rebuilt when needed).
 */
export function followStep<S>(cursor: Cursor<S>, entry: Entry, seat: number, startId: string): StepOutcome<S> {
	const kind = entry.kind;
	if (kind.kind !== 'game') return logStep(cursor, entry, seat, startId, null);
	if (cursor.pending) return refuse('undo_pending', 'an undo request is waiting for an answer');
	const depth = (cursor.top?.depth ?? 0) + 1;
	const top: Done<S> = { id: entry.id, seat, action: kind.action, depth, checkpoint: null, prev: cursor.top };
	return { ok: true, cursor: { initial: cursor.initial, devices: cursor.devices, top, pending: null }, event: null };
}

/**
 * Every kind of entry but a game action. Only an own undo asks who may act (`expected`, null when
 * the entry is known to have been accepted): taking back one's own action is for the seat to act
 * or the author of the last action, never for an idle seat reaching into an old head (issue 17c).
 * A request to take back others' actions may come from any seat: it changes nothing until granted.
 */
function logStep<S>(cursor: Cursor<S>, entry: Entry, seat: number, startId: string, expected: (() => readonly number[]) | null): StepOutcome<S> {
	const kind = entry.kind;
	switch (kind.kind) {
		case 'genesis':
		case 'claim':
		case 'start':
		case 'reveal':
		case 'restart':
		case 'recommit':
			return refuse('misplaced', `a ${kind.kind} entry cannot follow the start of play`);
		case 'game':
			throw new Error('a game action is a step of the engine');
		case 'device_add':
		case 'device_remove': {
			// Like an any-time action: not while an undo request waits (what it takes back must not shift).
			if (cursor.pending) return refuse('undo_pending', 'an undo request is waiting for an answer');
			const step = deviceStep(cursor.devices, kind, seat, entry.id);
			if (!step.ok) return refuse(step.code, step.message);
			return { ok: true, cursor: { ...cursor, devices: step.table }, event: null, anyTime: true };
		}
		case 'undo': {
			if (cursor.pending) return refuse('undo_pending', 'another undo request is waiting for an answer');
			const scope = undoScope(cursor, kind.actionId, startId);
			if (!scope) return refuse('undo_target_unknown', 'the action to return to is not in effect');
			if (scope.takenBack.length === 0) return refuse('nothing_to_undo', 'there is nothing to take back');
			const takesBack = scope.takenBack.map((d) => d.id);
			const others = [...new Set(scope.takenBack.map((d) => d.seat).filter((s) => s !== seat))].sort((a, b) => a - b);
			if (others.length === 0) {
				if (expected && cursor.top?.seat !== seat && !expected().includes(seat)) {
					return refuse('not_your_turn', `seat ${seat + 1} may take back its own action only on its turn or straight after it`);
				}
				return { ok: true, cursor: undoTo(cursor, scope.target), event: { type: 'undone', request: entry.id, seat, takesBack } };
			}
			const pending: PendingUndo<S> = { request: entry.id, seat, target: scope.target, takesBack, waiting: others };
			return {
				ok: true,
				cursor: { initial: cursor.initial, devices: cursor.devices, top: cursor.top, pending },
				event: { type: 'requested', request: entry.id, seat, takesBack, waiting: others }
			};
		}
		case 'consent': {
			const pending = cursor.pending;
			if (!pending || pending.request !== kind.request) {
				return refuse('consent_unexpected', 'there is no open undo request with that id');
			}
			if (seat === pending.seat) {
				if (kind.accept) return refuse('consent_unexpected', 'the requester cannot consent to their own undo');
				const cleared = { initial: cursor.initial, devices: cursor.devices, top: cursor.top, pending: null };
				return { ok: true, cursor: cleared, event: { type: 'withdrawn', request: pending.request, seat } };
			}
			if (!pending.waiting.includes(seat)) {
				return refuse('consent_unexpected', `seat ${seat + 1} was not asked to consent`);
			}
			if (!kind.accept) {
				const cleared = { initial: cursor.initial, devices: cursor.devices, top: cursor.top, pending: null };
				return { ok: true, cursor: cleared, event: { type: 'declined', request: pending.request, seat } };
			}
			const waiting = pending.waiting.filter((s) => s !== seat);
			if (waiting.length === 0) {
				return {
					ok: true,
					cursor: undoTo(cursor, pending.target),
					event: { type: 'undone', request: pending.request, seat: pending.seat, takesBack: pending.takesBack }
				};
			}
			return {
				ok: true,
				cursor: { initial: cursor.initial, devices: cursor.devices, top: cursor.top, pending: { ...pending, waiting } },
				event: { type: 'consented', request: pending.request, seat, waiting }
			};
		}
		default: {
			const never: never = kind;
			throw new Error(`unhandled entry kind ${JSON.stringify(never)}`);
		}
	}
}
