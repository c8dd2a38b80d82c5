/**
 * The log renders the engine's events (issue 18): under each action, one line per event, in the
 * engine's order, in words. Imported games get the same lines, since their steps replay through
 * the same engine. Also: a 2 bought as the L's variant is logged as a 2 train.
 */
import { describe, expect, it } from 'vitest';
import { cityId, Game, process, type Action } from '../../src/lib/engine';
import { describeAction, LogBuilder } from '../../src/lib/state/log-sentences';
import { TOLD_BY_ACTION } from '../../src/lib/state/event-sentences';
import { placeHome } from '../../src/lib/engine/titles/g1822/board-ops';
import { newGame, player, startMajor } from '../../src/lib/engine/titles/g1822/testing';
import type { GameState } from '../../src/lib/engine/titles/g1822/state';
import { batchOf, referenceGames, referencePresent } from '../support/reference-games';
import { acquireTurn, giveToCorporation, majorTurn, phaseIndex } from './or-support';

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
			// A lay's and a station's events are told in the action's own line; the income an
			// operating round starts with follows the round's header, after the other events.
			const kinds = r.ok ? r.value.map((e) => e.kind).filter((k) => !TOLD_BY_ACTION.has(k)) : [];
			expected.push([...kinds.filter((k) => k !== 'private_income'), ...kinds.filter((k) => k === 'private_income')]);
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

const corpAct = (entity: string, type: string, extra: Record<string, unknown> = {}): Action => ({ type, entity, entity_type: 'corporation', ...extra }) as unknown as Action;

/** The log's lines (header aside) after one step from `s`. */
function linesAfter(s: GameState, action: Action) {
	return new LogBuilder(s).update([{ id: 'a', action }]).slice(1);
}

describe('what a lay, a station and company income cost is the engine’s event, not a cash difference', () => {
	/** LNWR (phase 3) holding P8 with its "token" choice made, at its track step. */
	function hillPosition(): GameState {
		const s = acquireTurn('LNWR', 'P8', { phase: '3' });
		placeHome(s, 'LNWR');
		const a = process(s, corpAct('LNWR', 'acquire_company', { company: 'P8' }));
		if (!a.ok) throw new Error(a.error.message);
		const b = process(a.value, corpAct('LNWR', 'choose', { choice: 'token' }));
		if (!b.ok) throw new Error(b.error.message);
		if (b.value.round.kind === 'operating') b.value.round.turn.step = 'track';
		return b.value;
	}

	it('a lay on the J21 hill is told with its £60 in the action’s line, and no line of its own', () => {
		const lines = linesAfter(hillPosition(), { type: 'lay_tile', entity: 'LNWR', entity_type: 'corporation', hex: 'J21', tile: '3-0', rotation: 0 } as Action);
		expect(lines[0].kind).toBe('action');
		expect(lines[0].text).toMatch(/^LNWR lays tile 3 on J21( \([^)]+\))? for £60$/);
		expect(lines.filter((l) => l.event === 'track_laid')).toEqual([]);
	});

	it('P8’s free lay says £0 and names the private it used', () => {
		const lines = linesAfter(hillPosition(), { type: 'lay_tile', entity: 'P8', entity_type: 'company', hex: 'J21', tile: '3-0', rotation: 0 } as Action);
		expect(lines[0].text).toMatch(/lays tile 3 on J21( \([^)]+\))? for £0, using P8/);
		expect(lines.map((l) => l.event).filter(Boolean)).toEqual(['private_closed']);
	});

	it('a station says where it went and its £100', () => {
		const s = majorTurn('CR', 'token', { phase: '3' });
		placeHome(s, 'CR');
		const lines = linesAfter(s, corpAct('CR', 'place_token', { city: cityId(s, 'E2', 0), slot: 0 }));
		expect(lines[0].text).toMatch(/^CR places a station in E2( \([^)]+\))? for £100$/);
	});

	it('company income is one line under the new operating round’s header, with each owner’s amount', () => {
		const s = newGame({ mode: 'live' });
		startMajor(s, 'MR', 1, 100, 1);
		s.phase = phaseIndex(s, '3');
		s.companies.P6 = { owner: 'player:2', closed: false };
		player(s, 2).companies.push('P6');
		giveToCorporation(s, 'P2', 'MR');
		s.round = { kind: 'choices', entities: [1], current: 0 };
		const lines = linesAfter(s, { type: 'pass', entity: 1 } as Action);
		const header = lines.findIndex((l) => l.kind === 'round');
		const income = lines.findIndex((l) => l.event === 'private_income');
		expect(header).toBeGreaterThan(0);
		expect(income).toBe(header + 1);
		expect(lines[income].round).toBe(lines[header].text);
		expect(lines[income].text).toMatch(/^Company income: £10 to Player 2 \(P6\b.*\) and £10 to MR \(P2\b.*\)$/);
	});
});

