/**
 * P3 (S&HR) and P4 (SDR), 2P trains, read from g_1822/game.rb company_bought (the 2P handed to the
 * acquirer, the private closed), PRIVATE_COMPANIES_ACQUISITION (majors only, from phase 2),
 * EXTRA_TRAINS / crowded_corp? (a 2P is outside the train limit, but only one permanent extra
 * train may be held) and g_1822/step/discard_train.rb trains (then only 2P/LP are offered; a
 * discarded extra train leaves the game). Rules digest 10.2, 6.1, 6.3.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { acquireTurn, refusedCode, run } from './or-support';

const CORP = 'MR';
const acquire = (company: string): Action => ({ type: 'acquire_company', entity: CORP, entity_type: 'corporation', company });
const discard = (train: string): Action => ({ type: 'discard_train', entity: CORP, entity_type: 'corporation', train });

describe('P3 / P4 2P train outside the train limit [g_1822/game.rb company_bought, crowded_corp?]', () => {
	it.each(['P3', 'P4'])('%s: a major at its train limit takes the 2P; it is not over the limit and the private closes', (company) => {
		const s = acquireTurn(CORP, company, { phase: '5' });
		s.corporations[CORP].trains = [
			{ id: '5-0', name: '5' },
			{ id: '5-1', name: '5' }
		];
		const after = run(s, acquire(company));
		expect(after.corporations[CORP].trains.map((t) => t.name)).toEqual(['5', '5', '2P']);
		expect(after.companies[company].closed).toBe(true);
		expect(operatingChoices(after)!.step).not.toBe('discard');
	});

	it('only one permanent extra train: after P3 and P4 a 2P must go, only a 2P is offered, and it leaves the game', () => {
		const s = acquireTurn(CORP, 'P3', { phase: '3' });
		s.players.find((p) => p.id === 3)!.companies.push('P4');
		s.companies.P4 = { owner: 'player:3', closed: false };
		s.corporations[CORP].trains = [{ id: '3-0', name: '3' }];
		const both = run(s, acquire('P3'), acquire('P4'));
		const choices = operatingChoices(both)!;
		expect(choices.step).toBe('discard');
		expect(choices.discard).toEqual(['2P-0', '2P-1']);
		expect(refusedCode(both, discard('3-0'))).toBe('train_not_discardable');
		const after = run(both, discard('2P-0'));
		expect(after.corporations[CORP].trains.map((t) => t.id)).toEqual(['3-0', '2P-1']);
		expect(after.depot.discarded.map((t) => t.id)).not.toContain('2P-0');
	});

	it('is refused in phase 1 (P3 from phase 2), with the state unchanged', () => {
		const s = acquireTurn(CORP, 'P3', { phase: '1' });
		// P2 (from phase 2) would not do either; P19 is 1822+ only, so a phase-1 private is needed:
		// none is in base 1822, hence the step is closed and the acquisition refused as such.
		expect(operatingChoices(s)!.privates).toEqual([]);
		expect(refusedCode(s, acquire('P3'))).toBe('action_not_allowed');
	});
});
