/**
 * Two shares may pay for a player's minor even when its owner is at the certificate limit, if the
 * major's shares do not count toward the limit (its price in a cell that does not count)
 * [g_1822/step/minor_acquisition.rb pay_choices: `!entity.counts_for_limit ||
 * num_certs(minor.owner) < cert_limit`; corporation.rb counts_for_limit]. So the acquisition step
 * is open for such a major; with no such minor connected, it passes by itself, which the site's
 * client records as an automatic pass [minor_acquisition.rb auto_actions: `mergeable(entity).empty?`].
 *
 * Found by the differential run (seed 15050, game 15, 1822+ 7p): after LYR (£35, a cell that does
 * not count) bought a 6 train with its director's help, the reference's acquisition step held
 * minor 16 (its owner, player 5, at 11 of 11 certificates) and passed; this engine had skipped the
 * step, so the export carried no pass ("Auto actions do not match"). The game is the 1822 game of
 * tests/fixtures/rules-v8-games.json. Rules version 9; version 8 games keep the old payments.
 */
import { describe, expect, it } from 'vitest';
import { autoActions, configFor, LATEST_RULES, process, type GameState, type RulesVersion } from '../../src/lib/engine/index';
import { cellAt } from '../../src/lib/engine/core/market';
import { certCount, inNoCertLimitCell, sharePrice } from '../../src/lib/engine/titles/g1822/entities';
import { paymentOptions } from '../../src/lib/engine/titles/g1822/operating/minor-acquisition';
import { loadRecordedGames, playedTo } from '../support/recorded-games';

const fixture = loadRecordedGames('rules-v8-games.json');
const game = fixture.games.find((g) => g.setup.title === '1822');

/** The game after its first `n` actions under `rulesVersion`. */
const after = (n: number, rulesVersion: RulesVersion): GameState => playedTo(game!, n, rulesVersion);

/** The purchase taken as the site's own action (import: no automatic action of this engine's), after the live game up to it. */
function purchaseAsImported(rulesVersion: RulesVersion): GameState {
	const s = after(BUY_INDEX, rulesVersion);
	const r = process({ ...s, setup: { ...s.setup, mode: 'import' } }, game!.actions[BUY_INDEX]);
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

/** LYR's purchase of the 6 train (export action 900). */
const BUY_INDEX = 899;

const payments = (s: GameState) => paymentOptions(s, configFor(s), s.corporations.LYR, s.corporations['16']);

describe("two shares pay for a minor past its owner's limit when the major's shares do not count", () => {
	it("the position: LYR at £35 in a cell that does not count; minor 16's owner holds 11 of 11 certificates", () => {
		expect(game).toBeDefined();
		expect(game!.actions[BUY_INDEX]).toMatchObject({ type: 'buy_train', entity: 'LYR', train: '6-2' });
		const s = purchaseAsImported(LATEST_RULES);
		const config = configFor(s);
		expect(sharePrice(config, s.corporations.LYR)).toBe(35);
		expect(inNoCertLimitCell(config, s.corporations.LYR)).toBe(true);
		expect(sharePrice(config, s.corporations['16'])).toBe(30);
		expect(certCount(s, config, 5)).toBe(config.certLimit);
		expect(config.certLimit).toBe(11);
	});

	it('rules version 9: two shares pay for minor 16, so the acquisition step is open after the purchase', () => {
		expect(LATEST_RULES).toBeGreaterThanOrEqual(9);
		const s = purchaseAsImported(LATEST_RULES);
		expect(payments(s)).toEqual(['two_shares']);
		expect(s.round.kind === 'operating' && s.round.turn.step).toBe('minor_acquisition');
	});

	it('played live, the step passes by itself, as London is not connected to LYR', () => {
		const s = after(BUY_INDEX + 1, LATEST_RULES);
		expect(autoActions(s)).toEqual([{ type: 'pass', entity: 'LYR', entity_type: 'corporation' }]);
		expect(s.round.kind === 'operating' && s.round.turn.step).toBe('issue');
	});

	it('where the major\'s shares count toward the limit, the owner at the limit still bars two shares', () => {
		const s = purchaseAsImported(LATEST_RULES);
		const config = configFor(s);
		// A cell that counts, at a price where two shares would still settle (the owner pays the
		// difference of 2 × £30 − 2 × price from its £50).
		const counting = config.market.rows
			.flatMap((row, r) => row.map((cell, c) => ({ cell, r, c })))
			.find(({ cell }) => cell !== null && cell.price >= 30 && cell.price <= 55 && !cell.noCertLimit);
		expect(counting).toBeDefined();
		expect(cellAt(config.market, counting!.r, counting!.c)?.noCertLimit).toBe(false);
		const moved: GameState = { ...s, corporations: { ...s.corporations, LYR: { ...s.corporations.LYR, price: { ...s.corporations.LYR.price!, row: counting!.r, column: counting!.c } } } };
		expect(inNoCertLimitCell(config, moved.corporations.LYR)).toBe(false);
		expect(certCount(moved, config, 5)).toBeGreaterThanOrEqual(config.certLimit);
		expect(payments(moved)).toEqual([]);
	});

	it('a game started under rules version 8 keeps the old payments: the step is skipped and nothing is passed', () => {
		const s = purchaseAsImported(8);
		expect(payments(s)).toEqual([]);
		expect(s.round.kind === 'operating' && s.round.turn.step).toBe('issue');
		expect(autoActions(after(BUY_INDEX + 1, 8))).toEqual([]);
	});
});
