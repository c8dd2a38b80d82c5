/**
 * What each private company does, in a sentence or two of our own, for the bid box, the company
 * card and the acquisition choice (issue 18: "privates show their ability text"). The facts are
 * those of the rules digest 10.2 [g_1822/entities.rb COMPANIES, game.rb
 * PRIVATE_COMPANIES_ACQUISITION]; the same privates play alike in 1822, 1822NRS and 1822MRS.
 * Who may acquire a private and from which phase is data of the card (companies.ts) and is said
 * apart (privateSummary), so these texts name only the ability.
 */
export const PRIVATE_ABILITY_TEXT: Readonly<Record<string, string>> = {
	P1: 'Brings a 5 train, an ordinary 5 that rusts and counts like any other; the company may take it even at its train limit and discard afterwards.',
	P2: 'Once, as its normal tile lay, the company may turn a hex with a single small station into plain track: yellow track on an empty hex, or a station tile into plain track of the next colour.',
	P3: 'Brings a permanent 2 train (2P) that never rusts, cannot be sold on and does not count toward the train limit.',
	P4: 'Brings a permanent 2 train (2P) that never rusts, cannot be sold on and does not count toward the train limit.',
	P5: 'Once, in its token step, the company may put an exchange token in the English Channel for free and without a route there, upgrading the Channel for £100 as its tile lay if no space is free, or move an exchange token to its available tokens.',
	P6: 'Mail contract: after each run the company’s treasury gets half the value of the first and last stops of one of its routes (not an L train’s), whatever the dividend; it does not move the share price.',
	P7: 'Mail contract: after each run the company’s treasury gets half the value of the first and last stops of one of its routes (not an L train’s), whatever the dividend; it does not move the share price.',
	P8: 'On acquisition the company chooses: one free tile lay (no terrain cost) on one of the listed hill and mountain hexes, or £20 off every hill and mountain lay for good.',
	P9: 'While a player holds it, they may count their cash twice when turn order is set at the end of a stock round. A company holding it earns £20, £40 or £60 as the phases go on.',
	P10: 'Twice, the company takes £40 off the cost of a lay across a river or estuary border; while it holds the card, each river hex also costs £10 less.',
	P11: 'Once, as its normal lay, the company may upgrade a plain-track or single-station tile to the next colour before that colour is on sale (a minor only from yellow to green).',
	P12: 'Once, on top of its normal lays, a major may lay two more yellow tiles or make one more upgrade; a minor lays one more tile.',
	P13: 'Brings a Pullman (P+) carriage: each run, one of the company’s trains (not an L or E) may visit any number of towns on top of its usual stops.',
	P14: 'Brings a Pullman (P+) carriage: each run, one of the company’s trains (not an L or E) may visit any number of towns on top of its usual stops.',
	P15: 'Each operating round pays its holder £10 times the phase number and puts the same again in its own purse, which goes to the company that acquires it.',
	P16: 'Tax Haven: once, in a stock round turn, its owner may have it buy one share of a major at the current price, outside the certificate limit; its dividends and shares count for the owner at the end. It cannot be acquired and is not a certificate.',
	P17: 'Once, the company’s director may take a minor, concession or private from its stack (not from a bid box) and put it on top or at the bottom.',
	P18: 'Once, the company may move an exchange token to its available tokens, or turn an unplaced station token back into an exchange token.',
	P19: 'Brings a permanent L train (LP) that never rusts and does not count toward the train limit.',
	P20: 'Each operating round pays its holder £5 times the phase number and puts the same again in its own purse, which goes to the company that acquires it.',
	P21: 'With a station in Hull or Grimsby, the company may make its tile lays in those two cities free, joining them across the Humber; from phase 3 one of them may be a green upgrade.'
};
