/**
 * Deriving an action's events (events.ts) from a light reading of the state just before it and
 * the state after it. The reading copies only what the events compare (cash, debt, prices,
 * trains, share owners, card owners, the operating turn's figures), so that watching every action
 * of a long replay stays cheap.
 */
import type { Action } from '../../core/actions';
import type { BoardState } from '../../core/board-state';
import { tileNameOf } from '../../core/board-state';
import type { ShareHolder } from '../../core/shares';
import { trainTypeOf } from '../../core/trains';
import type { ResolvedConfig } from './config';
import { layPrivates } from './operating/lay-abilities';
import { companyIncome } from './operating/or-start';
import { highestBid, sharePrice } from './entities';
import { holderPayments, majorKept, minorKept, type DividendKind } from './operating/dividend';
import type { CompanyOwner, CorporationState, GameState, OperatingTurn, StockRound } from './state';
import { partyOf, type EventParty, type GameEvent, type PriceCause } from './events';

interface CorporationBasis {
	readonly type: 'minor' | 'major';
	readonly cash: number;
	readonly closed: boolean;
	readonly price: number | null;
	/** Its market cell (row, column), or null off the market. */
	readonly cell: readonly [number, number] | null;
	readonly operated: number;
	readonly floated: boolean;
	readonly trains: readonly { readonly id: string; readonly name: string }[];
	/** Owners of its certificates by index (left empty for one not started). */
	readonly owners: readonly { readonly index: number; readonly percent: number; readonly president: boolean; readonly owner: ShareHolder }[];
}

export interface EventBasis {
	readonly phase: number;
	readonly roundKind: GameState['round']['kind'];
	readonly bankBroken: boolean;
	readonly finished: boolean;
	readonly trigger: string | null;
	readonly players: readonly { readonly id: number; readonly cash: number; readonly debt: number }[];
	readonly corporations: Readonly<Record<string, CorporationBasis>>;
	readonly companies: Readonly<Record<string, { readonly owner: CompanyOwner | null; readonly closed: boolean }>>;
	readonly upcoming: readonly string[];
	readonly discarded: readonly string[];
	/** The highest bid on each boxed company with bids (stock rounds), by company id in order. */
	readonly bids: readonly { readonly company: string; readonly player: number; readonly price: number }[];
	/** The operating corporation and its turn's figures (null outside an operating round). */
	readonly active: string | null;
	readonly turn: Pick<OperatingTurn, 'revenue' | 'subsidy' | 'extraRevenue' | 'extraKind'> & { readonly merge: { readonly minor: string; readonly payment: string | null } | null };
	/** The operating round under way ("<turn>.<number>"), null outside one: a new one has paid company income. */
	readonly operatingRound: string | null;
	/** The board as it was (the state replaces its board whole on every change, so this is a reference, not a copy). */
	readonly board: BoardState;
}

const NO_TURN: EventBasis['turn'] = { revenue: null, subsidy: 0, extraRevenue: null, extraKind: null, merge: null };

