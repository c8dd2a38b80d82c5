/**
 * The table's figures come from the engine (issue 18): bank cash, the phase colour, committed and
 * free cash, the certificate count (P16 is no certificate: rules digest 3.6, 10.2), the next bid
 * (the highest + £5: 3.3) and the stacks. Expected values are worked by hand from the digest:
 * 4 players start with £525 from a £12,000 bank (1.1) and have a limit of 20 certificates.
 */
import { describe, expect, it } from 'vitest';
import { companyCardFigures, tableFigures } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { minorBoxes } from '../../src/lib/engine/titles/g1822/stock/bidboxes';
import { bid, giveCompany, newGame, play, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import { phaseIndex } from './or-support';

describe('table figures', () => {
	it('a new 4-player game: the bank holds £12,000 − 4 × £525 = £9,900; phase 1 is yellow; the bid step is £5', () => {
		const t = tableFigures(newGame());
		expect(t.bankCash).toBe(9900);
		expect(t.phase).toMatchObject({ name: '1', tileColours: ['yellow'], colour: 'yellow' });
		expect(t.bidStep).toBe(5);
		expect(t.bidsPerTurn).toBe(3);
		expect(t.players.map((p) => [p.cash, p.committed, p.free, p.certificates, p.certificateLimit])).toEqual([
			[525, 0, 525, 0, 20],
			[525, 0, 525, 0, 20],
			[525, 0, 525, 0, 20],
			[525, 0, 525, 0, 20]
		]);
	});

	it('the phase colour is the newest tile colour: phase 3 green, phase 5 brown', () => {
		const s = newGame();
		s.phase = phaseIndex(s, '3');
		expect(tableFigures(s).phase).toMatchObject({ tileColours: ['yellow', 'green'], colour: 'green' });
		s.phase = phaseIndex(s, '5');
		expect(tableFigures(s).phase.colour).toBe('brown');
	});

	it('a £150 bid: that box’s next bid is £155, the bidder has £150 committed and £375 free; an unbid minor starts at £100', () => {
		const s = newGame();
		const [m, m2] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 150));
		const t = tableFigures(s);
		expect(t.bidBoxes.find((b) => b.company === m)).toMatchObject({ kind: 'minor', faceValue: 100, bids: [{ player: 1, price: 150 }], minNext: 155 });
		expect(t.bidBoxes.find((b) => b.company === m2)).toMatchObject({ bids: [], minNext: 100 });
		expect(t.players[0]).toMatchObject({ cash: 525, committed: 150, free: 375 });
	});

	it('bids are listed highest first', () => {
		const s = newGame();
		const [m] = minorBoxes(s, configOf(s.setup));
		play(s, bid(1, m, 100), { type: 'pass', entity: 1 }, bid(2, m, 120));
		expect(tableFigures(s).bidBoxes.find((b) => b.company === m)?.bids).toEqual([
			{ player: 2, price: 120 },
			{ player: 1, price: 100 }
		]);
	});

	it('certificates: a share, a concession and a private count; the Tax Haven (P16) does not', () => {
		const s = newGame();
		startMajor(s, 'GWR', 2, 90);
		giveCompany(s, 2, 'C1');
		giveCompany(s, 2, 'P2');
		giveCompany(s, 2, 'P16');
		expect(tableFigures(s).players[1].certificates).toBe(3);
		expect(companyCardFigures(s, 'P16')?.isCertificate).toBe(false);
		expect(companyCardFigures(s, 'P2')?.isCertificate).toBe(true);
	});

	it('outside a stock round no bid box is shown and nothing is committed', () => {
		const s = newGame();
		startMajor(s, 'LNWR', 1);
		s.round = { kind: 'operating', num: 1, total: 1, order: ['LNWR'], current: 0, turn: { step: 'track', lays: [], extraLays: [], normalLaysForfeited: false, pullman: null, revenue: null, subsidy: 0, extraRevenue: null, extraKind: null, merge: null, tokenPlaced: false } };
		const t = tableFigures(s);
		expect(t.bidBoxes).toEqual([]);
		expect(t.players[0].committed).toBe(0);
	});

	it('stacks: minors, concessions and one private stack; 1822+ has three private stacks (rules digest 1.4)', () => {
		expect(tableFigures(newGame()).stacks.map((s) => s.stack)).toEqual(['minors', 'concessions', 'privates']);
		const plus = tableFigures(newGame({ rules: ['plus_expansion'] })).stacks;
		expect(plus.map((s) => s.stack)).toEqual(['minors', 'concessions', 'privates-1', 'privates-2', 'privates-3']);
		// Box 1 holds the train privates only (P1, P3, P4, P13, P14, P19).
		for (const c of plus[2].companies) expect(['P1', 'P3', 'P4', 'P13', 'P14', 'P19']).toContain(c);
	});
});
