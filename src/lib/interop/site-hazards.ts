/**
 * Where 18xx.games may stop a game played here, though every move was legal: the first move the
 * site may judge differently, for one of two faults of the site's own.
 *
 * A director without the director's certificate. A player who becomes a company's director by
 * selling shares (possible only after a minor's acquisition paid them shares without a check of
 * the directorship [g_1822/step/minor_acquisition.rb acquire_entity_minor: `transfer`]) takes the
 * directorship on the site, but the certificates stay where they were [share_pool.rb
 * transfer_shares: `return if owner == president`]; this engine swaps them, as the rules do. From
 * then on the two name different certificates, so a later sale may name one the site places
 * elsewhere (seed 15102, game 59 of the differential run).
 *
 * An out-of-date track graph.
 * The site keeps each corporation's reach (connected hexes, nodes and paths, and whether it can
 * place a token) in a cache that only some changes clear: a tile lay [step/tracker.rb lay_tile],
 * a token placed by a step [step/tokener.rb place_token; step/token_merger.rb], a destination
 * token [g_1822/game.rb place_destination_token] and a bank minor's token replaced on the map
 * [g_1822/step/minor_acquisition.rb acquire_bank_minor]. Other changes leave the cache as it was:
 * a player's minor acquired with its token exchanged or removed (`acquire_entity_minor`, then
 * `close_corporation`), an exchange token moved to the charter, a home token placed at a float
 * [game/base.rb place_home_token]. Until the next clear, the site answers from the cache, which
 * this engine does not: it refused a legal lay (seed 15036, game 15) and skipped a token step it
 * should have offered (seed 15044, game 43) in the differential run.
 *
 * The check follows a replay and, between two clears, notes what the site would have asked of each
 * operating corporation's graph and when: whether it can place a token, at the token step, when it
 * has a token left and £100 [step/tokener.rb can_place_token?; graph.rb can_token?]; and its reach,
 * then, at the acquisition step and on a merge [g_1822/step/minor_acquisition.rb entity_connects?].
 * A later question in the same stretch is answered from the first: where the board or the charter
 * has changed since in a way that changes the answer for the move in hand (the hex of a lay, the
 * city of a token or of a minor, the token step's "can token"), the site may judge that move
 * differently. It leans towards naming: a game it names may still be one the site follows (the
 * site may not have asked in between).
 */
import type { Action } from '../engine/core/actions';
import type { BoardState } from '../engine/core/board-state';
import { corporationId, hexId } from '../engine/core/ids';
import { TrackGraph } from '../engine/core/track-graph';
import { autoActions, configFor, createGame, process, type GameState, type RulesVersion, type TitleId } from '../engine/index';
import { blockingRules, mapFor } from '../engine/titles/g1822/board-ops';
import { availableTokens } from '../engine/titles/g1822/charter';
import { canPlaceAnyToken, TOKEN_PRICE } from '../engine/titles/g1822/map/stations';
import { recordedBySite, withMode } from './export-18xx';
import { parseCityId } from '../engine/titles/g1822/operating/stations';
import { OPERATING_STEPS, stepIndex } from '../engine/titles/g1822/operating/steps/index';
import { presidentId } from '../engine/titles/g1822/shares-ops';

export interface SiteHazardInput {
	readonly title: TitleId;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly seed: number;
	readonly optionalRules: readonly string[];
	readonly rulesVersion?: RulesVersion;
	/** The actions in effect; an action the site recorded (it carries `created_at` or `auto_actions`) replays as the site ran it. */
	readonly actions: readonly { readonly action: Action }[];
}

export interface SiteHazard {
	readonly kind: 'stale_graph' | 'director_certificate';
	/** 1-based number of the action in the export. */
	readonly action: number;
	readonly corporation: string;
	readonly sentence: string;
}

const CLEARING = new Set(['lay_tile', 'place_token', 'hex_token']);

function operatingCorporation(state: GameState): string | null {
	return state.round.kind === 'operating' ? (state.round.order[state.round.current] ?? null) : null;
}

/** The operating corporation's step index, or null outside operating rounds. */
function turnStep(state: GameState): { corp: string; index: number } | null {
	const corp = operatingCorporation(state);
	return corp !== null && state.round.kind === 'operating' ? { corp, index: stepIndex(state.round.turn.step) } : null;
}

