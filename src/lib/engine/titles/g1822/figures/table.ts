/**
 * The figures the table shows (issue 18: "the engine's view answers carry every figure the UI
 * shows"): the bank's cash, the phase and its colour, each player's committed and free cash and
 * certificate count against the limit, each bid box's next minimum bid, and the stacks the bid
 * boxes draw from. The UI renders these answers; none of it is worked out again outside the
 * engine.
 */
import { PHASE_COLORS, type PhaseColor } from '../../../core/tile';
import type { ResolvedConfig } from '../config';
import { BIDS_PER_TURN, MIN_BID_INCREMENT, PLUS_BIDBOX, TAX_HAVEN } from '../data/constants';
import { certCount, committedCash, isUnsold } from '../entities';
import type { GameState, StockRound } from '../state';
import { allBidBoxes } from '../stock/bidboxes';
import { minimumBid } from '../stock/bid';

/** Tile colours in the order phases bring them. */
const COLOUR_ORDER = PHASE_COLORS;
export type PhaseColour = PhaseColor;

export interface PhaseFigures {
	readonly name: string;
	/** Tile colours that may be laid now. */
	readonly tileColours: readonly PhaseColour[];
	/** The phase's colour: the newest tile colour it allows (phase 3 is green). */
	readonly colour: PhaseColour;
	readonly trainLimit: { readonly minor: number; readonly major: number };
}

export interface PlayerFigures {
	readonly player: number;
	readonly cash: number;
	/** Cash tied up in bids that are the highest on their company (rules digest 3.3). */
	readonly committed: number;
	/** Cash less what is committed: the most the player can spend now. */
	readonly free: number;
	/** Certificates counting toward the limit (rules digest 3.6). */
	readonly certificates: number;
	readonly certificateLimit: number;
	readonly debt: number;
	/** Bidding tokens the player has not used this stock round (rules digest 3.3). */
	readonly biddingTokensLeft: number;
}

export interface BidFigures {
	readonly player: number;
	readonly price: number;
}

export interface BidBoxFigures {
	readonly company: string;
	readonly kind: 'private' | 'concession' | 'minor';
	/** Face value (£0 for privates). */
	readonly faceValue: number;
	/** Bids, highest first (ties: lower player id first). */
	readonly bids: readonly BidFigures[];
	/** The least the next bid may be: the minimum bid with no bid yet, else the highest + the step. */
	readonly minNext: number;
	/** Whether a player holding this card counts it toward the certificate limit (P16 does not). */
	readonly isCertificate: boolean;
}

export interface StackFigures {
	/** "minors", "concessions", "privates"; in 1822+ with three private stacks, "privates-1" to "privates-3". */
	readonly stack: string;
	/** Unsold companies in the order they reach the bid boxes. */
	readonly companies: readonly string[];
}

export interface TableFigures {
	readonly bankCash: number;
	readonly phase: PhaseFigures;
	/** Bids rise in steps of this many pounds (rules digest 3.3). */
	readonly bidStep: number;
	readonly bidsPerTurn: number;
	/** Bids the player to act has made this turn, and may still make (0 outside a stock round). */
	readonly bidsThisTurn: number;
	readonly bidsLeftThisTurn: number;
	readonly biddingTokens: number;
	readonly players: readonly PlayerFigures[];
	/** Empty outside a stock round. */
	readonly bidBoxes: readonly BidBoxFigures[];
	readonly stacks: readonly StackFigures[];
}

/** Whether a card counts toward its holder's certificate limit: every private and concession but the Tax Haven (rules digest 3.6, 10.2). */
export function countsAsCertificate(company: string): boolean {
	return company !== TAX_HAVEN;
}

export function phaseFigures(state: GameState, config: ResolvedConfig): PhaseFigures {
	const p = config.phases[state.phase];
	const tileColours = COLOUR_ORDER.filter((c) => p.tiles.includes(c));
	return { name: p.name, tileColours, colour: tileColours[tileColours.length - 1] ?? 'yellow', trainLimit: p.trainLimit };
}

function stockRound(state: GameState): StockRound | null {
	return state.round.kind === 'stock' ? state.round : null;
}

export function playerFigures(state: GameState, config: ResolvedConfig, playerId: number): PlayerFigures | null {
	const p = state.players.find((x) => x.id === playerId);
	if (!p) return null;
	const round = stockRound(state);
	const committed = round ? committedCash(round, playerId) : 0;
	return {
		player: playerId,
		cash: p.cash,
		committed,
		free: p.cash - committed,
		certificates: certCount(state, config, playerId),
		certificateLimit: config.certLimit,
		debt: p.debt,
		biddingTokensLeft: config.biddingTokens - (round?.tokensUsed[String(playerId)]?.length ?? 0)
	};
}

export function bidBoxFigures(state: GameState, config: ResolvedConfig): BidBoxFigures[] {
	const round = stockRound(state);
	if (!round) return [];
	return allBidBoxes(state, config).map((company) => {
		const def = config.companyDefs[company];
		const bids = [...(round.bids[company] ?? [])]
			.sort((a, b) => b.price - a.price || a.player - b.player)
			.map((b) => ({ player: b.player, price: b.price }));
		return {
			company,
			kind: def.kind,
			faceValue: def.value,
			bids,
			minNext: minimumBid(state, config, round, company),
			isCertificate: countsAsCertificate(company)
		};
	});
}

/**
 * The stacks the bid boxes draw from, in draw order [g_1822/game.rb timeline, bank_companies];
 * in 1822+ with three private stacks, one per private box (rules digest 1.4).
 */
export function stackFigures(state: GameState, config: ResolvedConfig): StackFigures[] {
	const unsold = (kind: 'minor' | 'concession' | 'private', keep: (c: string) => boolean = () => true): string[] =>
		state.companyOrder.filter((c) => config.companyDefs[c]?.kind === kind && isUnsold(state, c) && keep(c));
	const out: StackFigures[] = [
		{ stack: 'minors', companies: unsold('minor') },
		{ stack: 'concessions', companies: unsold('concession') }
	];
	if (config.rules.plusExpansion && !config.rules.singleStack)
		PLUS_BIDBOX.forEach((box, i) => out.push({ stack: `privates-${i + 1}`, companies: unsold('private', (c) => box.includes(c)) }));
	else out.push({ stack: 'privates', companies: unsold('private') });
	return out;
}

export function tableFigures(state: GameState, config: ResolvedConfig): TableFigures {
	return {
		bankCash: state.bank.cash,
		phase: phaseFigures(state, config),
		bidStep: MIN_BID_INCREMENT,
		bidsPerTurn: BIDS_PER_TURN,
		bidsThisTurn: stockRound(state)?.turn.bids ?? 0,
		bidsLeftThisTurn: stockRound(state) ? BIDS_PER_TURN - (stockRound(state)?.turn.bids ?? 0) : 0,
		biddingTokens: config.biddingTokens,
		players: state.players.map((p) => playerFigures(state, config, p.id)).filter((x): x is PlayerFigures => x !== null),
		bidBoxes: bidBoxFigures(state, config),
		stacks: stackFigures(state, config)
	};
}
