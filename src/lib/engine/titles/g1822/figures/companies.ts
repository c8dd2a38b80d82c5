/**
 * What a company card says in words (issue 18: "privates show their ability text; bid boxes show
 * a minor's home city and a concession's major"), and what the map marks: each major's
 * destination until it is reached, the homes of companies not yet floated, and where the acting
 * company is based. Facts are the title's data [g_1822/entities.rb COMPANIES, CORPORATIONS].
 */
import type { CorporationId, HexId } from '../../../core/ids';
import type { ResolvedConfig } from '../config';
import { mapFor } from '../board-ops';
import { COMPANIES } from '../data/companies';
import { PRIVATE_ABILITY_TEXT } from '../data/private-texts';
import type { GameState } from '../state';
import { countsAsCertificate } from './table';

export interface HomeFigures {
	readonly hex: string;
	/** The hex's printed name ("Newport"), or null. */
	readonly name: string | null;
	/** The city on the hex, when it has several and the home is fixed. */
	readonly city: number | null;
}

export interface CompanyCardFigures {
	readonly company: string;
	readonly kind: 'private' | 'concession' | 'minor';
	/** The card's name without its code: "LC&DR (English Channel)", "Great North of Scotland Railway", "LNWR". */
	readonly name: string;
	readonly faceValue: number;
	/** Income per operating round while a player holds it (before any phase multiple). */
	readonly revenue: number;
	/** A private's ability in words. */
	readonly ability: string | null;
	/** Who may acquire a private ("major", "minor"), and from which phase; empty when none may. */
	readonly acquiredBy: readonly ('major' | 'minor')[];
	readonly acquiredFromPhase: number | null;
	/** The corporation a minor's or a concession's card stands for. */
	readonly corporation: string | null;
	/** A minor's home. */
	readonly home: HomeFigures | null;
	readonly isCertificate: boolean;
}

function hexName(state: GameState, hex: string): string | null {
	return mapFor(state.setup.title).hexes.find((h) => h.id === hex)?.name ?? null;
}

/** A corporation's home as the title's map fixes it (M14's London city is chosen in play). */
export function homeOf(state: GameState, corporation: string): HomeFigures | null {
	const home = mapFor(state.setup.title).homes.get(corporation as CorporationId);
	return home ? { hex: home.hex, name: hexName(state, home.hex), city: home.city } : null;
}

export function companyCardFigures(state: GameState, config: ResolvedConfig, company: string): CompanyCardFigures | null {
	const def = config.companyDefs[company];
	if (!def) return null;
	const corporation = def.corporation ?? null;
	const minorName = def.kind === 'minor' ? /^MINOR:\s*\d+\.\s*(.+)$/.exec(def.name)?.[1] : undefined;
	const privateName = def.kind === 'private' ? def.name.replace(/^P\d+-/, '') : undefined;
	const by = (def.acquisition?.by ?? []).filter((b): b is 'major' | 'minor' => b === 'major' || b === 'minor');
	return {
		company,
		kind: def.kind,
		name: privateName ?? minorName ?? corporation ?? def.name,
		faceValue: def.value,
		revenue: def.revenue,
		ability: def.kind === 'private' ? (PRIVATE_ABILITY_TEXT[company] ?? null) : null,
		acquiredBy: by,
		acquiredFromPhase: by.length > 0 ? (def.acquisition?.phase ?? null) : null,
		corporation,
		home: def.kind === 'minor' && corporation ? homeOf(state, corporation) : null,
		isCertificate: countsAsCertificate(company)
	};
}

export interface MapMarks {
	/** Each major's destination hex while its destination token is not placed. */
	readonly destinations: readonly { readonly corporation: string; readonly hex: string }[];
	/** Homes of the companies in the game not yet floated. */
	readonly homes: readonly { readonly corporation: string; readonly hex: string; readonly city: number | null }[];
}

export function mapMarks(state: GameState): MapMarks {
	const map = mapFor(state.setup.title);
	const destinations: { corporation: string; hex: string }[] = [];
	for (const [corp, hex] of map.destinations) {
		if (!state.corporations[corp] || state.corporations[corp].closed) continue;
		const reached = state.board.tokens.some((t) => t.hex === hex && t.corporation === corp && t.kind === 'destination');
		if (!reached) destinations.push({ corporation: corp, hex });
	}
	const homes: { corporation: string; hex: string; city: number | null }[] = [];
	for (const [corp, home] of map.homes) {
		const c = state.corporations[corp];
		if (!c || c.closed || c.floated) continue;
		homes.push({ corporation: corp, hex: home.hex, city: home.city });
	}
	return { destinations, homes };
}

/**
 * Where the acting company is based: the hex of its first station on the map, else its home
 * (null when nobody operates, or its home is still to be chosen).
 */
export function actingCompanyBase(state: GameState): HexId | null {
	if (state.round.kind !== 'operating') return null;
	const corp = state.round.order[state.round.current];
	const token = state.board.tokens.find((t) => t.corporation === corp);
	if (token) return token.hex;
	const home = mapFor(state.setup.title).homes.get(corp as CorporationId);
	return home?.hex ?? null;
}

/** The corporation a minor's or concession's card stands for ("LNWR" for C1), in any title; null for other cards [g_1822/entities.rb COMPANIES]. */
export function cardCorporation(company: string): string | null {
	return COMPANIES.find((c) => c.id === company)?.corporation ?? null;
}
