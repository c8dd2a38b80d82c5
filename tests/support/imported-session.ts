/**
 * A hotseat game imported from a recorded one (as the import page makes it): its session,
 * every seat claimed and the game started, for tests of what sits on top of a session.
 */
import { expect } from 'vitest';
import type { GameState } from '../../src/lib/engine';
import { makeGenesis } from '../../src/lib/sync/author';
import { engine1822, RULES_1822 } from '../../src/lib/sync/engine-1822';
import { importedSetupJson } from '../../src/lib/sync/engine-1822-import';
import { MemoryKeyStore } from '../../src/lib/sync/key-store';
import { LogDoc } from '../../src/lib/sync/log-doc';
import { GameSession } from '../../src/lib/sync/session';
import type { ReferenceGame } from './reference-games';

export async function importedSession(g: ReferenceGame): Promise<GameSession<GameState>> {
	const log = new LogDoc();
	const keys = new MemoryKeyStore();
	const setup = importedSetupJson(g.parsed.title, g.parsed.optionalRules, g.parsed.seed, g.parsed.players, g.surviving);
	const { genesis, creator } = await makeGenesis(setup, g.parsed.players.length, RULES_1822);
	await keys.putCreator(genesis.id, creator);
	log.append(genesis.wire);
	const session = await GameSession.open({ game: genesis.id, adapter: engine1822, keys, log, appVersion: 'test' });
	for (const [seat, p] of g.parsed.players.entries()) expect((await session.claim(seat, p.name)).ok).toBe(true);
	expect((await session.start()).ok).toBe(true);
	await session.refresh();
	return session;
}
