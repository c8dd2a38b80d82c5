/**
 * P6 (L&SR) and P7 (S&BR), mail contracts, read from g_1822/game.rb mail_contract_bonus /
 * routes_subsidy (per route of two or more stops by a train other than L/LP, half the base values
 * of its first and last stops; a corporation takes its best N for N contracts; the subsidy goes
 * to the treasury whatever the dividend) and PRIVATE_COMPANIES_ACQUISITION (majors only, phase 3).
 * Rules digest 7.2, 10.2. The position is the Scotland board of or-live-routes.test.ts in
 * phase 7: Aberdeen H1 60, Falkirk G4 (tile 611) 40, Edinburgh H5 (tile X11) 60.
 */
import { describe, expect, it } from 'vitest';
import { type Action } from '../../src/lib/engine/index';
import { emptyBoard, type BoardState, type StationToken } from '../../src/lib/engine/core/board-state';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { RouteBoard } from '../../src/lib/engine/core/route-board';
import { MAP_1822 } from '../../src/lib/engine/titles/g1822/map/map-1822';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { floatMinorFor } from '../../src/lib/engine/titles/g1822/testing';
import { parseRecordedRoute, printRoute } from '../../src/lib/interop/routes';
import { acquireTurn, giveToCorporation, majorTurn, operatingTurn, refusedCode, run } from './or-support';
import { scotlandTiles } from './scotland-board';

function token(hex: string, kind: 'normal' | 'destination' = 'normal'): StationToken {
	return { hex: hexId(hex), city: 0, corporation: corporationId('NBR'), kind };
}

function scotland(): BoardState {
	const tiles: BoardState['tiles'] = scotlandTiles();
	return { ...emptyBoard(), tiles, tokens: [token('H5'), token('E6'), token('H1', 'destination'), token('G4')] };
}

/** NBR in phase 7 at its route step with a 5 and a 4, holding `contracts`. */
function position(contracts: string[]): GameState {
	const s = majorTurn('NBR', 'route', { phase: '7' });
	s.board = scotland();
	s.corporations.NBR.trains = [
		{ id: '5-0', name: '5' },
		{ id: '4-0', name: '4' }
	];
	s.corporations.NBR.charter = [
		{ price: 0, kind: 'normal', at: 'H5-0' },
		{ price: 100, kind: 'normal', at: 'E6-0' },
		{ price: 100, kind: 'normal', at: 'G4-0' },
		{ price: 0, kind: 'destination', at: 'H1-0' }
	];
	for (const c of contracts) giveToCorporation(s, c, 'NBR');
	return s;
}

function claimed(s: GameState, train: string, connections: string[][], revenue: number) {
	const rb = new RouteBoard(MAP_1822, s.board);
	const r = parseRecordedRoute(rb, corporationId('NBR'), { train, connections, hexes: [], revenue: 0, revenue_str: '' });
	if (!r.ok) throw new Error(r.error.message);
	return printRoute(rb, r.value, revenue);
}

/** The 5 runs Aberdeen–Falkirk (subsidy (60 + 40) / 2 = 50), the 4 Edinburgh–Falkirk (also 50). */
function runBoth(s: GameState): Action {
	return {
		type: 'run_routes',
		entity: 'NBR',
		entity_type: 'corporation',
		routes: [claimed(s, '5-0', [['H1', 'G2', 'G4']], 100), claimed(s, '4-0', [['H5', 'G4']], 100)]
	};
}

const withhold: Action = { type: 'dividend', entity: 'NBR', entity_type: 'corporation', kind: 'withhold' };

describe('P6 / P7 mail contract subsidy [g_1822/game.rb mail_contract_bonus, routes_subsidy]', () => {
	it('one contract: the best route pays £50 to the treasury on top of the withheld revenue', () => {
		const s = position(['P6']);
		const ran = run(s, runBoth(s));
		expect(ran.round.kind === 'operating' && ran.round.turn.subsidy).toBe(50);
		const cash = ran.corporations.NBR.cash;
		const paid = run(ran, withhold);
		expect(paid.corporations.NBR.cash).toBe(cash + 200 + 50);
		expect(paid.companies.P6.closed).toBe(false);
	});

	it('two contracts take the two best routes: £100', () => {
		const s = position(['P6', 'P7']);
		const ran = run(s, runBoth(s));
		expect(ran.round.kind === 'operating' && ran.round.turn.subsidy).toBe(100);
	});

	it('without a contract (P6 still in a player hand) there is no subsidy', () => {
		const s = position([]);
		const ran = run(s, runBoth(s));
		expect(ran.round.kind === 'operating' && ran.round.turn.subsidy).toBe(0);
	});

	it('a minor may not acquire a mail contract (majors only), with the state unchanged', () => {
		const s = acquireTurn('MR', 'P6', { phase: '3' });
		s.companies.P2 = { owner: 'player:3', closed: false };
		s.players.find((p) => p.id === 3)!.companies.push('P2');
		floatMinorFor(s, '1', 1);
		s.corporations['1'].operated = 1;
		operatingTurn(s, '1', 'acquire');
		expect(refusedCode(s, { type: 'acquire_company', entity: '1', entity_type: 'corporation', company: 'P6' })).toBe('not_acquirable');
	});
});
