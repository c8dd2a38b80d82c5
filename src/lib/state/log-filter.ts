/**
 * The log as the page lists it under its filters (GameLog.svelte): newest first, each action
 * followed by what it caused (its event lines) and what players' programs did right after it
 * (results). Filters pick whole groups, so an event is never dropped, nor shown under another
 * action, because its own actor differs from the action's: a phase change, rusting, closures or
 * a price move that one company's action causes is listed under that action, and is also found
 * by a filter on any company or player the event names. Pure: no runes.
 */
import type { LogLine } from './log-sentences';

export interface LogFilter {
	/** The whole game, or only the round `round`. */
	readonly scope: 'all' | 'round';
	readonly round: string;
	/** An acting entity's id as log lines carry it ('' for everyone). */
	readonly actor: string;
	/** Hides the lines of automatic actions (what they caused stays, under its own group). */
	readonly hideAuto: boolean;
}

/** Each line that is not an event or a result starts a group; those follow the line they belong to. */
export function logGroups(lines: readonly LogLine[]): LogLine[][] {
	const groups: LogLine[][] = [];
	for (const l of lines) {
		if ((l.kind === 'event' || l.kind === 'result') && groups.length > 0) groups[groups.length - 1].push(l);
		else groups.push([l]);
	}
	return groups;
}

function concerns(l: LogLine, actor: string): boolean {
	return l.actor === actor || (l.subjects?.includes(actor) ?? false);
}

/** The lines shown, newest group first, each group in its own order. */
export function filterLog(lines: readonly LogLine[], f: LogFilter): LogLine[] {
	const out: LogLine[][] = [];
	for (const group of logGroups(lines)) {
		const lead = group[0];
		if (f.scope === 'round' && lead.round !== f.round) continue;
		if (f.actor !== '' && lead.kind !== 'round' && !group.some((l) => concerns(l, f.actor))) continue;
		const shown = f.hideAuto ? group.filter((l) => !(l === lead && l.kind === 'action' && l.source === 'auto')) : group;
		if (shown.length > 0) out.push(shown);
	}
	return out.reverse().flat();
}
