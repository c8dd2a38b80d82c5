import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from '../../src/lib/engine';
import { describeAction, LogBuilder } from '../../src/lib/state/log-sentences';

function game(): GameState {
	const r = createGame({ title: '1822NRS', players: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Brunel' }], seed: 3 });
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

describe('the log as sentences', () => {
	it('names players by name and gives amounts in pounds', () => {
		const s = game();
		expect(describeAction(s, { type: 'bid', entity: 1, company: 'M5', price: 105 })).toBe('Ada bids £105 on Minor 5');
		expect(describeAction(s, { type: 'pass', entity: 2 })).toBe('Brunel passes');
		expect(describeAction(s, { type: 'par', entity: 1, corporation: 'LNWR', share_price: '90,4,2' })).toBe('Ada starts LNWR at £90');
		expect(describeAction(s, { type: 'buy_shares', entity: 2, shares: ['LNWR_3'], percent: 10 })).toBe('Brunel buys 10% of LNWR');
		expect(describeAction(s, { type: 'sell_shares', entity: 2, shares: ['LNWR_3', 'LNWR_4'], percent: 20 })).toBe('Brunel sells 20% of LNWR');
		expect(describeAction(s, { type: 'lay_tile', entity: 'LNWR', hex: 'H12', tile: '5', rotation: 0 })).toBe('LNWR lays tile 5 on H12');
	});

	it('a replay that diverges from the one already built starts again from the initial state (undo)', () => {
		const s = game();
		const log = new LogBuilder(s);
		const a: Action = { type: 'pass', entity: 1 };
		const b: Action = { type: 'pass', entity: 2 };
		expect(log.update([{ id: 'x', action: a }]).map((l) => l.text)).toEqual(['Stock Round 1', 'Ada passes']);
		expect(log.update([{ id: 'x', action: a }, { id: 'y', action: b }]).length).toBeGreaterThan(2);
		// 'x' was taken back: the log is rebuilt without it.
		expect(log.update([]).map((l) => l.text)).toEqual(['Stock Round 1']);
	});
});
