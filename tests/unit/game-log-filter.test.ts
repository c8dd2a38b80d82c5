/**
 * The log's filters pick whole groups (log-filter.ts): what an action caused is listed under that
 * action whatever its own actor, and a filter on a company or player an event names finds the
 * action that caused it (issue 18: phase changes, rusting, closures and price moves caused by
 * another company's action are shown, not dropped).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/lib/engine';
import { startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { filterLog, type LogFilter } from '../../src/lib/state/log-filter';
import { LogBuilder, type LogLine } from '../../src/lib/state/log-sentences';
import { dropFromDepot, giveTrain, majorTurn } from './or-support';

const ALL: LogFilter = { scope: 'all', round: '', actor: '', hideAuto: false };

/** NBR buys the first 3 train: phase 3 starts and LNWR's L train rusts (rules digest 6.1). */
function rustLog(): LogLine[] {
	const s = majorTurn('NBR', 'buy_train', { phase: '2' });
	startMajor(s, 'LNWR', 2, 100, 1);
	giveTrain(s, 'LNWR', 'L-1');
	dropFromDepot(s, 'L');
	const buy = { type: 'buy_train', entity: 'NBR', entity_type: 'corporation', train: '3-0', price: 200 } as unknown as Action;
	return [...new LogBuilder(s).update([{ id: 'buy', action: buy }])];
}

const text = (lines: readonly LogLine[]) => lines.map((l) => `${l.kind}${l.event ? `:${l.event}` : ''}`);

describe('the log filter keeps what an action caused under it', () => {
	it("filtered on NBR, NBR's purchase is shown with the phase change and LNWR's rusting it caused", () => {
		const lines = rustLog();
		const shown = filterLog(lines, { ...ALL, actor: 'NBR' });
		expect(text(shown)).toEqual(['action', 'event:phase_changed', 'event:trains_rusted', 'round']);
		expect(shown.find((l) => l.event === 'trains_rusted')?.actor).toBe('NBR');
	});

	it("filtered on LNWR, which did not act, the purchase that rusted LNWR's train is found, whole", () => {
		const lines = rustLog();
		const shown = filterLog(lines, { ...ALL, actor: 'LNWR' });
		expect(text(shown)).toEqual(['action', 'event:phase_changed', 'event:trains_rusted', 'round']);
	});

	it('filtered on a company nothing names, only the round header is left', () => {
		expect(text(filterLog(rustLog(), { ...ALL, actor: 'GWR' }))).toEqual(['round']);
	});

	it('newest group first, each in its own order; the events of a hidden automatic action do not join the action before', () => {
		const line = (over: Partial<LogLine>): LogLine => ({ id: '', kind: 'action', text: '', position: 1, round: 'Stock Round 1', actor: '1', source: 'live', ...over });
		const lines: LogLine[] = [
			line({ kind: 'round', text: 'Stock Round 1', actor: '', position: 0 }),
			line({ id: 'a', text: 'Ada passes', position: 1 }),
			line({ id: 'b', text: 'Brunel passes', actor: '2', position: 2, source: 'auto' }),
			line({ kind: 'event', event: 'auction_won', text: 'Ada wins Minor 5', actor: '2', subjects: ['1', 'M5'], position: 2, source: 'auto' }),
			line({ kind: 'result', text: 'Ada passes (auto-pass)', actor: '1', position: 2, source: 'auto' })
		];
		expect(filterLog(lines, ALL).map((l) => l.text)).toEqual(['Brunel passes', 'Ada wins Minor 5', 'Ada passes (auto-pass)', 'Ada passes', 'Stock Round 1']);
		expect(filterLog(lines, { ...ALL, hideAuto: true }).map((l) => l.text)).toEqual(['Ada wins Minor 5', 'Ada passes (auto-pass)', 'Ada passes', 'Stock Round 1']);
		// Filtered on Ada: Brunel's pass is kept, for the auction Ada won and the pass her program made after it.
		expect(filterLog(lines, { ...ALL, actor: '1' }).map((l) => l.text)).toEqual(['Brunel passes', 'Ada wins Minor 5', 'Ada passes (auto-pass)', 'Ada passes', 'Stock Round 1']);
		expect(filterLog(lines, { ...ALL, actor: '2', scope: 'round', round: 'Stock Round 2' }).map((l) => l.text)).toEqual([]);
	});
});
