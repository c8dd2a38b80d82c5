/**
 * A major acquiring a minor (rules digest 5.7) [g_1822/step/minor_acquisition.rb]: a "merge"
 * naming the minor, then a "choose" of payment (player's minor), then a "choose" of what happens
 * to the minor's token. The minor's cash, trains and privates go to the major; the minor closes.
 * A bid-box minor (phase 5+) costs £200 paid to the bank (its only payment choice, "money").
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { ChooseAction, MergeAction } from '../../../core/actions';
import { corporationId } from '../../../core/ids';
import { firstCertsHeld, playerHolder, transferCerts } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { MINOR_BIDBOX_PRICE } from '../data/constants';
import { certCount, findPlayer, inNoCertLimitCell, sharePrice } from '../entities';
import { presidentId } from '../shares-ops';
import { acquireMinorToken, ACQUISITION_TOKEN_CHOICES, type AcquisitionTokenChoice } from '../map/stations';
import type { CorporationState, GameState, OperatingRound } from '../state';
import { graphFor, mapFor } from '../board-ops';
import { currentHomeCity } from '../../../core/board';
import { phaseHas } from '../../../core/phases';
import { minorBoxes } from '../stock/bidboxes';
import { addCharterToken, mergeCharterToken } from '../charter';
import { grantLondonToken, londonTokenPlaceable, takesLondonToken } from './m14-acquisition';

export const PAYMENT_CHOICES = ['money', 'one_share', 'two_shares'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

function isBidBoxMinor(state: GameState, minor: CorporationState): boolean {
	return !minor.floated;
}

/** The payment options open for a player's minor: V = 2 × its price, S = the major's price. */
export function paymentOptions(state: GameState, config: ResolvedConfig, major: CorporationState, minor: CorporationState): PaymentChoice[] {
	// A bid-box minor is paid for with £200 to the bank.
	if (isBidBoxMinor(state, minor)) return major.cash >= MINOR_BIDBOX_PRICE ? ['money'] : [];
	const v = 2 * (sharePrice(config, minor) ?? 0);
	const s = sharePrice(config, major) ?? 0;
	const owner = findPlayer(state, presidentId(minor) ?? -1);
	const ownerCash = owner?.cash ?? 0;
	const treasury = major.shares.filter((c) => c.owner === 'treasury' && !c.president).length;
	const settles = (diff: number) => (diff >= 0 ? major.cash >= diff : ownerCash >= -diff);
	const out: PaymentChoice[] = [];
	if (major.cash >= v) out.push('money');
	if (treasury >= 1 && settles(v - s)) out.push('one_share');
	// Two shares need the owner below the certificate limit, unless (from version 9) the major's
	// shares do not count toward it [g_1822/step/minor_acquisition.rb pay_choices: `counts_for_limit`]
	// (counted only when two shares are there to give).
	const limitFree = config.twoSharesPastLimit && inNoCertLimitCell(config, major);
	if (treasury >= 2 && owner && (limitFree || certCount(state, config, owner.id) < config.certLimit) && settles(v - 2 * s)) out.push('two_shares');
	return out;
}

export function tokenOptions(major: CorporationState): AcquisitionTokenChoice[] {
	return major.exchangeTokens > 0 ? ['replace', 'exchange'] : ['remove'];
}

/**
 * The token choices for acquiring this minor. M14 from a bid box: "replace" makes a token due at
 * once in a London city (m14-acquisition.ts) and the turn waits on it, so in live play it is
 * offered only when some London city would take it — one the major reaches and holds no token
 * in, with the £20 left after the £200 price. Otherwise nothing could ever be done next.
 */
export function mergeTokenOptions(state: GameState, config: ResolvedConfig, major: CorporationState, minor: CorporationState): AcquisitionTokenChoice[] {
	const options = tokenOptions(major);
	if (config.mode !== 'live' || !isBidBoxMinor(state, minor) || !takesLondonToken(minor.id, 'replace')) return options;
	if (londonTokenPlaceable(state, config, major, major.cash - MINOR_BIDBOX_PRICE)) return options;
	return options.filter((o) => o !== 'replace');
}

