/**
 * 1822MRS (Medium Regional Scenario) as differences from 1822 [g_1822_mrs/game.rb, meta.rb]:
 * the southern majors and minors 7–21 and 24, scenario cash and market, fewer trains, the
 * `starter` / `advanced` company sets (exclusive), M14 first with `advanced`, and the 2-player
 * `sw_peninsula` option (M22 and M23 replace two random minors, homed in D39; the reference
 * lists it without implementing it, so it is built here from its description).
 */
import type { ResolvedRules, TitleDef } from '../title-def';
import { TITLE_1822 } from '../title';
import { SCENARIO_BIDDING_TOKENS, SCENARIO_STARTING_CASH, scenarioMarketRows, scenarioTrains } from './nrs';

const MRS_PRIVATES = ['P1', 'P2', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P18'];
const MRS_PRIVATES_1_TO_12 = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12'];
const MRS_PRIVATES_STARTER = ['P1', 'P2', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P13', 'P14'];
const MRS_CONCESSIONS = ['C1', 'C2', 'C3', 'C4', 'C6', 'C7', 'C9'];
const MRS_MINORS = ['7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '24'];

/** Home of the south-west peninsula minors under `sw_peninsula`. */
export const SW_PENINSULA_HEX = 'D39';
export const SW_PENINSULA_MINORS = ['M22', 'M23'] as const;

/** [g_1822_mrs/game.rb starting_companies]: advanced, then starter, then 2 players, else default. */
function mrsPrivates(players: number, rules: ResolvedRules): readonly string[] {
	if (rules.advanced) return MRS_PRIVATES_1_TO_12;
	if (rules.starter) return MRS_PRIVATES_STARTER;
	if (players === 2) return MRS_PRIVATES_1_TO_12;
	return MRS_PRIVATES;
}

export const TITLE_1822MRS: TitleDef = {
	...TITLE_1822,
	title: '1822MRS',
	startingCash: SCENARIO_STARTING_CASH,
	certLimit: { 2: 27, 3: 18, 4: 14, 5: 11, 6: 9, 7: 8 },
	biddingTokens: SCENARIO_BIDDING_TOKENS,
	optionalRules: [
		{ sym: 'starter' },
		{ sym: 'advanced' },
		{ sym: 'sw_peninsula', players: [2] },
		{ sym: 'tax_haven_multiple' }
	],
	mutexRules: [['starter', 'advanced']],
	companiesInPlay(players: number, rules: ResolvedRules) {
		// The peninsula minors are not drawn: setup swaps them in afterwards (setup.ts).
		return [...mrsPrivates(players, rules), ...MRS_CONCESSIONS, ...MRS_MINORS.map((m) => `M${m}`)];
	},
	corporationsInPlay(_players: number, rules: ResolvedRules) {
		const minors = rules.swPeninsula ? [...MRS_MINORS, '22', '23'] : MRS_MINORS;
		return [...minors, 'LNWR', 'GWR', 'LBSCR', 'SECR', 'MR', 'LYR', 'SWR'];
	},
	corporationOverrides: {
		'22': { home: SW_PENINSULA_HEX, city: null },
		'23': { home: SW_PENINSULA_HEX, city: null }
	},
	marketRows: scenarioMarketRows(),
	trains: scenarioTrains({ L: { num: 14, price: 50 }, '3': { num: 7 }, '4': { num: 4 }, '5': { num: 2 } }),
	startingMinor: (rules: ResolvedRules) => (rules.advanced ? 'M14' : 'M24'),
	lToTwoUpgradeCost: (phaseIndex: number) => (phaseIndex >= 1 ? 70 : 80)
};
