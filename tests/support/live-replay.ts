/**
 * Plays an 18xx.games export the way the site's server takes a live game: a fresh game in live
 * mode, every action checked, route revenue computed by the engine, and the automatic actions
 * the engine takes after each action compared with the ones the action carries (the site refuses
 * "Auto actions do not match" [game/base.rb process_action validate_auto_actions]).
 */
import { Game, autoActions, type Action, type GameState } from '../../src/lib/engine/index';
import { parseExport } from '../../src/lib/interop/parse-export';
import { sameAutoActions } from '../../src/lib/interop/replay';

export interface LiveStep {
	readonly action: Action;
	/** The state after the action and its automatic actions. */
	readonly state: GameState;
}

export interface LiveReplay {
	readonly steps: readonly LiveStep[];
	/** The first action refused, with the engine's code (null when every action was accepted). */
	readonly refused: { readonly index: number; readonly id: number | undefined; readonly code: string; readonly message: string } | null;
	readonly game: Game;
}

export function liveReplay(json: unknown, options: { keepStates?: boolean } = {}): LiveReplay {
	const parsed = parseExport(json);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const ex = parsed.value;
	const created = Game.create({ title: ex.title, players: ex.players, seed: ex.seed, optionalRules: ex.optionalRules, mode: 'live' });
	if (!created.ok) throw new Error(created.error.message);
	const game = created.value;
	const steps: LiveStep[] = [];
	for (const [index, raw] of ex.actions.entries()) {
		const { auto_actions: recorded, ...action } = raw as Action;
		const r = game.process(action as Action);
		if (!r.ok) return { steps, refused: { index, id: raw.id, code: r.error.code, message: r.error.message }, game };
		const ran = autoActions(game.state as GameState);
		if (!sameAutoActions(ran, recorded ?? [])) {
			const names = (xs: readonly Action[]) => xs.map((a) => `${a.type} ${String(a.entity)}`).join(', ') || 'none';
			return {
				steps,
				refused: { index, id: raw.id, code: 'auto_actions_mismatch', message: `The engine's automatic actions (${names(ran)}) are not the action's (${names(recorded ?? [])}).` },
				game
			};
		}
		steps.push({ action: raw, state: options.keepStates ? game.snapshot() : (game.state as GameState) });
	}
	return { steps, refused: null, game };
}
