/**
 * The log renders the engine's events (issue 18): under each action, one line per event, in the
 * engine's order, in words. Imported games get the same lines, since their steps replay through
 * the same engine. Also: a 2 bought as the L's variant is logged as a 2 train.
 */
import { describe, expect, it } from 'vitest';
import { Game, process, type Action } from '../../src/lib/engine';
import { describeAction, LogBuilder } from '../../src/lib/state/log-sentences';
import { batchOf, referenceGames, referencePresent } from '../support/reference-games';
import { majorTurn } from './or-support';

/** Ids a player should never read in the log. */
const RAW = /_ipo\b|\btwo_shares\b|\bone_share\b|\b[A-Z]{2,5}_\d+\b|\bM\d{1,2}\b|\b(L|[2-8])-\d+\b|\b(acquires|closes|of|from) \d{1,2}\b(?! (trains?|shares?))/;

describe('the log lists the engine events of each step', () => {
	it.skipIf(!referencePresent)('an imported recorded game: each step’s event lines are its engine events, kind by kind, in words', () => {
		const g = referenceGames().find((x) => x.name.startsWith('1822/'))!;
		expect(g).toBeDefined();
		const created = Game.create({ title: g.parsed.title, players: g.parsed.players, seed: g.parsed.seed, optionalRules: g.parsed.optionalRules, mode: 'import' });
		expect(created.ok).toBe(true);
		if (!created.ok) return;
		const initial = created.value.snapshot();
		// The steps as an imported game has them: each action, then each of its automatic actions.
		const steps = g.surviving.flatMap((a, i) => batchOf(a).map((s, k) => ({ id: `imported:${i}.${k}`, action: { ...s, auto_actions: undefined } as Action, source: 'imported' as const })));
		const expected: string[][] = [];
		const engine = created.value;
		for (const s of steps) {
			const r = engine.processWithEvents(s.action);
			expected.push(r.ok ? r.value.map((e) => e.kind) : []);
		}
		const lines = new LogBuilder(initial, steps.length).update(steps);
		const events = lines.filter((l) => l.kind === 'event');
		for (let i = 0; i < steps.length; i++) expect(events.filter((l) => l.position === i + 1).map((l) => l.event), `step ${i + 1}`).toEqual(expected[i]);
		// A whole game tells its phases, rusting and dividends.
		const kinds = new Set(events.map((l) => l.event));
		for (const k of ['phase_changed', 'trains_rusted', 'dividend', 'minor_acquired']) expect(kinds).toContain(k);
		for (const l of events) expect(RAW.exec(l.text)?.[0] ?? null, l.text).toBeNull();
	});

	it('a 2 bought as the L’s variant is logged as a 2 train, not an L train', () => {
		const s = majorTurn('NBR', 'buy_train', { phase: '1' });
		const action = { type: 'buy_train', entity: 'NBR', entity_type: 'corporation', train: 'L-0', price: 120, variant: '2' } as Action;
		const r = process(s, action);
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.value.corporations.NBR.trains.map((t) => t.name)).toEqual(['2']);
		expect(describeAction(s, action, r.value)).toBe('NBR buys a 2 train for £120');
		// Read against the state after it, the train's own name wins over the id's type.
		expect(describeAction(s, { ...action, variant: undefined } as unknown as Action, r.value)).toBe('NBR buys a 2 train for £120');
	});
});
