/**
 * P19 (AEC, permanent L), read from g_1822/game.rb company_bought (the LP handed to the acquirer,
 * P19 closed), PRIVATE_COMPANIES_ACQUISITION (majors and minors, from phase 1), EXTRA_TRAINS /
 * crowded_corp? (the LP is outside the limit; with a 2P it is one permanent too many) and
 * g_1822/step/discard_train.rb trains. Rules digest 10.2, 6.1, 6.3.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { floatMinorFor } from '../../src/lib/engine/titles/g1822/testing';
import { ALL_PRIVATES, acquireTurn, operatingTurn, refusedCode, run } from './or-support';

const acquire = (entity: string, company: string): Action => ({ type: 'acquire_company', entity, entity_type: 'corporation', company });

describe('P19 LP permanent L train [g_1822/game.rb company_bought]', () => {
	it('a minor at its limit in phase 1 takes the LP from another player: not over the limit, P19 closes', () => {
		const s = acquireTurn('MR', 'P19', { phase: '1', rules: ALL_PRIVATES });
		floatMinorFor(s, '1', 1);
		s.corporations['1'].operated = 1;
		s.corporations['1'].trains = [
			{ id: 'L-0', name: 'L' },
			{ id: 'L-1', name: 'L' }
		];
		operatingTurn(s, '1', 'acquire');
		const after = run(s, acquire('1', 'P19'));
		expect(after.corporations['1'].trains.map((t) => t.name)).toEqual(['L', 'L', 'LP']);
		expect(after.corporations['1'].trains.find((t) => t.name === 'LP')!.id).toBe('LP-0');
		expect(after.companies.P19.closed).toBe(true);
		expect(after.players.find((p) => p.id === 2)!.companies).not.toContain('P19');
		expect(operatingChoices(after)!.step).not.toBe('discard');
	});

	it('with a 2P already held the major must discard one of the two permanents', () => {
		const s = acquireTurn('MR', 'P19', { phase: '3', rules: ALL_PRIVATES });
		s.corporations.MR.trains = [
			{ id: '3-0', name: '3' },
			{ id: '2P-0', name: '2P' }
		];
		const after = run(s, acquire('MR', 'P19'));
		expect(operatingChoices(after)!.discard).toEqual(['2P-0', 'LP-0']);
		const kept = run(after, { type: 'discard_train', entity: 'MR', entity_type: 'corporation', train: '2P-0' });
		expect(kept.corporations.MR.trains.map((t) => t.id)).toEqual(['3-0', 'LP-0']);
	});

	it('is refused while P19 is still unsold (only a player-held private can be acquired), with the state unchanged', () => {
		// P3 in player 3's hand keeps the acquire step open.
		const s = acquireTurn('MR', 'P3', { phase: '3', rules: ALL_PRIVATES });
		expect(s.players.some((p) => p.companies.includes('P19'))).toBe(false);
		expect(operatingChoices(s)!.privates).toEqual(['P3']);
		expect(refusedCode(s, acquire('MR', 'P19'))).toBe('not_acquirable');
	});
});
