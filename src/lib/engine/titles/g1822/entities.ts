/** Lookups and derived figures over the 1822 state (no mutation here). */
import { cellAt } from '../../core/market';
import { playerHolder, type ShareCert, type ShareHolder } from '../../core/shares';
import type { PlayerState } from '../../core/players';
import type { ResolvedConfig } from './config';
import { TAX_HAVEN } from './data/constants';
import type { CompanyOwner, CorporationState, GameState, StockRound } from './state';

/**
 * The corporations of a state, in the record's order, as one list kept per record: a state's
 * record holds the same corporations from setup on (they change inside, never in number), and
 * the list is asked at nearly every action (certificate counts, the train-limit check).
 */
export function corporationList(state: Readonly<GameState>): readonly CorporationState[] {
	let list = corporationLists.get(state.corporations);
	if (!list) corporationLists.set(state.corporations, (list = Object.values(state.corporations)));
	return list;
}

const corporationLists = new WeakMap<GameState['corporations'], readonly CorporationState[]>();

/**
 * The certificate lists of `corporationList(state)`, index for index, kept per record: a
 * corporation's list is the one made at setup (certificates move within it, never out), so the
 * count below loops over the certificates without reading each corporation.
 */
function certLists(state: Readonly<GameState>): readonly (readonly ShareCert[])[] {
	let lists = certListsByRecord.get(state.corporations);
	if (!lists) certListsByRecord.set(state.corporations, (lists = corporationList(state).map((c) => c.shares)));
	return lists;
}

const certListsByRecord = new WeakMap<GameState['corporations'], readonly (readonly ShareCert[])[]>();

export function findPlayer(state: GameState, id: number): PlayerState | undefined {
	return state.players.find((p) => p.id === id);
}

export function playerOwner(id: number): CompanyOwner {
	return `player:${id}`;
}

export function ownerPlayerId(owner: CompanyOwner | null): number | null {
	return owner && owner.startsWith('player:') ? Number(owner.slice(7)) : null;
}

export function sharePrice(config: ResolvedConfig, corp: CorporationState): number | null {
	if (!corp.price) return null;
	return cellAt(config.market, corp.price.row, corp.price.column)?.price ?? null;
}

export function inNoCertLimitCell(config: ResolvedConfig, corp: CorporationState): boolean {
	if (!corp.price) return false;
	return cellAt(config.market, corp.price.row, corp.price.column)?.noCertLimit ?? false;
}

/**
 * Certificates counting toward the limit (rules digest 3.6): every share certificate not in a
 * yellow cell, plus privates and concessions held, except P16 itself.
 */
export function certCount(state: GameState, config: ResolvedConfig, playerId: number): number {
	const holder = playerHolder(playerId);
	let n = 0;
	// Asked at every stock action: indexed loops, which cost least before the code is optimized.
	const lists = certLists(state);
	for (let i = 0; i < lists.length; i++) {
		const shares = lists[i];
		let held = 0;
		for (let j = 0; j < shares.length; j++) if (shares[j].owner === holder) held++;
		if (held === 0) continue;
		// The corporation and its market cell are looked up only for companies the player holds.
		const corp = corporationList(state)[i];
		if (!corp.closed && !inNoCertLimitCell(config, corp)) n += held;
	}
	const p = findPlayer(state, playerId);
	if (p) for (let i = 0; i < p.companies.length; i++) if (p.companies[i] !== TAX_HAVEN) n++;
	return n;
}

/** The highest bid on a company, if any. */
export function highestBid(round: StockRound, company: string): { player: number; price: number } | null {
	const bids = round.bids[company];
	if (!bids || bids.length === 0) return null;
	let best = bids[0];
	for (let i = 1; i < bids.length; i++) if (bids[i].price > best.price) best = bids[i];
	return best;
}

/** Companies on which the player's bid is currently the highest. */
export function winningBids(round: StockRound, playerId: number): string[] {
	const out: string[] = [];
	for (const company of Object.keys(round.bids)) {
		const h = highestBid(round, company);
		if (h && h.player === playerId) out.push(company);
	}
	return out;
}

/** Cash tied up in the player's winning bids, optionally ignoring one company (a raise). */
export function committedCash(round: StockRound, playerId: number, except?: string): number {
	let sum = 0;
	for (const company of winningBids(round, playerId)) {
		if (company === except) continue;
		sum += highestBid(round, company)?.price ?? 0;
	}
	return sum;
}

export function isUnsold(state: GameState, company: string): boolean {
	const c = state.companies[company];
	return !!c && !c.closed && (c.owner === null || c.owner === 'bank');
}

/** Holders counted as players for "sold out" and director checks: players and the Tax Haven. */
export function isPlayerLike(h: ShareHolder): boolean {
	return h.startsWith('player:') || h === 'taxhaven';
}

export function corporationOfCompany(config: ResolvedConfig, company: string): string | undefined {
	return config.companyDefs[company]?.corporation;
}
