/**
 * Issue 11: an imported game continued here. The surviving actions become part of genesis, with
 * the site's player ids rewritten to the seats' ids; the game replays to the same standings as the
 * site's log, goes on in live play, and leaves again both as an 18xx.games export and as our own
 * signed game file, each of which reads back to the same game.
 * The games live in ../shared/reference (relative to the project root); without it this suite is
 * skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import { Game, roundName, scores, stateHash, type Action, type GameState } from '../../src/lib/engine/index';
import { replayExport } from '../../src/lib/interop/replay';
import { makeClaim, makeGenesis, makePlay, makeReveal, makeStart } from '../../src/lib/sync/author';
import { engine1822, RULES_1822 } from '../../src/lib/sync/engine-1822';
import { importedSetupJson, stateAfterPrefix, readImportedPrefix } from '../../src/lib/sync/engine-1822-import';
import { gameFileText, mergeGameFile, readGameFile, writeGameFile } from '../../src/lib/sync/game-file';
import { LogDoc } from '../../src/lib/sync/log-doc';
import { LogOrderer } from '../../src/lib/sync/order';
import { exportGameTo18xx } from '../../src/lib/state/game-export';
import { batchOf, referenceGames, referencePresent, type ReferenceGame } from '../support/reference-games';

/** How many surviving actions replay with the site's own ids, and the state they reach. */
function direct(g: ReferenceGame): { count: number; state: GameState } {
	const game = Game.create({ title: g.parsed.title, players: g.parsed.players, seed: g.parsed.seed, optionalRules: g.parsed.optionalRules, mode: 'import' });
	if (!game.ok) throw new Error(game.error.message);
	let count = 0;
	for (const a of g.surviving) {
		if (!batchOf(a).every((s) => game.value.process(s).ok)) break;
		count++;
	}
	return { count, state: game.value.snapshot() };
}

const withMode = (s: GameState, mode: 'import' | 'live'): GameState => ({ ...s, setup: { ...s.setup, mode } });

describe.skipIf(!referencePresent)('an imported prefix in genesis replays as the site log does, with seats for players', () => {
	for (const g of referenceGames()) {
		it(g.name, () => {
			const d = direct(g);
			const setup = importedSetupJson(g.parsed.title, g.parsed.optionalRules, g.parsed.seed, g.parsed.players, g.surviving.slice(0, d.count));
			const prefix = readImportedPrefix(setup);
			expect(prefix?.actions.length).toBe(d.count);
			const seats = g.parsed.players.map((p, i) => ({ id: i + 1, name: p.name }));
			const r = stateAfterPrefix(g.parsed.title, g.parsed.optionalRules, seats, prefix!);
			expect(r.ok).toBe(true);
			if (!r.ok) return;
			expect(r.state.setup.mode).toBe('live');
			// The i-th player of the site is seat i, player id i + 1: same values, cash and round.
			const ours = scores(r.state);
			const theirs = scores(d.state);
			expect(g.parsed.players.map((_, i) => ours[String(i + 1)])).toEqual(g.parsed.players.map((p) => theirs[String(p.id)]));
			expect(g.parsed.players.map((_, i) => r.state.players.find((p) => p.id === i + 1)?.cash)).toEqual(
				g.parsed.players.map((p) => d.state.players.find((q) => q.id === p.id)?.cash)
			);
			expect(r.state.bank.cash).toBe(d.state.bank.cash);
			expect(roundName(r.state)).toBe(roundName(d.state));
		});
	}
});

describe.skipIf(!referencePresent)('an imported game continued here leaves in both formats and comes back the same', () => {
	it('1822MRS/2227.json after three actions: one more pass, then an 18xx.games export and a game file', async () => {
		const g = referenceGames().find((x) => x.name === '1822MRS/2227.json')!;
		const prefix = g.surviving.filter((a) => (a.id ?? 0) <= 3);
		expect(prefix.length).toBe(3);
		const setup = importedSetupJson(g.parsed.title, g.parsed.optionalRules, g.parsed.seed, g.parsed.players, prefix);
		const { genesis, creator } = await makeGenesis(setup, g.parsed.players.length, RULES_1822);
		const game = genesis.id;
		const claims = await Promise.all(g.parsed.players.map((p, seat) => makeClaim(game, RULES_1822, seat, p.name)));
		const start = await makeStart(game, RULES_1822, claims.map((c) => c.entry.id), creator);
		const reveals = await Promise.all(claims.map((c) => makeReveal(RULES_1822, start.id, c.secret)));
		const doc = new LogDoc();
		doc.append(genesis.wire, ...claims.map((c) => c.entry.wire), start.wire, ...reveals.map((r) => r.wire));

		const orderer = new LogOrderer(engine1822, game);
		const before = await orderer.order(doc.entries());
		expect(before.stage).toBe('playing');
		// The site's action 4 is a pass by its second player: seat 2 here, player id 2.
		expect(g.surviving[3]).toMatchObject({ id: 4, type: 'pass', entity: g.parsed.players[1].id });
		expect(before.expected).toEqual([1]);
		const pass = await makePlay(RULES_1822, before.head!, { type: 'pass', entity: 2, entity_type: 'player' }, claims[1].secret);
		doc.append(pass.wire);
		const after = await orderer.order(doc.entries());
		expect(after.head).toBe(pass.id);
		expect(after.refused).toEqual([]);

		// 18xx.games format: four actions, and the site's replay reaches the same state.
		const out = exportGameTo18xx(after, 1_700_000_000);
		expect(out.ok).toBe(true);
		if (!out.ok) return;
		expect(out.file.actions.map((a) => [a.id, a.type, a.entity])).toEqual([
			[1, 'bid', 1],
			[2, 'bid', 1],
			[3, 'bid', 1],
			[4, 'pass', 2]
		]);
		expect(out.file.settings.seed).toBe(g.parsed.seed);
		const report = replayExport(JSON.parse(JSON.stringify(out.file)));
		expect(report.stoppedAt).toBeNull();
		expect(report.applied).toBe(4);
		expect(stateHash(withMode(report.game!.state as GameState, 'live'))).toBe(after.stateHash);

		// Our format, on a fresh device: same head, same hash.
		const read = await readGameFile(gameFileText(writeGameFile(game, doc.entries())));
		expect(read.ok && read.rejected.length).toBe(0);
		const fresh = new LogDoc();
		expect(mergeGameFile(fresh, game, read).ok).toBe(true);
		const again = await new LogOrderer(engine1822, game).order(fresh.entries());
		expect(again.head).toBe(after.head);
		expect(again.stateHash).toBe(after.stateHash);
	});

	it('an imported action the engine refuses halfway breaks the setup with a message naming it', async () => {
		const g = referenceGames().find((x) => x.name === '1822MRS/2227.json')!;
		const prefix = g.surviving.filter((a) => (a.id ?? 0) <= 3).map((a) => (a.id === 2 ? ({ ...a, company: 'NOPE' } as Action) : a));
		const setup = importedSetupJson(g.parsed.title, [], g.parsed.seed, g.parsed.players, prefix);
		const made = engine1822.initialState({ game: 'x', setup, seats: g.parsed.players.map((p, seat) => ({ seat, name: p.name })), seed: 1 });
		expect(made.ok).toBe(false);
		if (!made.ok) expect(made.error.message).toMatch(/^Imported action 2 \(bid\) was refused/);
	});
});
