/**
 * Issue 17: an imported genesis needs imported actions, and every seat sees before claiming that
 * it joins an imported game, and whose. An imported game takes the site's seed instead of the
 * seats' commit and reveal; a creator who writes "imported" with no actions would choose the seed
 * (and so the company stacks) alone. Such a genesis is refused before anyone claims a seat.
 */
import { describe, expect, it } from 'vitest';
import { makeClaim, makeGenesis, makeReveal, makeStart } from '../../../src/lib/sync/author';
import { engine1822, RULES_1822 } from '../../../src/lib/sync/engine-1822';
import { importedSetupJson, importProblem, readImportedPrefix } from '../../../src/lib/sync/engine-1822-import';
import { LogOrderer } from '../../../src/lib/sync/order';
import type { Action } from '../../../src/lib/engine/index';

const players = [
	{ id: 11, name: 'Ada' },
	{ id: 22, name: 'Brunel' }
];
const firstBid = { type: 'bid', entity: 11, entity_type: 'player', id: 1, company: 'M1', price: 100 } as unknown as Action;

async function table(setup: ReturnType<typeof importedSetupJson>) {
	const { genesis, creator } = await makeGenesis(setup, 2, RULES_1822);
	const game = genesis.id;
	const claims = await Promise.all(players.map((p, seat) => makeClaim(game, RULES_1822, seat, p.name)));
	const start = await makeStart(game, RULES_1822, claims.map((c) => c.entry.id), creator);
	const reveals = await Promise.all(claims.map((c) => makeReveal(RULES_1822, start.id, c.secret)));
	const items = [genesis.wire, ...claims.map((c) => c.entry.wire), start.wire, ...reveals.map((r) => r.wire)];
	return { game, items, genesis };
}

describe('an imported genesis needs imported actions', () => {
	it('with none, the game is refused before any claim, with the reason, even once claimed, started and revealed', async () => {
		// The creator picks the seed 4242 and calls the game imported, with nothing played under that seed.
		const setup = importedSetupJson('1822NRS', [], 4242, players, [], 'Mallory');
		expect(importProblem(setup)).toMatch(/must carry the actions it imported/);
		const { game, items } = await table(setup);
		for (const seen of [items.slice(0, 1), items]) {
			const r = await new LogOrderer(engine1822, game).order(seen);
			expect(r.stage).toBe('broken');
			expect(r.setupError).toMatch(/must carry the actions it imported/);
			expect(r.claims).toEqual([]);
			expect(r.seats).toBeNull();
			expect(r.state).toBeNull();
		}
	});

	it('an unreadable imported part is refused the same way', async () => {
		const setup = { title: '1822NRS', options: [], imported: { seed: 'any', players, actions: [] } };
		expect(importProblem(setup)).toBe('the imported game in genesis cannot be read');
		const { genesis } = await makeGenesis(setup, 2, RULES_1822);
		const r = await new LogOrderer(engine1822, genesis.id).order([genesis.wire]);
		expect(r.stage).toBe('broken');
	});

	it('with its actions, seats are open, and every seat reads from genesis who imported it and how far it was played', async () => {
		const setup = importedSetupJson('1822NRS', [], 4242, players, [firstBid], 'Ada');
		expect(importProblem(setup)).toBeNull();
		const { game, items } = await table(setup);
		const r = await new LogOrderer(engine1822, game).order(items.slice(0, 3));
		expect(r.stage).toBe('claiming');
		expect(r.claims).toHaveLength(2);
		const g = r.genesis!.kind;
		const prefix = g.kind === 'genesis' ? readImportedPrefix(g.setup) : null;
		expect(prefix).toMatchObject({ importer: 'Ada', seed: 4242, actions: [expect.objectContaining({ type: 'bid', entity: 1 })] });
	});

	it('a live game (not imported) has no import problem', () => {
		expect(importProblem({ title: '1822NRS', options: [] })).toBeNull();
	});
});
