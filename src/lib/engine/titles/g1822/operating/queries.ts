/**
 * What the operating corporation may do now — the answers the UI renders in an operating round
 * (rules digest 5.2). The step machine decides which action types are accepted; each offered
 * choice is either produced by the module that checks it (tile lays, station slots) or probed
 * through the round's own validation, so a choice offered here is a choice the engine accepts.
 */
import type { Action } from '../../../core/actions';
import { corporationId, hexId } from '../../../core/ids';
import type { ResolvedConfig } from '../config';
import { mapFor } from '../board-ops';
import { isUnsold } from '../entities';
import { tokenPlacements, type TokenPlacement } from '../map/stations';
import { presidentId } from '../shares-ops';
import { allBidBoxes } from '../stock/bidboxes';
import { OR_STEPS, type CorporationState, type GameState, type OperatingRound, type OrStep } from '../state';
import { DIVIDEND_KINDS, type DividendKind } from './dividend';
import { activeCorporation, isStepActive } from './flow';
import { paymentOptions, mergeTokenOptions, acquirableMinors, type PaymentChoice } from './minor-acquisition';
import type { AcquisitionTokenChoice } from '../map/stations';
import { acquirableCompanies } from './acquire';
import { CHANNEL_PRIVATE, cityId, ENGLISH_CHANNEL, secrChannelToken, stationContext } from './stations';
import { STEP_ACTIONS, validateOperating } from './step';
import { crowdedCorporation, discardableTrains } from './trains';
import { inEmergency } from './emergency';
import { tileLayChoices, type TileLayChoice } from './query-lays';
import { layingCompany } from './special-lays';
import { trainChoices, type TrainChoices } from './query-trains';
import { EXCHANGE_PRIVATES, MOVE_CARD_PRIVATE } from './private-abilities';
import { m14TokenPending, pendingLondonToken } from './m14-acquisition';
import { m14HomeChoices } from './m14-home';

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

/** Steps whose action types are accepted now: the current one and every active one after it. */
/** The step under way: steps block, so only its actions are open [round/base.rb actions_for]. */
function openSteps(state: GameState, config: ResolvedConfig, round: OperatingRound): OrStep[] {
	if (!config.blockingSteps) return OR_STEPS.slice(OR_STEPS.indexOf(round.turn.step)).filter((s) => s !== 'done' && isStepActive(state, config, round, s));
	const s = round.turn.step;
	return s !== 'done' && isStepActive(state, config, round, s) ? [s] : [];
}

function treasuryCounts(corp: CorporationState, owner: 'treasury' | 'pool'): number {
	return corp.shares.filter((c) => c.owner === owner && !c.president).length;
}

function shareIds(corp: CorporationState, owner: 'treasury' | 'pool', n: number): string[] {
	return corp.shares.filter((c) => c.owner === owner && !c.president).slice(0, n).map((c) => `${corp.id}_${c.index}`);
}

function abilityCandidates(state: GameState, config: ResolvedConfig, company: string): string[] {
	if ((EXCHANGE_PRIVATES as readonly string[]).includes(company)) return company === 'P18' ? ['exchange', 'available'] : ['exchange'];
	if (company !== MOVE_CARD_PRIVATE) return [];
	const boxed = allBidBoxes(state, config);
	return state.companyOrder.filter((c) => isUnsold(state, c) && !boxed.includes(c)).flatMap((c) => [`${c}_top`, `${c}_bottom`]);
}

