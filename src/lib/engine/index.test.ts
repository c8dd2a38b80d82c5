import { describe, expect, it } from 'vitest';
import { Game, activeEntities, bidBoxes, createGame, process, roundName, stateHash, stockRoundChoices } from './index';
import type { Action } from './core/actions';

const players = [1, 2, 3].map((id) => ({ id, name: `P${id}` }));

function start() {
	const r = createGame({ title: '1822MRS', players, seed: 2227 });
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

describe('engine API', () => {
	it('process is pure: the input state is unchanged and a new state is returned', () => {
		const s = start();
		const before = stateHash(s);
		const r = process(s, { type: 'bid', entity: 1, company: 'C1', price: 100 });
		expect(r.ok).toBe(true);
		expect(stateHash(s)).toBe(before);
		expect(r.ok && stateHash(r.value)).not.toBe(before);
	});

	it('a refused action returns its code and leaves the state as it was', () => {
		const s = start();
		const r = process(s, { type: 'bid', entity: 2, company: 'C1', price: 100 });
		expect(r.ok ? null : r.error.code).toBe('not_your_turn');
	});

	it('replaying in place gives the same state hash as folding process over the log', () => {
		const log: Action[] = [
			{ type: 'bid', entity: 1, company: 'C1', price: 100 },
			{ type: 'bid', entity: 1, company: 'P1', price: 0 },
			{ type: 'bid', entity: 1, company: 'M19', price: 100 },
			{ type: 'pass', entity: 2 },
			{ type: 'pass', entity: 3 },
			{ type: 'pass', entity: 1 }
		];
		let s = start();
		for (const a of log) {
			const r = process(s, a);
			if (!r.ok) throw new Error(r.error.code);
			s = r.value;
		}
		const g = new Game(start());
		for (const a of log) expect(g.process(a).ok).toBe(true);
		expect(stateHash(g.state)).toBe(stateHash(s));
		expect(roundName(s)).toBe('Operating Round 1.1');
		expect(activeEntities(s)).toEqual(['19']);
	});

	it('the same setup gives the same hash every time', () => {
		expect(stateHash(start())).toBe(stateHash(start()));
	});

	it('answers the bid boxes and the active player’s stock-round choices', () => {
		const s = start();
		expect(bidBoxes(s)).toEqual(['M24', 'M17', 'M19', 'M7', 'C1', 'C2', 'C7', 'P1', 'P2', 'P10']);
		expect(stockRoundChoices(s)?.player).toBe(1);
	});
});
