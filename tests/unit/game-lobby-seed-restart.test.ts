// The lobby when a part of the seed never comes (sync/restart.ts, state/seed-restart.ts): the
// seats are named, the other seat is offered the restart, and every seat is told in words who is
// awaited for what, until the game starts on the restarted seed.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { makeGenesis } from '../../src/lib/sync/author';
import { engine1822, RULES_1822, setupJson } from '../../src/lib/sync/engine-1822';
import { MemoryKeyStore } from '../../src/lib/sync/key-store';
import { LogDoc } from '../../src/lib/sync/log-doc';
import { GameSession } from '../../src/lib/sync/session';

describe('the lobby of a held-up seed', () => {
	it('names the missing seat, offers the other the restart, then says who must commit and reveal, and both end in the same game', async () => {
		const log = new LogDoc();
		const keys = [new MemoryKeyStore(), new MemoryKeyStore()];
		const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), 2, RULES_1822);
		await keys[0].putCreator(genesis.id, creator);
		log.append(genesis.wire);
		const open = (k: MemoryKeyStore) => GameSession.open<GameState>({ game: genesis.id, adapter: engine1822, keys: k, log, appVersion: 'test', resume: null });
		const hostSession = await open(keys[0]);
		const host = new GameView(hostSession);
		let guestSession = await open(keys[1]);
		expect(await host.claim(0, 'Ada')).toBe(true);
		expect(await new GameView(guestSession).claim(1, 'Brunel')).toBe(true);
		// Brunel's device closes and loses the nonce its claim committed to: its part never comes.
		await guestSession.close();
		const brunel = (await keys[1].list(genesis.id))[0];
		await keys[1].put({ ...brunel, nonce: '' });
		await hostSession.refresh();
		expect(await host.start()).toBe(true);
		await hostSession.refresh();

		expect(host.stage).toBe('revealing');
		expect(host.unrevealed).toEqual(['Brunel']);
		expect(host.seedRestart).toMatchObject({ round: 1, missing: ['Brunel'], canAsk: true });
		expect(host.seedRestart?.lines).toEqual([
			'If Brunel never comes back, nobody can sign for that seat: the others can only start a new game without it, from a new game link.'
		]);
		expect(await host.restartSeed()).toBe(true);
		expect(host.seedRestart?.canAsk).toBe(false);
		expect(host.seedRestart?.lines.slice(0, 2)).toEqual([
			'Ada asked to restart the seed with fresh nonces. Every seat first signs a fresh commitment, in this order: Brunel and Ada; Brunel, whose part was missing, first. Then each reveals it in the same order, so nobody knows the new seed before the others have committed.',
			'Waiting for Brunel to sign a fresh commitment: it is written when their browser opens the game.'
		]);

		// Brunel's device opens the game again and is asked nothing: it commits, then each reveals.
		guestSession = await open(keys[1]);
		const guest = new GameView(guestSession);
		for (let i = 0; i < 6; i++) await Promise.all([hostSession.refresh(), guestSession.refresh()]);
		expect(host.stage).toBe('playing');
		expect(guest.stage).toBe('playing');
		expect(host.seedRestart).toBeNull();
		expect(hostSession.view?.seedRound?.round).toBe(2);
		expect(hostSession.view?.head).toBe(guestSession.view?.head);
		expect(hostSession.view?.stateHash).toBe(guestSession.view?.stateHash);
		await hostSession.close();
		await guestSession.close();
	});
});
