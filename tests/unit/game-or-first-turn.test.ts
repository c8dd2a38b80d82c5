/**
 * The operating-round page's actions, built from the options `operatingChoices` offers, on a
 * 3-player 1822NRS game after a first stock round in which each player won one minor with a
 * lone £100 bid. Expected figures come from the rules (rules digest 3.10, 5.2, 8.1, 9; NRS
 * column of the scenario table), not from the engine:
 * - a phase 1 minor floats with £100 in its treasury, at £50;
 * - its first turn may start by buying an L train, £50 in NRS;
 * - a minor's run pays half: the treasury keeps floor(revenue / 2), the owner gets the rest.
 */
import { describe, expect, it } from 'vitest';
import {
	processWithEvents,
	activeEntities,
	bidBoxes,
	createGame,
	operatingChoices,
	process,
	routeRevenue,
	type Action,
	type GameState
} from '../../src/lib/engine';
import { describeAction } from '../../src/lib/state/log-sentences';
import { describeEvent } from '../../src/lib/state/event-sentences';
import { buyTrainAction, layTileAction, passAction, runRoutesAction } from '../../src/lib/state/operating-actions';
import { bestRoutes, routeHexes } from '../../src/lib/state/operating-routes';

const MINOR_TREASURY = 100;
const L_PRICE_NRS = 50;
const START_CASH = 500;
const BID = 100;

function apply(s: GameState, a: unknown): GameState {
	const r = process(s, a as Action);
	if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
	return r.value;
}

/** Stock round 1: each player bids £100 on a different minor; then everyone passes. */
function firstOperatingRound(): { state: GameState; owners: Map<string, number> } {
	const g = createGame({ title: '1822NRS', players: [1, 2, 3].map((id) => ({ id, name: ['Ada', 'Brunel', 'Cleo'][id - 1] })), seed: 42 });
	if (!g.ok) throw new Error(g.error.message);
	let s = g.value;
	const minors = bidBoxes(s).filter((c) => /^M\d+$/.test(c)).slice(0, 3);
	const owners = new Map<string, number>();
	for (const m of minors) {
		const p = activeEntities(s)[0] as number;
		s = apply(s, { type: 'bid', entity: p, entity_type: 'player', company: m, price: BID });
		s = apply(s, { type: 'pass', entity: p, entity_type: 'player' });
		owners.set(m.slice(1), p);
	}
	for (let i = 0; i < 10 && s.round.kind === 'stock'; i++) s = apply(s, { type: 'pass', entity: activeEntities(s)[0], entity_type: 'player' });
	return { state: s, owners };
}

