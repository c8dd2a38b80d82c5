/**
 * What the game page shows of a stock round, read from an engine snapshot: the bid boxes with
 * their bids, and each player's money and holdings. Pure; the page renders these and the engine's
 * own choices (stockRoundChoices), never a legality of its own. Every figure (next bid, bid step,
 * committed and free cash, certificates) is the engine's (tableFigures); this module only names.
 */
import { companyLabel, companyTitle, concessionMajor, corporationName, minorHome, minorRailwayName, privateAbility, privateAcquirers } from './game-view-names';
import { configFor, corporationPrice, tableFigures, type GameState } from '../engine';

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
	/** A minor's railway and home city, a concession's major, a private's name. */
	readonly details: readonly string[];
	/** A private's ability in words, and who may acquire it. */
	readonly ability: string | null;
	readonly acquirers: string | null;
	readonly name: string;
	readonly kind: CompanyKind;
	readonly faceValue: number;
	/** Highest first. */
	readonly bids: readonly BidView[];
	/** The least the next bid may be (the engine's: face value with no bid yet, else the highest bid + the step). */
	readonly minNext: number;
	/** Bids rise in steps of this many pounds (the engine's). */
	readonly step: number;
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
	/** Each company card held, by name, with a private's ability (for tooltips). */
	readonly companyNotes: Readonly<Record<string, string>>;
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

export function playerName(state: GameState, id: number): string {
	return state.players.find((p) => p.id === id)?.name ?? `Player ${id}`;
}

export function companyName(state: GameState, id: string): string {
	return configFor(state).companyDefs[id]?.name ?? id;
}

/** What a bid box says about its card beyond its title: a minor's railway and home city, a concession's major, a private's name. */
export function boxDetails(state: GameState, company: string): string[] {
	const railway = minorRailwayName(state, company);
	if (railway !== null) {
		const home = minorHome(state, company);
		return [railway, ...(home ? [`Home: ${home}`] : [])];
	}
	const major = concessionMajor(state, company);
	if (major !== null) return [`Starts the major ${major}`];
	const def = configFor(state).companyDefs[company];
	if (def?.kind === 'private') return [def.name.replace(/^P\d+-/, '')];
	return def ? [def.name] : [];
}

export function boxViews(state: GameState): BidBoxView[] {
	const config = configFor(state);
	const figures = tableFigures(state);
	return figures.bidBoxes.map((box) => {
		const def = config.companyDefs[box.company];
		return {
			company: box.company,
			title: companyTitle(state, box.company),
			details: boxDetails(state, box.company),
			ability: privateAbility(state, box.company),
			acquirers: privateAcquirers(state, box.company),
			name: def?.name ?? box.company,
			kind: box.kind,
			faceValue: box.faceValue,
			bids: box.bids.map((b) => ({ player: b.player, name: playerName(state, b.player), price: b.price })),
			minNext: box.minNext,
			step: figures.bidStep
		};
	});
}

export function playerRows(state: GameState, active: readonly (number | string)[]): PlayerRow[] {
	const config = configFor(state);
	const round = state.round.kind === 'stock' ? state.round : null;
	const figures = tableFigures(state);
	return state.players.map((p, i) => {
		const money = figures.players.find((f) => f.player === p.id);
		const holder = `player:${p.id}`;
		const shares: HoldingView[] = [];
		for (const corp of Object.values(state.corporations)) {
			if (corp.closed) continue;
			const mine = corp.shares.filter((c) => c.owner === holder);
			if (mine.length === 0) continue;
			shares.push({
				corporation: corp.id,
				label: corporationName(state, corp.id),
				percent: mine.reduce((s, c) => s + c.percent, 0),
				president: mine.some((c) => c.president)
			});
		}
		return {
			id: p.id,
			name: p.name,
			order: i + 1,
			cash: p.cash,
			committed: money?.committed ?? 0,
			free: money?.free ?? p.cash,
			debt: p.debt,
			certs: money?.certificates ?? 0,
			certLimit: money?.certificateLimit ?? config.certLimit,
			shares,
			companies: [...p.companies],
			companyNotes: Object.fromEntries(p.companies.map((c) => [c, [companyLabel(state, c), privateAbility(state, c)].filter(Boolean).join(': ')])),
			tokens: figures.biddingTokens,
			tokensLeft: money?.biddingTokensLeft ?? figures.biddingTokens,
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
