import { describe, expect, it } from 'vitest';
import { bidBoxes, roundName } from '../engine';
import type { GameState } from '../engine';
import { makeGenesis } from './author';
import { engine1822, RULES_1822, setupJson, controllingSeat, readSetup1822 } from './engine-1822';
import { MemoryKeyStore } from './key-store';
import { LogDoc } from './log-doc';
import { GameSession } from './session';

/** A hotseat table: one device claims every seat, starts, and reveals (automatically). */
async function hotseat(title: '1822NRS' | '1822' | '1822MRS', names: string[], options: string[] = []) {
	const log = new LogDoc();
	const keys = new MemoryKeyStore();
	const { genesis, creator } = await makeGenesis(setupJson({ title, options }), names.length, RULES_1822);
	await keys.putCreator(genesis.id, creator);
	log.append(genesis.wire);
	const session = await GameSession.open({ game: genesis.id, adapter: engine1822, keys, log, appVersion: 'test' });
	for (const [seat, name] of names.entries()) expect((await session.claim(seat, name)).ok).toBe(true);
	expect((await session.start()).ok).toBe(true);
	await session.refresh();
	return { session, log, game: genesis.id };
}

const bid = (player: number, company: string, price: number) => ({ type: 'bid', entity: player, entity_type: 'player', company, price });
const pass = (player: number) => ({ type: 'pass', entity: player, entity_type: 'player' });

function state(session: GameSession<GameState>): GameState {
	const s = session.view?.state;
	if (!s) throw new Error('no state');
	return s;
}

