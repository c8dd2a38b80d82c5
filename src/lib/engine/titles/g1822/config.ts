/**
 * The resolved configuration of one game: title, player count and options turned once into the
 * tables the rules read, so no option flag is checked anywhere else. Derived from the state's
 * `setup` and cached (it is immutable and never stored in the state).
 */
import { parseMarket, type Market } from '../../core/market';
import { refuse, ok, type Result } from '../../core/result';
import { COMPANIES } from './data/companies';
import { CORPORATIONS } from './data/corporations';
import { BANK_CASH, type PlayerCount } from './data/constants';
import type { CompanyDef, CorporationDef, PhaseDef, TrainDef } from './data/types';
import type { ResolvedRules, TitleDef, TitleId } from './title-def';
import { TITLE_1822 } from './title';
import { TITLE_1822NRS } from './scenarios/nrs';
import { TITLE_1822MRS } from './scenarios/mrs';

export const TITLES: Readonly<Record<TitleId, TitleDef>> = {
	'1822': TITLE_1822,
	'1822NRS': TITLE_1822NRS,
	'1822MRS': TITLE_1822MRS
};

export type EngineMode = 'live' | 'import';

/**
 * Rules versions. A change that alters how a log replays gets a new version; a game keeps the
 * version it was started with, so a game begun here never changes under its players.
 * - 1: the first release. An action could skip ahead over open operating steps.
 * - 2: operating steps block as the reference's do (an action belongs to the step under way or is
 *   refused `step_pending`), with the fidelity fixes found by running games past the reference.
 * - 3: a director's emergency sale belongs to the buy-train step; before that step it is refused
 *   `step_pending` like any other action of a later step [g_1822/step/buy_train.rb actions]. P8's
 *   pending choice holds the turn where it is: the steps after the acquire step are neither
 *   skipped nor settled (a does-not-run price move) until the choice is made, as the reference's
 *   SpecialChoose step stands between them [round/operating.rb skip_steps].
 * - 4: a company's found route is remembered whatever trains it holds, none or local ones too: the
 *   reference's graph keeps `route_train_purchase` once any walk of the company finds two
 *   stops, and keeps it through later clears [graph.rb compute, clear]. A company that found a
 *   route while trainless and lost it before buying a train still runs routes. A dividend that
 *   breaks the bank and lifts the price into an end cell triggers the bank's end (after the set's
 *   last OR), as the reference checks the bank before the market and keeps the first trigger
 *   [g_1822/game.rb GAME_END_CHECK, GAME_END_LOCK_FIRST_TRIGGER; base.rb game_end_check].
 * - 5: a city with a slot still reserved for a home never blocks track, even when a destination
 *   token filled its other slots: the reference puts that token in a slot of its own and leaves
 *   the reserved one empty [part/city.rb get_slot cheater, blocks?]. The token a major gets for
 *   London by acquiring minor 14 from the bid box is a new one, placed there; its unused tokens
 *   keep their places in its charter [g_1822/step/minor_acquisition.rb acquire_bank_minor].
 * - 6: a P21 lay must cross the Hull / Grimsby estuary where its border is still to be paid; where
 *   an earlier lay already crossed it there, the lay is refused, as the reference refuses a P21
 *   lay whose border cost comes to nothing [g_1822/step/tracker.rb remove_border_calculate_cost!].
 *   Whether a director in an emergency must sell before the bank lends is asked of the bundles the
 *   reference forms (a player's ordinary certificates, then the director's, and the director's in
 *   part), the same list the emergency offers [game/base.rb liquidity, sellable_bundles,
 *   bundles_for_corporation; g_1822/step/buy_train.rb sellable_shares?]. Where the bank lends
 *   though the reference would first ask for a director's sale it fails on (the Tax Haven ties
 *   for the directorship), the state says that 18xx.games cannot follow the game from there.
 * - 7: P21's lays are lays of the corporation's own allowance for the turn, not the whole of it:
 *   after one P21 lay and P21's pass, a major of phase 3 on keeps its second lay (a yellow tile,
 *   none if P21's lay was an upgrade), and the track step stays open for it [g_1822/game.rb
 *   tile_lays, MAJOR_TILE_LAYS; step/tracker.rb lay_tile_action, get_tile_lay, can_lay_tile?].
 * - 8: the destination check walks to the home token, the one in the home's own city (followed
 *   through upgrades, as the destination bonus finds it), not to the company's first token on its
 *   home hex in board order, which may be one taken over from an acquired minor in London
 *   [g_1822/step/destination_token.rb destination_node_check?: `entity.tokens.first.city`].
 * - 9: a major whose shares do not count toward the certificate limit (its price in a market
 *   cell that does not count) may pay for a player's minor with two shares even when the minor's
 *   owner is at the limit, so the acquisition step is open for it [g_1822/step/minor_acquisition.rb
 *   pay_choices: `!entity.counts_for_limit || num_certs(minor.owner) < cert_limit`].
 * - 10: a destination token that finds no open slot takes a place of its own beyond the slots,
 *   and the city keeps that place while the token is there: a minor's token removed there (or the
 *   major's own token returned to its charter) leaves a slot open, so the city no longer blocks
 *   and may take a token [g_1822/game.rb place_destination_token `cheater: true`,
 *   remove_extra_tokens!; part/city.rb get_slot, delete_token!; token.rb remove!; hex.rb lay].
 */
