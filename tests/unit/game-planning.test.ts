/**
 * Planning branches (issue 8): moves tried from the current position on this device only. The
 * branch must never write to the game's log or change the live position; refusals come from
 * the engine, as on the live game; stepping back on the branch restores the position before.
 *
 * The game: hotseat 1822NRS, 3 players, each winning one minor with a lone £100 bid in stock
 * round 1 (rules digest 3.3), so that the first operating round opens with a minor's first turn
 * (rules digest 5.2: it may buy an L train, then lay track and run).
 */
import { describe, expect, it } from 'vitest';
import { activeEntities, bidBoxes, operatingChoices, stateHash, type GameState } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { BRANCH_LOG_HEADER, openBranch, PlanningBranch } from '../../src/lib/state/planning.svelte';
import { bidAction, passAction } from '../../src/lib/state/stock-actions';
import { buyTrainAction, layTileAction, runRoutesAction } from '../../src/lib/state/operating-actions';
import { bestRoutes } from '../../src/lib/state/operating-routes';
import { hotseatSession } from './game-hotseat-harness';

const START_CASH = 500;
const BID = 100;
const MINOR_TREASURY = 100;
const L_PRICE_NRS = 50;

async function liveGame() {
	const { session, log } = await hotseatSession('1822NRS', ['Ada', 'Brunel', 'Cleo']);
	const view = new GameView(session);
	return { view, log };
}

/** Stock round 1 played on the live game: each player bids £100 on a different minor, then all pass. */
async function toFirstOperatingRound(view: GameView): Promise<void> {
	const minors = bidBoxes(view.state!).filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	for (const m of minors) {
		const p = activeEntities(view.state!)[0] as number;
		expect(await view.act(bidAction(p, m, BID))).toBe(true);
		expect(await view.act(passAction(p))).toBe(true);
	}
	for (let i = 0; i < 10 && view.state!.round.kind === 'stock'; i++) {
		expect(await view.act(passAction(activeEntities(view.state!)[0] as number))).toBe(true);
	}
	expect(view.state!.round.kind).toBe('operating');
}

function liveFingerprint(view: GameView, entries: () => number) {
	return {
		entries: entries(),
		head: view.view?.head,
		hash: view.view?.stateHash,
		chain: view.view?.chain.length,
		log: view.log.map((l) => l.text).join('\n')
	};
}

describe('a planning branch is private: the live game and its log never change', () => {
	it('a bid on the branch changes the branch position, not the live state, hash or log', async () => {
		const { view, log } = await liveGame();
		const before = liveFingerprint(view, () => log.entries().length);
		const branch = openBranch(view)!;
		const ada = activeEntities(branch.state)[0] as number;
		const minor = bidBoxes(branch.state).find((c) => /^M\d+$/.test(c))!;

		expect(await branch.act(bidAction(ada, minor, BID), `bid:${minor}`)).toBe(true);
		expect(branch.moves).toHaveLength(1);
		expect(branch.hash).not.toBe(before.hash);
		expect(branch.state.round.kind === 'stock' && branch.state.round.bids[minor]?.map((b) => b.price)).toEqual([BID]);
		expect(liveFingerprint(view, () => log.entries().length)).toEqual(before);
		expect(stateHash(view.state!)).toBe(before.hash);
		// The branch's own log: the game's log, a header, then the move as a sentence.
		expect(branch.log.map((l) => l.text)).toEqual([...view.log.map((l) => l.text), BRANCH_LOG_HEADER, `Ada bids £${BID} on Minor ${minor.slice(1)}`]);
	});

	it('a tile lay and a run on the branch show their results there; the live game is unchanged', async () => {
		const { view, log } = await liveGame();
		await toFirstOperatingRound(view);
		const before = liveFingerprint(view, () => log.entries().length);
		const branch = openBranch(view)!;
		const first = operatingChoices(branch.state)!;
		const minor = first.entity;
		expect(branch.state.corporations[minor].cash).toBe(MINOR_TREASURY);

		const offer = first.trains!.depot[0];
		expect(await branch.act(buyTrainAction(minor, offer.train, L_PRICE_NRS, 'L'), 'buy-train')).toBe(true);
		const track = operatingChoices(branch.state)!;
		const lays = track.tileLays[0];
		const hex = lays.hexes[0];
		const tile = hex.tiles[0];
		const rotation = tile.rotations[0];
		expect(await branch.act(layTileAction(lays.entity, lays.combo, hex.hex, tile.tileId, rotation.rotation), 'or-tile')).toBe(true);
		expect(branch.state.board.tiles[hex.hex]?.tile).toBe(tile.tileId);
		const afterLay = MINOR_TREASURY - L_PRICE_NRS - rotation.cost;
		expect(branch.state.corporations[minor].cash).toBe(afterLay);

		// Skip the station, then run the best routes (rules digest 8.1: a minor keeps half, rounded down).
		while (operatingChoices(branch.state)?.step !== 'route') {
			expect(await branch.act({ type: 'pass', entity: minor, entity_type: 'corporation' }, 'or-pass')).toBe(true);
		}
		const best = bestRoutes(branch.state)!;
		expect(best.total).toBeGreaterThan(0);
		expect(await branch.act(runRoutesAction(minor, best.routes), 'or-run')).toBe(true);
		expect(branch.state.corporations[minor].cash).toBe(afterLay + Math.floor(best.total / 2));
		expect(branch.log.findLast((l) => l.kind === 'action')?.text ?? '').toMatch(new RegExp(`^Minor ${minor} runs for £${best.total}`));

		expect(liveFingerprint(view, () => log.entries().length)).toEqual(before);
		expect(view.state!.corporations[minor].cash).toBe(MINOR_TREASURY);
		expect(view.state!.board.tiles[hex.hex]?.tile).not.toBe(tile.tileId);
	});
});

