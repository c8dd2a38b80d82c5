/**
 * Words, not codes (issue 18): every id the engine uses is shown to players by a name. A minor is
 * "Minor 17" (never "17" or "M17"), a concession is "LNWR concession", a treasury share is
 * "LNWR's treasury share", a payment choice is "two shares". The engine's ids stay in data
 * attributes and actions; only the words here reach the page and the log.
 */
import { configFor, type GameState } from '../engine';
import { mapFor } from '../engine/titles/g1822/board-ops';
import type { CorporationId } from '../engine/core/ids';

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
	const def = configFor(state).companyDefs[company];
	if (def?.kind !== 'minor') return null;
	const m = /^MINOR:\s*\d+\.\s*(.+)$/.exec(def.name);
	return m ? m[1] : null;
}

/** A private's ability as its card names it ("English Channel" for P5), or null. */
export function privateAbility(state: GameState, company: string): string | null {
	const def = configFor(state).companyDefs[company];
	if (def?.kind !== 'private') return null;
	const m = /\(([^)]+)\)\s*$/.exec(def.name);
	return m ? m[1] : null;
}

/** Where a minor starts ("home: H33 (Newport)"), for its bid box; null for other cards or when the map has no home for it. */
export function minorHome(state: GameState, company: string): string | null {
	const def = configFor(state).companyDefs[company];
	if (def?.kind !== 'minor') return null;
	const corp = cardCorporation(state, company);
	if (!corp) return null;
	const map = mapFor(state.setup.title);
	const home = map.homes.get(corp as CorporationId);
	if (!home) return null;
	const hex = map.hexes.find((h) => h.id === home.hex);
	return hex?.name ? `${hex.name} (${home.hex})` : String(home.hex);
}

/** The major a concession starts ("LNWR"), or null. */
export function concessionMajor(state: GameState, company: string): string | null {
	const def = configFor(state).companyDefs[company];
	return def?.kind === 'concession' ? (def.corporation ?? null) : null;
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