export function validateMerge(state: GameState, config: ResolvedConfig, major: CorporationState, action: MergeAction): Result<string> {
	const minor = state.corporations[action.corporation];
	if (!minor || minor.type !== 'minor' || minor.closed) return refuse('unknown_corporation', `There is no minor "${String(action.corporation)}".`);
	if (!acquirableMinors(state, config, major).includes(minor.id)) return refuse('not_acquirable', `${major.id} cannot acquire minor ${minor.id} now.`);
	// The connection is checked when a merge is made live, never on load (rules digest 5.7)
	// [g_1822/step/minor_acquisition.rb process_merge, entity_connects?].
	if (config.mode === 'live' && !connectsToMinor(state, config, major, minor))
		return refuse('not_connected', `${major.id} has no track connection to minor ${minor.id}.`);
	return ok(minor.id);
}

/**
 * Whether the major reaches the minor's token, or for a bid-box minor its reserved home city
 * (any city of its home hex when the hex names none: any London city for M14).
 */
function connectsToMinor(state: GameState, config: ResolvedConfig, major: CorporationState, minor: CorporationState): boolean {
	const map = mapFor(state.setup.title);
	const cities = graphFor(map, state.board, config).reach(corporationId(major.id)).cities;
	const token = state.board.tokens.find((t) => t.corporation === minor.id);
	if (token) return cities.has(`${token.hex}-${token.city}`);
	const home = map.homes.get(corporationId(minor.id));
	if (!home) return false;
	if (home.city !== null) return cities.has(`${home.hex}-${currentHomeCity(map, state.board, home.hex, home.city)}`);
	for (const k of cities) if (k.startsWith(`${home.hex}-`)) return true;
	return false;
}

export function validateMergeChoice(
	state: GameState,
	config: ResolvedConfig,
	major: CorporationState,
	round: OperatingRound,
	action: ChooseAction
): Result<{ kind: 'payment'; choice: PaymentChoice } | { kind: 'token'; choice: AcquisitionTokenChoice }> {
	const merge = round.turn.merge;
	if (!merge) return refuse('action_not_allowed', 'There is nothing to choose.');
	const minor = state.corporations[merge.minor];
	const choice = String(action.choice);
	if (merge.payment === null) {
		const options = paymentOptions(state, config, major, minor);
		if (!(options as string[]).includes(choice)) return refuse('invalid_choice', `Pay with one of: ${options.join(', ')}.`);
		return ok({ kind: 'payment', choice: choice as PaymentChoice });
	}
	const options = mergeTokenOptions(state, config, major, minor);
	if (!(ACQUISITION_TOKEN_CHOICES as readonly string[]).includes(choice) || !(options as string[]).includes(choice))
		return refuse('invalid_choice', `Choose one of: ${options.join(', ')}.`);
	return ok({ kind: 'token', choice: choice as AcquisitionTokenChoice });
}

/** The treasury's first shares, one by one [g_1822/step/minor_acquisition.rb: ipo_shares.first]. */
function transferShares(major: CorporationState, to: number, count: number): void {
	transferCerts(major.shares, firstCertsHeld(major.shares, 'treasury', count, (c) => !c.president), playerHolder(to));
}

/**
 * A bid-box minor has no token on the map: "replace" puts a new major token in its reserved home
 * city (or, if the major is already there, moves an exchange token to available); "exchange"
 * moves an exchange token to available [g_1822/step/minor_acquisition.rb acquire_bank_minor].
 */
function placeBidBoxMinorToken(state: GameState, major: CorporationState, minorId: string, token: AcquisitionTokenChoice): void {
	if (token === 'remove') return;
	// M14's "replace" gives a token for a London city of the major's choice (m14-acquisition.ts).
	if (takesLondonToken(minorId, token)) {
		grantLondonToken(state, major);
		return;
	}
	major.exchangeTokens -= 1;
	const map = mapFor(state.setup.title);
	const home = map.homes.get(corporationId(minorId));
	const city = home && home.city !== null ? currentHomeCity(map, state.board, home.hex, home.city) : 0;
	const already = state.board.tokens.some((t) => t.corporation === major.id && home && t.hex === home.hex && t.city === city);
	if (token === 'exchange' || !home || already) {
		addCharterToken(major);
		return;
	}
	state.board = { ...state.board, tokens: [...state.board.tokens, { hex: home.hex, city, corporation: corporationId(major.id), kind: 'normal' }] };
	major.charter.push({ price: 0, kind: 'normal', at: `${home.hex}-${city}` });
}

