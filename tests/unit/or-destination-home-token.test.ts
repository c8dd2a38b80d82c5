/**
 * The destination check walks to the home token, the one in the home's own city: the major's
 * first token [g_1822/step/destination_token.rb destination_node_check?:
 * `entity.tokens.first.city`; its auto_actions pass when the check fails]. Found by the
 * differential run (seed 15028, game 27, 1822+ 4p): SECR had three tokens in London, the first of them on the board taken over from an
 * acquired minor (M38-2); its home token is M38-3. After SECR passed its track step the reference
 * passed the destination step ("Auto actions do not match": this engine had placed the token in
 * Dover, P41, walking to M38-2). The game is the 1822 game of tests/fixtures/rules-v7-games.json.
 */
import { describe, expect, it } from 'vitest';
import { LATEST_RULES, type GameState, type RulesVersion } from '../../src/lib/engine/index';
import { loadRecordedGames, playedTo } from '../support/recorded-games';

const fixture = loadRecordedGames('rules-v7-games.json');
const game = fixture.games.find((g) => g.setup.title === '1822');

/** The game after its first `n` actions under `rulesVersion`. */
const after = (n: number, rulesVersion: RulesVersion): GameState => playedTo(game!, n, rulesVersion);

/** SECR's track-step pass, after which the destination step is reached. */
const PASS_INDEX = 512;
const destinationPlaced = (s: GameState) => s.board.tokens.some((t) => t.corporation === 'SECR' && t.kind === 'destination');

describe("the destination check walks to the home token, in the home's own city", () => {
	it('the position: SECR has three London tokens; the first on the board is not its home token', () => {
		expect(game).toBeDefined();
		const s = after(PASS_INDEX, LATEST_RULES);
		expect(game!.actions[PASS_INDEX]).toMatchObject({ type: 'pass', entity: 'SECR' });
		const london = s.board.tokens.filter((t) => t.corporation === 'SECR' && t.hex === 'M38').map((t) => t.city);
		expect(london).toHaveLength(3);
		// The charter keeps the reference's token order: the home token first, in London's city 3.
		expect(s.corporations.SECR.charter[0].at).toBe('M38-3');
		expect(london[0]).toBe(2);
		expect(destinationPlaced(s)).toBe(false);
	});

	it('Dover does not reach the home token, so passing the track step places no destination token (rules version 8)', () => {
		expect(LATEST_RULES).toBeGreaterThanOrEqual(8);
		const s = after(PASS_INDEX + 1, LATEST_RULES);
		expect(destinationPlaced(s)).toBe(false);
		expect(s.round.kind === 'operating' && s.round.turn.step).toBe('route');
	});

	it('a game started under rules version 7 keeps walking to the first London token on the board, and places it, as it did', () => {
		expect(destinationPlaced(after(PASS_INDEX + 1, 7))).toBe(true);
	});
});