export const RULES_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type RulesVersion = (typeof RULES_VERSIONS)[number];
export const LATEST_RULES: RulesVersion = 10;

export function isRulesVersion(v: unknown): v is RulesVersion {
	return (RULES_VERSIONS as readonly unknown[]).includes(v);
}

export interface GameSetup {
	readonly title: TitleId;
	readonly seed: number;
	readonly optionalRules: readonly string[];
	readonly mode: EngineMode;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	/** The rules version; absent in games started before versions were recorded, which are version 1. */
	readonly rulesVersion?: RulesVersion;
}

export interface ResolvedConfig {
	readonly def: TitleDef;
	readonly title: TitleId;
	readonly playerCount: PlayerCount;
	readonly rules: ResolvedRules;
	readonly mode: EngineMode;
	/** The rules version the game is played under (see RULES_VERSIONS). */
	readonly version: RulesVersion;
	/** Operating steps block: an action belongs to the step under way (version 2 on). */
	readonly blockingSteps: boolean;
	/** A director's emergency sale only at the buy-train step (version 3 on). */
	readonly emergencySaleAtBuyStep: boolean;
	/** P8's pending choice stops the turn's steps from being skipped and settled (version 3 on). */
	readonly p8ChoiceHoldsSteps: boolean;
	/** A found route is remembered whatever trains the company holds (version 4 on). */
	readonly routeKeptWithoutTrains: boolean;
	/** A broken bank comes before the market's end cell when one action brings both (version 4 on). */
	readonly bankEndFirst: boolean;
	/** A city with a pending home reservation does not block track (version 5 on). */
	readonly reservedSlotsOpen: boolean;
	/** Minor 14's London token for a major is the new token it was given (version 5 on). */
	readonly londonTokenIsNew: boolean;
	/** A P21 lay must cross an estuary border still to be paid (version 6 on). */
	readonly bridgeNeedsOpenCrossing: boolean;
	/** "Must sell first" is asked of the bundles the emergency offers (version 6 on). */
	readonly emergencyBundles: boolean;
	/** P21's lays leave the corporation what its allowance has left after them (version 7 on). */
	readonly bridgeLaysLeaveAllowance: boolean;
	/** The destination check walks to the token in the home's own city (version 8 on). */
	readonly homeTokenInHomeCity: boolean;
	/** Two shares may pay for a minor past its owner's limit when the major's shares do not count toward it (version 9 on). */
	readonly twoSharesPastLimit: boolean;
	/** A destination token with no open slot takes a place of its own beyond the slots (version 10 on). */
	readonly destinationOwnPlace: boolean;
	/** Companies drawn by the shuffle, in definition order. */
	readonly shuffledCompanies: readonly string[];
	readonly companyDefs: Readonly<Record<string, CompanyDef>>;
	readonly corporationDefs: Readonly<Record<string, CorporationDef>>;
	readonly majors: readonly string[];
	readonly bankCash: number;
	readonly startingCash: number;
	readonly certLimit: number;
	readonly biddingTokens: number;
	readonly market: Market;
	readonly trains: readonly TrainDef[];
	readonly phases: readonly PhaseDef[];
	readonly startingMinor: string | null;
}

const COMPANY_BY_ID: Readonly<Record<string, CompanyDef>> = Object.fromEntries(COMPANIES.map((c) => [c.id, c]));

export function isTitleId(t: unknown): t is TitleId {
	return t === '1822' || t === '1822NRS' || t === '1822MRS';
}

/** Checks the options against the title and player count, and resolves them. */
export function resolveRules(def: TitleDef, players: number, optionalRules: readonly string[]): Result<ResolvedRules> {
	for (const sym of optionalRules) {
		const rule = def.optionalRules.find((r) => r.sym === sym);
		if (!rule) return refuse('unknown_option', `${def.title} has no option "${sym}".`);
		if (rule.players && !rule.players.includes(players))
			return refuse('option_player_count', `The option "${sym}" is only for ${rule.players.join(' or ')} players.`);
		for (const need of rule.requires ?? [])
			if (!optionalRules.includes(need))
				return refuse('option_requires', `The option "${sym}" needs "${need}".`);
	}
	for (const [a, b] of def.mutexRules)
		if (optionalRules.includes(a) && optionalRules.includes(b))
			return refuse('options_exclusive', `The options "${a}" and "${b}" cannot be combined.`);
	const has = (s: string) => optionalRules.includes(s);
	return ok({
		plusExpansion: has('plus_expansion'),
		noRemovals: has('plus_expansion_no_removals'),
		singleStack: has('plus_expansion_single_stack'),
		taxHavenMultiple: has('tax_haven_multiple'),
		starter: has('starter'),
		advanced: has('advanced'),
		swPeninsula: has('sw_peninsula')
	});
}

