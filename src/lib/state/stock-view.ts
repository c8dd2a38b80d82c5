/**
 * What the game page shows of a stock round, read from an engine snapshot: the bid boxes with
 * their bids, and each player's money and holdings. Pure; the page renders these and the engine's
 * own choices (stockRoundChoices), never a legality of its own.
 *
 * Committed cash and the certificate count are figures the engine computes internally but does
 * not export; they are read here from the same state by the rules digest's definitions (3.3, 3.6).
 */
import { companyTitle, concessionMajor, minorHome, minorRailwayName, privateAbility } from './game-view-names';
import { bidBoxes, configFor, corporationPrice, type GameState } from '../engine';

export type CompanyKind = 'private' | 'concession' | 'minor';

export interface BidView {
	readonly player: number;
	readonly name: string;
	readonly price: number;
}

export interface BidBoxView {
	readonly company: string;
	/** The card by name: "Minor 17", "LNWR concession", "P5". */
	readonly title: string;
	/** A minor's railway and home city, a concession's major, a private's name and ability. */
	readonly details: readonly string[];
	readonly name: string;
	readonly kind: CompanyKind;
	readonly faceValue: number;
	/** Highest first. */
	readonly bids: readonly BidView[];
	/** The least the next bid may be: face value with no bid yet, else the highest bid + £5 (rules digest 3.3). */
	readonly minNext: number;
}

export interface HoldingView {
	readonly corporation: string;
	/** "Minor 29" or "LNWR". */
	readonly label: string;
	readonly percent: number;
	readonly president: boolean;
}

export interface PlayerRow {
	readonly id: number;
	readonly name: string;
	/** 1-based place in the current turn order. */
	readonly order: number;
	readonly cash: number;
	readonly committed: number;
	readonly free: number;
	readonly debt: number;
	readonly certs: number;
	readonly certLimit: number;
	readonly shares: readonly HoldingView[];
	readonly companies: readonly string[];
	readonly tokensLeft: number;
	readonly tokens: number;
	readonly passed: boolean;
	readonly active: boolean;
}

export interface CorporationRow {
	readonly id: string;
	readonly type: 'minor' | 'major';
	readonly price: number | null;
	readonly cash: number;
	readonly president: string | null;
	readonly floated: boolean;
	readonly trains: readonly string[];
	/** Station tokens still on the charter, and all of them (printed, destination, exchanged). */
	readonly stationsLeft: number;
	readonly stations: number;
	/** Private companies the corporation owns. */
	readonly companies: readonly string[];
}

/** P16 does not count toward the certificate limit (rules digest 3.6). */
const NOT_A_CERTIFICATE = 'P16';

export function playerName(state: GameState, id: number): string {
	return state.players.find((p) => p.id === id)?.name ?? `Player ${id}`;
}

export function companyName(state: GameState, id: string): string {
	return configFor(state).companyDefs[id]?.name ?? id;
}

function stockBids(state: GameState): Record<string, readonly { player: number; price: number }[]> {
	return state.round.kind === 'stock' ? state.round.bids : {};
}

function highest(bids: readonly { player: number; price: number }[]): { player: number; price: number } | null {
	let best: { player: number; price: number } | null = null;
	for (const b of bids) if (!best || b.price > best.price) best = b;
	return best;
}

/** What a bid box says about its card beyond its title: a minor's railway and home city, a concession's major, a private's name and ability. */
export function boxDetails(state: GameState, company: string): string[] {
	const railway = minorRailwayName(state, company);
	if (railway !== null) {
		const home = minorHome(state, company);
		return [railway, ...(home ? [`Home: ${home}`] : [])];
	}
	const major = concessionMajor(state, company);
	if (major !== null) return [`Starts the major ${major}`];
	const def = configFor(state).companyDefs[company];
	if (def?.kind === 'private') {
		const ability = privateAbility(state, company);
		return [def.name.replace(/\s*\([^)]*\)\s*$/, ''), ...(ability ? [`Ability: ${ability}`] : [])];
	}
	return def ? [def.name] : [];
}

