/** A hotseat game over an in-memory log: one device claims every seat, starts and reveals. */
import type { GameState, TitleId } from '../../src/lib/engine';
import { makeGenesis } from '../../src/lib/sync/author';
import { engine1822, RULES_1822, setupJson } from '../../src/lib/sync/engine-1822';
import { MemoryKeyStore } from '../../src/lib/sync/key-store';
import { LogDoc } from '../../src/lib/sync/log-doc';
import { GameSession } from '../../src/lib/sync/session';

export async function hotseatSession(
	title: TitleId,
	names: readonly string[],
	options: readonly string[] = []
): Promise<{ session: GameSession<GameState>; log: LogDoc; game: string }> {
	const log = new LogDoc();
	const keys = new MemoryKeyStore();
	const { genesis, creator } = await makeGenesis(setupJson({ title, options }), names.length, RULES_1822);
	await keys.putCreator(genesis.id, creator);
	log.append(genesis.wire);
	const session = await GameSession.open({ game: genesis.id, adapter: engine1822, keys, log, appVersion: 'test' });
	for (const [seat, name] of names.entries()) {
		const r = await session.claim(seat, name);
		if (!r.ok) throw new Error(r.message);
	}
	const started = await session.start();
	if (!started.ok) throw new Error(started.message);
	await session.refresh();
	if (session.view?.stage !== 'playing') throw new Error(`stage ${session.view?.stage}`);
	return { session, log, game: genesis.id };
}
