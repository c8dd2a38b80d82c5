/**
 * Minor 14 acquired from a bid box with "replace" gives the major a new token, placed in London at
 * once; the major's unused tokens keep their places ahead of it in its charter (rules version 5)
 * [g_1822/step/minor_acquisition.rb acquire_bank_minor: `entity.tokens << token`, the pending
 * token; step/tokener.rb next_token]. The game is a random 1822 game recorded under version 4
 * (tests/fixtures/rules-v4-games.json): LBSCR acquires M14 (action 754), places the London token
 * (757), then its next station in J41 (789).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, type Action, type GameState } from '../../src/lib/engine/index';
import { tokenHexes } from '../../src/lib/engine/titles/g1822/board-ops';
import type { RulesVersion } from '../../src/lib/engine/titles/g1822/config';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';

interface RecordedGame {
	setup: { title: TitleId; players: { id: number; name: string }[]; seed: number; optionalRules: string[] };
	actions: Action[];
}
const games = (JSON.parse(readFileSync(new URL('../fixtures/rules-v4-games.json', import.meta.url), 'utf8')) as { games: RecordedGame[] }).games;
const g = games.find((x) => x.setup.title === '1822')!;

function after(count: number, rulesVersion: RulesVersion): GameState {
	const created = Game.create({ ...g.setup, mode: 'live', rulesVersion });
	if (!created.ok) throw new Error(created.error.message);
	for (const a of g.actions.slice(0, count)) {
		const r = created.value.process(a);
		if (!r.ok) throw new Error(r.error.message);
	}
	return created.value.state as GameState;
}

describe("minor 14's London token is the new token (rules version 5)", () => {
	it('the actions are the acquisition, the London token and a later station', () => {
		expect(g.actions[753]).toMatchObject({ type: 'merge', entity: 'LBSCR', corporation: '14' });
		expect(g.actions[756]).toMatchObject({ type: 'place_token', entity: 'LBSCR', city: 'X21-0-0' });
		expect(g.actions[788]).toMatchObject({ type: 'place_token', entity: 'LBSCR' });
	});

	it('the London token takes the new place at the end, so the station in J41 comes before it', () => {
		const v5 = after(789, 5).corporations.LBSCR;
		expect(tokenHexes({ corporations: { LBSCR: v5 } } as unknown as GameState, 'LBSCR')).toEqual(['M38', 'M42', 'P43', 'I42', 'J41', 'M38']);
		expect(v5.charter[v5.charter.length - 1]).toMatchObject({ at: 'M38-0' });
	});

	it('version 4 put the London token in the first unused place, and J41 after it', () => {
		const v4 = after(789, 4).corporations.LBSCR;
		expect(tokenHexes({ corporations: { LBSCR: v4 } } as unknown as GameState, 'LBSCR')).toEqual(['M38', 'M42', 'P43', 'I42', 'M38', 'J41']);
	});
});
