import { describe, expect, it } from 'vitest';
import type { Action } from '../engine/core/actions';
import { resolveUndoRedo } from './undo-redo';
import { parseExport } from './parse-export';
import { replayExport } from './replay';
import { compareWithTrace, stateToTrace, type TraceLine } from './trace';

const a = (id: number, type: string, extra: Record<string, unknown> = {}): Action =>
	({ id, type, entity: 1, ...extra }) as unknown as Action;
const ids = (xs: readonly Action[]) => xs.map((x) => x.id);

describe('undo and redo are resolved before replay (reference README)', () => {
	it('an undo removes the last surviving non-message action', () => {
		const r = resolveUndoRedo([a(1, 'bid'), a(2, 'pass'), a(3, 'message'), a(4, 'undo')]);
		expect(ids(r.surviving)).toEqual([1, 3]);
	});
	it('an undo with action_id removes every surviving non-message action after it; 0 removes all', () => {
		expect(ids(resolveUndoRedo([a(1, 'bid'), a(2, 'bid'), a(3, 'bid'), a(4, 'undo', { action_id: 1 })]).surviving)).toEqual([1]);
		expect(ids(resolveUndoRedo([a(1, 'bid'), a(2, 'bid'), a(3, 'undo', { action_id: 0 })]).surviving)).toEqual([]);
	});
	it('a redo restores the last undone group; a new action clears the redo stack', () => {
		expect(ids(resolveUndoRedo([a(1, 'bid'), a(2, 'bid'), a(3, 'undo'), a(4, 'redo')]).surviving)).toEqual([1, 2]);
		expect(ids(resolveUndoRedo([a(1, 'bid'), a(2, 'bid'), a(3, 'undo'), a(4, 'pass'), a(5, 'redo')]).surviving)).toEqual([1, 4]);
	});
});

const minimal = (actions: unknown[]) => ({
	id: 5,
	title: '1822MRS',
	players: [
		{ id: 1, name: 'a' },
		{ id: 2, name: 'b' },
		{ id: 3, name: 'c' }
	],
	settings: { seed: 2227, optional_rules: [] },
	actions,
	result: { '1': 500, '2': 500, '3': 500 }
});

describe('loading an export', () => {
	it('a malformed action is named by index and id', () => {
		const r = parseExport(minimal([{ type: 'bid', entity: 1, id: 1, company: 'C1', price: 100 }, { type: 'bid', entity: 2, id: 2, company: 'C1' }]));
		expect(r.ok ? null : r.error.message).toBe('actions[1] (id 2): "bid" needs a number "price".');
	});
	it('an unknown title or action type is refused with its field', () => {
		expect(parseExport({ ...minimal([]), title: '1830' }).ok).toBe(false);
		const r = parseExport(minimal([{ type: 'fly', entity: 1, id: 1 }]));
		expect(r.ok ? null : r.error.code).toBe('unknown_action');
	});
	it('replay stops cleanly at the first action the engine refuses, naming it and the reason', () => {
		const report = replayExport(minimal([{ type: 'bid', entity: 1, id: 1, company: 'C1', price: 100 }, { type: 'bid', entity: 2, id: 2, company: 'C1', price: 100 }]));
		expect(report.applied).toBe(1);
		expect(report.stoppedAt).toMatchObject({ actionId: 2, type: 'bid', code: 'not_your_turn' });
		expect(report.match).toBe(false);
	});
	it('auto_actions run right after their action', () => {
		const report = replayExport(
			minimal([
				{ type: 'bid', entity: 1, id: 1, company: 'C1', price: 100 },
				{ type: 'program_share_pass', entity: 1, id: 2, auto_actions: [{ type: 'pass', entity: 1 }] }
			])
		);
		expect(report.stoppedAt).toBeNull();
		expect(report.game?.state.round.kind === 'stock' && report.game.state.round.current).toBe(1);
	});
	it('a trace comparison reports the first differing field', () => {
		const report = replayExport(minimal([{ type: 'bid', entity: 1, id: 1, company: 'C1', price: 100 }]));
		const line = { id: 1, t: 'bid', e: 1, ap: 1, ...stateToTrace(report.game!.state) } as TraceLine;
		expect(compareWithTrace(report.game!.state, line)).toBeNull();
		const wrong = { ...line, bank: 1 } as TraceLine;
		expect(compareWithTrace(report.game!.state, wrong)).toEqual({ path: 'bank', ours: 10500, theirs: 1 });
	});
});
