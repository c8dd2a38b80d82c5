/**
 * Engine bugs found by the random player (issue 12), each pinned by a small hand-built position:
 * what the queries offer must be what the engine accepts, and live play must never let a player
 * spend cash that covers a winning bid.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, stockRoundChoices, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { activePlayer, giveCompany, newGame, play, player } from '../../src/lib/engine/titles/g1822/testing';
import { majorTurn, phaseIndex } from './or-support';

describe('rules digest 5.4: the destination token is offered only once the destination is connected', () => {
	it('a major whose destination is not yet reached is not offered hex_token, which the engine refuses', () => {
		const s = majorTurn('NBR', 'track', { phase: '3' });
		placeHome(s, 'NBR');
		const c = operatingChoices(s)!;
		expect(c.destination).toBeNull();
		expect(c.actions).not.toContain('hex_token');
		// The engine's own answer for the destination of NBR, H1 (rules digest 5.4).
		const r = process(s, { type: 'hex_token', entity: 'NBR', entity_type: 'corporation', hex: 'H1' } as Action);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.error.code).toBe('destination_not_reached');
	});
});

describe('rules digest 3.3–3.4: a live par is paid only from cash not committed to winning bids', () => {
	it('converting a concession is offered and accepted only at pars the free cash covers', () => {
		const s = newGame({ mode: 'live' });
		s.phase = phaseIndex(s, '2');
		const p = activePlayer(s);
		giveCompany(s, p, 'C2');
		player(s, p).cash = 150;
		const box = stockRoundChoices(s)!.bidBoxes.find((b) => b.min === 100 && b.company !== 'C2')!;
		// A bid, then the end of that turn (a par is not allowed in a turn with a bid).
		play(s, { type: 'bid', entity: p, company: box.company, price: 100 } as Action, { type: 'pass', entity: p } as Action);
		// Everyone else passes, so the bidder is on turn again with £100 of £150 committed.
		while (activePlayer(s) !== p) play(s, { type: 'pass', entity: activePlayer(s) } as Action);
		expect(s.round.kind).toBe('stock');
		// Converting GWR costs 2 × par − £100 (digest 3.4): £20 at 60, £40 at 70, £60 at 80 > £50 free.
		const gwr = stockRoundChoices(s)!.par.find((o) => o.corporation === 'GWR');
		expect(gwr?.pars.map((x) => x.price)).toEqual([70, 60]);
		const at80 = process(s, { type: 'par', entity: p, corporation: 'GWR', share_price: '80,6,4' } as Action);
		expect(at80.ok).toBe(false);
		if (!at80.ok) expect(at80.error.code).toBe('insufficient_cash');
		for (const option of gwr?.pars ?? []) expect(process(s, { type: 'par', entity: p, corporation: 'GWR', share_price: option.sharePrice } as Action).ok).toBe(true);
	});
});
