import { describe, expect, it } from 'vitest';
import { bidBoxes } from '../../src/lib/engine';
import { GameView, type GameSummary } from '../../src/lib/state/game-view.svelte';
import { bidAction, passAction } from '../../src/lib/state/stock-actions';
import { playerRows, boxViews } from '../../src/lib/state/stock-view';
import { hotseatSession } from './game-hotseat-harness';

// Figures from the rules digest, not from the engine: NRS 3 players start with £500 (1.1); a bid
// commits its amount while it is the highest on its company; minimum = face value £100, then the
// highest bid + £5 (3.3).
const START = 500;

async function table() {
	const { session, log } = await hotseatSession('1822NRS', ['Ada', 'Brunel', 'Cleo']);
	const summaries: GameSummary[] = [];
	const view = new GameView(session, { onSummary: (s) => summaries.push(s) });
	const minors = bidBoxes(view.state!).filter((c) => c.startsWith('M'));
	return { session, log, view, summaries, minors };
}

describe('the game view of a hotseat stock round', () => {
	it('plays each bid as the seat the engine expects, and shows committed and free cash', async () => {
		const { view, minors } = await table();
		const [ma] = minors;
		expect(view.roundName).toBe('Stock Round 1');
		expect(view.hotseat).toBe(true);
		expect(view.active.map((a) => a.name)).toEqual(['Ada']);
		expect(await view.act(bidAction(1, ma, 100), `bid:${ma}`)).toBe(true);
		expect(await view.act(passAction(1), 'pass')).toBe(true);
		expect(view.active.map((a) => a.name)).toEqual(['Brunel']);
		expect(await view.act(bidAction(2, ma, 105), `bid:${ma}`)).toBe(true);
		const rows = playerRows(view.state!, [2]);
		expect(rows.map((r) => [r.name, r.cash, r.committed, r.free])).toEqual([
			['Ada', START, 0, START],
			['Brunel', START, 105, START - 105],
			['Cleo', START, 0, START]
		]);
		const box = boxViews(view.state!).find((b) => b.company === ma)!;
		expect(box.bids.map((b) => [b.name, b.price])).toEqual([
			['Brunel', 105],
			['Ada', 100]
		]);
		expect(box.minNext).toBe(110);
		// The engine's choices for Brunel agree: the next bid on that minor is from £110 (raise).
		expect(view.choices?.bidBoxes.find((b) => b.company === ma)).toBeUndefined(); // Brunel holds the highest bid
	});

	it('the log reads as sentences with the round as a header', async () => {
		const { view, minors } = await table();
		await view.act(bidAction(1, minors[0], 100));
		await view.act(passAction(1));
		await view.act(bidAction(2, minors[0], 105));
		expect(view.log.map((l) => l.text)).toEqual([
			'Stock Round 1',
			`Ada bids £100 on Minor ${minors[0].slice(1)}`,
			'Ada passes',
			`Brunel bids £105 on Minor ${minors[0].slice(1)}`
		]);
	});

	it('a refused bid shows the engine reason beside its control and writes nothing', async () => {
		const { view, log, minors } = await table();
		await view.act(bidAction(1, minors[0], 100));
		const entries = log.entries().length;
		const hash = view.view?.stateHash;
		expect(await view.act(bidAction(1, minors[1], 450), `bid:${minors[1]}`)).toBe(false);
		// Free cash is £500 − £100 committed = £400.
		expect(view.refusal).toEqual({
			control: `bid:${minors[1]}`,
			code: 'bid_exceeds_available_cash',
			message: 'You have £400 not already committed to winning bids.'
		});
		expect(log.entries().length).toBe(entries);
		expect(view.view?.stateHash).toBe(hash);
		// The next accepted action clears it.
		expect(await view.act(passAction(1), 'pass')).toBe(true);
		expect(view.refusal).toBeNull();
	});

	it('an action for a player who is not to act is refused as not their turn', async () => {
		const { view } = await table();
		expect(await view.act(passAction(2), 'pass')).toBe(false);
		expect(view.refusal?.code).toBe('not_your_turn');
	});

	it('when every player passes in a row the stock round ends: the auction result is logged and the round changes', async () => {
		const { session, log } = await hotseatSession('1822NRS', ['Ada', 'Brunel']);
		const view = new GameView(session);
		const minor = bidBoxes(view.state!).find((c) => c.startsWith('M'))!;
		await view.act(bidAction(1, minor, 100));
		await view.act(passAction(1));
		await view.act(passAction(2));
		await view.act(passAction(1));
		const texts = view.log.map((l) => l.text);
		expect(texts.some((t) => t.startsWith(`Ada wins Minor ${minor.slice(1)} (`) && t.endsWith('for £100'))).toBe(true);
		expect(view.roundName).not.toBe('Stock Round 1');
		expect(texts.at(-1)).toBe(view.roundName);
		expect(view.choices).toBeNull();
		expect(log.entries().length).toBeGreaterThan(0);
	});

	it('the summary for the home page names the title, players, round and whose turn', async () => {
		const { view, summaries } = await table();
		await view.act(passAction(1));
		expect(summaries.at(-1)).toEqual({
			title: '1822NRS',
			options: [],
			players: ['Ada', 'Brunel', 'Cleo'],
			round: 'Stock Round 1',
			turn: 'Brunel',
			hotseat: true
		});
	});
});
