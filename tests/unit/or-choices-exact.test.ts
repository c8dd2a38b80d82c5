/**
 * The operating round's choices are exactly what its current step takes (issue 16: steps block,
 * as the reference's do [round/base.rb process_action, actions_for]). Along seeded random games,
 * at every operating position: a pass, an empty run and a payout are accepted exactly when the
 * step offers them, and each offered type belongs to the step under way.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, process, type Action, type GameState } from '../../src/lib/engine/index';
import { OPERATING_STEPS } from '../../src/lib/engine/titles/g1822/operating/steps';
import { playRandomGame } from '../support/random-player';
import { Game } from '../../src/lib/engine/index';

const GAMES = [101, 202];

function positions(seed: number): GameState[] {
	const r = playRandomGame(seed, { maxActions: 2500 });
	const created = Game.create({ ...r.setup, mode: 'live' });
	if (!created.ok) throw new Error(created.error.message);
	const out: GameState[] = [];
	for (const a of r.log) {
		if (created.value.state.round.kind === 'operating') out.push(created.value.snapshot());
		expect(created.value.process(a).ok).toBe(true);
	}
	return out;
}

describe('operating choices are exactly what the current step accepts', () => {
	for (const seed of GAMES) {
		it(`random game ${seed}: pass, an empty run and a payout are accepted exactly when offered`, () => {
			const states = positions(seed);
			expect(states.length).toBeGreaterThan(100);
			let checked = 0;
			for (const s of states) {
				const c = operatingChoices(s);
				if (!c || c.step === 'discard') continue;
				const probes: [string, Action][] = [
					['pass', { type: 'pass', entity: c.entity, entity_type: c.entity.startsWith('P') ? 'company' : 'corporation' } as Action],
					['run_routes', { type: 'run_routes', entity: c.entity, entity_type: 'corporation', routes: [] } as unknown as Action],
					['dividend', { type: 'dividend', entity: c.entity, entity_type: 'corporation', kind: 'payout' } as unknown as Action]
				];
				for (const [type, action] of probes) {
					const accepted = process(s, action).ok;
					expect(accepted, `${type} at step ${c.step} of ${c.entity}`).toBe(c.actions.includes(type));
					checked++;
				}
				// Every offered type is one of the step's own or one its abilities allow at any step.
				const anyStep = ['choose', 'choose_ability', 'place_token', 'lay_tile', 'sell_shares', 'pass'];
				const declared: readonly string[] = OPERATING_STEPS.find((s) => s.id === c.step)?.actions ?? [];
				for (const t of c.actions) if (!anyStep.includes(t)) expect(declared.includes(t), `${t} offered at ${c.step}`).toBe(true);
			}
			expect(checked).toBeGreaterThan(300);
		}, 120_000);
	}
});