export function boxViews(state: GameState): BidBoxView[] {
	const config = configFor(state);
	const all = stockBids(state);
	return bidBoxes(state).map((company) => {
		const def = config.companyDefs[company];
		const bids = [...(all[company] ?? [])]
			.sort((a, b) => b.price - a.price || a.player - b.player)
			.map((b) => ({ player: b.player, name: playerName(state, b.player), price: b.price }));
		return {
			company,
			title: companyTitle(state, company),
			details: boxDetails(state, company),
			name: def?.name ?? company,
			kind: def?.kind ?? 'private',
			faceValue: def?.value ?? 0,
			bids,
			minNext: bids.length > 0 ? bids[0].price + 5 : (def?.minBid ?? 0)
		};
	});
}

/** Cash tied up in the player's bids that are currently the highest on their company. */
export function committedCash(state: GameState, player: number): number {
	let sum = 0;
	for (const bids of Object.values(stockBids(state))) {
		const h = highest(bids);
		if (h && h.player === player) sum += h.price;
	}
	return sum;
}

export function certificateCount(state: GameState, player: number): number {
	const market = configFor(state).market;
	const holder = `player:${player}`;
	let n = 0;
	for (const corp of Object.values(state.corporations)) {
		if (corp.closed) continue;
		const cell = corp.price ? market.rows[corp.price.row]?.[corp.price.column] : null;
		if (cell?.noCertLimit) continue;
		for (const c of corp.shares) if (c.owner === holder) n++;
	}
	const p = state.players.find((x) => x.id === player);
	for (const c of p?.companies ?? []) if (c !== NOT_A_CERTIFICATE) n++;
	return n;
}

export function playerRows(state: GameState, active: readonly (number | string)[]): PlayerRow[] {
	const config = configFor(state);
	const round = state.round.kind === 'stock' ? state.round : null;
	return state.players.map((p, i) => {
		const committed = committedCash(state, p.id);
		const holder = `player:${p.id}`;
		const shares: HoldingView[] = [];
		for (const corp of Object.values(state.corporations)) {
			if (corp.closed) continue;
			const mine = corp.shares.filter((c) => c.owner === holder);
			if (mine.length === 0) continue;
			shares.push({
				corporation: corp.id,
				label: corp.type === 'minor' ? `Minor ${corp.id}` : corp.id,
				percent: mine.reduce((s, c) => s + c.percent, 0),
				president: mine.some((c) => c.president)
			});
		}
		const used = round?.tokensUsed[String(p.id)]?.length ?? 0;
		return {
			id: p.id,
			name: p.name,
			order: i + 1,
			cash: p.cash,
			committed,
			free: p.cash - committed,
			debt: p.debt,
			certs: certificateCount(state, p.id),
			certLimit: config.certLimit,
			shares,
			companies: [...p.companies],
			tokens: config.biddingTokens,
			tokensLeft: config.biddingTokens - used,
			passed: round?.passed.includes(p.id) ?? false,
			active: active.includes(p.id)
		};
	});
}

export function corporationRows(state: GameState): CorporationRow[] {
	const rows: CorporationRow[] = [];
	for (const corp of Object.values(state.corporations)) {
		if (corp.closed || !(corp.ipoed || corp.floated)) continue;
		const owner = corp.shares.find((c) => c.president)?.owner ?? null;
		rows.push({
			id: corp.id,
			type: corp.type,
			price: corporationPrice(state, corp.id),
			cash: corp.cash,
			president: owner?.startsWith('player:') ? playerName(state, Number(owner.slice(7))) : null,
			floated: corp.floated,
			trains: corp.trains.map((t) => t.name),
			stationsLeft: corp.charter.filter((t) => t.at === null).length,
			stations: corp.charter.length,
			companies: [...corp.companies]
		});
	}
	return rows;
}
