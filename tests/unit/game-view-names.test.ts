// Words, not codes (issue 18): the names the page and the log give the engine's ids.
import { describe, expect, it } from 'vitest';
import { createGame, type GameState } from '../../src/lib/engine';
import {
	choiceLabel,
	companyLabel,
	companyTitle,
	concessionMajor,
	corporationName,
	minorHome,
	minorRailwayName,
	privateAbility,
	shareLabel,
	sharesInWords
} from '../../src/lib/state/game-view-names';
import { boxDetails } from '../../src/lib/state/stock-view';
import { describeAction } from '../../src/lib/state/log-sentences';
import { MAP_NRS } from '../../src/lib/engine/titles/g1822/scenarios/nrs/map';

function game(): GameState {
	const r = createGame({ title: '1822NRS', players: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Brunel' }], seed: 3 });
	if (!r.ok) throw new Error(r.error.message);
	return r.value;
}

describe('names for the engine ids', () => {
	const s = game();
	it('a minor is "Minor N", by its corporation or its card', () => {
		expect(corporationName(s, '17')).toBe('Minor 17');
		expect(companyLabel(s, 'M17')).toBe('Minor 17');
		expect(companyTitle(s, 'M17')).toBe('Minor 17');
		expect(corporationName(s, 'LNWR')).toBe('LNWR');
	});
	it('a concession names its major', () => {
		expect(companyLabel(s, 'C1')).toBe('LNWR concession');
		expect(concessionMajor(s, 'C1')).toBe('LNWR');
		expect(boxDetails(s, 'C1')).toEqual(['Starts the major LNWR']);
	});
	it('a private keeps its printed name and shows its ability', () => {
		expect(companyLabel(s, 'P5')).toBe('P5-LC&DR (English Channel)');
		expect(privateAbility(s, 'P5')).toMatch(/token in the English Channel/);
		expect(boxDetails(s, 'P5')).toEqual(['LC&DR (English Channel)']);
	});
	it("a minor's bid box names its railway and its home city from the map", () => {
		expect(minorRailwayName(s, 'M1')).toBe('Great North of Scotland Railway');
		const home = [...MAP_NRS.homes].find(([corp]) => corp === "1");
		expect(home).toBeDefined();
		const printed = MAP_NRS.hexes.find((h) => h.id === home![1].hex);
		const where = minorHome(s, 'M1');
		expect(where).toContain(String(home![1].hex));
		if (printed?.name) expect(where).toContain(printed.name);
		expect(boxDetails(s, 'M1')[0]).toBe('Great North of Scotland Railway');
		expect(boxDetails(s, 'M1')[1]).toBe(`Home: ${where}`);
	});
	it('choices and shares in words', () => {
		expect(choiceLabel('two_shares')).toBe('two shares');
		expect(choiceLabel('one_share')).toBe('one share');
		expect(choiceLabel('money')).toBe('money');
		expect(sharesInWords(2)).toBe('two shares');
		expect(sharesInWords(1)).toBe('one share');
		expect(shareLabel(s, 'LNWR_ipo')).toBe("LNWR's treasury share");
		expect(shareLabel(s, 'LNWR_3')).toBe('a share of LNWR');
	});
	it('the log names minors and concessions, never their codes', () => {
		expect(describeAction(s, { type: 'bid', entity: 1, company: 'M5', price: 105 })).toBe('Ada bids £105 on Minor 5');
		expect(describeAction(s, { type: 'bid', entity: 2, company: 'C1', price: 100 })).toBe('Brunel bids £100 on LNWR concession');
		expect(describeAction(s, { type: 'choose', entity: 'LNWR', choice: 'two_shares' } as never)).toBe('LNWR chooses two shares');
	});
});