/** The reading of `state` that an action's events are derived against. */
export function eventBasis(state: Readonly<GameState>, config: ResolvedConfig): EventBasis {
	const corporations: Record<string, CorporationBasis> = {};
	for (const [id, c] of Object.entries(state.corporations)) {
		const started = !c.closed && (c.floated || c.ipoed);
		corporations[id] = {
			type: c.type,
			cash: c.cash,
			closed: c.closed,
			price: sharePrice(config, c),
			cell: c.price ? [c.price.row, c.price.column] : null,
			operated: c.operated,
			floated: c.floated,
			trains: c.trains.map((t) => ({ id: t.id, name: t.name })),
			owners: started ? c.shares.map((s) => ({ index: s.index, percent: s.percent, president: s.president, owner: s.owner })) : []
		};
	}
	const companies: Record<string, { owner: CompanyOwner | null; closed: boolean }> = {};
	for (const [id, c] of Object.entries(state.companies)) companies[id] = { owner: c.owner, closed: c.closed };
	const round = state.round;
	const t = round.kind === 'operating' ? round.turn : null;
	return {
		phase: state.phase,
		roundKind: round.kind,
		bankBroken: state.bank.broken,
		finished: state.end.finished,
		trigger: state.end.trigger,
		players: state.players.map((p) => ({ id: p.id, cash: p.cash, debt: p.debt })),
		corporations,
		companies,
		upcoming: [...state.depot.upcoming],
		discarded: state.depot.discarded.map((d) => d.id),
		bids: round.kind === 'stock' ? topBids(round) : [],
		active: round.kind === 'operating' ? (round.order[round.current] ?? null) : null,
		turn: t ? { revenue: t.revenue, subsidy: t.subsidy, extraRevenue: t.extraRevenue, extraKind: t.extraKind, merge: t.merge ? { ...t.merge } : null } : NO_TURN,
		operatingRound: operatingRoundKey(state),
		board: state.board
	};
}

function operatingRoundKey(state: Readonly<GameState>): string | null {
	return state.round.kind === 'operating' ? `${state.turn}.${state.round.num}` : null;
}

/** The corporation a lay's or token's entity acts for: itself, or the corporation holding the private. */
function actingCorporation(basis: EventBasis, entity: unknown): string | null {
	if (typeof entity !== 'string') return null;
	if (basis.corporations[entity]) return entity;
	// Read before the action: a private used up by its lay closes with it.
	const owner = basis.companies[entity]?.owner;
	return owner?.startsWith('corporation:') ? owner.slice('corporation:'.length) : null;
}

/** What a corporation paid in this action (its cash before less after; nothing when it gained). */
function paidBy(basis: EventBasis, after: Readonly<GameState>, corporation: string): { cost: number; paidBy: EventParty | null } {
	const before = basis.corporations[corporation]?.cash;
	const now = after.corporations[corporation]?.cash;
	const cost = before === undefined || now === undefined ? 0 : Math.max(0, before - now);
	return { cost, paidBy: cost > 0 ? { kind: 'corporation', id: corporation } : null };
}

/**
 * The income an operating round starts with, in the order it was paid: phase-revenue privates'
 * charters, then players' companies in player order, then corporations' in operating order
 * [or-start.ts companyIncome; g_1822/game.rb payout_companies]. Read on the state the round
 * started in, whose phase and owners are those of the payment.
 */
function incomeOf(after: Readonly<GameState>, config: ResolvedConfig): GameEvent | null {
	if (after.round.kind !== 'operating') return null;
	const { charters, payments } = companyIncome(after as GameState, config, after.round.order);
	return payments.length > 0 || charters.length > 0 ? { kind: 'private_income', payments, charters } : null;
}

function topBids(round: StockRound): EventBasis['bids'] {
	const out: { company: string; player: number; price: number }[] = [];
	for (const company of Object.keys(round.bids).sort()) {
		const top = highestBid(round, company);
		if (top) out.push({ company, player: top.player, price: top.price });
	}
	return out;
}

const holderOf = (id: number): ShareHolder => `player:${id}`;

function samePosition(c: CorporationBasis, a: CorporationState): boolean {
	if (!c.cell || !a.price) return !c.cell && !a.price;
	return c.cell[0] === a.price.row && c.cell[1] === a.price.column;
}

function sameTrains(c: CorporationBasis, a: CorporationState): boolean {
	for (let i = 0; i < c.trains.length; i++) if (c.trains[i].id !== a.trains[i]?.id || c.trains[i].name !== a.trains[i].name) return false;
	return true;
}

function presidentOf(c: CorporationBasis): number | null {
	const pres = c.owners.find((o) => o.president);
	return pres && pres.owner.startsWith('player:') ? Number(pres.owner.slice(7)) : null;
}

function num(x: unknown): number {
	return typeof x === 'number' && Number.isFinite(x) ? x : 0;
}