export function operatingChoices(state: GameState, config: ResolvedConfig, round: OperatingRound): OperatingChoices {
	const accepts = (a: Action) => validateOperating(state, config, round, a).ok;
	const crowded = crowdedCorporation(state, config);
	if (crowded)
		return {
			...EMPTY,
			entity: crowded.id,
			president: presidentId(crowded),
			step: 'discard',
			actions: ['discard_train'],
			discard: discardableTrains(crowded)
		};
	const corp = activeCorporation(state, round);
	const base = { entity: corp.id, president: presidentId(corp), step: round.turn.step };
	const act = (type: string, extra: Record<string, unknown> = {}): Action => ({ type, entity: corp.id, entity_type: 'corporation', ...extra }) as unknown as Action;
	const merge = round.turn.merge;
	if (merge) {
		const minor = state.corporations[merge.minor];
		const options: string[] = merge.payment === null ? paymentOptions(state, config, corp, minor) : mergeTokenOptions(state, config, corp, minor);
		return { ...EMPTY, ...base, actions: ['choose'], mergeChoice: { minor: merge.minor, kind: merge.payment === null ? 'payment' : 'token', options } };
	}
	// A private whose lays go together acts alone until it lays again or passes (special-lays.ts).
	const laying = config.blockingSteps ? layingCompany(state, corp, round) : null;
	if (laying) {
		const tileLays = tileLayChoices(state, config, corp, round).filter((c) => c.entity === laying || c.combo.includes(laying));
		return { ...EMPTY, ...base, entity: laying, actions: [...(tileLays.length ? ['lay_tile'] : []), 'pass'], tileLays };
	}
	// M14's London token, when due, is the only thing to do (m14-acquisition.ts).
	if (m14TokenPending(state)) return { ...EMPTY, ...base, actions: ['place_token'], pendingTokens: pendingLondonToken(state, config, corp) };
	// Minor 14's first turn begins with its London home token (m14-home.ts).
	if (round.turn.step === 'home_token') return { ...EMPTY, ...base, actions: ['place_token'], pendingTokens: m14HomeChoices(state, corp) };
	// P8's choice, when pending, comes first (more privates may still be acquired).
	if (state.privateChoices.P8 === 'pending' && corp.companies.includes('P8')) {
		const privates = acquirableCompanies(state, config, corp).filter((c) => accepts(act('acquire_company', { company: c })));
		const p8Choice = ['token', 'discount'].filter((c) => accepts(act('choose', { choice: c })));
		const actions = [...(privates.length ? ['acquire_company'] : []), ...(p8Choice.length ? ['choose'] : []), ...(accepts(act('pass')) ? ['pass'] : [])];
		return { ...EMPTY, ...base, actions, privates, p8Choice };
	}
	const steps = openSteps(state, config, round);
	const types = new Set<string>(steps.flatMap((s) => STEP_ACTIONS[s]));
	if (accepts(act('pass'))) types.add('pass');
	const has = (t: string) => types.has(t);

	const p8Choice = ['token', 'discount'].filter((c) => accepts(act('choose', { choice: c })));
	const extraDividend = DIVIDEND_KINDS.filter((k) => round.turn.extraRevenue !== null && round.turn.extraKind === null && accepts(act('choose', { choice: k })));
	const pullman = corp.trains.some((t) => t.name === 'P+') ? corp.trains.map((_, i) => i).filter((i) => accepts(act('choose', { choice: String(i) }))) : [];
	if (p8Choice.length || extraDividend.length || pullman.length) types.add('choose');

	const abilities: AbilityChoice[] = [];
	for (const company of corp.companies) {
		const choices = abilityCandidates(state, config, company).filter((choice) =>
			accepts({ type: 'choose_ability', entity: company, entity_type: 'company', choice })
		);
		if (choices.length) abilities.push({ company, choices });
	}
	if (abilities.length) types.add('choose_ability');

	const tileLays = has('lay_tile') ? tileLayChoices(state, config, corp, round) : [];
	const tokens = has('place_token') ? stationOptions(state, config, corp, round) : [];
	const channelTokens = channelOptions(state, config, corp, round, accepts);
	if (channelTokens.length) types.add('place_token');
	// The destination step stays open until the token is placed, but the token is accepted only once
	// the destination is connected to the home station (rules digest 5.4): offer it only then.
	const destinationHex = has('hex_token') ? (mapFor(state.setup.title).destinations.get(corporationId(corp.id)) ?? null) : null;
	const destination = destinationHex !== null && accepts(act('hex_token', { hex: destinationHex })) ? destinationHex : null;
	if (destination === null) types.delete('hex_token');
	const trains = has('buy_train') ? trainChoices(state, config, corp, accepts) : null;
	const privates = has('acquire_company') ? acquirableCompanies(state, config, corp).filter((c) => accepts(act('acquire_company', { company: c }))) : [];
	const minors: MinorChoice[] = has('merge')
		? acquirableMinors(state, config, corp)
				.filter((m) => accepts(act('merge', { corporation: m })))
				.map((m) => ({ minor: m, payments: paymentOptions(state, config, corp, state.corporations[m]), tokens: mergeTokenOptions(state, config, corp, state.corporations[m]) }))
		: [];
	const issue: number[] = [];
	const redeem: number[] = [];
	if (has('sell_shares'))
		for (let n = 1; n <= treasuryCounts(corp, 'treasury'); n++) if (accepts(act('sell_shares', { shares: shareIds(corp, 'treasury', n) }))) issue.push(n);
	if (has('buy_shares'))
		for (let n = 1; n <= treasuryCounts(corp, 'pool'); n++) if (accepts(act('buy_shares', { shares: shareIds(corp, 'pool', n) }))) redeem.push(n);
	const emergencySale = inEmergency(state, config, corp) && (trains?.emergency?.sellable.length ?? 0) > 0;
	if (emergencySale) types.add('sell_shares');
	return {
		...EMPTY,
		...base,
		actions: [...types].sort(),
		tileLays,
		tokens,
		channelTokens,
		destination,
		trains,
		dividends: has('dividend') ? [...DIVIDEND_KINDS] : [],
		extraDividend,
		privates,
		minors,
		issue,
		redeem,
		p8Choice,
		pullman,
		abilities,
		emergencySale
	};
}

