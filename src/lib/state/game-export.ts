/**
 * A game of this app as an 18xx.games export (issue 11): the imported prefix, if the game came
 * from the site, then the engine actions in effect on the chain. Players are the seats, as the
 * log plays them (seat n is player id n + 1, engine-1822.ts); the seed is the site's for an
 * imported game and the commit-reveal seed otherwise.
 */
import type { Action, GameState } from '../engine';
import { exportRefusal, exportTo18xx, type Export18xx, type ExportedAction } from '../interop/export-18xx';
import { siteHazard } from '../interop/site-hazards';
import type { Entry } from '../sync/entry';
import type { SeatClaim } from '../sync/seats';
import type { UndoStatus } from '../sync/undo-status';
import { playerIdOfSeat, readSetup1822 } from '../sync/engine-1822';
import { readImportedPrefix } from '../sync/engine-1822-import';

/** What the export needs of a session's view (a subset, so that tests can build it by hand). */
export interface ExportableView {
	readonly game: string;
	readonly genesis: Entry | null;
	readonly seats: readonly SeatClaim[] | null;
	readonly seed: number | null;
	readonly chain: readonly Entry[];
	readonly undos: readonly UndoStatus[];
	readonly state: GameState | null;
}

/** The engine actions in effect: play entries on the chain less those an undo took back. */
function inEffect(view: ExportableView): Action[] {
	const undone = new Set(view.undos.filter((u) => u.status === 'undone').flatMap((u) => u.takesBack));
	return view.chain.filter((e) => e.kind.kind === 'game' && !undone.has(e.id)).map((e) => (e.kind as { action: unknown }).action as Action);
}

/**
 * A written export, with `warning` when 18xx.games may stop the game at some action (for a fault of
 * the site's own: interop/site-hazards.ts); otherwise why there is no file.
 */
export type ExportOutcome =
	| { readonly ok: true; readonly file: Export18xx; readonly name: string; readonly warning: string | null }
	| { readonly ok: false; readonly message: string };

/** `now`: seconds since 1970, for actions played here (the log keeps no time). */
export function exportGameTo18xx(view: ExportableView, now: number): ExportOutcome {
	if (view.genesis?.kind.kind !== 'genesis') return { ok: false, message: 'The game has not loaded yet.' };
	const setup = readSetup1822(view.genesis.kind.setup);
	if (!setup) return { ok: false, message: 'The game is not a 1822 game this app understands.' };
	if (!view.seats || !view.state) return { ok: false, message: 'The game has not started yet: there is nothing to export.' };
	const refusal = exportRefusal(setup.options, view.state);
	if (refusal) return { ok: false, message: refusal };
	const prefix = readImportedPrefix(view.genesis.kind.setup);
	const seed = prefix?.seed ?? view.seed;
	if (seed === null) return { ok: false, message: 'The game has no seed yet.' };
	const actions: ExportedAction[] = [
		...(prefix?.actions ?? []).map((a) => ({ action: a as unknown as Action })),
		...inEffect(view).map((action) => ({ action }))
	];
	const id = `hs_${view.game.slice(0, 8)}_${seed}`;
	const players = [...view.seats].sort((a, b) => a.seat - b.seat).map((s) => ({ id: playerIdOfSeat(s.seat), name: s.name }));
	const rulesVersion = view.state.setup.rulesVersion ?? 1;
	const file = exportTo18xx({ id, title: setup.title, players, seed, optionalRules: setup.options, actions, final: view.state, rulesVersion, now });
	const hazard = siteHazard({ title: setup.title, players, seed, optionalRules: setup.options, actions, rulesVersion });
	return { ok: true, file, name: `${setup.title}-${view.game.slice(0, 8)}.18xx.json`, warning: hazard?.sentence ?? null };
}
