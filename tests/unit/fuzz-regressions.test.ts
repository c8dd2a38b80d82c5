/**
 * Engine bugs found by the action fuzzer (issue 12), each pinned by its smallest reproduction:
 * the mutated action must be refused with a code and leave the state unchanged by its hash.
 */
import { describe, expect, it } from 'vitest';
import { Game, stateHash, type Action } from '../../src/lib/engine/index';
import { referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';
import { originState } from '../support/fuzz/corpus';

function refusedUnchanged(game: Game, action: unknown): string {
	const before = stateHash(game.state);
	const r = game.process(action as Action);
	expect(r.ok).toBe(false);
	expect(stateHash(game.state)).toBe(before);
	return r.ok ? '' : r.error.code;
}

function gameAfter(name: string, afterLoggedActions: number): Game {
	const games: ReferenceGame[] = referenceGames();
	const state = originState({ kind: 'recorded', game: name, afterLoggedActions }, games);
	if (!state) throw new Error(`${name} does not replay to ${afterLoggedActions}`);
	return new Game(state);
}

describe('fuzzer regressions on a fresh game', () => {
	it('a share id naming an Object.prototype member is an unknown share, not a crash', () => {
		const created = Game.create({
			title: '1822',
			players: [
				{ id: 1, name: 'A' },
				{ id: 2, name: 'B' },
				{ id: 3, name: 'C' }
			],
			seed: 1,
			optionalRules: [],
			mode: 'live'
		});
		expect(created.ok).toBe(true);
		if (!created.ok) return;
		for (const shares of [['toString_1'], ['__proto___1'], ['constructor_1']]) {
			const code = refusedUnchanged(created.value, { type: 'buy_shares', entity: 1, entity_type: 'player', shares });
			expect(code).not.toBe('internal_error');
		}
	});
});

describe.skipIf(!referencePresent)('fuzzer regressions on recorded positions (../shared/reference)', () => {
	it('a tile id is only "<name>-<index>": "58-00" or "58- 0" do not name copy 0', () => {
		const game = gameAfter('1822/1822_game_end_stock_market.json', 307);
		const g = referenceGames().find((x) => x.name === '1822/1822_game_end_stock_market.json')!;
		const real = g.surviving[307] as Action & { tile?: string };
		expect(real.type).toBe('lay_tile');
		const name = String(real.tile).split('-')[0];
		for (const tile of [`${name}-00`, `${name}- 0`, `${name}-0.0`, name]) {
			const code = refusedUnchanged(game, { ...real, tile, auto_actions: undefined });
			expect(code).not.toBe('internal_error');
		}
	});

	it('run_routes refuses a negative, fractional or non-numeric extra revenue or subsidy', () => {
		const g = referenceGames().find((x) => x.name === '1822NRS/1822NRS_game_end_bank.json')!;
		// The first run of the second half of the game (a minor's run, then majors').
		const at = g.surviving.findIndex((a, i) => i >= 440 && a.type === 'run_routes');
		const game = gameAfter('1822NRS/1822NRS_game_end_bank.json', at);
		const real = g.surviving[at] as Action;
		expect(real.type).toBe('run_routes');
		for (const bad of [{ extra_revenue: -100 }, { extra_revenue: 1.5 }, { extra_revenue: Number.NaN }, { subsidy: -500 }, { subsidy: 0.5 }]) {
			expect(refusedUnchanged(game, { ...real, ...bad, auto_actions: undefined })).toBe('malformed_route');
		}
	});

	it('issuing or redeeming with a "shares" that is not a list is refused, not a crash', () => {
		const game = gameAfter('1822/1822_game_end_stock_market.json', 960);
		const passed = game.process({ type: 'pass', entity: 'MR', entity_type: 'corporation' } as unknown as Action);
		expect(passed.ok).toBe(true);
		for (const type of ['sell_shares', 'buy_shares']) {
			const code = refusedUnchanged(game, { type, entity: 'LBSCR', entity_type: 'corporation', shares: 1 });
			expect(code).not.toBe('internal_error');
		}
	});

	it('the L → 2 upgrade must name the same L as the train bought', () => {
		const game = gameAfter('1822/1822_game_end_stock_market.json', 180);
		const g = referenceGames().find((x) => x.name === '1822/1822_game_end_stock_market.json')!;
		const real = g.surviving[180] as Action & { exchange?: string };
		expect(real.type).toBe('buy_train');
		expect(typeof real.exchange).toBe('string');
		expect(refusedUnchanged(game, { ...real, train: 'LNWR_99', auto_actions: undefined })).toBe('invalid_exchange');
	});
});