/** Normal station slots, plus SECR's once-only free English Channel slot (rules digest 1.3). */
function stationOptions(state: GameState, config: ResolvedConfig, corp: CorporationState, round: OperatingRound): TokenPlacement[] {
	const ctx = stationContext(state, config, corp, round);
	const out = tokenPlacements(ctx);
	if (!secrChannelToken(state, corp)) return out;
	const channel = tokenPlacements({ ...ctx, price: 0, hexes: [hexId(ENGLISH_CHANNEL)] });
	return [...out.filter((p) => p.hex !== ENGLISH_CHANNEL), ...channel];
}

/** P5's token: a free English Channel slot, taken from the exchange area (rules digest 10.2). */
function channelOptions(
	state: GameState,
	config: ResolvedConfig,
	corp: CorporationState,
	round: OperatingRound,
	accepts: (a: Action) => boolean
): TokenPlacement[] {
	if (!corp.companies.includes(CHANNEL_PRIVATE) || state.companies[CHANNEL_PRIVATE]?.closed) return [];
	if (corp.exchangeTokens <= 0 || !mapFor(state.setup.title).byId.has(hexId(ENGLISH_CHANNEL))) return [];
	const ctx = { ...stationContext(state, config, corp, round), placedThisTurn: false, tokensLeft: 1, noConnection: true, price: 0, hexes: [hexId(ENGLISH_CHANNEL)] };
	return tokenPlacements(ctx).filter((p) =>
		accepts({ type: 'place_token', entity: CHANNEL_PRIVATE, entity_type: 'company', city: cityId(state, p.hex, p.city), slot: 0 })
	);
}

/** The name a `place_token` uses for a city: the tile on the hex, or the hex for a printed tile. */
/** The tile id actions name a city on (see stations.ts cityId for the whole city id). */
export function cityTileName(state: GameState, hex: string): string {
	const placed = state.board.tiles[hex];
	return placed ? placed.tile : `${hex}-0`;
}
