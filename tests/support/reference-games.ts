/**
 * The shared recorded games (../shared/reference relative to the project root), loaded and
 * replayed action by action the way the interop replay does it: undo/redo resolved first, each
 * surviving action run with its `auto_actions`. Node-only (reads files); used by tests and scripts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Game, type Action } from '../../src/lib/engine/index';
import { parseExport, type ParsedExport } from '../../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../../src/lib/interop/undo-redo';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const referenceDir = path.resolve(projectRoot, '../shared/reference');
export const referencePresent = existsSync(path.join(referenceDir, 'fixtures'));

export interface ReferenceGame {
	/** "<title>/<file>" */
	readonly name: string;
	readonly parsed: ParsedExport;
	/** Surviving actions after undo/redo resolution, in order. */
	readonly surviving: readonly Action[];
}

export function referenceGames(): ReferenceGame[] {
	if (!referencePresent) return [];
	const out: ReferenceGame[] = [];
	const fixtures = path.join(referenceDir, 'fixtures');
	for (const title of readdirSync(fixtures).sort())
		for (const f of readdirSync(path.join(fixtures, title)).sort()) {
			if (!f.endsWith('.json')) continue;
			const parsed = parseExport(JSON.parse(readFileSync(path.join(fixtures, title, f), 'utf8')));
			if (!parsed.ok) throw new Error(`${title}/${f}: ${parsed.error.message}`);
			out.push({ name: `${title}/${f}`, parsed: parsed.value, surviving: resolveUndoRedo(parsed.value.actions).surviving });
		}
	return out;
}

export function newReferenceGame(g: ReferenceGame): Game {
	const created = Game.create({
		title: g.parsed.title,
		players: g.parsed.players,
		seed: g.parsed.seed,
		optionalRules: g.parsed.optionalRules,
		mode: 'import'
	});
	if (!created.ok) throw new Error(`${g.name}: ${created.error.message}`);
	return created.value;
}

/** An action and the automatic actions the site ran right after it, as executed one by one. */
export function batchOf(action: Action): Action[] {
	return [action, ...(action.auto_actions ?? [])];
}

export interface ReplayStep {
	/** Index in `surviving` of the logged action this step belongs to. */
	readonly index: number;
	readonly action: Action;
	readonly game: Game;
}

/**
 * Replays a game, calling `onStep` after every executed action (auto actions included). Stops
 * at the first refusal, which is returned (null when every action ran).
 */
export function replaySteps(
	g: ReferenceGame,
	onStep: (step: ReplayStep) => void,
	until = g.surviving.length
): { executed: number; stop: { index: number; action: Action; code: string; message: string } | null } {
	const game = newReferenceGame(g);
	let executed = 0;
	for (let i = 0; i < until; i++) {
		for (const a of batchOf(g.surviving[i])) {
			const r = game.process(a);
			if (!r.ok) return { executed, stop: { index: i, action: a, code: r.error.code, message: r.error.message } };
			executed += 1;
			onStep({ index: i, action: a, game });
		}
	}
	return { executed, stop: null };
}
