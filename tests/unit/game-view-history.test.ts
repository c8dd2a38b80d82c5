/**
 * Issue 8 on the game view of a hotseat game: undo entries in the log ("Ada took back: …"), a redo
 * (the undone action played again) marked as one, every line naming its history position, the
 * history cursor's past positions (read-only), and chat signed by a seat of this device.
 */
import { describe, expect, it } from 'vitest';
import { bidBoxes, stateHash } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { HistoryCursor, positionFromParam } from '../../src/lib/state/history.svelte';
import { bidAction, passAction } from '../../src/lib/state/stock-actions';
import { hotseatSession } from './game-hotseat-harness';

async function table() {
	const { session } = await hotseatSession('1822NRS', ['Ada', 'Brunel', 'Cleo']);
	const view = new GameView(session);
	const minor = bidBoxes(view.state!).find((c) => c.startsWith('M'))!;
	return { session, view, minor };
}

describe('the log of a hotseat game lists undos and redos as entries', () => {
	it('an undo of one’s own action is an entry naming it; the same action played again is a redo', async () => {
		const { view, minor } = await table();
		expect(await view.act(bidAction(1, minor, 100))).toBe(true);
		expect(await view.act(passAction(1))).toBe(true);
		expect(await view.undo()).toBe(true);
		expect(view.log.map((l) => [l.kind, l.text, l.position])).toEqual([
			['round', 'Stock Round 1', 0],
			['action', `Ada bids £100 on Minor ${minor.slice(1)}`, 1],
			['undo', 'Ada took back: Ada passes', 1]
		]);
		expect(view.actions).toEqual([bidAction(1, minor, 100)]);
		expect(await view.act(passAction(1))).toBe(true);
		const last = view.log.at(-1)!;
		expect([last.kind, last.text, last.position, last.redo]).toEqual(['action', 'Ada passes', 2, true]);
		// A different action after an undo is no redo.
		expect(await view.act(passAction(2))).toBe(true);
		expect(view.log.at(-1)?.redo).toBeUndefined();
	});
});

describe('the history cursor of a hotseat game', () => {
	it('shows past positions read-only, steps through them and returns to the present', async () => {
		const { view, minor } = await table();
		await view.act(bidAction(1, minor, 100));
		await view.act(passAction(1));
		await view.act(passAction(2));
		const cursor = new HistoryCursor(view);
		expect(cursor.length).toBe(3);
		expect(cursor.viewing).toBe(false);
		cursor.back();
		expect(cursor.position).toBe(2);
		// After Ada's pass, Brunel is to act; nobody may act on a past position.
		expect(cursor.target?.toAct).toEqual([]);
		expect(await cursor.target?.act(passAction(2))).toBe(false);
		expect(cursor.target?.actions).toEqual([bidAction(1, minor, 100), passAction(1)]);
		cursor.toStart();
		expect(cursor.position).toBe(0);
		expect(stateHash(cursor.state!)).toBe(stateHash(view.initialState!));
		cursor.forward();
		expect(cursor.state?.round.kind).toBe('stock');
		expect(cursor.state && stateHash(cursor.state)).not.toBe(stateHash(view.initialState!));
		cursor.toPresent();
		expect(cursor.viewing).toBe(false);
		expect(cursor.state).toBeNull();
		// A position at or past the live game is the live game.
		cursor.show(3);
		expect(cursor.viewing).toBe(false);
	});

	it('reads a position from the URL parameter only when it is a whole number', () => {
		expect(positionFromParam('12')).toBe(12);
		expect(positionFromParam('0')).toBe(0);
		expect(positionFromParam(null)).toBeNull();
		expect(positionFromParam('-1')).toBeNull();
		expect(positionFromParam('1e3')).toBeNull();
	});
});

describe('chat on a hotseat device', () => {
	it('a message is sent as the chosen seat and read back with its author', async () => {
		const { view } = await table();
		expect(await view.say('  Good luck  ', 2)).toBe(true);
		await new Promise((r) => setTimeout(r, 0));
		expect(view.chat.map((m) => [m.name, m.text])).toEqual([['Cleo', 'Good luck']]);
		expect(await view.say('   ', 0)).toBe(false);
	});
});
