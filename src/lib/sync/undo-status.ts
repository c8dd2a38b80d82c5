/**
 * What became of each undo on the chain, summarised from the events of play-step.ts, so that the
 * players see requests, who must still answer, and the outcome.
 */
import type { UndoEvent } from './play-step';

export interface UndoStatus {
	readonly request: string;
	readonly seat: number;
	readonly takesBack: readonly string[];
	readonly waiting: readonly number[];
	/** `superseded`: play went on at its head before it was granted, so it took nothing back. */
	readonly status: 'pending' | 'undone' | 'declined' | 'withdrawn' | 'superseded';
	/** The seat whose answer closed it (declined or withdrawn), when the request is off the chain. */
	readonly closedBy?: number;
}

export function undoStatuses(events: readonly UndoEvent[]): UndoStatus[] {
	const map = new Map<string, UndoStatus>();
	for (const ev of events) {
		const prev = map.get(ev.request);
		switch (ev.type) {
			case 'requested':
				map.set(ev.request, { request: ev.request, seat: ev.seat, takesBack: ev.takesBack, waiting: ev.waiting, status: 'pending' });
				break;
			case 'undone':
				map.set(ev.request, { request: ev.request, seat: ev.seat, takesBack: ev.takesBack, waiting: [], status: 'undone' });
				break;
			case 'consented':
				if (prev) map.set(ev.request, { ...prev, waiting: ev.waiting });
				break;
			case 'declined':
			case 'withdrawn':
				if (prev) map.set(ev.request, { ...prev, status: ev.type });
				break;
			default: {
				const never: never = ev;
				throw new Error(`unhandled undo event ${JSON.stringify(never)}`);
			}
		}
	}
	return [...map.values()];
}
