/**
 * The engine's events (issue 18): each kind produced in a small position, named after the rule
 * that makes it happen. Expected figures come from the rules digest, not from the event code:
 * the cash deltas of the state are checked against the events too. Events are not stored in the
 * state, and a refused action has none.
 */
import { describe, expect, it } from 'vitest';
import { cityId, Game, operatingChoices, process, processWithEvents, stateHash, type Action, type GameEvent } from '../../src/lib/engine/index';
import { corporationId, hexId, tileId } from '../../src/lib/engine/core/ids';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { minorBoxes } from '../../src/lib/engine/titles/g1822/stock/bidboxes';
import { activePlayer, bid, floatMinorFor, newGame, pass, player, priceOf, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { acquireTurn, dropFromDepot, giveToCorporation, giveTrain, majorTurn, operatingTurn, phaseIndex, run } from './or-support';

const corpAct = (entity: string, type: string, extra: Record<string, unknown> = {}): Action => ({ type, entity, entity_type: 'corporation', ...extra }) as unknown as Action;
const buy = (entity: string, train: string, price: number): Action => corpAct(entity, 'buy_train', { train, price });

/** Applies `action` with its events, failing loudly on a refusal. */
function withEvents(state: GameState, action: Action): { after: GameState; events: GameEvent[] } {
	const r = processWithEvents(state, action);
	if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code} ${r.error.message}`);
	return { after: r.value.state, events: r.value.events };
}

function ofKind<K extends GameEvent['kind']>(events: readonly GameEvent[], kind: K): Extract<GameEvent, { kind: K }>[] {
	return events.filter((e): e is Extract<GameEvent, { kind: K }> => e.kind === kind);
}

/** NBR (player 1) at its dividend step with `revenue` run; player 2 holds one 10% share (NBR_1). */
function dividendTurn(revenue: number): GameState {
	const s = majorTurn('NBR', 'dividend', { phase: '3' });
	s.corporations.NBR.shares[1].owner = 'player:2';
	if (s.round.kind === 'operating') s.round.turn.revenue = revenue;
	return s;
}

describe('phase changes and rusting (rules digest 6.1 phase table: the first 3 starts phase 3, L trains rust)', () => {
	it('the first 3 train bought starts phase 3 with green tiles; every L train rusts, on every company', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '2' });
		startMajor(s, 'LNWR', 2, 100, 1);
		giveTrain(s, 'LNWR', 'L-1');
		giveTrain(s, 'LNWR', 'L-2', '2');
		dropFromDepot(s, 'L');
		const { after, events } = withEvents(s, buy('NBR', '3-0', 200));
		const [phase] = ofKind(events, 'phase_changed');
		expect(phase).toMatchObject({ phase: '3', tiles: ['yellow', 'green'], trainLimit: { minor: 2, major: 4 }, rusted: ['L'] });
		expect(phase.gained).toContain('can_buy_trains');
		// The L rusts; the L upgraded to a 2 does not (a 2 rusts on the first 4).
		expect(ofKind(events, 'trains_rusted')).toEqual([{ kind: 'trains_rusted', corporation: 'LNWR', trains: ['L'] }]);
		expect(after.corporations.LNWR.trains.map((t) => t.name)).toEqual(['2']);
	});

	it('the first 5 train closes the concessions still in play (rules digest 6.1, phase 5)', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '4' });
		s.corporations.NBR.cash = 500;
		dropFromDepot(s, 'L', '3', '4');
		const open = Object.keys(s.companies).filter((c) => /^C\d+$/.test(c) && !s.companies[c].closed);
		expect(open.length).toBeGreaterThan(0);
		const { events } = withEvents(s, buy('NBR', '5-0', 500));
		expect(ofKind(events, 'phase_changed').map((e) => e.phase)).toEqual(['5']);
		expect(ofKind(events, 'concession_closed').map((e) => e.company).sort()).toEqual(open.sort());
	});

	it('a minor over the lower train limit of phase 4 discards a train (rules digest 6.3)', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '3' });
		s.corporations.NBR.cash = 300;
		floatMinorFor(s, '5', 2, 50);
		giveTrain(s, '5', '3-1');
		giveTrain(s, '5', '3-2');
		dropFromDepot(s, 'L', '3');
		const t = run(s, buy('NBR', '4-0', 300));
		const { events } = withEvents(t, corpAct('5', 'discard_train', { train: '3-2' }));
		expect(events).toEqual([{ kind: 'train_discarded', corporation: '5', train: '3' }]);
	});
});

describe("a major's dividend (rules digest 8.2: per share = revenue / 10; price right when D ≥ P)", () => {
	it('paying out £100 pays £10 per 10%: £20 to the director, £10 to player 2, £70 to NBR for its 7 treasury shares', () => {
		const s = dividendTurn(100);
		const { after, events } = withEvents(s, corpAct('NBR', 'dividend', { kind: 'payout' }));
		const [d] = ofKind(events, 'dividend');
		expect(d).toMatchObject({ corporation: 'NBR', revenue: 100, choice: 'payout', kept: 0, perShare: 10, priceBefore: 100 });
		expect(d.receivers).toEqual([
			{ to: { kind: 'player', id: 1 }, amount: 20 },
			{ to: { kind: 'player', id: 2 }, amount: 10 },
			{ to: { kind: 'corporation', id: 'NBR' }, amount: 70 }
		]);
		// The state moved exactly the money the event tells.
		expect(player(after, 1).cash - player(s, 1).cash).toBe(20);
		expect(player(after, 2).cash - player(s, 2).cash).toBe(10);
		expect(after.corporations.NBR.cash - s.corporations.NBR.cash).toBe(70);
		expect(d.priceAfter).toBe(priceOf(after, 'NBR'));
		expect(d.priceAfter!).toBeGreaterThan(100);
	});

	it('withholding keeps the whole revenue in the treasury, pays nobody, and the price moves left', () => {
		const s = dividendTurn(100);
		const { after, events } = withEvents(s, corpAct('NBR', 'dividend', { kind: 'withhold' }));
		const [d] = ofKind(events, 'dividend');
		expect(d).toMatchObject({ choice: 'withhold', kept: 100, receivers: [], priceBefore: 100 });
		expect(after.corporations.NBR.cash - s.corporations.NBR.cash).toBe(100);
		expect(d.priceAfter!).toBeLessThan(100);
		// A dividend's price move is told with it, not again on its own.
		expect(ofKind(events, 'price_moved')).toEqual([]);
	});

	it('a payout the bank cannot cover breaks the bank and triggers the end of the game (rules digest 11)', () => {
		const s = dividendTurn(100);
		s.bank.cash = 50;
		const { events } = withEvents(s, corpAct('NBR', 'dividend', { kind: 'payout' }));
		expect(ofKind(events, 'bank_broken')).toHaveLength(1);
		expect(ofKind(events, 'game_end_triggered')).toMatchObject([{ trigger: 'bank' }]);
	});
});

describe('money crises (rules digest 9.1): sales, the director’s help, the loan', () => {
	/** NBR (player 1) at its buy-train step in phase 1 with no train and no cash; player 1 has nothing. */
	function crisis(): GameState {
		const s = majorTurn('NBR', 'buy_train', { phase: '1' });
		s.corporations.NBR.cash = 0;
		player(s, 1).cash = 0;
		return s;
	}

	it('a director with nothing to sell pays what they have and the bank lends the rest, debt = loan + 50% rounded up', () => {
		const s = crisis();
		player(s, 1).cash = 25;
		const { after, events } = withEvents(s, buy('NBR', 'L-0', 60));
		expect(ofKind(events, 'president_contributed')).toEqual([{ kind: 'president_contributed', player: 1, corporation: 'NBR', amount: 60, train: 'L' }]);
		expect(ofKind(events, 'loan_taken')).toEqual([{ kind: 'loan_taken', player: 1, amount: 35, debtAdded: 53, corporation: 'NBR' }]);
		expect(player(after, 1)).toMatchObject({ cash: 0, debt: 53 });
		// The loan's interest is part of the loan, not a separate charge.
		expect(ofKind(events, 'interest_charged')).toEqual([]);
	});

	it("a director's emergency sale tells what was sold and for how much; the price drops a row", () => {
		const s = crisis();
		startMajor(s, 'LNWR', 1, 100, 1);
		s.corporations.LNWR.shares[3].owner = 'player:1';
		const { after, events } = withEvents(s, { type: 'sell_shares', entity: 1, entity_type: 'player', shares: ['LNWR_3'] } as Action);
		expect(ofKind(events, 'emergency_sale')).toEqual([
			{ kind: 'emergency_sale', player: 1, corporation: 'LNWR', percent: 10, proceeds: 100, priceBefore: 100, priceAfter: priceOf(after, 'LNWR') }
		]);
		expect(player(after, 1).cash).toBe(100);
		expect(priceOf(after, 'LNWR')!).toBeLessThan(100);
	});
});

describe('the end of a stock round (rules digest 3.8): removals, a closing minor, interest, sold-out majors', () => {
	it('unbid minors take L trains from the bank, minor box 1 unbid closes its minor, a debt grows by 50%, a sold-out major moves up', () => {
		const s = newGame();
		s.bidPlaced = true;
		player(s, 1).debt = 100;
		startMajor(s, 'GWR', 2, 100);
		for (const c of s.corporations.GWR.shares) c.owner = 'player:2';
		const boxes = minorBoxes(s, configOf(s.setup));
		const boxOne = configOf(s.setup).companyDefs[boxes[0]].corporation;
		let t = s;
		for (let i = 0; i < 3; i++) t = run(t, pass(activePlayer(t)));
		const { after, events } = withEvents(t, pass(activePlayer(t)));
		expect(after.round.kind).not.toBe('stock');
		// One L per unbid box, then box 1's train leaves as if bought (also an L here).
		expect(ofKind(events, 'trains_removed')).toEqual([{ kind: 'trains_removed', trains: Array(boxes.length + 1).fill('L'), cause: 'unbid_minor' }]);
		expect(ofKind(events, 'minor_closed')).toEqual([{ kind: 'minor_closed', corporation: boxOne }]);
		expect(ofKind(events, 'interest_charged')).toEqual([{ kind: 'interest_charged', player: 1, amount: 50, debt: 150 }]);
		expect(ofKind(events, 'price_moved')).toMatchObject([{ corporation: 'GWR', from: 100, cause: 'sold_out' }]);
	});

	it('a minor bid on goes to its highest bidder and starts at £50 with £100 in its treasury in phase 1 (rules digest 3.8, phase table)', () => {
		const s = newGame();
		const boxes = minorBoxes(s, configOf(s.setup));
		const bidder = activePlayer(s);
		let t = run(s, bid(bidder, boxes[1], 100), pass(bidder));
		let events: GameEvent[] = [];
		for (let i = 0; i < 20 && t.round.kind === 'stock'; i++) ({ after: t, events } = withEvents(t, pass(activePlayer(t))));
		expect(t.round.kind).not.toBe('stock');
		const minor = configOf(s.setup).companyDefs[boxes[1]].corporation!;
		expect(ofKind(events, 'auction_won')).toEqual([{ kind: 'auction_won', player: bidder, company: boxes[1], price: 100 }]);
		expect(ofKind(events, 'minor_floated')).toEqual([{ kind: 'minor_floated', corporation: minor, player: bidder, price: 50, treasury: 100 }]);
	});

	it('a repayment tells the amount repaid and the debt left (rules digest 9.2)', () => {
		const s = newGame();
		player(s, activePlayer(s)).debt = 120;
		player(s, activePlayer(s)).cash = 100;
		const { events } = withEvents(s, { type: 'payoff_player_debt_partial', entity: activePlayer(s), amount: 30 } as Action);
		expect(events).toEqual([{ kind: 'debt_paid', player: activePlayer(s), amount: 30, debt: 90 }]);
	});
});

describe('acquisitions (rules digest 5.7, 10.1)', () => {
	it("a major acquiring a player's minor for money pays V = 2 × the minor's price to its owner, and takes its treasury", () => {
		const s = newGame();
		startMajor(s, 'NBR', 1, 100, 2);
		s.corporations.NBR.cash = 500;
		s.phase = phaseIndex(s, '3');
		placeHome(s, 'NBR');
		floatMinorFor(s, '3', 2, 50);
		s.corporations['3'].operated = 2;
		s.corporations['3'].cash = 30;
		placeHome(s, '3');
		operatingTurn(s, 'NBR', 'minor_acquisition');
		let t = run(s, corpAct('NBR', 'merge', { corporation: '3' }));
		t = run(t, corpAct('NBR', 'choose', { choice: 'money' }));
		const { after, events } = withEvents(t, corpAct('NBR', 'choose', { choice: 'exchange' }));
		expect(ofKind(events, 'minor_acquired')).toEqual([
			{ kind: 'minor_acquired', major: 'NBR', minor: '3', from: 2, payment: 'money', shares: 0, cash: 100, treasury: 30, token: 'exchange' }
		]);
		expect(player(after, 2).cash - player(t, 2).cash).toBe(100);
		// Told as an acquisition, not as a closure.
		expect(ofKind(events, 'minor_closed')).toEqual([]);
	});

	it('a private taken by a corporation costs nothing; a train private closes on acquisition', () => {
		const s = acquireTurn('NBR', 'P3', { phase: '2' });
		const { events } = withEvents(s, corpAct('NBR', 'acquire_company', { company: 'P3' }));
		expect(ofKind(events, 'company_acquired')).toEqual([{ kind: 'company_acquired', corporation: 'NBR', company: 'P3', from: 2, price: 0 }]);
		expect(ofKind(events, 'private_closed')).toEqual([{ kind: 'private_closed', company: 'P3' }]);
	});
});

describe('track and stations: what each cost and who paid (rules digest 5.3, 5.4)', () => {
	const lay = (entity: string, hex: string, tile: string, rotation: number): Action =>
		({ type: 'lay_tile', entity, entity_type: entity === 'LNWR' ? 'corporation' : 'company', hex, tile, rotation }) as Action;
	/** LNWR (phase 3, home placed) holding P8 with its "token" choice made, at its track step. */
	function hillPosition(): GameState {
		const s = acquireTurn('LNWR', 'P8', { phase: '3' });
		placeHome(s, 'LNWR');
		const t = run(run(s, corpAct('LNWR', 'acquire_company', { company: 'P8' })), corpAct('LNWR', 'choose', { choice: 'token' }));
		if (t.round.kind === 'operating') t.round.turn.step = 'track';
		return t;
	}

	it('a yellow tile on the J21 hill costs LNWR £60 (rules digest 5.3: hills £60)', () => {
		const s = hillPosition();
		const { after, events } = withEvents(s, lay('LNWR', 'J21', '3-0', 0));
		expect(ofKind(events, 'track_laid')).toEqual([
			{ kind: 'track_laid', corporation: 'LNWR', hex: 'J21', tile: '3', tileId: '3-0', rotation: 0, cost: 60, paidBy: { kind: 'corporation', id: 'LNWR' }, privates: [] }
		]);
		expect(s.corporations.LNWR.cash - after.corporations.LNWR.cash).toBe(60);
	});

	it("P8's free lay on the same hill costs nothing and names P8, which closes (rules digest 10.2)", () => {
		const s = hillPosition();
		const { events } = withEvents(s, lay('P8', 'J21', '3-0', 0));
		expect(ofKind(events, 'track_laid')).toEqual([
			{ kind: 'track_laid', corporation: 'LNWR', hex: 'J21', tile: '3', tileId: '3-0', rotation: 0, cost: 0, paidBy: null, privates: ['P8'] }
		]);
		expect(ofKind(events, 'private_closed')).toEqual([{ kind: 'private_closed', company: 'P8' }]);
	});

	it('a station in the token step costs £100 (rules digest 5.4), paid by the company', () => {
		// CR, its home placed in Glasgow, is offered Glasgow's other city.
		const s = majorTurn('CR', 'token', { phase: '3' });
		placeHome(s, 'CR');
		expect(operatingChoices(s)?.tokens.map((t) => `${t.hex}-${t.city}`)).toEqual(['E2-0']);
		const { after, events } = withEvents(s, corpAct('CR', 'place_token', { city: cityId(s, 'E2', 0), slot: 0 }));
		expect(ofKind(events, 'station_placed')).toEqual([
			{ kind: 'station_placed', corporation: 'CR', hex: 'E2', city: 0, token: 'normal', cost: 100, paidBy: { kind: 'corporation', id: 'CR' }, private: null }
		]);
		expect(s.corporations.CR.cash - after.corporations.CR.cash).toBe(100);
	});

	it("P5's token in the English Channel is free and names P5 (rules digest 10.2)", () => {
		const s = majorTurn('MR', 'token', { phase: '3' });
		s.board = {
			...s.board,
			tiles: { ...s.board.tiles, P41: { tile: tileId('57-0'), rotation: 0 } },
			tokens: [...s.board.tokens, { hex: hexId('P41'), city: 0, corporation: corporationId('MR'), kind: 'normal' }]
		};
		s.corporations.MR.charter[0].at = 'P41-0';
		giveToCorporation(s, 'P5', 'MR');
		const { events } = withEvents(s, { type: 'place_token', entity: 'P5', entity_type: 'company', city: 'P43-0-0', slot: 0 } as Action);
		expect(ofKind(events, 'station_placed')).toEqual([
			{ kind: 'station_placed', corporation: 'MR', hex: 'P43', city: 0, token: 'normal', cost: 0, paidBy: null, private: 'P5' }
		]);
	});
});

describe('company income as an operating round starts (rules digest 2, 10.1)', () => {
	it("each held company's income to its owner, players first, then corporations; a corporation's P7 pays nothing", () => {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 1);
		s.phase = phaseIndex(s, '3');
		const hand = (holder: number, company: string) => {
			s.companies[company] = { owner: `player:${holder}`, closed: false };
			player(s, holder).companies.push(company);
		};
		hand(1, 'P9');
		hand(2, 'P6');
		hand(2, 'P17');
		giveToCorporation(s, 'P2', 'MR');
		giveToCorporation(s, 'P7', 'MR');
		giveToCorporation(s, 'P11', 'MR');
		s.round = { kind: 'choices', entities: [1], current: 0 };
		const { after, events } = withEvents(s, { type: 'pass', entity: 1 } as Action);
		expect(after.round.kind).toBe('operating');
		const P = (id: number) => ({ kind: 'player', id }) as const;
		const MR = { kind: 'corporation', id: 'MR' } as const;
		expect(ofKind(events, 'private_income')).toEqual([
			{
				kind: 'private_income',
				payments: [
					{ company: 'P9', to: P(1), amount: 10 },
					{ company: 'P6', to: P(2), amount: 10 },
					{ company: 'P17', to: P(2), amount: 10 },
					{ company: 'P2', to: MR, amount: 10 },
					{ company: 'P11', to: MR, amount: 10 }
				],
				charters: []
			}
		]);
		expect(s.bank.cash - after.bank.cash).toBe(50);
	});

	it('no income event inside an operating round, only when one starts', () => {
		const s = majorTurn('NBR', 'track', { phase: '3' });
		giveToCorporation(s, 'P2', 'NBR');
		const { events } = withEvents(s, corpAct('NBR', 'pass'));
		expect(ofKind(events, 'private_income')).toEqual([]);
	});
});

describe('events are what an action did, and nothing else', () => {
	it('ending the game by hand is a game end', () => {
		const s = newGame();
		const { events } = withEvents(s, { type: 'end_game', entity: 1 } as Action);
		expect(events).toEqual([{ kind: 'game_end', reason: 'manually_ended' }]);
	});

	it('a refused action has no events and changes nothing, on the pure and the in-place path', () => {
		const s = dividendTurn(100);
		const bad = corpAct('NBR', 'dividend', { kind: 'everything' });
		expect(processWithEvents(s, bad).ok).toBe(false);
		const game = new Game(s);
		const before = stateHash(game.state as GameState);
		expect(game.processWithEvents(bad).ok).toBe(false);
		expect(stateHash(game.state as GameState)).toBe(before);
	});

	it('events are not stored in the state: the state after is the one `process` makes', () => {
		const s = dividendTurn(100);
		const action = corpAct('NBR', 'dividend', { kind: 'payout' });
		const plain = process(s, action);
		const told = processWithEvents(s, action);
		expect(plain.ok && told.ok).toBe(true);
		if (plain.ok && told.ok) expect(stateHash(told.value.state)).toBe(stateHash(plain.value));
	});
});
