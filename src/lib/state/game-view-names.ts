/**
 * Words, not codes (issue 18): every id the engine uses is shown to players by a name. A minor is
 * "Minor 17" (never "17" or "M17"), a concession is "LNWR concession", a treasury share is
 * "LNWR's treasury share", a payment choice is "two shares". The engine's ids stay in data
 * attributes and actions; only the words here reach the page and the log.
 */
import { companyCardFigures, configFor, type GameState } from '../engine';

/** "Minor 17" for a minor (by its corporation id "17"), the major's own name ("LNWR") otherwise. */
export function corporationName(state: GameState, id: string): string {
	const corp = state.corporations[id];
	if (corp ? corp.type === 'minor' : /^\d+$/.test(id)) return `Minor ${id}`;
	return id;
}

/** The corporation a minor's or a concession's card stands for, if any. */
function cardCorporation(state: GameState, company: string): string | null {
	const def = configFor(state).companyDefs[company];
	if (def?.corporation) return def.corporation;
	const m = /^M(\d+)$/.exec(company);
	return m ? m[1] : null;
}

/**
 * A company card by name: "Minor 17" for M17, "LNWR concession" for C1, a private's printed name
 * for P5 ("P5-LC&DR (English Channel)"); an unknown id as it is.
 */
export function companyLabel(state: GameState, company: string): string {
	const def = configFor(state).companyDefs[company];
	const corp = cardCorporation(state, company);
	if (def?.kind === 'minor' || (!def && /^M\d+$/.test(company))) return corp ? `Minor ${corp}` : company;
	if (def?.kind === 'concession' || (!def && /^C\d+$/.test(company))) return corp ? `${corp} concession` : `Concession ${company.slice(1)}`;
	return def?.name ?? company;
}

/** A company card's short title for a bid box: "Minor 17", "LNWR concession", "P5". */
export function companyTitle(state: GameState, company: string): string {
	const def = configFor(state).companyDefs[company];
	if (def?.kind === 'private') return company;
	return companyLabel(state, company);
}

/** The full name on a minor's card without its code ("Great North of Scotland Railway"), or null. */
export function minorRailwayName(state: GameState, company: string): string | null {
	const card = companyCardFigures(state, company);
	return card?.kind === 'minor' ? card.name : null;
}

/** What a private does, in the engine's words, or null. */
export function privateAbility(state: GameState, company: string): string | null {
	return companyCardFigures(state, company)?.ability ?? null;
}

/** Who may take a private from a player, in words ("Majors and minors may acquire it from phase 3."), or null. */
export function privateAcquirers(state: GameState, company: string): string | null {
	const card = companyCardFigures(state, company);
	if (card?.kind !== 'private') return null;
	if (card.acquiredBy.length === 0) return 'No company may acquire it.';
	const who = card.acquiredBy.length === 2 ? 'Majors and minors' : card.acquiredBy[0] === 'major' ? 'Majors' : 'Minors';
	return `${who} may acquire it from phase ${card.acquiredFromPhase}.`;
}

/** Where a minor starts ("Aberdeen (H1)"), for its bid box; null for other cards or when the map has no home for it. */
export function minorHome(state: GameState, company: string): string | null {
	const home = companyCardFigures(state, company)?.home;
	if (!home) return null;
	return home.name ? `${home.name} (${home.hex})` : home.hex;
}

/** The major a concession starts ("LNWR"), or null. */
export function concessionMajor(state: GameState, company: string): string | null {
	const card = companyCardFigures(state, company);
	return card?.kind === 'concession' ? card.corporation : null;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

/**
 * An engine choice or option id in words: "two_shares" → "two shares", "one_share" → "one share",
 * "money" → "money", any other snake_case id with its underscores as spaces.
 */
export function choiceLabel(choice: string | number): string {
	if (typeof choice === 'number') return String(choice);
	return choice.replaceAll('_', ' ');
}

/** "two shares", "one share", "3 shares". */
export function sharesInWords(n: number): string {
	const word = NUMBER_WORDS[n] ?? String(n);
	return `${word} share${n === 1 ? '' : 's'}`;
}

/**
 * A share certificate's id by name: "LNWR_ipo" or "LNWR_0" → "LNWR's treasury share" when the
 * engine names the treasury, else "a share of LNWR"; a minor's ("17_0") names the minor.
 */
export function shareLabel(state: GameState, share: string): string {
	const i = share.lastIndexOf('_');
	const corp = i > 0 ? share.slice(0, i) : share;
	const rest = i > 0 ? share.slice(i + 1) : '';
	const name = corporationName(state, corp);
	if (rest === 'ipo' || rest === 'treasury') return `${name}'s treasury share`;
	if (rest === 'market' || rest === 'pool') return `a market share of ${name}`;
	return `a share of ${name}`;
}
