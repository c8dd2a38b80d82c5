/**
 * Export round trip (issue 11): every shared recorded game, imported, exported to 18xx.games'
 * format and imported again, reaches the same state hash after every executed action, and the
 * exported file passes the import's own parser with actions numbered from 1.
 * The games live in ../shared/reference (relative to the project root); without it this suite
 * is skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import { Game, stateHash, type Action } from '../../src/lib/engine/index';
import { exportTo18xx } from '../../src/lib/interop/export-18xx';
import { parseExport } from '../../src/lib/interop/parse-export';
import { replayExport } from '../../src/lib/interop/replay';
import { resolveUndoRedo } from '../../src/lib/interop/undo-redo';
import { batchOf, referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';

/** Hash after every logged action (its auto actions included), replaying until the first refusal. */
function hashesOf(title: ReferenceGame['parsed'], surviving: readonly Action[]): { hashes: string[]; game: Game } {
	const created = Game.create({ title: title.title, players: title.players, seed: title.seed, optionalRules: title.optionalRules, mode: 'import' });
	if (!created.ok) throw new Error(created.error.message);
	const game = created.value;
	const hashes: string[] = [];
	for (const a of surviving) {
		for (const step of batchOf(a)) if (!game.process(step).ok) return { hashes, game };
		hashes.push(stateHash(game.state));
	}
	return { hashes, game };
}

describe.skipIf(!referencePresent)('18xx.games export: import → export → import keeps the state hash after every action', () => {
	for (const g of referenceGames()) {
		it(g.name, () => {
			const first = hashesOf(g.parsed, g.surviving);
			const exported = exportTo18xx({
				id: g.parsed.id ?? 'x',
				title: g.parsed.title,
				players: g.parsed.players,
				seed: g.parsed.seed,
				optionalRules: g.parsed.optionalRules,
				actions: g.surviving.slice(0, first.hashes.length).map((action) => ({ action })),
				final: first.game.state,
				now: 1_700_000_000
			});
			// Through text, as a downloaded file travels.
			const again = parseExport(JSON.parse(JSON.stringify(exported)));
			expect(again.ok).toBe(true);
			if (!again.ok) return;
			expect(again.value.actions.map((a) => a.id)).toEqual(Array.from({ length: first.hashes.length }, (_, i) => i + 1));
			expect(again.value.actions.every((a) => a.entity_type !== undefined)).toBe(true);
			// The exported log has no undo left: every action in it runs.
			const survivingAgain = resolveUndoRedo(again.value.actions).surviving;
			expect(survivingAgain.length).toBe(again.value.actions.length);
			const second = hashesOf(again.value, survivingAgain);
			expect(second.hashes.length).toBe(first.hashes.length);
			const firstDiff = second.hashes.findIndex((h, i) => h !== first.hashes[i]);
			expect(firstDiff).toBe(-1);
			// The site's result and end reason, as the reference recorded them, survive the trip.
			const report = replayExport(JSON.parse(JSON.stringify(exported)));
			expect(report.stoppedAt).toBeNull();
			expect(report.finished).toBe(first.game.state.end.finished);
			if (g.parsed.result && first.game.state.end.finished) expect(exported.result).toEqual(g.parsed.result);
			expect(exported.status).toBe(first.game.state.end.finished ? 'finished' : 'active');
		});
	}
});
