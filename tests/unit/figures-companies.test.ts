/**
 * Words, not codes (issue 18): a private's card says what it does, a minor's where it starts, a
 * concession which major it starts; the map marks destinations until reached and the homes of
 * companies not yet floated. Facts from the rules digest (10.2 privates, 10.3 concessions, 10.4
 * minors' homes; 12: LNWR's destination I22).
 */
import { describe, expect, it } from 'vitest';
import { actingCompanyBase, companyCardFigures, mapMarks } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { floatMinorFor, newGame } from '../../src/lib/engine/titles/g1822/testing';
import { corporationId, hexId } from '../../src/lib/engine/core/ids';
import { majorTurn } from './or-support';

describe('company cards in words', () => {
	it('P5: its name without the code, majors only from phase 3, and its English Channel ability', () => {
		const f = companyCardFigures(newGame(), 'P5')!;
		expect(f).toMatchObject({ kind: 'private', name: 'LC&DR (English Channel)', acquiredBy: ['major'], acquiredFromPhase: 3, revenue: 10 });
		expect(f.ability).toMatch(/English Channel/);
	});

	it('every private in 1822+ (P1–P21) has an ability text', () => {
		const s = newGame({ rules: ['plus_expansion', 'plus_expansion_no_removals'] });
		const privates = Object.keys(configOf(s.setup).companyDefs).filter((c) => /^P\d+$/.test(c));
		expect(privates).toHaveLength(21);
		for (const p of privates) expect(companyCardFigures(s, p)?.ability, p).toMatch(/\w{3,}.*\./);
	});

	it('the Tax Haven cannot be acquired', () => {
		expect(companyCardFigures(newGame(), 'P16')).toMatchObject({ acquiredBy: [], acquiredFromPhase: null });
	});

	it('minor 1 is the Great North of Scotland Railway, at home in Aberdeen (H1)', () => {
		expect(companyCardFigures(newGame(), 'M1')).toMatchObject({ kind: 'minor', name: 'Great North of Scotland Railway', corporation: '1', home: { hex: 'H1', name: 'Aberdeen' } });
	});

	it('concession C1 starts the LNWR', () => {
		expect(companyCardFigures(newGame(), 'C1')).toMatchObject({ kind: 'concession', corporation: 'LNWR', name: 'LNWR', faceValue: 100 });
	});

	it('an unknown card has no figures', () => {
		expect(companyCardFigures(newGame(), 'P99')).toBeNull();
	});
});

describe('map marks', () => {
	it('at the start LNWR’s destination I22 is marked, and minor 1’s home H1', () => {
		const m = mapMarks(newGame());
		expect(m.destinations).toContainEqual({ corporation: 'LNWR', hex: 'I22' });
		expect(m.homes).toContainEqual({ corporation: '1', hex: 'H1', city: null });
	});

	it('a floated company’s home is no longer marked; a placed destination token ends the mark', () => {
		const s = newGame();
		floatMinorFor(s, '1', 1);
		s.board = { ...s.board, tokens: [...s.board.tokens, { hex: hexId('I22'), city: 0, corporation: corporationId('LNWR'), kind: 'destination' }] };
		const m = mapMarks(s);
		expect(m.homes.some((h) => h.corporation === '1')).toBe(false);
		expect(m.destinations.some((d) => d.corporation === 'LNWR')).toBe(false);
	});

	it('at LNWR’s turn the map centres on its home M38 (London) before it has a station; nobody is centred on in a stock round', () => {
		expect(actingCompanyBase(majorTurn('LNWR', 'track'))).toBe('M38');
		expect(actingCompanyBase(newGame())).toBeNull();
	});
});