const TOKEN_STEP = OPERATING_STEPS.findIndex((s) => s.id === 'token');
const ACQUISITION_STEP = OPERATING_STEPS.findIndex((s) => s.id === 'minor_acquisition');

function tokensOnBoard(board: BoardState, corp: string): number {
	let n = 0;
	for (const t of board.tokens) if (t.corporation === corp) n++;
	return n;
}

/** Whether the site's cache is cleared by these actions, `before` and `after` being the states around them. */
function clears(steps: readonly Action[], before: GameState, after: GameState): boolean {
	for (const a of steps) {
		if (CLEARING.has(a.type)) return true;
		// A minor's token replaced on the map: the major gains a token on the board.
		if (a.type === 'choose' && a.choice === 'replace' && typeof a.entity === 'string') {
			if (tokensOnBoard(after.board, a.entity) > tokensOnBoard(before.board, a.entity)) return true;
		}
	}
	return false;
}

/** What of the board and the charters the graph's answers depend on. */
function graphInputs(state: GameState): string {
	const b = state.board;
	const spare = Object.entries(state.corporations)
		.filter(([, c]) => availableTokens(c) > 0)
		.map(([id]) => id)
		.sort();
	return JSON.stringify([b.tokens, b.reservations, b.extraSlots, spare]);
}

/** The board and charters as they stood for a while between two clears. */
class Snapshot {
	readonly state: GameState;
	readonly inputs: string;
	#graph: TrackGraph | null = null;

	constructor(state: GameState, inputs = graphInputs(state)) {
		this.state = state;
		this.inputs = inputs;
	}

	get graph(): TrackGraph {
		const s = this.state;
		this.#graph ??= new TrackGraph(mapFor(s.setup.title), s.board, blockingRules(configFor(s)));
		return this.#graph;
	}

	/** The sides by which the corporation reaches the hex, and its paths there, as one string. */
	hexAnswer(corp: string, hex: string): string {
		const reach = this.graph.reach(corporationId(corp));
		const sides = [...(reach.connectedHexes.get(hexId(hex)) ?? [])].sort().join('');
		const paths = [...reach.paths].filter((p) => p.startsWith(`${hex}:`)).sort().join(',');
		return `${sides}|${paths}|${reach.reachableHexes.has(hexId(hex))}`;
	}

	reachesCity(corp: string, hex: string, city: number): boolean {
		return this.graph.reach(corporationId(corp)).cities.has(`${hex}-${city}`);
	}

	/** The site's `can_token?`: a reached city that takes the corporation's token, price aside. */
	canToken(corp: string): boolean {
		const c = this.state.corporations[corp];
		if (!c) return false;
		return canPlaceAnyToken({
			map: mapFor(this.state.setup.title),
			board: this.state.board,
			graph: this.graph,
			corporation: corporationId(corp),
			kind: c.type,
			cash: Number.MAX_SAFE_INTEGER,
			tokensLeft: availableTokens(c),
			placedThisTurn: false,
			noSameHex: true
		});
	}
}

/** The minors' cities (where their tokens stand), for the acquisition step's question. */
function minorCities(state: GameState): { minor: string; hex: string; city: number }[] {
	return state.board.tokens
		.filter((t) => state.corporations[t.corporation]?.type === 'minor')
		.map((t) => ({ minor: t.corporation, hex: t.hex, city: t.city }));
}

function hazard(action: number, corp: string): SiteHazard {
	return {
		kind: 'stale_graph',
		action,
		corporation: corp,
		sentence:
			`18xx.games may stop this game at action ${action} (${corp}'s move): the site judges it from a copy of ${corp}'s track it ` +
			'does not update after a minor is acquired without its token, an exchange token is taken or a home token is placed, so it may refuse a move this game allowed.'
	};
}

/** The corporation whose director changed to the seller with this sale, if one did. */
function sellerBecameDirector(a: Action, before: GameState, after: GameState): string | null {
	if (a.type !== 'sell_shares' || typeof a.entity !== 'number') return null;
	for (const [id, c] of Object.entries(after.corporations)) {
		const was = before.corporations[id];
		if (was && presidentId(was) !== a.entity && presidentId(c) === a.entity) return id;
	}
	return null;
}

function directorHazard(action: number, corp: string, player: number): SiteHazard {
	return {
		kind: 'director_certificate',
		action,
		corporation: corp,
		sentence:
			`18xx.games may stop this game after action ${action}: there player ${player} becomes ${corp}'s director by selling, and the site ` +
			"leaves the director's certificate where it was, so a later move may name a certificate the site places elsewhere."
	};
}

