/**
 * Issue 8: a finished game from 18xx.games kept on this device for review. Its whole log, the
 * site's `end_game` included, goes into genesis as the imported prefix (engine-1822-import.ts);
 * the log then reaches play with the game over, nobody to act, and any further move refused.
 * The recorded games that end by hand are also checked against their file's `result` when
 * ../shared/reference is present (else that part is skipped with one line saying so).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scores, type Action, type GameState } from '../../../src/lib/engine/index';
import { parseExport } from '../../../src/lib/interop/parse-export';
import { resolveUndoRedo } from '../../../src/lib/interop/undo-redo';
import { makeClaim, makeGenesis, makePlay, makeReveal, makeStart } from '../../../src/lib/sync/author';
import type { JsonObject } from '../../../src/lib/sync/entry';
import { engine1822, RULES_1822 } from '../../../src/lib/sync/engine-1822';
import { importedSetupJson } from '../../../src/lib/sync/engine-1822-import';
import { LogDoc } from '../../../src/lib/sync/log-doc';
import { LogOrderer } from '../../../src/lib/sync/order';

const reference = path.resolve(import.meta.dirname, '../../..', '../shared/reference');
const present = existsSync(path.join(reference, 'fixtures'));

/** A hotseat game whose genesis carries `prefix`, every seat claimed, started and revealed. */
async function importedGame(
	title: string,
	options: readonly string[],
	players: readonly { id: number; name: string }[],
	seed: number,
	prefix: readonly Action[]
) {
	const setup = importedSetupJson(title, options, seed, players, prefix);
	const { genesis, creator } = await makeGenesis(setup, players.length, RULES_1822);
	const game = genesis.id;
	const claims = await Promise.all(players.map((p, seat) => makeClaim(game, RULES_1822, seat, p.name)));
	const start = await makeStart(game, RULES_1822, claims.map((c) => c.entry.id), creator);
	const reveals = await Promise.all(claims.map((c) => makeReveal(RULES_1822, start.id, c.secret)));
	const doc = new LogDoc();
	doc.append(genesis.wire, ...claims.map((c) => c.entry.wire), start.wire, ...reveals.map((r) => r.wire));
	const orderer = new LogOrderer(engine1822, game);
	return { doc, orderer, claims, view: await orderer.order(doc.entries()) };
}

describe('a finished imported game (its end_game in the prefix) is kept for review', () => {
	const players = [
		{ id: 101, name: 'Ada' },
		{ id: 205, name: 'Brunel' },
		{ id: 309, name: 'Cleo' }
	];
	const endGame = { type: 'end_game', entity: 205, entity_type: 'player', id: 1 } as unknown as Action;

	it('the log reaches play with the game over and nobody to act', async () => {
		const { view } = await importedGame('1822MRS', [], players, 1234, [endGame]);
		expect(view.setupError ?? null).toBeNull();
		expect(view.stage).toBe('playing');
		const state = view.state as GameState;
		expect(state.end.finished).toBe(true);
		expect(state.end.reason).toBe('manually_ended');
		expect(view.expected).toEqual([]);
	});

	it('a move after the end is refused by the log', async () => {
		const { doc, orderer, claims, view } = await importedGame('1822MRS', [], players, 1234, [endGame]);
		const pass = await makePlay(RULES_1822, view.head!, { type: 'pass', entity: 1, entity_type: 'player' } as JsonObject, claims[0].secret);
		doc.append(pass.wire);
		const after = await orderer.order(doc.entries());
		expect(after.head).toBe(view.head);
		expect(after.refused.map((r) => r.id)).toEqual([pass.id]);
	});
});

describe.skipIf(!present)('recorded games ended by hand, kept for review, score as their file says', () => {
	for (const name of ['1822MRS/2227.json', '1822NRS/128129.json', '1822/hs_lxemeslq_30797.json']) {
		it(name, async () => {
			const json = JSON.parse(readFileSync(path.join(reference, 'fixtures', name), 'utf8')) as { result: Record<string, number> };
			const parsed = parseExport(json);
			if (!parsed.ok) throw new Error(parsed.error.message);
			const ex = parsed.value;
			const surviving = resolveUndoRedo(ex.actions).surviving;
			expect(surviving[surviving.length - 1].type).toBe('end_game');
			const { view } = await importedGame(ex.title, ex.optionalRules, ex.players, ex.seed, surviving);
			expect(view.stage).toBe('playing');
			const state = view.state as GameState;
			expect(state.end.finished).toBe(true);
			// Seat i plays as player id i + 1 (engine-1822.ts): the file's i-th player.
			const ours = scores(state);
			expect(ex.players.map((_, i) => ours[String(i + 1)])).toEqual(ex.players.map((p) => json.result[String(p.id)]));
		}, 60_000);
	}
});
