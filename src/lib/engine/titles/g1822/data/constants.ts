/**
 * 1822 constants [g_1822/game.rb]. Per-player-count tables are keyed by player count 2–7.
 */

export const BANK_CASH = 12000;

export type PlayerCount = 2 | 3 | 4 | 5 | 6 | 7;
export const PLAYER_COUNTS: readonly PlayerCount[] = [2, 3, 4, 5, 6, 7];

export const STARTING_CASH_1822: Readonly<Record<PlayerCount, number>> = { 2: 900, 3: 700, 4: 525, 5: 420, 6: 350, 7: 300 };
export const CERT_LIMIT_1822: Readonly<Record<PlayerCount, number>> = { 2: 33, 3: 26, 4: 20, 5: 16, 6: 13, 7: 11 };
export const BIDDING_TOKENS_1822: Readonly<Record<PlayerCount, number>> = { 2: 8, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3 };

/** Bids allowed in one stock-round turn. */
export const BIDS_PER_TURN = 3;
export const MIN_BID_INCREMENT = 5;
export const TOKEN_PRICE = 100;
export const MINOR_BIDBOX_PRICE = 200;
export const MINOR_START_PAR_PRICE = 50;
/** Loan interest added at the end of each stock round, in percent, rounded up. */
export const LOAN_INTEREST_PERCENT = 50;

export const BIDBOX_MINOR_COUNT = 4;
export const BIDBOX_CONCESSION_COUNT = 3;
export const BIDBOX_PRIVATE_COUNT = 3;

export const START_CONCESSION = 'C1';
export const START_PRIVATE = 'P1';

/** 1822+ private categories [g_1822/game.rb PLUS_EXPANSION_BIDBOX_1/2/3]. */
export const PLUS_BIDBOX: readonly (readonly string[])[] = [
	['P1', 'P3', 'P4', 'P13', 'P14', 'P19'],
	['P2', 'P5', 'P8', 'P10', 'P11', 'P12', 'P21'],
	['P6', 'P7', 'P9', 'P15', 'P16', 'P17', 'P18', 'P20']
];

export const COMPANIES_1822 = [
	...['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10', 'P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P17', 'P18'],
	...['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10'],
	...Array.from({ length: 24 }, (_, i) => `M${i + 1}`)
] as const;

export const COMPANIES_1822_PLUS = [
	...COMPANIES_1822.filter((c) => c.startsWith('P')),
	'P19',
	'P20',
	'P21',
	...COMPANIES_1822.filter((c) => !c.startsWith('P')),
	'M25',
	'M26',
	'M27',
	'M28',
	'M29',
	'M30'
];

export const MAJORS_1822 = ['LNWR', 'GWR', 'LBSCR', 'SECR', 'CR', 'MR', 'LYR', 'NBR', 'SWR', 'NER'] as const;

/** P8 (E&GR): its free lay's hexes, and the hexes of its £20 hill discount [g_1822/entities.rb P8]. */
export const P8_LAY_HEXES = ['B41', 'C40', 'D39', 'E10', 'F9', 'G14', 'G30', 'G8', 'H15', 'H39', 'H7', 'H9', 'I10', 'I12', 'I14', 'I16', 'I18', 'I20', 'I22', 'I24', 'I38', 'I40', 'I8', 'J19', 'J21', 'J23', 'J25', 'J39', 'J7', 'O40'] as const;
export const P8_DISCOUNT_HEXES = ['C40', 'E10', 'F9', 'G8', 'H7', 'H9', 'H15', 'I8', 'I10', 'I22', 'J7', 'J21', 'J23', 'J25'] as const;
export const P8_DISCOUNT = 20;

export const TAX_HAVEN = 'P16';
export const DOUBLE_CASH = 'P9';
/** Privates that bank phase-scaled income on their own charter [PRIVATE_PHASE_REVENUE]. */
export const PHASE_REVENUE_PRIVATES: Readonly<Record<string, number>> = { P15: 10, P20: 5 };
/** P9's income once a corporation owns it, by phase index [COMPANY_DOUBLE_CASH_REVENUE]. */
export const DOUBLE_CASH_REVENUE = [0, 0, 0, 20, 20, 40, 40, 60] as const;