describe('1822 engine adapter on the signed log', () => {
	it('a 3-player NRS hotseat game begins in Stock Round 1 with seat 1 to act and £500 each (rules digest 1.1)', async () => {
		const { session } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		expect(session.view?.stage).toBe('playing');
		expect(session.view?.mine).toEqual([0, 1, 2]);
		const s = state(session);
		expect(roundName(s)).toBe('Stock Round 1');
		// Player order for the first stock round is the seating order (rules digest 1.1).
		expect(s.players.map((p) => p.name)).toEqual(['Ada', 'Brunel', 'Cleo']);
		expect(s.players.map((p) => p.cash)).toEqual([500, 500, 500]);
		expect(session.view?.expected).toEqual([0]);
		expect(session.view?.toAct).toEqual([0]);
	});

	it('bids and passes move the turn round the table; a bid commits cash but does not spend it (rules digest 3.3)', async () => {
		const { session } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		const minor = bidBoxes(state(session)).find((c) => c.startsWith('M'))!;
		expect((await session.append(bid(1, minor, 100), 0)).ok).toBe(true);
		// A turn may hold up to three bids, so the turn stays with seat 1 until a pass.
		expect(session.view?.expected).toEqual([0]);
		expect((await session.append(pass(1), 0)).ok).toBe(true);
		expect(session.view?.expected).toEqual([1]);
		expect((await session.append(bid(2, minor, 105), 1)).ok).toBe(true);
		const s = state(session);
		expect(s.round.kind).toBe('stock');
		if (s.round.kind !== 'stock') return;
		expect(s.round.bids[minor]).toEqual([
			{ player: 1, price: 100 },
			{ player: 2, price: 105 }
		]);
		expect(s.players.map((p) => p.cash)).toEqual([500, 500, 500]);
		// Genesis, start, then the three plays.
		expect(session.view?.chain.length).toBe(5);
	});

	it('a seat that is not expected is refused before anything is written', async () => {
		const { session, log } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		const before = log.entries().length;
		const minor = bidBoxes(state(session)).find((c) => c.startsWith('M'))!;
		const r = await session.append(bid(2, minor, 100), 1);
		expect(r).toMatchObject({ ok: false, code: 'not_your_turn' });
		expect(log.entries().length).toBe(before);
	});

	it('an action naming another seat’s player is refused as wrong_entity on this seat’s turn', async () => {
		const { session } = await hotseat('1822NRS', ['Ada', 'Brunel']);
		const r = engine1822.apply(state(session), pass(2), 0);
		expect(r.ok ? 'accepted' : r.error.code).toBe('wrong_entity');
	});

	it('a bid below the minimum is refused with the engine’s code and leaves the state unchanged', async () => {
		const { session, log } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		const hash = session.view?.stateHash;
		const before = log.entries().length;
		const minor = bidBoxes(state(session)).find((c) => c.startsWith('M'))!;
		// A minor's face value, and so its first minimum bid, is £100 (rules digest 3.3).
		const r = await session.append(bid(1, minor, 95), 0);
		expect(r).toMatchObject({ ok: false, code: 'bid_below_minimum' });
		const over = await session.append(bid(1, minor, 505), 0);
		expect(over).toMatchObject({ ok: false, code: 'bid_exceeds_available_cash' });
		expect(log.entries().length).toBe(before);
		expect(session.view?.stateHash).toBe(hash);
	});

	it('undo, chat, end_game and automation are not engine actions between peers', async () => {
		const { session } = await hotseat('1822NRS', ['Ada', 'Brunel']);
		for (const type of ['undo', 'message', 'end_game']) {
			const r = engine1822.apply(state(session), { type, entity: 1 }, 0);
			expect(r.ok ? 'accepted' : r.error.code).toBe('not_in_live_play');
		}
	});

	it('a seat sets and cancels its own auto-pass out of turn, and only its own', async () => {
		const { session, log } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		// Ada (seat 0) is to act; Brunel (seat 1, player 2) is not.
		expect(session.view?.expected).toEqual([0]);
		const set = await session.append({ type: 'program_share_pass', entity: 2, entity_type: 'player', unconditional: true, indefinite: false }, 1);
		expect(set).toMatchObject({ ok: true });
		const after = log.entries().length;
		const forged = engine1822.apply(state(session), { type: 'program_disable', entity: 3, entity_type: 'player', reason: 'x' }, 1);
		expect(forged.ok ? 'accepted' : forged.error.code).toBe('wrong_entity');
		const off = await session.append({ type: 'program_disable', entity: 2, entity_type: 'player', reason: 'by hand' }, 1);
		expect(off).toMatchObject({ ok: true });
		expect(log.entries().length).toBe(after + 1);
		// Still Ada's turn: settings do not take a turn.
		expect(session.view?.expected).toEqual([0]);
	});

	it('a setup with an option the title lacks breaks the game with the engine’s reason', async () => {
		const r = engine1822.initialState({
			game: 'x',
			setup: setupJson({ title: '1822NRS', options: ['plus_expansion'] }),
			seats: [
				{ seat: 0, name: 'A' },
				{ seat: 1, name: 'B' }
			],
			seed: 1
		});
		expect(r.ok ? 'ok' : r.error.code).toBe('unknown_option');
		expect(readSetup1822({ title: '18Chesapeake' })).toBeNull();
	});

	it('a game recorded under rules this app does not know is not replayed, with a reason', () => {
		const seats = [
			{ seat: 0, name: 'A' },
			{ seat: 1, name: 'B' }
		];
		const setup = setupJson({ title: '1822NRS', options: [] });
		const newer = engine1822.initialState({ game: 'x', setup, seats, seed: 1, rules: 'g1822/999' });
		expect(newer.ok ? 'ok' : newer.error.code).toBe('unknown_rules_version');
		if (!newer.ok) expect(newer.error.message).toMatch(/Update the app/);
		const same = engine1822.initialState({ game: 'x', setup, seats, seed: 1, rules: RULES_1822 });
		expect(same.ok).toBe(true);
	});

	it('a corporation is controlled by the seat holding its president’s certificate', async () => {
		const { session } = await hotseat('1822NRS', ['Ada', 'Brunel']);
		const s = structuredClone(state(session));
		const corp = Object.values(s.corporations).find((c) => c.type === 'major')!;
		corp.shares[0].owner = 'player:2';
		expect(controllingSeat(s, corp.id)).toBe(1);
		expect(controllingSeat(s, 2)).toBe(1);
		expect(controllingSeat(s, 9)).toBeNull();
	});

	it('the same log replays to the same state hash in a fresh session (determinism)', async () => {
		const { session, log, game } = await hotseat('1822NRS', ['Ada', 'Brunel', 'Cleo']);
		const minor = bidBoxes(state(session)).find((c) => c.startsWith('M'))!;
		await session.append(bid(1, minor, 100), 0);
		await session.append(pass(1), 0);
		const copy = new LogDoc();
		copy.append(...(log.entries() as { body: string; sig: string }[]));
		const other = await GameSession.open({ game, adapter: engine1822, keys: new MemoryKeyStore(), log: copy, appVersion: 'test' });
		expect(other.view?.stateHash).toBe(session.view?.stateHash);
		expect(other.view?.mine).toEqual([]);
	});
});
