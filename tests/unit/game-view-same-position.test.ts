/**
 * The same position derived afresh keeps its state object in the game view: the session may
 * order the log again and replay to the same head (same state hash) with a new object, and the
 * page keys what it holds for a position (a route being built by clicks, a click's problem) on
 * that object. A new head, or a new hash, is a new position. The game is read from
 * ../shared/reference; without it this suite is skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { GameSession, type SessionView } from '../../src/lib/sync/session';
import { importedSession } from '../support/imported-session';
import { referenceGames, referencePresent } from '../support/reference-games';

type Listener = (view: SessionView<GameState>) => void;

/** A session whose subscriber can also be handed views by the test. */
async function openWithTap(): Promise<{ session: GameSession<GameState>; tap: () => Listener }> {
	const g = referenceGames().find((x) => x.name === '1822MRS/2227.json');
	if (!g) throw new Error('1822MRS/2227.json not found');
	const session = await importedSession(g);
	let listener: Listener | null = null;
	const subscribe = session.subscribe.bind(session);
	session.subscribe = (fn: Listener) => {
		listener = fn;
		return subscribe(fn);
	};
	return {
		session,
		tap: () => {
			if (!listener) throw new Error('the view did not subscribe');
			return listener;
		}
	};
}

describe.skipIf(!referencePresent)('the same position keeps its state object', () => {
	it('a view of the same head and hash with a new state object leaves the view’s state as it was; a new hash replaces it', async () => {
		const { session, tap } = await openWithTap();
		const view = new GameView(session);
		const first = view.state;
		const now = session.view;
		expect(first).not.toBeNull();
		expect(now?.stage).toBe('playing');
		if (!first || !now || now.stage !== 'playing' || !now.state) return;
		expect(now.stateHash).not.toBeNull();

		const copy = structuredClone(now.state);
		tap()({ ...now, state: copy });
		expect(view.state).toBe(first);

		tap()({ ...now, state: copy, stateHash: `${now.stateHash}-other` });
		expect(view.state).toBe(copy);
		view.close();
	});
});
