/**
 * What the operating corporation may do now — the answers the UI renders in an operating round
 * (rules digest 5.2). The round's list answers it as it routes an action (round.ts): a holdup
 * that blocks answers alone; otherwise the steps an action may go to now answer, each for its own
 * action types, with the side actions' additions and the pass of the step reached. Each step
 * offers what its own checks accept, so a choice offered here is a choice the engine accepts.
 */
import type { ResolvedConfig } from '../config';
import type { TokenPlacement } from '../map/stations';
import type { AcquisitionTokenChoice } from '../map/stations';
import { presidentId } from '../shares-ops';
import type { GameState, OperatingRound, OrStep } from '../state';
import type { DividendKind } from './dividend';
import type { PaymentChoice } from './minor-acquisition';
import type { TileLayChoice } from './query-lays';
import type { TrainChoices } from './query-trains';
import { passStep, reachableSteps } from './round';
import { BEFORE_STEPS, orContext } from './steps';
import type { Offer } from './steps/types';

export interface MinorChoice {
	readonly minor: string;
	readonly payments: readonly PaymentChoice[];
	readonly tokens: readonly AcquisitionTokenChoice[];
}

export interface AbilityChoice {
	readonly company: string;
	readonly choices: readonly string[];
}

export interface OperatingChoices {
	/** The entity that must act: the operating corporation, or one that has to discard first. */
	readonly entity: string;
	readonly president: number | null;
	/** The step reached (`discard` while a corporation is over its train limit). */
	readonly step: OrStep | 'discard';
	/** Action types accepted now, `pass` included where allowed. */
	readonly actions: readonly string[];
	readonly tileLays: readonly TileLayChoice[];
	readonly tokens: readonly TokenPlacement[];
	/** P5's free English Channel token (from the exchange area). */
	readonly channelTokens: readonly TokenPlacement[];
	/** A token due now in a London city (after acquiring M14 from a bid box). */
	readonly pendingTokens: readonly TokenPlacement[];
	readonly destination: string | null;
	readonly trains: TrainChoices | null;
	readonly dividends: readonly DividendKind[];
	/** The separate dividend choice of a permanent extra train, when open (8.3). */
	readonly extraDividend: readonly DividendKind[];
	readonly privates: readonly string[];
	readonly minors: readonly MinorChoice[];
	/** The next "choose" of a minor acquisition under way. */
	readonly mergeChoice: { readonly minor: string; readonly kind: 'payment' | 'token'; readonly options: readonly string[] } | null;
	/** Numbers of shares that may be issued or redeemed in one action. */
	readonly issue: readonly number[];
	readonly redeem: readonly number[];
	readonly discard: readonly string[];
	/** P8's one-time choice, when pending. */
	readonly p8Choice: readonly string[];
	/** Trains (by choice number) that may carry the Pullman this turn. */
	readonly pullman: readonly number[];
	readonly abilities: readonly AbilityChoice[];
	/** Whether the director may sell shares to raise money for a train that is due. */
	readonly emergencySale: boolean;
}

const EMPTY = {
	tileLays: [],
	tokens: [],
	channelTokens: [],
	pendingTokens: [],
	destination: null,
	trains: null,
	dividends: [],
	extraDividend: [],
	privates: [],
	minors: [],
	mergeChoice: null,
	issue: [],
	redeem: [],
	discard: [],
	p8Choice: [],
	pullman: [],
	abilities: [],
	emergencySale: false
} as const;

export function operatingChoices(state: GameState, config: ResolvedConfig, round: OperatingRound): OperatingChoices {
	const ctx = orContext(state, config, round);
	const base = { entity: ctx.corp.id, president: presidentId(ctx.corp), step: round.turn.step };
	for (const entry of BEFORE_STEPS) {
		if (!entry.blocking || !entry.active(ctx)) continue;
		const answer = entry.offers?.(ctx);
		if (answer) return { ...EMPTY, ...base, ...answer };
	}
	const parts: Offer[] = [...reachableSteps(ctx)].map((s) => s.offers(ctx));
	for (const entry of BEFORE_STEPS) {
		if (entry.blocking || !entry.active(ctx)) continue;
		const extra = entry.offers?.(ctx);
		if (extra) parts.push(extra);
	}
	const types = new Set<string>(parts.flatMap((p) => p.actions));
	if (passStep(ctx).ok) types.add('pass');
	// Each choice comes from the first step that takes its action type.
	const fields: Record<string, unknown> = {};
	for (const part of parts) for (const [k, v] of Object.entries(part)) if (k !== 'actions' && v !== undefined && !(k in fields)) fields[k] = v;
	return { ...EMPTY, ...base, ...(fields as Partial<OperatingChoices>), actions: [...types].sort() };
}

/** The name a `place_token` uses for a city: the tile on the hex, or the hex for a printed tile. */
/** The tile id actions name a city on (see stations.ts cityId for the whole city id). */
export function cityTileName(state: GameState, hex: string): string {
	const placed = state.board.tiles[hex];
	return placed ? placed.tile : `${hex}-0`;
}
