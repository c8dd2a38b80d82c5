// The game view of a game for players on their own devices: the lobby (who has claimed which
// seat, who may start), a spectator, and taking back one's own last action. Three devices share
// one in-memory log document, each with its own key store.
import { describe, expect, it } from 'vitest';
import { bidBoxes, type GameState } from '../../src/lib/engine';
import { GameView } from '../../src/lib/state/game-view.svelte';
import { bidAction } from '../../src/lib/state/stock-actions';
import { makeGenesis } from '../../src/lib/sync/author';
import { engine1822, RULES_1822, setupJson } from '../../src/lib/sync/engine-1822';
import { MemoryKeyStore } from '../../src/lib/sync/key-store';
import { LogDoc } from '../../src/lib/sync/log-doc';
import { GameSession } from '../../src/lib/sync/session';

async function devices() {
	const log = new LogDoc();
	const keys = [new MemoryKeyStore(), new MemoryKeyStore(), new MemoryKeyStore()];
	const { genesis, creator } = await makeGenesis(setupJson({ title: '1822NRS', options: [] }), 2, RULES_1822);
	await keys[0].putCreator(genesis.id, creator);
	log.append(genesis.wire);
	const sessions: GameSession<GameState>[] = [];
	for (const k of keys) sessions.push(await GameSession.open({ game: genesis.id, adapter: engine1822, keys: k, log, appVersion: 'test' }));
	const settle = async () => {
		for (let i = 0; i < 3; i++) await Promise.all(sessions.map((s) => s.refresh()));
	};
	const [host, guest, watcher] = sessions.map((s) => new GameView(s));
	return { host, guest, watcher, settle };
}

