/**
 * P17 (LUR, Move Card) and P18 (C&HPR, Station Swap), read from g_1822/game.rb
 * company_choices_lur / company_made_choice_lur (a card of a stack, not one in a bid box, to the
 * top just behind the boxes or to the bottom; track, token or issue step) and
 * company_choices_chpr / company_made_choice_chpr ("exchange": an exchange token becomes a £100
 * token; "available": an unplaced token is destroyed for an exchange token, up to the starting
 * count; track or token step). Rules digest 10.2.
 */
import { describe, expect, it } from 'vitest';
import { process, type Action } from '../../src/lib/engine/index';
import { configOf } from '../../src/lib/engine/titles/g1822/config';
import { isUnsold } from '../../src/lib/engine/titles/g1822/entities';
import { allBidBoxes } from '../../src/lib/engine/titles/g1822/stock/bidboxes';
import type { GameState, OrStep } from '../../src/lib/engine/titles/g1822/state';
import { giveToCorporation, majorTurn } from './or-support';

const CORP = 'MR';

function holding(company: string, step: OrStep, phase: string): GameState {
	const s = majorTurn(CORP, step, { phase });
	giveToCorporation(s, company, CORP);
	return s;
}

const ability = (entity: string, choice: string): Action => ({ type: 'choose_ability', entity, entity_type: 'company', choice });

/** Unsold minor cards of the stack, in order, and those of them in a bid box. */
function minors(s: GameState): { stack: string[]; boxed: string[] } {
	const config = configOf(s.setup);
	const stack = s.companyOrder.filter((c) => config.companyDefs[c].kind === 'minor' && isUnsold(s, c));
	const boxed = allBidBoxes(s, config).filter((c) => stack.includes(c));
	return { stack, boxed };
}

describe('P17 Move Card', () => {
	it('moves a minor card to the bottom of the minor stack and closes', () => {
		const s = holding('P17', 'track', '3');
		const { stack, boxed } = minors(s);
		const card = stack.find((c) => !boxed.includes(c))!;
		const r = process(s, ability('P17', `${card}_bottom`));
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const after = minors(r.value).stack;
		expect(after[after.length - 1]).toBe(card);
		expect(after.length).toBe(stack.length);
		expect(r.value.companies.P17.closed).toBe(true);
	});

	it('moves the bottom minor card to the top of the stack, just behind the bid boxes', () => {
		const s = holding('P17', 'issue', '3');
		const { stack, boxed } = minors(s);
		const card = stack[stack.length - 1];
		const r = process(s, ability('P17', `${card}_top`));
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(minors(r.value).stack.slice(0, boxed.length + 1)).toEqual([...boxed, card]);
	});

	it('is refused for a card in a bid box and in the dividend step', () => {
		const s = holding('P17', 'track', '3');
		const boxedCard = minors(s).boxed[0];
		const boxed = process(s, ability('P17', `${boxedCard}_top`));
		expect(boxed.ok ? null : boxed.error.code).toBe('invalid_choice');
		const t = holding('P17', 'dividend', '3');
		const late = process(t, ability('P17', `${minors(t).stack[minors(t).stack.length - 1]}_top`));
		expect(late.ok ? null : late.error.code).toBe('ability_not_now');
	});
});

describe('P18 Station Swap', () => {
	it('"exchange": an exchange token moves to the charter as a £100 token, and P18 closes', () => {
		const s = holding('P18', 'token', '5');
		const charter = s.corporations[CORP].charter.length;
		const r = process(s, ability('P18', 'exchange'));
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.value.corporations[CORP].exchangeTokens).toBe(2);
		expect(r.value.corporations[CORP].charter.length).toBe(charter + 1);
		expect(r.value.companies.P18.closed).toBe(true);
	});

	it('"available": an unplaced token is given up for an exchange token, below the starting three', () => {
		const s = holding('P18', 'track', '5');
		s.corporations[CORP].exchangeTokens = 2;
		const unplaced = s.corporations[CORP].charter.filter((t) => t.kind === 'normal' && t.at === null).length;
		const r = process(s, ability('P18', 'available'));
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		const c = r.value.corporations[CORP];
		expect(c.exchangeTokens).toBe(3);
		expect(c.charter.filter((t) => t.kind === 'normal' && t.at === null).length).toBe(unplaced - 1);
		expect(r.value.companies.P18.closed).toBe(true);
	});

	it('"available" is refused with a full exchange area or no unplaced token; P18 is refused in the dividend step', () => {
		const full = holding('P18', 'track', '5');
		const r1 = process(full, ability('P18', 'available'));
		expect(r1.ok ? null : r1.error.code).toBe('exchange_area_full');
		const none = holding('P18', 'track', '5');
		none.corporations[CORP].exchangeTokens = 2;
		none.corporations[CORP].charter = none.corporations[CORP].charter.map((t, i) => (t.kind === 'normal' ? { ...t, at: `X${i}-0` } : t));
		const r2 = process(none, ability('P18', 'available'));
		expect(r2.ok ? null : r2.error.code).toBe('no_available_token');
		const late = process(holding('P18', 'dividend', '5'), ability('P18', 'exchange'));
		expect(late.ok ? null : late.error.code).toBe('ability_not_now');
	});
});
