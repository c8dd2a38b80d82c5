/**
 * The operating round's "what may I do now" query (issue 5; rules digest 5.2–5.8, 6.3, 9.1):
 * what it offers is accepted by the engine, and it answers the step's own choices.
 */
import { describe, expect, it } from 'vitest';
import { legalActionTypes, operatingChoices, process, type Action } from '../../src/lib/engine/index';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { floatMinorFor, newGame, player } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn, operatingTurn } from './or-support';

const CORP = 'NBR';

function act(type: string, extra: Record<string, unknown>, entity: string | number = CORP): Action {
	return { type, entity, entity_type: typeof entity === 'number' ? 'player' : entity.startsWith('P') ? 'company' : 'corporation', ...extra } as unknown as Action;
}

describe('operating choices: every offer is accepted', () => {
	it('each offered tile lay (with and without P12 and P10) is accepted by the engine', () => {
		const s = majorTurn(CORP, 'track', { phase: '3' });
		placeHome(s, CORP);
		giveToCorporation(s, 'P12', CORP);
		giveToCorporation(s, 'P10', CORP);
		const c = operatingChoices(s)!;
		expect(c.actions).toContain('lay_tile');
		expect(c.tileLays.map((l) => l.privates.join('+'))).toContain('');
		let tried = 0;
		for (const choice of c.tileLays)
			for (const hex of choice.hexes)
				for (const tile of hex.tiles) {
					const r = process(s, act('lay_tile', { hex: hex.hex, tile: tile.tileId, rotation: tile.rotations[0].rotation, combo_entities: choice.combo }, choice.entity));
					expect(r.ok, `${choice.entity} ${hex.hex} ${tile.tileId}: ${r.ok ? '' : r.error.code}`).toBe(true);
					tried++;
				}
		expect(tried).toBeGreaterThan(0);
	});

	it('each offered depot train is accepted at its price, and a minor at its first turn is offered only the L', () => {
		const s = newGame();
		floatMinorFor(s, '3', 1, 50);
		s.corporations['3'].cash = 200;
		operatingTurn(s, '3', 'housekeeping');
		placeHome(s, '3');
		const c = operatingChoices(s)!;
		expect(c.step).toBe('housekeeping');
		expect(c.actions).toEqual(expect.arrayContaining(['buy_train', 'pass']));
		const offers = c.trains!.depot.flatMap((d) => d.variants.map((v) => ({ train: d.train, ...v })));
		expect(offers.map((o) => o.variant)).toEqual(['L']);
		for (const o of offers) expect(process(s, act('buy_train', { train: o.train, price: o.price, variant: o.variant }, '3')).ok).toBe(true);
	});
});

describe('operating choices per step', () => {
	it('a corporation over its train limit may only discard, naming any of its trains', () => {
		const s = majorTurn(CORP, 'track', { phase: '3' });
		s.corporations[CORP].trains = [
			{ id: '2-0', name: '2' },
			{ id: '2-1', name: '2' },
			{ id: '3-0', name: '3' },
			{ id: '3-1', name: '3' },
			{ id: '3-2', name: '3' }
		];
		const c = operatingChoices(s)!;
		expect(c.step).toBe('discard');
		expect(c.actions).toEqual(['discard_train']);
		expect(c.discard).toEqual(['2-0', '2-1', '3-0', '3-1', '3-2']);
	});

	it('a major with revenue is offered payout, half and withhold at its dividend step', () => {
		const s = majorTurn(CORP, 'dividend', { phase: '3' });
		if (s.round.kind === 'operating') s.round.turn.revenue = 60;
		const c = operatingChoices(s)!;
		expect(c.dividends).toEqual(['payout', 'half', 'withhold']);
		expect(c.actions).toContain('dividend');
	});

	it('an emergency: the director pays what they have, the bank lends the rest of the cheapest train', () => {
		const s = majorTurn(CORP, 'buy_train', { phase: '1' });
		placeHome(s, CORP);
		s.corporations[CORP].cash = 10;
		player(s, 1).cash = 20;
		const c = operatingChoices(s)!;
		// The cheapest depot train in phase 1 is the L at £60: £10 from the treasury, £20 from the director, £30 lent.
		expect(c.trains?.emergency).toMatchObject({ director: 1, cheapest: 60, directorPays: 20, loan: 30, sellable: [] });
		expect(c.actions).not.toContain('pass');
	});
});

describe('legal action types in every round', () => {
	it('the first stock round: bids and passing', () => {
		const s: GameState = newGame();
		expect(legalActionTypes(s)).toEqual(expect.arrayContaining(['bid', 'pass']));
		expect(legalActionTypes(s)).not.toContain('dividend');
	});
	it('an operating round answers with the operating choices', () => {
		const s = majorTurn(CORP, 'dividend', { phase: '3' });
		if (s.round.kind === 'operating') s.round.turn.revenue = 60;
		expect(legalActionTypes(s)).toEqual(operatingChoices(s)!.actions);
	});
});