describe('a minor’s first operating turn from the offered options (rules digest 5.2)', () => {
	const { state: start, owners } = firstOperatingRound();
	const choices = operatingChoices(start)!;
	const minor = choices.entity;
	// Steps block, as on 18xx.games: track comes once the L train is bought (or declined).
	const afterL = apply(start, buyTrainAction(minor, choices.trains!.depot[0].train, L_PRICE_NRS, 'L'));
	const track = operatingChoices(afterL)!;

	it('the operating round begins with a floated minor of £100, its owner as president', () => {
		expect(start.round.kind).toBe('operating');
		expect(owners.has(minor)).toBe(true);
		expect(choices.president).toBe(owners.get(minor));
		expect(start.corporations[minor].cash).toBe(MINOR_TREASURY);
		expect(start.players.map((p) => p.cash)).toEqual([START_CASH - BID, START_CASH - BID, START_CASH - BID]);
	});

	it('first-turn housekeeping offers the L train at £50, and buying it as offered is accepted', () => {
		expect(choices.step).toBe('housekeeping');
		expect(choices.actions).toContain('pass');
		const offer = choices.trains!.depot[0];
		expect(offer.variants).toEqual([{ variant: 'L', price: L_PRICE_NRS }]);
		const after = apply(start, buyTrainAction(minor, offer.train, offer.variants[0].price, offer.variants[0].variant));
		expect(after.corporations[minor].cash).toBe(MINOR_TREASURY - L_PRICE_NRS);
		expect(after.corporations[minor].trains.map((t) => t.name)).toEqual(['L']);
		expect(describeAction(start, buyTrainAction(minor, offer.train, L_PRICE_NRS, 'L') as unknown as Action, after)).toBe(
			`Minor ${minor} buys an L train for £${L_PRICE_NRS}`
		);
	});

	it('housekeeping blocks: no lay is offered before the L train is bought or declined, and one is refused', () => {
		expect(choices.actions).not.toContain('lay_tile');
		expect(track.step).toBe('track');
		const lays = track.tileLays[0];
		const hex = lays.hexes[0];
		const r = process(start, layTileAction(lays.entity, lays.combo, hex.hex, hex.tiles[0].tileId, hex.tiles[0].rotations[0].rotation) as unknown as Action);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.error.code).toBe('step_pending');
	});

	it('every offered tile and rotation on the first offered hex is accepted as a lay', () => {
		const lays = track.tileLays[0];
		const hex = lays.hexes[0];
		for (const t of hex.tiles)
			for (const r of t.rotations) {
				const after = process(afterL, layTileAction(lays.entity, lays.combo, hex.hex, t.tileId, r.rotation) as unknown as Action);
				expect(after.ok, `${t.tile} rotation ${r.rotation}`).toBe(true);
				if (after.ok) expect(afterL.corporations[minor].cash - after.value.corporations[minor].cash).toBe(r.cost);
			}
	});

	it('the log names the tile without its copy number, the hex with its name, and what the lay cost', () => {
		const lays = track.tileLays[0];
		const hex = lays.hexes[0];
		const t = hex.tiles[0];
		const r = t.rotations[0];
		const action = layTileAction(lays.entity, lays.combo, hex.hex, t.tileId, r.rotation) as unknown as Action;
		const told = processWithEvents(afterL, action);
		if (!told.ok) throw new Error(told.error.message);
		const after = told.value.state;
		const spent = afterL.corporations[minor].cash - after.corporations[minor].cash;
		expect(describeAction(afterL, action, after, told.value.events)).toMatch(new RegExp(`^Minor ${minor} lays tile ${t.tile} on ${hex.hex}( \\([^)]+\\))? for £${spent}$`));
	});

	it('a lay not offered is refused with a reason and the state is unchanged', () => {
		const offered = new Set(track.tileLays[0].hexes.map((h) => h.hex as string));
		const elsewhere = ['A1', 'B2', 'C3', 'I30', 'N29'].find((h) => !offered.has(h))!;
		const before = JSON.stringify(afterL);
		const r = process(afterL, layTileAction(minor, [], elsewhere, '7-0', 0) as unknown as Action);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
		expect(JSON.stringify(afterL)).toBe(before);
	});

	it('the best routes are accepted as a run; the minor keeps half rounded down, the owner gets the rest', () => {
		// Done laying track: the route step follows.
		let s = apply(afterL, passAction(minor));
		expect(operatingChoices(s)!.step).toBe('route');
		const best = bestRoutes(s)!;
		expect(best.routes.length).toBe(1);
		for (const r of best.routes) expect(routeHexes(r).length).toBeGreaterThan(0);
		const check = routeRevenue(s, best.routes)!;
		expect(check.ok).toBe(true);
		const revenue = check.ok ? check.value.total : -1;
		expect(revenue).toBe(best.total);
		expect(revenue).toBeGreaterThan(0);
		const owner = owners.get(minor)!;
		const ownerCash = s.players.find((p) => p.id === owner)!.cash;
		const before = s;
		s = apply(s, runRoutesAction(minor, best.routes));
		const kept = Math.floor(revenue / 2);
		expect(s.corporations[minor].cash).toBe(MINOR_TREASURY - L_PRICE_NRS + kept);
		expect(s.players.find((p) => p.id === owner)!.cash).toBe(ownerCash + (revenue - kept));
		const name = before.players.find((p) => p.id === owner)!.name;
		expect(describeAction(before, runRoutesAction(minor, best.routes) as unknown as Action, s)).toBe(`Minor ${minor} runs for £${revenue}`);
		// The split is the engine's dividend event, worded for the log (issue 18).
		const r = processWithEvents(before, runRoutesAction(minor, best.routes) as unknown as Action);
		expect(r.ok).toBe(true);
		const dividend = r.ok ? r.value.events.find((e) => e.kind === 'dividend') : undefined;
		expect(dividend).toBeDefined();
		expect(describeEvent(s, dividend!)).toBe(`Minor ${minor} earns £${revenue}: £${revenue - kept} to ${name} and £${kept} kept in its treasury; share price £50 → £60`);
	});

	it('passing at housekeeping declines the L train and moves on to track', () => {
		const s = apply(start, passAction(minor));
		expect(s.corporations[minor].trains).toEqual([]);
		expect(operatingChoices(s)!.step).not.toBe('housekeeping');
	});
});
