/**
 * What each dividend choice would do, for the dividend card (issue 18: "the dividend card shows
 * revenue, per share and the price move of each choice"), and a minor's fixed split (rules digest
 * 8.1, 8.2). Each figure is read from the payout itself, played on a copy of the game, so the card
 * says exactly what the choice then does.
 */
import { cloneJson } from '../../../core/clone';
import { holderPlayerId } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { sharePrice } from '../entities';
import type { CorporationState, GameState } from '../state';
import { DIVIDEND_KINDS, dividendMoves, keptOf, payMajor, payMinor, type DividendKind } from '../operating/dividend';

export interface DividendReceiver {
	/** `player` (with its id), the company's own `treasury` for treasury shares, or the `taxhaven`. */
	readonly holder: 'player' | 'treasury' | 'taxhaven';
	readonly player: number | null;
	/** 10% shares held. */
	readonly shares: number;
	readonly amount: number;
}

export interface DividendFigures {
	readonly kind: DividendKind;
	readonly revenue: number;
	/** What the company keeps of the revenue (not counting its treasury shares' part). */
	readonly kept: number;
	/** What goes to the shares (revenue less what is kept). */
	readonly distributed: number;
	/** Distributed ÷ 10 per 10% share; may be fractional (each holder's total is rounded up). */
	readonly perShare: number;
	readonly receivers: readonly DividendReceiver[];
	/** The mail-contract subsidy, paid to the treasury whatever the choice. */
	readonly subsidy: number;
	readonly priceBefore: number | null;
	readonly priceAfter: number | null;
	/** Market steps the choice makes: −1 (one left), 0, 1 or 2 right (an "up" at a row's end counts as a right). */
	readonly moves: number;
}

export interface MinorSplit {
	readonly revenue: number;
	/** Kept by the minor: half, rounded down (rules digest 8.1). */
	readonly treasury: number;
	/** Paid to the minor's owner: the rest. */
	readonly owner: number;
	readonly ownerId: number | null;
	readonly priceBefore: number | null;
	readonly priceAfter: number | null;
}

function holderCash(state: GameState, corp: CorporationState, holder: string): number {
	if (holder === 'treasury') return state.corporations[corp.id].cash;
	if (holder === 'taxhaven') return state.taxHaven.cash;
	const id = holderPlayerId(holder as `player:${number}`);
	return state.players.find((p) => p.id === id)?.cash ?? 0;
}

/** What paying `revenue` with `kind` would give, for a major (null for an unknown or minor company). */
export function majorDividendFigures(
	state: GameState,
	config: ResolvedConfig,
	corporation: string,
	revenue: number,
	kind: DividendKind,
	subsidy = 0,
	extra: { revenue: number; kind: DividendKind } | null = null
): DividendFigures | null {
	const corp = state.corporations[corporation];
	if (!corp || corp.type !== 'major') return null;
	const copy = cloneJson(state);
	const c = copy.corporations[corporation];
	const holders = new Map<string, number>();
	for (const s of corp.shares) holders.set(s.owner, (holders.get(s.owner) ?? 0) + s.percent / 10);
	const before = new Map<string, number>();
	for (const h of holders.keys()) before.set(h, holderCash(copy, c, h));
	const cashBefore = c.cash;
	payMajor(copy, config, c, revenue, kind, subsidy, extra);
	const receivers: DividendReceiver[] = [];
	for (const [h, shares] of holders) {
		if (h === 'pool') continue;
		const amount = holderCash(copy, c, h) - (before.get(h) ?? 0);
		// The treasury's cash also takes the kept part and the subsidy; its shares' part is worked out below.
		if (h === 'treasury') continue;
		receivers.push({ holder: h === 'taxhaven' ? 'taxhaven' : 'player', player: h === 'taxhaven' ? null : holderPlayerId(h as `player:${number}`), shares, amount });
	}
	const treasuryShares = holders.get('treasury') ?? 0;
	const gained = c.cash - cashBefore - subsidy;
	const distributed = distributedOf(revenue, kind, extra);
	const kept = revenue - distributed;
	if (treasuryShares > 0) receivers.push({ holder: 'treasury', player: null, shares: treasuryShares, amount: gained - kept });
	receivers.sort((a, b) => b.shares - a.shares || (a.player ?? 99) - (b.player ?? 99));
	return {
		kind,
		revenue,
		kept,
		distributed,
		perShare: distributed / 10,
		receivers,
		subsidy,
		priceBefore: sharePrice(config, corp),
		priceAfter: sharePrice(config, c),
		moves: dividendMoves(distributed, sharePrice(config, corp) ?? 0)
	};
}

function distributedOf(revenue: number, kind: DividendKind, extra: { revenue: number; kind: DividendKind } | null): number {
	const kept = extra ? keptOf(extra.revenue, extra.kind) + keptOf(revenue - extra.revenue, kind) : keptOf(revenue, kind);
	return revenue - kept;
}

/** The dividend choices open now, each with its figures (empty outside a major's dividend step). */
export function dividendChoiceFigures(state: GameState, config: ResolvedConfig, kinds: readonly DividendKind[]): DividendFigures[] {
	if (state.round.kind !== 'operating') return [];
	const round = state.round;
	const corporation = round.order[round.current];
	const extra =
		round.turn.extraRevenue !== null && round.turn.extraKind !== null && (DIVIDEND_KINDS as readonly string[]).includes(round.turn.extraKind)
			? { revenue: round.turn.extraRevenue, kind: round.turn.extraKind as DividendKind }
			: null;
	const out: DividendFigures[] = [];
	for (const kind of kinds) {
		const f = majorDividendFigures(state, config, corporation, round.turn.revenue ?? 0, kind, round.turn.subsidy, extra);
		if (f) out.push(f);
	}
	return out;
}

/** A minor's split of `revenue` (rules digest 8.1): null for a company that is not a minor. */
export function minorSplitFigures(state: GameState, config: ResolvedConfig, corporation: string, revenue: number): MinorSplit | null {
	const corp = state.corporations[corporation];
	if (!corp || corp.type !== 'minor' || !Number.isInteger(revenue) || revenue < 0) return null;
	const copy = cloneJson(state);
	const c = copy.corporations[corporation];
	const before = c.cash;
	payMinor(copy, config, c, revenue);
	const treasury = c.cash - before;
	const owner = corp.shares.find((s) => s.president)?.owner;
	const ownerId = owner && owner.startsWith('player:') ? holderPlayerId(owner as `player:${number}`) : null;
	return {
		revenue,
		treasury,
		owner: revenue - treasury,
		ownerId,
		priceBefore: sharePrice(config, corp),
		priceAfter: sharePrice(config, c)
	};
}