/** Completes the acquisition once the token choice is made. */
export function completeMerge(
	state: GameState,
	config: ResolvedConfig,
	major: CorporationState,
	minorId: string,
	payment: string | null,
	token: AcquisitionTokenChoice
): void {
	const minor = state.corporations[minorId];
	const owner = findPlayer(state, presidentId(minor) ?? -1);
	if (isBidBoxMinor(state, minor)) {
		major.cash -= MINOR_BIDBOX_PRICE;
		state.bank.cash += MINOR_BIDBOX_PRICE;
	} else if (owner) {
		const v = 2 * (sharePrice(config, minor) ?? 0);
		const s = sharePrice(config, major) ?? 0;
		const shares = payment === 'two_shares' ? 2 : payment === 'one_share' ? 1 : 0;
		const diff = v - shares * s;
		transferShares(major, owner.id, shares);
		major.cash -= diff;
		owner.cash += diff;
	}
	if (isBidBoxMinor(state, minor)) placeBidBoxMinorToken(state, major, minorId, token);
	else {
		// Token: replace, exchange or remove (the map module keeps the board straight). A replaced
		// token becomes a new token of the major; an exchange token moved "to available" joins the
		// charter as a £100 token.
		const placed = acquireMinorToken(state.board, corporationId(minorId), corporationId(major.id), token);
		// The major's new token is one where it had none of that kind (its tokens already there may
		// come back as new objects: a destination token that loses its place beyond the slots).
		const at = (t: { hex: string; city: number; kind: string }) => `${t.hex}:${t.city}:${t.kind}`;
		const had = new Set(state.board.tokens.filter((t) => t.corporation === major.id).map(at));
		const swapped = placed.board.tokens.filter((t) => t.corporation === major.id && !had.has(at(t)));
		state.board = placed.board;
		for (const t of swapped) mergeCharterToken(major, t.hex, t.city);
		// A token moved to the major asks its route afresh (the reference clears its graph for it).
		if (swapped.length > 0 && config.blockingSteps) delete major.hadRoute;
		if (placed.exchangeUsed) major.exchangeTokens -= 1;
		if (placed.exchangeToAvailable) addCharterToken(major);
	}
	if (!isBidBoxMinor(state, minor)) {
		major.cash += minor.cash;
		minor.cash = 0;
		major.trains.push(...minor.trains);
		minor.trains = [];
		for (const c of minor.companies) {
			state.companies[c].owner = `corporation:${major.id}`;
			major.companies.push(c);
		}
		minor.companies = [];
	} else {
		const card = `M${minorId}`;
		delete state.companies[card];
		state.companyOrder = state.companyOrder.filter((c) => c !== card);
	}
	minor.closed = true;
	for (const c of minor.shares) c.owner = 'treasury';
	state.board = { ...state.board, reservations: state.board.reservations.filter((r) => r !== minorId) };
}

/** The step's activity ignores connections (see below); kept as a switch to document the choice. */
const CHECK_CONNECTION = false;

export function acquirableMinors(state: GameState, config: ResolvedConfig, corp: CorporationState): string[] {
	return acquirable(state, config, corp, false);
}

/** Whether the major may acquire some minor: `acquirableMinors(…).length > 0`, ending at the first found. */
export function canAcquireMinor(state: GameState, config: ResolvedConfig, corp: CorporationState): boolean {
	return acquirable(state, config, corp, true).length > 0;
}

/** The minors the major may acquire, in order; with `firstOnly`, only the first of them. */
function acquirable(state: GameState, config: ResolvedConfig, corp: CorporationState, firstOnly: boolean): string[] {
	if (corp.type !== 'major' || corp.operated < 2) return [];
	const map = mapFor(state.setup.title);
	// The walk is asked for only when the connection counts (it is the costliest part of the check).
	const reach = () => graphFor(map, state.board, config).reach(corporationId(corp.id));
	const out: string[] = [];
	for (const m of Object.values(state.corporations)) {
		if (m.type !== 'minor' || !m.floated || m.closed || m.operated < 2) continue;
		const token = state.board.tokens.find((t) => t.corporation === m.id);
		if (!token || (CHECK_CONNECTION && !reach().cities.has(`${token.hex}-${token.city}`))) continue;
		if (paymentOptions(state, config, corp, m).length > 0) {
			out.push(m.id);
			if (firstOnly) return out;
		}
	}
	if (phaseHas(config.phases[state.phase], 'can_acquire_minor_bidbox') && corp.cash >= MINOR_BIDBOX_PRICE)
		for (const c of minorBoxes(state, config)) {
			const id = config.companyDefs[c].corporation as string;
			const home = map.homes.get(corporationId(id));
			if (!CHECK_CONNECTION || (home && [...reach().cities].some((k) => k.startsWith(`${home.hex}-`)))) {
				out.push(id);
				if (firstOnly) return out;
			}
		}
	return out;
}

