/**
 * Undo and redo are resolved before anything runs, exactly as the site loads a log
 * (reference README "Undo and redo are resolved before anything runs"): an undo without
 * `action_id` removes the last surviving non-message action; with `action_id: X` it removes every
 * surviving non-message action after X (0 removes all); each undo pushes what it removed and a
 * redo restores the top group; any other non-message action clears the redo stack.
 */
import type { Action } from '../engine/core/actions';

/**
 * Chat is never undone. A "log" entry (a note a player adds to the game log) is undone like
 * any action: the reference traces show undone log entries as not executed.
 */
function isChat(a: { type: string }): boolean {
	return a.type === 'message';
}

export interface ResolvedLog {
	/** Actions to execute, in order (messages included; they change nothing). */
	readonly surviving: readonly Action[];
	/** Ids of the raw actions that will be executed. */
	readonly executedIds: ReadonlySet<number>;
}

export function resolveUndoRedo(actions: readonly Action[]): ResolvedLog {
	let surviving: Action[] = [];
	const stack: Action[][] = [];
	for (const a of actions) {
		if (a.type === 'undo') {
			let removed: Action[] = [];
			if (typeof a.action_id === 'number') {
				const target = a.action_id;
				const keep: Action[] = [];
				for (const s of surviving) {
					if (!isChat(s) && (s.id ?? 0) > target) removed.push(s);
					else keep.push(s);
				}
				surviving = keep;
			} else {
				for (let i = surviving.length - 1; i >= 0; i--) {
					if (!isChat(surviving[i])) {
						removed = [surviving[i]];
						surviving = [...surviving.slice(0, i), ...surviving.slice(i + 1)];
						break;
					}
				}
			}
			stack.push(removed);
		} else if (a.type === 'redo') {
			const group = stack.pop();
			if (group) surviving = [...surviving, ...group].sort((x, y) => (x.id ?? 0) - (y.id ?? 0));
		} else {
			if (!isChat(a)) stack.length = 0;
			surviving.push(a);
		}
	}
	const executedIds = new Set<number>();
	for (const a of surviving) if (typeof a.id === 'number') executedIds.add(a.id);
	return { surviving, executedIds };
}