export function buildConfig(setup: GameSetup): Result<ResolvedConfig> {
	if (!isTitleId(setup.title)) return refuse('unknown_title', `Unknown title "${String(setup.title)}".`);
	const def = TITLES[setup.title];
	const n = setup.players.length;
	if (n < 2 || n > 7) return refuse('player_count', `${def.title} is for 2 to 7 players, not ${n}.`);
	const version = setup.rulesVersion ?? 1;
	if (!isRulesVersion(version)) return refuse('unknown_rules_version', `Rules version ${String(version)} is not one this engine keeps.`);
	const playerCount = n as PlayerCount;
	const rulesResult = resolveRules(def, n, setup.optionalRules);
	if (!rulesResult.ok) return rulesResult;
	const rules = rulesResult.value;
	const inPlay = new Set(def.companiesInPlay(n, rules));
	const shuffledCompanies = COMPANIES.filter((c) => inPlay.has(c.id)).map((c) => c.id);
	const corpIds = new Set(def.corporationsInPlay(n, rules));
	const corporationDefs: Record<string, CorporationDef> = {};
	for (const c of CORPORATIONS) {
		if (!corpIds.has(c.id)) continue;
		corporationDefs[c.id] = { ...c, ...(def.corporationOverrides[c.id] ?? {}) };
	}
	return ok({
		def,
		title: def.title,
		playerCount,
		rules,
		mode: setup.mode,
		version,
		blockingSteps: version >= 2,
		emergencySaleAtBuyStep: version >= 3,
		p8ChoiceHoldsSteps: version >= 3,
		routeKeptWithoutTrains: version >= 4,
		bankEndFirst: version >= 4,
		reservedSlotsOpen: version >= 5,
		londonTokenIsNew: version >= 5,
		bridgeNeedsOpenCrossing: version >= 6,
		emergencyBundles: version >= 6,
		bridgeLaysLeaveAllowance: version >= 7,
		homeTokenInHomeCity: version >= 8,
		twoSharesPastLimit: version >= 9,
		destinationOwnPlace: version >= 10,
		shuffledCompanies,
		companyDefs: COMPANY_BY_ID,
		corporationDefs,
		majors: Object.values(corporationDefs)
			.filter((c) => c.type === 'major')
			.map((c) => c.id),
		bankCash: BANK_CASH,
		startingCash: def.startingCash[playerCount],
		certLimit: def.certLimit[playerCount],
		biddingTokens: def.biddingTokens[playerCount],
		market: parseMarket(def.marketRows, true),
		trains: def.trains,
		phases: def.phases,
		startingMinor: def.startingMinor(rules)
	});
}

const cache = new Map<string, ResolvedConfig>();

/**
 * The last answer per setup object: a game asks for its config on every action, and its setup
 * is fixed at creation, so the key string need not be rebuilt each time. The fields the config
 * depends on are still compared, so a different setup in the same object is not served stale.
 */
const bySetup = new WeakMap<GameSetup, { readonly setup: GameSetup; readonly rules: readonly string[]; readonly rulesLength: number; readonly players: number; readonly config: ResolvedConfig }>();

/** The config of a created game (its setup was validated at creation). */
export function configOf(setup: GameSetup): ResolvedConfig {
	const hit = bySetup.get(setup);
	if (
		hit &&
		hit.setup.title === setup.title &&
		hit.setup.mode === setup.mode &&
		hit.setup.rulesVersion === setup.rulesVersion &&
		hit.players === setup.players.length &&
		hit.rules === setup.optionalRules &&
		hit.rulesLength === setup.optionalRules.length
	)
		return hit.config;
	const config = configByKey(setup);
	bySetup.set(setup, { setup: { ...setup }, rules: setup.optionalRules, rulesLength: setup.optionalRules.length, players: setup.players.length, config });
	return config;
}

function configByKey(setup: GameSetup): ResolvedConfig {
	const key = `${setup.title}|${setup.players.length}|${setup.mode}|${setup.rulesVersion ?? 1}|${setup.optionalRules.join(',')}`;
	let c = cache.get(key);
	if (!c) {
		const r = buildConfig(setup);
		if (!r.ok) throw new Error(`invalid setup in a created game: ${r.error.message}`);
		c = r.value;
		cache.set(key, c);
	}
	return c;
}