describe('the lobby of a game for friends', () => {
	it('shows who claimed each seat, which are this device’s, and lets only the creator start once every seat is claimed', async () => {
		const { host, guest, watcher, settle } = await devices();
		expect(await host.claim(0, 'Ada')).toBe(true);
		await settle();
		expect(host.creator).toBe(true);
		expect(guest.creator).toBe(false);
		expect(host.lobby.map(({ seat, names, mine }) => ({ seat, names, mine }))).toEqual([
			{ seat: 0, names: ['Ada'], mine: true },
			{ seat: 1, names: [], mine: false }
		]);
		expect(host.lobby[0].claims).toEqual([expect.objectContaining({ name: 'Ada', mine: true, duplicateName: false, fingerprint: expect.stringMatching(/^[0-9A-F]{4}( [0-9A-F]{4}){3}$/) })]);
		expect(guest.lobby.map((s) => s.mine)).toEqual([false, false]);
		expect(host.everySeatClaimed).toBe(false);
		expect(await host.start()).toBe(false);
		expect(host.refusal?.code).toBe('seats_open');

		expect(await guest.claim(1, '  Brunel ')).toBe(true);
		await settle();
		expect(host.lobby.map((s) => s.names)).toEqual([['Ada'], ['Brunel']]);
		expect(host.everySeatClaimed).toBe(true);
		expect(host.summary().players).toEqual(['Ada', 'Brunel']);
		expect(await guest.start()).toBe(false);
		expect(guest.refusal?.code).toBe('not_creator');

		expect(await host.start()).toBe(true);
		await settle();
		expect([host.stage, guest.stage, watcher.stage]).toEqual(['playing', 'playing', 'playing']);
		expect(host.mine).toEqual([0]);
		expect(guest.mine).toEqual([1]);
		expect([host.spectator, guest.spectator, watcher.spectator]).toEqual([false, false, true]);
		expect(host.hotseat).toBe(false);
	});

	it('a spectator acts for nobody; a player may take back their own last action, and only theirs', async () => {
		const { host, guest, watcher, settle } = await devices();
		await host.claim(0, 'Ada');
		await guest.claim(1, 'Brunel');
		await settle();
		await host.start();
		await settle();
		const [ma] = bidBoxes(host.state!).filter((c) => c.startsWith('M'));
		// Seat 1 (player id 1) opens the first stock round.
		expect(await watcher.act(bidAction(1, ma, 100))).toBe(false);
		expect(watcher.refusal?.code).toBe('not_your_turn');
		expect(await host.act(bidAction(1, ma, 100))).toBe(true);
		await settle();
		expect(watcher.log.map((l) => l.text)).toEqual(['Stock Round 1', `Ada bids £100 on Minor ${ma.slice(1)}`]);
		expect(host.undoableSeat).toBe(0);
		expect(guest.undoableSeat).toBe(null);
		expect(await guest.undo()).toBe(false);
		expect(await host.undo()).toBe(true);
		await settle();
		// The bid is gone from the log's actions; the undo line says what was taken back.
		expect(guest.log.filter((l) => l.kind !== 'undo').map((l) => l.text)).toEqual(['Stock Round 1']);
		expect(guest.log.at(-1)).toMatchObject({ kind: 'undo', text: `Ada took back: Ada bids £100 on Minor ${ma.slice(1)}` });
		expect(host.undoableSeat).toBe(null);
	});

	it('a player may set auto-pass out of turn on their own device (programs are accepted out of turn), but not for another seat', async () => {
		const { host, guest, watcher, settle } = await devices();
		await host.claim(0, 'Ada');
		await guest.claim(1, 'Brunel');
		await settle();
		await host.start();
		await settle();
		// Seat 0 (Ada) is to act; Brunel (seat 1, player id 2) is not.
		expect(guest.toAct).toEqual([]);
		const autoPass = (player: number) => ({ type: 'program_share_pass', entity: player, entity_type: 'player', unconditional: true, indefinite: false });
		expect(await guest.act(autoPass(2))).toBe(true);
		await settle();
		expect(host.log.some((l) => l.kind === 'action' && l.text === 'Brunel sets auto-pass, unconditionally')).toBe(true);
		// Only for a seat this device holds: not Ada's program from Brunel's device, and not a spectator's.
		expect(await guest.act(autoPass(1))).toBe(false);
		expect(guest.refusal?.code).toBe('not_your_turn');
		expect(await watcher.act(autoPass(2))).toBe(false);
		expect(watcher.refusal?.code).toBe('not_your_turn');
		// A move that is not a program still waits for its turn.
		const [ma] = bidBoxes(guest.state!).filter((c) => c.startsWith('M'));
		expect(await guest.act(bidAction(2, ma, 100))).toBe(false);
		expect(guest.refusal?.code).toBe('not_your_turn');
	});
});

describe('rival claims (issue 17e)', () => {
	it('every claim shows with its fingerprint and duplicate names are flagged; the creator picks one, and the other device is told in words', async () => {
		const { host, guest, watcher, settle } = await devices();
		expect(await host.claim(0, 'Ada')).toBe(true);
		expect(await guest.claim(1, 'Brunel')).toBe(true);
		expect(await watcher.claim(1, 'brunel ')).toBe(true);
		await settle();
		const seat1 = host.lobby[1].claims;
		expect(seat1.map((c) => c.name).sort()).toEqual(['Brunel', 'brunel'].sort());
		expect(seat1.every((c) => c.duplicateName)).toBe(true);
		expect(new Set(seat1.map((c) => c.fingerprint)).size).toBe(2);
		expect(host.lobby[0].claims[0].duplicateName).toBe(false);
		// Without a choice the start is refused with both names and fingerprints.
		expect(await host.start()).toBe(false);
		expect(host.refusal?.code).toBe('seats_contested');
		for (const c of seat1) expect(host.refusal?.message).toContain(c.fingerprint);
		// The creator seats the watcher's claim (whatever its id).
		const pick = seat1.find((c) => c.name === 'brunel')!;
		expect(await host.start([host.lobby[0].claims[0].id, pick.id])).toBe(true);
		await settle();
		expect(watcher.mine).toEqual([1]);
		expect(guest.mine).toEqual([]);
		expect(guest.unseated).toEqual([1]);
		expect(watcher.unseated).toEqual([]);
		expect(guest.spectator).toBe(true);
	});
});