/** The first move the site may judge differently, or null. */
export function siteHazard(input: SiteHazardInput): SiteHazard | null {
	const made = createGame({
		title: input.title,
		players: input.players,
		seed: input.seed,
		optionalRules: input.optionalRules,
		mode: 'import',
		rulesVersion: input.rulesVersion
	});
	if (!made.ok) return null;
	let state = made.value;
	let current = new Snapshot(state);
	// When, since the last clear, the site first asked each corporation's graph for its reach and
	// whether it can token.
	let reachAsked = new Map<string, Snapshot>();
	let tokenAsked = new Map<string, Snapshot>();
	// A step the site decides differently shows at the next move; a game that ends here has none.
	const nextMove = (action: number, corp: string) => (action <= input.actions.length ? hazard(action, corp) : null);
	const stale = (asked: Map<string, Snapshot>, corp: string) => {
		const first = asked.get(corp);
		return first !== undefined && first !== current ? first : null;
	};
	for (let i = 0; i < input.actions.length; i++) {
		const a = input.actions[i].action;
		const acting = operatingCorporation(state);
		if (acting !== null) {
			const first = stale(reachAsked, acting);
			if (first) {
				if (a.type === 'lay_tile' && first.hexAnswer(acting, a.hex) !== current.hexAnswer(acting, a.hex)) return hazard(i + 1, acting);
				if (a.type === 'place_token') {
					const spot = parseCityId(state, a.city);
					if (spot && first.reachesCity(acting, spot.hex, spot.city) !== current.reachesCity(acting, spot.hex, spot.city)) return hazard(i + 1, acting);
				}
				if (a.type === 'merge') {
					const m = minorCities(state).find((x) => x.minor === a.corporation);
					if (m && first.reachesCity(acting, m.hex, m.city) !== current.reachesCity(acting, m.hex, m.city)) return hazard(i + 1, acting);
				}
			}
			if (a.type === 'merge' && !reachAsked.has(acting)) reachAsked.set(acting, current);
		}
		const before = state;
		let steps: readonly Action[];
		if (!recordedBySite(a)) {
			const r = process(withMode(state, 'live'), a);
			if (!r.ok) return null;
			steps = [a, ...autoActions(r.value)];
			state = withMode(r.value, 'import');
		} else {
			steps = [a, ...(a.auto_actions ?? [])];
			for (const s of steps) {
				const r = process(state, s);
				if (!r.ok) return null;
				state = r.value;
			}
		}
		const director = sellerBecameDirector(a, before, state);
		if (director !== null && i + 1 < input.actions.length) return directorHazard(i + 1, director, a.entity as number);
		if (clears(steps, before, state)) {
			current = new Snapshot(state);
			reachAsked = new Map();
			tokenAsked = new Map();
		} else {
			const inputs = graphInputs(state);
			if (inputs !== current.inputs) current = new Snapshot(state, inputs);
		}
		// The steps the operating corporation has just reached, as the site decides whether to offer them.
		const from = turnStep(before);
		const to = turnStep(state);
		if (to === null) continue;
		const was = from !== null && from.corp === to.corp ? from.index : -1;
		const corp = state.corporations[to.corp];
		if (was < TOKEN_STEP && to.index >= TOKEN_STEP && corp?.type === 'major' && availableTokens(corp) > 0 && corp.cash >= TOKEN_PRICE) {
			const first = stale(tokenAsked, to.corp);
			if (first && first.canToken(to.corp) !== current.canToken(to.corp)) return nextMove(i + 2, to.corp);
			if (!tokenAsked.has(to.corp)) tokenAsked.set(to.corp, current);
			if (!reachAsked.has(to.corp)) reachAsked.set(to.corp, current);
		}
		if (was < ACQUISITION_STEP && to.index >= ACQUISITION_STEP && corp?.type === 'major') {
			const first = stale(reachAsked, to.corp);
			if (first && minorCities(state).some((m) => first.reachesCity(to.corp, m.hex, m.city) !== current.reachesCity(to.corp, m.hex, m.city))) {
				return nextMove(i + 2, to.corp);
			}
			if (!reachAsked.has(to.corp)) reachAsked.set(to.corp, current);
		}
	}
	return null;
}
