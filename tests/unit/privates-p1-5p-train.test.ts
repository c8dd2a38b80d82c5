/**
 * P1 (BEC, 5P train), read from g_1822/game.rb company_bought (the 5P train handed to the
 * acquirer, P1 closed), PRIVATE_COMPANIES_ACQUISITION (majors only, from phase 5) and
 * crowded_corp? / g_1822/step/discard_train.rb (the acquisition may go over the train limit; a
 * normal train is then discarded). Rules digest 10.1, 10.2, 6.3.
 */
import { describe, expect, it } from 'vitest';
import { operatingChoices, type Action } from '../../src/lib/engine/index';
import { floatMinorFor } from '../../src/lib/engine/titles/g1822/testing';
import { acquireTurn, operatingTurn, phaseIndex, refusedCode, run } from './or-support';

const CORP = 'MR';
const acquire = (entity: string, company: string): Action => ({ type: 'acquire_company', entity, entity_type: 'corporation', company });

describe('P1 5P train on acquisition [g_1822/game.rb company_bought]', () => {
	it('a major takes P1 from another player for nothing in phase 5: the 5P joins its trains and P1 closes', () => {
		const s = acquireTurn(CORP, 'P1', { phase: '5' });
		const cash = s.corporations[CORP].cash;
		const holderCash = s.players.find((p) => p.id === 2)!.cash;
		expect(operatingChoices(s)!.actions).toContain('acquire_company');
		const after = run(s, acquire(CORP, 'P1'));
		expect(after.corporations[CORP].trains.map((t) => t.name)).toEqual(['5P']);
		expect(after.corporations[CORP].cash).toBe(cash);
		expect(after.players.find((p) => p.id === 2)!.cash).toBe(holderCash);
		expect(after.players.find((p) => p.id === 2)!.companies).not.toContain('P1');
		expect(after.companies.P1.closed).toBe(true);
		expect(after.corporations[CORP].companies).not.toContain('P1');
	});

	it('may take the major over its train limit; it must then discard a normal train before anything else', () => {
		const s = acquireTurn(CORP, 'P1', { phase: '5' });
		s.corporations[CORP].trains = [
			{ id: '4-0', name: '4' },
			{ id: '4-1', name: '4' }
		];
		const crowded = run(s, acquire(CORP, 'P1'));
		expect(crowded.corporations[CORP].trains.length).toBe(3);
		expect(refusedCode(crowded, { type: 'pass', entity: CORP, entity_type: 'corporation' })).toBe('must_discard');
		const discarded = run(crowded, { type: 'discard_train', entity: CORP, entity_type: 'corporation', train: '4-0' });
		expect(discarded.corporations[CORP].trains.map((t) => t.id)).toEqual(['4-1', '5P-0']);
		expect(discarded.depot.discarded.map((t) => t.id)).toContain('4-0');
	});

	it('is refused before phase 5 and to a minor (majors only), with the state unchanged', () => {
		// P3 (majors, phase 2) or P2 (minors too) in player 3's hand keeps the acquire step open, so
		// P1 itself is what is refused.
		const early = acquireTurn(CORP, 'P1', { phase: '4' });
		early.players.find((p) => p.id === 3)!.companies.push('P3');
		early.companies.P3 = { owner: 'player:3', closed: false };
		expect(operatingChoices(early)!.privates).toEqual(['P3']);
		expect(refusedCode(early, acquire(CORP, 'P1'))).toBe('not_acquirable');
		const minor = acquireTurn(CORP, 'P1', { phase: '5' });
		minor.players.find((p) => p.id === 3)!.companies.push('P2');
		minor.companies.P2 = { owner: 'player:3', closed: false };
		floatMinorFor(minor, '1', 1);
		minor.corporations['1'].operated = 1;
		operatingTurn(minor, '1', 'acquire');
		expect(minor.phase).toBe(phaseIndex(minor, '5'));
		expect(operatingChoices(minor)!.privates).toEqual(['P2']);
		expect(refusedCode(minor, acquire('1', 'P1'))).toBe('not_acquirable');
	});
});
