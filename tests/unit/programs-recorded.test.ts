/**
 * Programmed actions against the recorded games: before every logged action, the engine is put
 * in live play on the very position the site had, the action is applied, and the automatic
 * actions our programs take must be the ones the site recorded in that action's `auto_actions`
 * (the players' passes, purchases and program cancellations with their reasons).
 * The games live in ../shared/reference (relative to the project root); without it this suite is
 * skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import { autoActions, process, type Action, type GameState } from '../../src/lib/engine/index';
import { batchOf, newReferenceGame, referenceGames, referencePresent } from '../support/reference-games';

/** What matters of an automatic action: who, what, and the fields the site checks. */
function essence(a: Action): string {
	const r = a as unknown as Record<string, unknown>;
	const parts = [a.type, String(a.entity)];
	if (a.type === 'program_disable') parts.push(String(r.reason));
	// The certificate itself, not only the major: a program takes the first certificate of the
	// market or treasury, so this also pins the order in which holders keep their certificates.
	if (a.type === 'buy_shares') parts.push(String(a.shares[0]), String(r.percent));
	if (a.type === 'program_share_pass') parts.push(String(r.unconditional ?? false), String(r.indefinite ?? false));
	return parts.join(' ');
}

const live = (s: GameState): GameState => ({ ...s, setup: { ...s.setup, mode: 'live' } });

/** The automatic actions taken in a stock round (programs), leaving out those of other rounds' steps. */
function programsOnly(after: ReturnType<typeof process>, before: GameState, action: Action): Action[] {
	if (!after.ok) return [];
	const out: Action[] = [];
	// Re-walk: the action alone (import mode takes no automatic actions), then each automatic one.
	const first = process({ ...before, setup: { ...before.setup, mode: 'import' } }, action);
	if (!first.ok) return [];
	let state = first.value;
	for (const a of autoActions(after.value)) {
		if (state.round.kind === 'stock') out.push(a);
		const r = process(state, a);
		if (!r.ok) break;
		state = r.value;
	}
	return out;
}

const games = referenceGames().filter((g) => g.surviving.some((a) => a.type.startsWith('program_')));

describe.skipIf(!referencePresent)('programs fire as on 18xx.games in the recorded games', () => {
	for (const g of games) {
		it(g.name, () => {
			const game = newReferenceGame(g);
			let compared = 0;
			let fired = 0;
			const mismatches: string[] = [];
			for (let i = 0; i < g.surviving.length; i++) {
				const action = g.surviving[i];
				const before = game.snapshot();
				if (before.programs) {
					const { auto_actions: _recorded, ...bare } = action;
					const r = process(live(before), bare as Action);
					if (r.ok) {
						// Programs' actions only: the steps' own automatic actions (a corporation's destination
						// pass, the pass of a P9 choice that changes nothing) are newer on the site than these
						// recordings and are pinned by the differential cases.
						const ours = programsOnly(process(live(before), bare as Action), live(before), bare as Action).map(essence);
						const theirs = (action.auto_actions ?? []).filter((a) => typeof a.entity === 'number').map(essence);
						compared++;
						fired += theirs.length;
						if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push(`#${action.id} ${action.type}: ours ${JSON.stringify(ours)} theirs ${JSON.stringify(theirs)}`);
					}
				}
				for (const a of batchOf(action)) expect(game.process(a).ok).toBe(true);
			}
			expect(mismatches).toEqual([]);
			expect(compared).toBeGreaterThan(0);
			expect(fired).toBeGreaterThan(0);
		});
	}
});
