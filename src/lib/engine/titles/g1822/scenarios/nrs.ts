/**
 * 1822NRS (North Regional Scenario) as differences from 1822 [g_1822_nrs/game.rb, entities.rb]:
 * fewer companies and majors, lower cash and limits, a 14-row market, fewer and cheaper trains,
 * LNWR and minors 15/16/29 homed elsewhere, no fixed first minor, the L→2 upgrade at £70 from
 * phase 2.
 */
import type { TitleDef } from '../title-def';
import { TITLE_1822 } from '../title';
import { MARKET_1822 } from '../data/market';
import { TRAINS_1822 } from '../data/trains';
import type { TrainDef } from '../data/types';

export const SCENARIO_STARTING_CASH = { 2: 750, 3: 500, 4: 375, 5: 300, 6: 250, 7: 215 } as const;
export const SCENARIO_BIDDING_TOKENS = { 2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3 } as const;

/**
 * The scenario market is the 1822 grid without its top row and last column, with every cell of
 * £500 or more an end-game cell (rules digest 3.9).
 */
export function scenarioMarketRows(): string[][] {
	return MARKET_1822.slice(1).map((row) =>
		row.slice(0, 20).map((cell) => {
			const m = /^(\d+)([a-z]*)$/.exec(cell);
			if (!m) return cell;
			const flags = m[2].replace('e', '');
			return Number(m[1]) >= 500 ? `${m[1]}${flags}e` : `${m[1]}${flags}`;
		})
	);
}

/** Trains with scenario counts and prices. */
export function scenarioTrains(changes: Readonly<Record<string, { num?: number; price?: number }>>): TrainDef[] {
	return TRAINS_1822.map((t) => ({ ...t, ...(changes[t.name] ?? {}) }));
}

const NRS_PRIVATES = ['P1', 'P2', 'P3', 'P4', 'P6', 'P7', 'P8', 'P9', 'P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P18', 'P19', 'P20', 'P21'];
const NRS_PRIVATES_2P = ['P1', 'P2', 'P3', 'P4', 'P6', 'P7', 'P8', 'P9', 'P11', 'P12'];
const NRS_CONCESSIONS = ['C1', 'C5', 'C6', 'C7', 'C8', 'C10'];
const NRS_MINORS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '15', '16', '26', '27', '28', '29'];

export const TITLE_1822NRS: TitleDef = {
	...TITLE_1822,
	title: '1822NRS',
	startingCash: SCENARIO_STARTING_CASH,
	certLimit: { 2: 27, 3: 16, 4: 13, 5: 10, 6: 9, 7: 8 },
	biddingTokens: SCENARIO_BIDDING_TOKENS,
	optionalRules: [{ sym: 'tax_haven_multiple' }],
	mutexRules: [],
	companiesInPlay(players: number) {
		return [...(players === 2 ? NRS_PRIVATES_2P : NRS_PRIVATES), ...NRS_CONCESSIONS, ...NRS_MINORS.map((m) => `M${m}`)];
	},
	corporationsInPlay() {
		return [...NRS_MINORS, 'LNWR', 'CR', 'MR', 'LYR', 'NBR', 'NER'];
	},
	corporationOverrides: {
		'15': { home: 'N29', city: 1 },
		'16': { home: 'M30', city: 0 },
		'29': { home: 'E26' },
		LNWR: { home: 'N29', city: 0 }
	},
	marketRows: scenarioMarketRows(),
	trains: scenarioTrains({ L: { num: 14, price: 50 }, '3': { num: 6 }, '4': { num: 4 }, '5': { num: 2 } }),
	startingMinor: () => null,
	lToTwoUpgradeCost: (phaseIndex: number) => (phaseIndex >= 1 ? 70 : 80)
};
