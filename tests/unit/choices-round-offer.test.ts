/**
 * The Choices round asks the Double Cash (P9) holder whether to count their cash twice for the
 * new player order, or to pass [g_1822/round/choices.rb; g_1822/step/choose.rb]: the engine's
 * offer names that player and the figures the page shows, and is what the round accepts.
 * The position is a random game (seed 3, after 179 actions) that reached the round with a choice
 * that matters (an inconsequential one is passed by the engine itself); its 179 actions are kept
 * in tests/fixtures/positions.
 */
import { describe, expect, it } from 'vitest';
import { doubleCashChoice, process, type Action, type GameState } from '../../src/lib/engine/index';
import { playRandomGame } from '../support/random-player';
import { recordedPosition } from '../support/recorded-position';

function position(): GameState {
	const s = recordedPosition('seed-3-choices-round');
	if (s.round.kind !== 'choices') throw new Error('the recorded actions no longer reach the Choices round');
	return s;
}

describe('the Choices round offers the P9 holder a double or a pass', () => {
	it('names the holder, its cash and the cash counted if doubled', () => {
		const s = position();
		const holder = s.companies.P9?.owner;
		const offer = doubleCashChoice(s);
		expect(offer).not.toBeNull();
		expect(`player:${offer?.player}`).toBe(holder);
		const cash = s.players.find((p) => p.id === offer?.player)?.cash;
		expect(offer).toMatchObject({ company: 'P9', cash, choices: ['double'] });
		expect(offer?.countedIfDoubled).toBe((cash ?? 0) * 2);
	});

	it('takes each offered choice and the pass from the holder, and nothing from another player', () => {
		const s = position();
		const offer = doubleCashChoice(s)!;
		for (const choice of offer.choices) {
			const r = process(s, { type: 'choose', entity: offer.player, entity_type: 'player', choice } as Action);
			expect(r.ok ? null : r.error.code).toBeNull();
			if (r.ok) expect(doubleCashChoice(r.value)).toBeNull();
		}
		const pass = process(s, { type: 'pass', entity: offer.player, entity_type: 'player' } as Action);
		expect(pass.ok).toBe(true);
		const other = s.players.find((p) => p.id !== offer.player)!.id;
		const refused = process(s, { type: 'choose', entity: other, entity_type: 'player', choice: 'double' } as Action);
		expect(refused.ok ? null : refused.error.code).toBe('not_your_turn');
	});

	it('offers nothing outside the Choices round', () => {
		const s = playRandomGame(3, { stopAfter: 5 }).final!;
		expect(s.round.kind).not.toBe('choices');
		expect(doubleCashChoice(s)).toBeNull();
	});
});
