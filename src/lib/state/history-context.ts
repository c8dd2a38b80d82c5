/**
 * The game page's history cursor for the components below it (the log links each line to its
 * position), so that the panels between the page and the log need not pass it along.
 */
import { getContext, setContext } from 'svelte';
import type { HistoryCursor } from './history.svelte';

const KEY = Symbol('history-cursor');

/** `get` is read when used, so the page may set it before its cursor exists. */
export function setHistoryContext(get: () => HistoryCursor | null): void {
	setContext(KEY, get);
}

export function historyContext(): HistoryCursor | null {
	const get = getContext<(() => HistoryCursor | null) | undefined>(KEY);
	return get ? get() : null;
}