/** A run's revenue as the action states it (each route's figure, and an imported run's extra). */
function runRevenue(action: Action): number {
	if (action.type !== 'run_routes' || !Array.isArray(action.routes)) return 0;
	return action.routes.reduce((s, r) => s + num(r?.revenue), 0) + num(action.extra_revenue);
}

function dividendOf(basis: EventBasis, action: Action, after: Readonly<GameState>, config: ResolvedConfig, id: string, c: CorporationBasis): GameEvent {
	const corp = after.corporations[id];
	const priceAfter = sharePrice(config, corp);
	const own = basis.active === id;
	if (c.type === 'minor') {
		const revenue = action.type === 'run_routes' && action.entity === id ? runRevenue(action) : 0;
		const kept = minorKept(revenue);
		const owner = presidentOf(c);
		const receivers = owner !== null && revenue - kept > 0 ? [{ to: { kind: 'player', id: owner } as EventParty, amount: revenue - kept }] : [];
		return { kind: 'dividend', corporation: id, revenue, choice: 'half', kept, perShare: null, subsidy: 0, receivers, priceBefore: c.price, priceAfter };
	}
	const chosen = action.type === 'dividend' && action.entity === id;
	const revenue = chosen && own ? (basis.turn.revenue ?? 0) : 0;
	const choice: DividendKind = chosen ? (action.kind as DividendKind) : 'withhold';
	const t = basis.turn;
	const extra = chosen && own && t.extraRevenue !== null && t.extraKind !== null ? { revenue: t.extraRevenue, kind: t.extraKind as DividendKind } : null;
	const kept = majorKept(revenue, choice, extra);
	const distributed = revenue - kept;
	const receivers: { to: EventParty; amount: number }[] = [];
	if (distributed > 0) {
		for (const { holder, amount } of holderPayments(c.owners, distributed)) {
			const to: EventParty | null = holder === 'treasury' ? { kind: 'corporation', id } : partyOf(holder);
			if (to && amount > 0) receivers.push({ to, amount });
		}
	}
	return {
		kind: 'dividend',
		corporation: id,
		revenue,
		choice,
		kept,
		perShare: distributed / 10,
		subsidy: own ? t.subsidy : 0,
		receivers,
		priceBefore: c.price,
		priceAfter
	};
}

function priceCause(basis: EventBasis, action: Action, after: Readonly<GameState>): PriceCause {
	if (action.type === 'sell_shares') return typeof action.entity === 'string' ? 'shares_issued' : 'shares_sold';
	if (action.type === 'buy_shares' && typeof action.entity === 'string') return 'shares_redeemed';
	if (basis.roundKind === 'stock' && after.round.kind !== 'stock') return 'sold_out';
	return 'other';
}

