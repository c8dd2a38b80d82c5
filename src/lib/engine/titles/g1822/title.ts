/** The 1822 title definition (base game and 1822+). [g_1822/game.rb, g_1822/entities.rb] */
import type { ResolvedRules, TitleDef } from './title-def';
import {
	BIDDING_TOKENS_1822,
	CERT_LIMIT_1822,
	COMPANIES_1822,
	COMPANIES_1822_PLUS,
	MAJORS_1822,
	STARTING_CASH_1822
} from './data/constants';
import { MARKET_1822 } from './data/market';
import { TRAINS_1822 } from './data/trains';
import { PHASES_1822 } from './data/phases';

const MINORS_24 = Array.from({ length: 24 }, (_, i) => String(i + 1));
const MINORS_30 = Array.from({ length: 30 }, (_, i) => String(i + 1));

export const TITLE_1822: TitleDef = {
	title: '1822',
	startingCash: STARTING_CASH_1822,
	certLimit: CERT_LIMIT_1822,
	biddingTokens: BIDDING_TOKENS_1822,
	optionalRules: [
		{ sym: 'plus_expansion' },
		{ sym: 'plus_expansion_no_removals', requires: ['plus_expansion'] },
		{ sym: 'plus_expansion_single_stack', requires: ['plus_expansion'] },
		{ sym: 'tax_haven_multiple' }
	],
	mutexRules: [],
	companiesInPlay(_players: number, rules: ResolvedRules) {
		return rules.plusExpansion ? COMPANIES_1822_PLUS : COMPANIES_1822;
	},
	corporationsInPlay(_players: number, rules: ResolvedRules) {
		return [...(rules.plusExpansion ? MINORS_30 : MINORS_24), ...MAJORS_1822];
	},
	corporationOverrides: {},
	marketRows: MARKET_1822,
	trains: TRAINS_1822,
	phases: PHASES_1822,
	startingMinor: () => 'M24',
	lToTwoUpgradeCost: () => 80,
	choicesRoundName: 'Choose'
};
