/**
 * The recorded games of tests/fixtures (random games played live, each with its setup and the
 * actions the engine took), and the state a game reaches after its first actions.
 */
import { readFileSync } from 'node:fs';
import { Game, type Action, type GameState, type RulesVersion } from '../../src/lib/engine/index';
import type { TitleId } from '../../src/lib/engine/titles/g1822/title-def';

export interface RecordedGame {
	readonly name?: string;
	/** The version the game was played under, where a fixture mixes them. */
	readonly rulesVersion?: RulesVersion;
	readonly setup: { title: TitleId; players: { id: number; name: string }[]; seed: number; optionalRules: string[] };
	readonly actions: Action[];
	/** The state hash the game reached under its version. */
	readonly hash?: string;
}

export interface RecordedFixture {
	readonly about?: string;
	readonly rulesVersion?: RulesVersion;
	readonly games: RecordedGame[];
}

export function loadRecordedGames(file: string): RecordedFixture {
	return JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as RecordedFixture;
}

/** The game after its first `n` actions under `rulesVersion`, played live; a refusal throws. */
export function playedTo(game: RecordedGame, n: number, rulesVersion: RulesVersion): GameState {
	const created = Game.create({ ...game.setup, mode: 'live', rulesVersion });
	if (!created.ok) throw new Error(created.error.message);
	for (const a of game.actions.slice(0, n)) {
		const r = created.value.process(a);
		if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
	}
	return created.value.state as GameState;
}