describe('moves on a branch are checked by the engine, as on the live game', () => {
	it('a refused bid leaves the branch unchanged and shows the engine reason beside its control', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const ada = activeEntities(branch.state)[0] as number;
		const [m1, m2] = bidBoxes(branch.state).filter((c) => /^M\d+$/.test(c));
		expect(await branch.act(bidAction(ada, m1, BID))).toBe(true);
		const hash = branch.hash;
		// Rules digest 3.3: a bid may not exceed the cash not already committed (£500 − £100).
		expect(await branch.act(bidAction(ada, m2, START_CASH - BID + 50), `bid:${m2}`)).toBe(false);
		expect(branch.refusal).toEqual({
			control: `bid:${m2}`,
			code: 'bid_exceeds_available_cash',
			message: `You have £${START_CASH - BID} not already committed to winning bids.`
		});
		expect(branch.hash).toBe(hash);
		expect(branch.moves).toHaveLength(1);
		// The next accepted move clears it.
		expect(await branch.act(passAction(ada), 'pass')).toBe(true);
		expect(branch.refusal).toBeNull();
	});

	it('a move for a player who is not to act is refused as not their turn', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const [ada] = activeEntities(branch.state) as number[];
		const other = branch.state.players.map((p) => p.id).find((id) => id !== ada)!;
		const hash = branch.hash;
		expect(await branch.act(passAction(other), 'pass')).toBe(false);
		expect(branch.refusal?.code).toBe('not_your_turn');
		expect(branch.hash).toBe(hash);
	});

	it('undo and redo are not moves of a branch (the log has its own entries for them)', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const ada = activeEntities(branch.state)[0] as number;
		expect(await branch.act({ type: 'undo', entity: ada, entity_type: 'player' })).toBe(false);
		expect(branch.refusal?.code).toBe('not_in_live_play');
	});
});

describe('every seat may act on a branch', () => {
	it('each player in turn, from one branch, whoever holds the device', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const seen: number[] = [];
		for (let i = 0; i < 3; i++) {
			const p = activeEntities(branch.state)[0] as number;
			expect(branch.toAct).toEqual([p - 1]);
			seen.push(p);
			expect(await branch.act(passAction(p))).toBe(true);
		}
		expect(new Set(seen).size).toBe(3);
	});

	it('a spectator (a position with no seats of this device) may plan too', async () => {
		const { view } = await liveGame();
		// A branch needs only a position: what the page shows a spectator is the same state.
		const branch = new PlanningBranch({ game: view.game, state: view.state as GameState, actions: [], log: [] });
		const p = activeEntities(branch.state)[0] as number;
		expect(await branch.act(passAction(p))).toBe(true);
		expect(branch.moves).toHaveLength(1);
	});
});

describe('stepping back on a branch', () => {
	it('restores the previous position and hash; redo plays the move again', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const start = branch.hash;
		const ada = activeEntities(branch.state)[0] as number;
		const minor = bidBoxes(branch.state).find((c) => /^M\d+$/.test(c))!;
		expect(await branch.act(bidAction(ada, minor, BID))).toBe(true);
		const afterBid = branch.hash;
		expect(await branch.act(passAction(ada))).toBe(true);
		const afterPass = branch.hash;

		expect(branch.stepBack()).toBe(true);
		expect(branch.hash).toBe(afterBid);
		expect(branch.stepBack()).toBe(true);
		expect(branch.hash).toBe(start);
		expect(branch.stepBack()).toBe(false);
		expect(branch.log.at(-1)?.text).toBe(BRANCH_LOG_HEADER);

		expect(branch.redo()).toBe(true);
		expect(branch.hash).toBe(afterBid);
		expect(branch.redo()).toBe(true);
		expect(branch.hash).toBe(afterPass);
		expect(branch.canRedo).toBe(false);
	});

	it('a new move after stepping back drops the moves that could have been redone', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const ada = activeEntities(branch.state)[0] as number;
		const [m1, m2] = bidBoxes(branch.state).filter((c) => /^M\d+$/.test(c));
		expect(await branch.act(bidAction(ada, m1, BID))).toBe(true);
		branch.stepBack();
		expect(branch.canRedo).toBe(true);
		expect(await branch.act(bidAction(ada, m2, BID))).toBe(true);
		expect(branch.canRedo).toBe(false);
		expect(branch.log.at(-1)?.text).toBe(`Ada bids £${BID} on Minor ${m2.slice(1)}`);
	});

	it('each position of a branch has its own route-finder key, never the live one', async () => {
		const { view } = await liveGame();
		const branch = openBranch(view)!;
		const keys = new Set([`${view.game}@${view.actionCount}`, `${branch.game}@${branch.actionCount}`]);
		const ada = activeEntities(branch.state)[0] as number;
		await branch.act(passAction(ada));
		keys.add(`${branch.game}@${branch.actionCount}`);
		branch.stepBack();
		keys.add(`${branch.game}@${branch.actionCount}`);
		expect(keys.size).toBe(4);
	});
});
