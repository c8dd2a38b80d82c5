/**
 * Export of programmed actions to 18xx.games: what our programs did automatically goes out as
 * the triggering action's `auto_actions`, as the site records it, so the site (and our own
 * import) loads the game to the same position.
 */
import { describe, expect, it } from 'vitest';
import { createGame, process, activeEntities, type Action, type GameState } from '../../src/lib/engine/index';
import { exportTo18xx } from '../../src/lib/interop/export-18xx';
import { replayExport } from '../../src/lib/interop/replay';

const players = [
	{ id: 1, name: 'Ada' },
	{ id: 2, name: 'Bob' },
	{ id: 3, name: 'Cy' }
];

function playLive(actions: Action[]): GameState {
	const made = createGame({ title: '1822NRS', players, seed: 42 });
	if (!made.ok) throw new Error(made.error.message);
	let s = made.value;
	for (const a of actions) {
		const r = process(s, a);
		if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
		s = r.value;
	}
	return s;
}

describe('export of programmed actions', () => {
	it('an auto-pass is exported as the auto_actions of the action that triggered it', () => {
		const actions: Action[] = [
			{ type: 'program_share_pass', entity: 2, unconditional: false, indefinite: false },
			{ type: 'pass', entity: 1 }
		];
		const final = playLive(actions);
		// Bob's turn was passed for him: Cy is to act.
		expect(activeEntities(final)).toEqual([3]);
		const file = exportTo18xx({ id: 'g', title: '1822NRS', players, seed: 42, optionalRules: [], actions: actions.map((action) => ({ action })), final, now: 1_700_000_000 });
		expect(file.actions[0].auto_actions).toBeUndefined();
		expect(file.actions[1].auto_actions).toEqual([{ type: 'pass', entity: 2, entity_type: 'player', created_at: 1_700_000_000 }]);
		expect(file.acting).toEqual([3]);
		// Read back the way the site's file is read: the program is a no-op, the recorded pass runs.
		const report = replayExport(JSON.parse(JSON.stringify(file)));
		expect(report.stoppedAt).toBeNull();
		expect(report.game && activeEntities(report.game.state as GameState)).toEqual([3]);
	});

	it('a program set on the player’s own turn carries its pass itself', () => {
		const actions: Action[] = [{ type: 'program_share_pass', entity: 1, unconditional: true, indefinite: false }];
		const final = playLive(actions);
		const file = exportTo18xx({ id: 'g', title: '1822NRS', players, seed: 42, optionalRules: [], actions: actions.map((action) => ({ action })), final, now: 5 });
		expect(file.actions[0]).toMatchObject({ type: 'program_share_pass', unconditional: true, auto_actions: [{ type: 'pass', entity: 1 }] });
	});

	it('the site’s own recorded auto_actions are kept as they are', () => {
		const recorded: Action = { type: 'pass', entity: 1, created_at: 9, auto_actions: [{ type: 'pass', entity: 2, created_at: 9 }] };
		const file = exportTo18xx({
			id: 'g',
			title: '1822NRS',
			players,
			seed: 42,
			optionalRules: [],
			actions: [{ action: { type: 'program_share_pass', entity: 2, created_at: 8 } }, { action: recorded }],
			now: 10
		});
		expect(file.actions[1].auto_actions).toEqual([{ type: 'pass', entity: 2, entity_type: 'player', created_at: 9 }]);
	});
});
