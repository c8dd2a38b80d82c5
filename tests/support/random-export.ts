/**
 * A random game (tests/support/random-player.ts) as an 18xx.games export, for judging by the
 * reference engine. A game that used an option the site does not implement is not written as a
 * file: the answer is the sentence that says why, as the app's own export gives it.
 */
import { exportRefusal, exportTo18xx, type Export18xx } from '../../src/lib/interop/export-18xx';
import { siteHazard } from '../../src/lib/interop/site-hazards';
import type { GameResult } from './random-player';

/** The fixed time stamped on exported actions, so that a run's files are the same every time. */
export const EXPORT_TIME = 1700000000;

export type RandomExport =
	| { readonly ok: true; readonly name: string; readonly file: Export18xx; readonly warning: string | null }
	| { readonly ok: false; readonly name: string; readonly refusal: string };

/** The export of the `index`-th random game of a run, and the file name it goes under. */
export function randomGameExport(index: number, r: GameResult): RandomExport {
	const rules = r.setup.optionalRules;
	const tag = `${r.setup.title}_${r.setup.players.length}p${rules.length ? '_' + rules.join('+') : ''}`;
	const name = `${String(index).padStart(3, '0')}_${tag}_${r.seed}.json`;
	const refusal = exportRefusal(rules, r.final);
	if (refusal !== null) return { ok: false, name, refusal };
	const file = exportTo18xx({
		id: `fuzz_${r.seed}`,
		title: r.setup.title,
		players: r.setup.players,
		seed: r.seed,
		optionalRules: rules,
		actions: r.log.map((action) => ({ action })),
		final: r.final,
		now: EXPORT_TIME,
		description: `random game ${index}, seed ${r.seed}: ${r.outcome}${r.failure ? ` (${r.failure.kind}: ${r.failure.detail})` : ''}`
	});
	const hazard = siteHazard({ title: r.setup.title, players: r.setup.players, seed: r.seed, optionalRules: rules, actions: r.log.map((action) => ({ action })) });
	return { ok: true, name, file, warning: hazard?.sentence ?? null };
}