/** The events of one applied action: `basis` read just before it, `after` the state it left. */
export function deriveEvents(basis: EventBasis, action: Action, after: Readonly<GameState>, config: ResolvedConfig): GameEvent[] {
	const out: GameEvent[] = [];
	const explainedPrice = new Set<string>();
	const explainedClose = new Set<string>();
	const playerBefore = new Map(basis.players.map((p) => [p.id, p]));
	const cashOf = (id: number) => after.players.find((p) => p.id === id)?.cash ?? 0;
	const debtOf = (id: number) => after.players.find((p) => p.id === id)?.debt ?? 0;
	const loanDebt = new Map<number, number>();
	// Most actions change few companies: the comparisons below look only at those that changed.
	const changed: [string, CorporationBasis][] = [];
	for (const id in basis.corporations) {
		const c = basis.corporations[id];
		const a = after.corporations[id];
		if (a && (a.operated !== c.operated || a.closed !== c.closed || a.floated !== c.floated || a.cash !== c.cash || a.trains.length !== c.trains.length || !samePosition(c, a) || !sameTrains(c, a))) changed.push([id, c]);
	}

	// Auctions settled as a stock round ends: a card passes to its highest bidder, a minor starts.
	if (basis.bids.length > 0 && after.round.kind !== 'stock') {
		for (const b of basis.bids) {
			const card = after.companies[b.company];
			const minor = config.companyDefs[b.company]?.kind === 'minor' ? config.companyDefs[b.company].corporation : undefined;
			const won = card ? card.owner === `player:${b.player}` : !!minor && !basis.corporations[minor]?.floated && !!after.corporations[minor]?.floated;
			if (won) out.push({ kind: 'auction_won', player: b.player, company: b.company, price: b.price });
		}
	}
	for (const [id, c] of changed) {
		const corp = after.corporations[id];
		if (c.type !== 'minor' || c.floated || !corp.floated) continue;
		const pres = corp.shares.find((s) => s.president)?.owner;
		out.push({ kind: 'minor_floated', corporation: id, player: pres?.startsWith('player:') ? Number(pres.slice(7)) : null, price: sharePrice(config, corp), treasury: corp.cash });
	}

	// Company income as an operating round starts.
	if (after.round.kind === 'operating' && operatingRoundKey(after) !== basis.operatingRound) {
		const income = incomeOf(after, config);
		if (income) out.push(income);
	}

	// Track and stations the action placed, with what they cost.
	if (action.type === 'lay_tile' && after.board !== basis.board) {
		const corporation = actingCorporation(basis, action.entity) ?? basis.active;
		if (corporation) {
			const tileId = String(action.tile);
			out.push({
				kind: 'track_laid',
				corporation,
				hex: String(action.hex),
				tile: tileNameOf(tileId),
				tileId,
				rotation: action.rotation,
				...paidBy(basis, after, corporation),
				privates: layPrivates(action)
			});
		}
	}
	if ((action.type === 'place_token' || action.type === 'hex_token') && after.board.tokens !== basis.board.tokens) {
		const was = basis.board.tokens;
		const placed = after.board.tokens.filter((t) => !was.some((o) => o.hex === t.hex && o.city === t.city && o.corporation === t.corporation && o.kind === t.kind));
		const entity = typeof action.entity === 'string' ? action.entity : null;
		const viaPrivate = entity !== null && !after.corporations[entity] && after.companies[entity] ? entity : null;
		for (const t of placed)
			out.push({ kind: 'station_placed', corporation: t.corporation, hex: t.hex, city: t.city, token: t.kind, ...paidBy(basis, after, t.corporation), private: viaPrivate });
	}

	// Dividends: a corporation's operating count grows when its run is paid (or withheld).
	for (const [id, c] of changed) {
		const corp = after.corporations[id];
		if (!corp || corp.operated <= c.operated) continue;
		out.push(dividendOf(basis, action, after, config, id, c));
		explainedPrice.add(id);
	}

	// A director's help with a train the company could not afford, and the bank's loan.
	if (action.type === 'buy_train' && typeof action.entity === 'string') {
		const c = basis.corporations[action.entity];
		const price = num(action.price);
		const director = c ? presidentOf(c) : null;
		if (c && director !== null && price > c.cash) {
			const fromPresident = price - c.cash;
			const presCash = playerBefore.get(director)?.cash ?? 0;
			const loan = Math.max(0, fromPresident - presCash);
			const bought = after.corporations[action.entity]?.trains.find((t) => t.id === action.train);
			const train = bought?.name ?? (typeof action.variant === 'string' ? action.variant : trainTypeOf(String(action.train)));
			out.push({ kind: 'president_contributed', player: director, corporation: action.entity, amount: fromPresident, train });
			if (loan > 0) {
				const added = debtOf(director) - (playerBefore.get(director)?.debt ?? 0);
				loanDebt.set(director, added);
				out.push({ kind: 'loan_taken', player: director, amount: loan, debtAdded: added, corporation: action.entity });
			}
		}
	}

	// A director's sale to raise money for a train.
	if (action.type === 'sell_shares' && typeof action.entity === 'number' && basis.roundKind === 'operating' && Array.isArray(action.shares) && action.shares.length > 0) {
		const first = String(action.shares[0]);
		const corpId = first.slice(0, first.lastIndexOf('_'));
		const c = basis.corporations[corpId];
		if (c) {
			// What the player holds less: a director's certificate sold to another holder comes back as shares.
			const held = (owners: readonly { owner: ShareHolder; percent: number }[]) => owners.filter((o) => o.owner === holderOf(action.entity as number)).reduce((s, o) => s + o.percent, 0);
			const percent = held(c.owners) - held(after.corporations[corpId]?.shares ?? []);
			const proceeds = cashOf(action.entity) - (playerBefore.get(action.entity)?.cash ?? 0);
			const priceAfter = sharePrice(config, after.corporations[corpId]);
			out.push({ kind: 'emergency_sale', player: action.entity, corporation: corpId, percent, proceeds, priceBefore: c.price, priceAfter });
			explainedPrice.add(corpId);
		}
	}

	// A private bought by a corporation.
	// (A train private closes as it is acquired, so its new owner is the acting corporation.)
	if (action.type === 'acquire_company' && typeof action.entity === 'string' && basis.corporations[action.entity]) {
		const before = basis.companies[action.company];
		const now = after.companies[action.company];
		if (before && now && now.owner !== before.owner) {
			const buyer = action.entity;
			const from = before.owner?.startsWith('player:') ? Number(before.owner.slice(7)) : null;
			const price = (basis.corporations[buyer]?.cash ?? 0) - (after.corporations[buyer]?.cash ?? 0);
			out.push({ kind: 'company_acquired', corporation: buyer, company: action.company, from, price });
		}
	}

	// A minor taken over by the operating major.
	const major = basis.active;
	for (const [id, c] of changed) {
		if (c.type !== 'minor' || c.closed || !after.corporations[id]?.closed || !major || basis.corporations[major]?.type !== 'major') continue;
		if (basis.roundKind !== 'operating') continue;
		const from = presidentOf(c);
		const majorBefore = basis.corporations[major];
		const majorAfter = after.corporations[major];
		const mine = (owners: readonly { owner: ShareHolder }[]) => (from === null ? 0 : owners.filter((o) => o.owner === holderOf(from)).length);
		const shares = Math.max(0, mine(majorAfter.shares) - mine(majorBefore.owners));
		const cash = from === null ? majorBefore.cash - majorAfter.cash : cashOf(from) - (playerBefore.get(from)?.cash ?? 0);
		const merge = basis.turn.merge;
		const choice = action.type === 'choose' ? String(action.choice) : null;
		const payment = merge?.payment ?? (from === null ? 'money' : choice);
		const token = merge?.payment != null ? choice : null;
		out.push({ kind: 'minor_acquired', major, minor: id, from, payment, shares, cash, treasury: from === null ? 0 : c.cash, token });
		explainedClose.add(id);
	}

	// Other price moves (a dividend's and an emergency sale's are told with them).
	for (const [id, c] of changed) {
		if (explainedPrice.has(id) || c.price === null) continue;
		const corp = after.corporations[id];
		const now = corp ? sharePrice(config, corp) : null;
		if (now === null || now === c.price || corp.closed) continue;
		out.push({ kind: 'price_moved', corporation: id, from: c.price, to: now, cause: priceCause(basis, action, after) });
	}

	// Trains: rusted on companies, left the depot unbought, discarded to the open market.
	const depotMoved = basis.upcoming.length !== after.depot.upcoming.length || basis.upcoming[0] !== after.depot.upcoming[0] || basis.discarded.length !== after.depot.discarded.length;
	const owned = new Set<string>();
	if (changed.length > 0 || depotMoved) for (const id in after.corporations) for (const t of after.corporations[id].trains) owned.add(t.id);
	const discarded = new Set(after.depot.discarded.map((d) => d.id));
	const rusted: string[] = [];
	const rustEvents: GameEvent[] = [];
	for (const [id, c] of changed) {
		if (after.corporations[id]?.closed && !c.closed) continue;
		const gone = c.trains.filter((t) => !owned.has(t.id));
		const toDiscard = (t: { id: string }) => discarded.has(t.id) && !basis.discarded.includes(t.id);
		const lost = gone.filter((t) => !toDiscard(t));
		for (const t of gone) if (toDiscard(t)) rustEvents.push({ kind: 'train_discarded', corporation: id, train: t.name });
		if (lost.length > 0) {
			rustEvents.unshift({ kind: 'trains_rusted', corporation: id, trains: lost.map((t) => t.name) });
			for (const t of lost) if (!rusted.includes(t.name)) rusted.push(t.name);
		}
	}
	const upcoming = new Set(after.depot.upcoming);
	const removed = !depotMoved ? [] : basis.upcoming.filter((t) => !upcoming.has(t) && !owned.has(t) && !discarded.has(t));
	const rustedNow = (type: string) => {
		const def = config.trains.find((d) => d.name === type);
		const on = def?.rustsOn;
		return !!on && !upcoming.has(`${on}-0`) && basis.upcoming.includes(`${on}-0`);
	};
	const byCause = { rusted: removed.filter((t) => rustedNow(trainTypeOf(t))), unbid_minor: removed.filter((t) => !rustedNow(trainTypeOf(t))) };
	for (const t of byCause.rusted) if (!rusted.includes(trainTypeOf(t))) rusted.push(trainTypeOf(t));
	if (depotMoved) for (const t of basis.discarded) if (!discarded.has(t) && !owned.has(t)) byCause.rusted.push(t);

	if (after.phase !== basis.phase) {
		const p = config.phases[after.phase];
		const old = config.phases[basis.phase];
		out.push({
			kind: 'phase_changed',
			phase: p.name,
			trainLimit: p.trainLimit,
			tiles: p.tiles,
			operatingRounds: p.operatingRounds,
			gained: p.status.filter((s) => !old.status.includes(s)),
			rusted
		});
	}
	out.push(...rustEvents);
	if (byCause.unbid_minor.length > 0) out.push({ kind: 'trains_removed', trains: byCause.unbid_minor.map(trainTypeOf), cause: 'unbid_minor' });
	if (byCause.rusted.length > 0) out.push({ kind: 'trains_removed', trains: byCause.rusted.map(trainTypeOf), cause: 'rusted' });

	// Closures.
	for (const [id, c] of changed) {
		if (c.closed || !after.corporations[id]?.closed || explainedClose.has(id)) continue;
		out.push(c.type === 'minor' ? { kind: 'minor_closed', corporation: id } : { kind: 'company_closed', corporation: id });
	}
	for (const [id, c] of Object.entries(basis.companies)) {
		if (c.closed || !after.companies[id]?.closed) continue;
		const kind = config.companyDefs[id]?.kind;
		if (kind === 'private') out.push({ kind: 'private_closed', company: id });
		else if (kind === 'concession') out.push({ kind: 'concession_closed', company: id });
	}

	// Players' debt: interest added, repayments.
	for (const p of basis.players) {
		const delta = debtOf(p.id) - p.debt - (loanDebt.get(p.id) ?? 0);
		if (delta > 0) out.push({ kind: 'interest_charged', player: p.id, amount: delta, debt: debtOf(p.id) });
		else if (delta < 0) out.push({ kind: 'debt_paid', player: p.id, amount: -delta, debt: debtOf(p.id) });
	}

	if (!basis.bankBroken && after.bank.broken) out.push({ kind: 'bank_broken' });
	if (basis.trigger === null && after.end.trigger !== null) out.push({ kind: 'game_end_triggered', trigger: after.end.trigger, timing: after.end.timing });
	if (!basis.finished && after.end.finished) out.push({ kind: 'game_end', reason: after.end.reason });
	return out;
}
