/**
 * The game page shows the view of the round the engine says is under way (round-view.ts): an
 * action that ends an operating round — here a redemption, the last action of the last turn of
 * the set's last OR — switches the page to the stock round at once, and the operating view's
 * question (`operatingChoices`) then has no answer.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, type Action } from '../../src/lib/engine';
import { newGame } from '../../src/lib/engine/titles/g1822/testing';
import { shareAction } from '../../src/lib/state/operating-actions';
import { roundView } from '../../src/lib/state/round-view';
import { majorTurn } from './or-support';

describe('the page follows the round the engine is in', () => {
	it('a new game is in its stock round; a finished one shows no round view', () => {
		const s = newGame();
		expect(roundView(s)).toBe('stock');
		s.end.finished = true;
		expect(roundView(s)).toBe('finished');
	});

	it('the Choices round has its own view', () => {
		const s = newGame();
		s.round = { kind: 'choices', entities: [1], current: 0 };
		expect(roundView(s)).toBe('choices');
	});

	it('a redemption that ends the last operating round of the set switches the view to the stock round', () => {
		const s = majorTurn('NBR', 'issue', { phase: '3' });
		if (s.round.kind !== 'operating') throw new Error('not operating');
		// The second OR of two, NBR the only company: its turn ends the set.
		s.round.num = s.round.total;
		s.corporations.NBR.shares[1].owner = 'pool';
		s.corporations.NBR.cash = 500;
		expect(roundView(s)).toBe('operating');
		expect(operatingChoices(s)?.redeem).toContain(1);
		const r = process(s, shareAction(s, 'NBR', 'redeem', 1) as unknown as Action);
		if (!r.ok) throw new Error(r.error.message);
		expect(r.value.corporations.NBR.shares[1].owner).toBe('treasury');
		expect(r.value.round.kind).toBe('stock');
		expect(roundView(r.value)).toBe('stock');
		expect(operatingChoices(r.value)).toBeNull();
	});
});
