/**
 * A position reached by a recorded list of actions (tests/fixtures/positions/NAME.json: the game's
 * setup and its actions), replayed live. Tests that need a particular position found by a random
 * game keep it this way, so a later change to the random player does not move them elsewhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Game, type Action, type CreateGameOptions, type GameState } from '../../src/lib/engine/index';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'positions');

export function recordedPosition(name: string): GameState {
	const file = JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as {
		setup: Omit<CreateGameOptions, 'mode'>;
		actions: Action[];
	};
	const created = Game.create({ ...file.setup, mode: 'live' });
	if (!created.ok) throw new Error(`${name}: ${created.error.message}`);
	const game = created.value;
	file.actions.forEach((a, i) => {
		const r = game.process(a);
		if (!r.ok) throw new Error(`${name}: action ${i} (${a.type}) refused: ${r.error.message}`);
	});
	return game.state as GameState;
}
