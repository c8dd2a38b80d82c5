/**
 * Undo and redo as log entries (issue 8). Undo is the log's own entry (sync/play-step.ts); redo
 * plays an action this device took back again, as a new entry, while nothing else has happened
 * since. Replaying the same action from the same position gives the same position, so the state
 * hash after a redo is the one before the undo.
 */
import { describe, expect, it } from 'vitest';
import { activeEntities, bidBoxes } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { stillNextMove, UndoRedo } from '../../src/lib/state/redo.svelte';
import { bidAction, passAction } from '../../src/lib/state/stock-actions';
import { hotseatSession } from './game-hotseat-harness';

async function table() {
	const { session, log } = await hotseatSession('1822NRS', ['Ada', 'Brunel', 'Cleo']);
	const view = new GameView(session);
	const tools = new UndoRedo(view);
	const minors = bidBoxes(view.state!).filter((c) => /^M\d+$/.test(c));
	const ada = activeEntities(view.state!)[0] as number;
	return { view, log, tools, minors, ada };
}

describe('undo on a hotseat device', () => {
	it('nothing to take back at the start; after a move it is this device’s own', async () => {
		const { view, tools, minors, ada } = await table();
		expect(tools.undoOffer).toEqual({ kind: 'none' });
		expect(await view.act(bidAction(ada, minors[0], 100))).toBe(true);
		expect(tools.undoOffer).toEqual({ kind: 'own' });
	});

	it('undo writes an undo entry and returns to the position before the move', async () => {
		const { view, log, tools, minors, ada } = await table();
		const start = view.view!.stateHash;
		expect(await view.act(bidAction(ada, minors[0], 100))).toBe(true);
		const entries = log.entries().length;
		expect(await tools.undo()).toBe(true);
		expect(log.entries().length).toBe(entries + 1);
		expect(view.view!.stateHash).toBe(start);
	});
});

describe('redo after an undo on this device', () => {
	it('plays the same action again as a new log entry; the hash is the one before the undo', async () => {
		const { view, log, tools, minors, ada } = await table();
		const bid = bidAction(ada, minors[0], 100);
		expect(await view.act(bid)).toBe(true);
		const afterBid = view.view!.stateHash;
		const headAfterBid = view.view!.head;
		expect(tools.redoAction).toBeNull();
		expect(await tools.undo()).toBe(true);
		expect(view.view!.stateHash).not.toBe(afterBid);
		expect(tools.redoAction).toEqual(bid);
		const entries = log.entries().length;

		expect(await tools.redo()).toBe(true);
		expect(view.view!.stateHash).toBe(afterBid);
		// A new entry, not the old one brought back.
		expect(log.entries().length).toBe(entries + 1);
		expect(view.view!.head).not.toBe(headAfterBid);
		expect(view.actions.at(-1)).toEqual(bid);
		expect(tools.redoAction).toBeNull();
	});

	it('two undos are redone in the order they were made', async () => {
		const { view, tools, minors, ada } = await table();
		expect(await view.act(bidAction(ada, minors[0], 100))).toBe(true);
		const afterBid = view.view!.stateHash;
		expect(await view.act(passAction(ada))).toBe(true);
		const afterPass = view.view!.stateHash;
		expect(await tools.undo()).toBe(true);
		expect(await tools.undo()).toBe(true);
		expect(await tools.redo()).toBe(true);
		expect(view.view!.stateHash).toBe(afterBid);
		expect(await tools.redo()).toBe(true);
		expect(view.view!.stateHash).toBe(afterPass);
		expect(await tools.redo()).toBe(false);
	});

	it('any other move after the undo drops what could have been redone', async () => {
		const { view, tools, minors, ada } = await table();
		expect(await view.act(bidAction(ada, minors[0], 100))).toBe(true);
		expect(await tools.undo()).toBe(true);
		expect(tools.redoAction).not.toBeNull();
		expect(await view.act(bidAction(ada, minors[1], 100))).toBe(true);
		expect(tools.redoAction).toBeNull();
		expect(await tools.redo()).toBe(false);
		// Undoing that move does not bring the older one back either.
		expect(await tools.undo()).toBe(true);
		expect(tools.redoAction).toEqual(bidAction(ada, minors[1], 100));
	});
});

describe('redo is offered only while the action is still the next legal move', () => {
	it('a seat of this device must be to act for the action’s entity, and the engine must accept it', async () => {
		const { view, minors, ada } = await table();
		const brunel = view.state!.players.map((p) => p.id).find((id) => id !== ada)!;
		expect(stillNextMove(view.state, view.toAct, bidAction(ada, minors[0], 100) as never)).toBe(true);
		// Not Brunel's turn (rules digest 3.3: players act in turn order).
		expect(stillNextMove(view.state, view.toAct, bidAction(brunel, minors[0], 100) as never)).toBe(false);
		// Ada's turn, but no seat of this device: a spectator cannot redo.
		expect(stillNextMove(view.state, [], bidAction(ada, minors[0], 100) as never)).toBe(false);
		// The engine refuses a bid above the player's cash (£500 in NRS with 3 players).
		expect(stillNextMove(view.state, view.toAct, bidAction(ada, minors[0], 505) as never)).toBe(false);
	});
});
