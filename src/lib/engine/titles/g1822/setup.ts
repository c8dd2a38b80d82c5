/**
 * Game creation: the seeded company shuffle, the three stacks, 1822+ removals, starting cash,
 * bank cash, corporations and the depot, then the first stock round with its bid boxes.
 * [g_1822/game.rb setup_companies; reference README "Company stacks are shuffled …"]
 */
import { drawMany, seedState } from '../../core/rng';
import { initialCerts } from '../../core/shares';
import { initialDepot } from '../../core/trains';
import { ok, type Result } from '../../core/result';
import { buildConfig, type GameSetup, type ResolvedConfig } from './config';
import { PLUS_BIDBOX, START_CONCESSION, START_PRIVATE } from './data/constants';
import { SW_PENINSULA_MINORS } from './scenarios/mrs';
import type { CompanyState, CorporationState, GameState } from './state';
import { freshStockRound, startStockRound } from './stock/round-start';
import { emptyBoard } from '../../core/board-state';
import { corporationId } from '../../core/ids';

export interface ShuffleResult {
	readonly minors: string[];
	readonly concessions: string[];
	readonly privates: string[];
	/** 1822+ privates taken out of the game. */
	readonly removed: string[];
	/** Generator state after the shuffle. */
	readonly rng: number;
}

function moveToFront(list: string[], id: string | null): void {
	if (!id) return;
	const i = list.indexOf(id);
	if (i > 0) {
		list.splice(i, 1);
		list.unshift(id);
	}
}

/**
 * One draw per company in definition order, sorted ascending by draw; split into stacks (order
 * kept); starters to the front; then the 1822+ regrouping and removals.
 */
export function shuffleStacks(config: ResolvedConfig, seed: number): ShuffleResult {
	const ids = config.shuffledCompanies;
	const { draws, state } = drawMany(seedState(seed), ids.length);
	const keyed = ids.map((id, i) => ({ id, key: draws[i], i }));
	// Ties cannot happen for distinct LCG states in one period, but keep a total order anyway.
	keyed.sort((a, b) => a.key - b.key || a.i - b.i);
	const sorted = keyed.map((k) => k.id);
	const minors = sorted.filter((c) => config.companyDefs[c].kind === 'minor');
	const concessions = sorted.filter((c) => config.companyDefs[c].kind === 'concession');
	let privates = sorted.filter((c) => config.companyDefs[c].kind === 'private');
	moveToFront(minors, config.startingMinor);
	moveToFront(concessions, START_CONCESSION);
	moveToFront(privates, START_PRIVATE);
	const removed: string[] = [];
	const { plusExpansion, noRemovals } = config.rules;
	if (plusExpansion && !noRemovals) {
		// Regroup by category (box 1, 2, 3), each keeping its shuffled order, then remove the
		// first box-2 private other than P5 and the first two box-3 privates.
		privates = PLUS_BIDBOX.flatMap((box) => privates.filter((p) => box.includes(p)));
		const box2 = privates.find((p) => PLUS_BIDBOX[1].includes(p) && p !== 'P5');
		const box3 = privates.filter((p) => PLUS_BIDBOX[2].includes(p)).slice(0, 2);
		for (const r of [box2, ...box3]) if (r) removed.push(r);
		privates = privates.filter((p) => !removed.includes(p));
	}
	return { minors, concessions, privates, removed, rng: state };
}

/**
 * MRS `sw_peninsula` (2 players): M22 and M23 replace two random minors of the stack, never the
 * fixed first minor. "Random" uses the same seeded generator, continuing after the shuffle, so
 * every peer gets the same stacks: draw d picks index d mod (candidates left).
 */
export function applySwPeninsula(minors: string[], startingMinor: string | null, rng: number): string[] {
	const out = [...minors];
	let r = rng;
	for (const incoming of SW_PENINSULA_MINORS) {
		const candidates = out
			.map((m, i) => ({ m, i }))
			.filter(({ m }) => m !== startingMinor && !(SW_PENINSULA_MINORS as readonly string[]).includes(m));
		const { draws, state } = drawMany(r, 1);
		r = state;
		const pick = candidates[draws[0] % candidates.length];
		out[pick.i] = incoming;
	}
	return out;
}

function newCorporation(config: ResolvedConfig, id: string): CorporationState {
	const def = config.corporationDefs[id];
	return {
		id,
		type: def.type,
		cash: 0,
		ipoed: false,
		floated: false,
		closed: false,
		price: null,
		parPrice: null,
		shares: initialCerts(def.shares),
		trains: [],
		companies: [],
		operated: 0,
		capitalization: 'incremental',
		floatPercent: def.floatPercent,
		needsConcession: def.type === 'major',
		exchangeTokens: def.exchangeTokens,
		charter: [
			...def.tokenPrices.map((price) => ({ price, kind: 'normal' as const, at: null })),
			...(def.destination ? [{ price: 0, kind: 'destination' as const, at: null }] : [])
		]
	};
}

export function createGameState(setup: GameSetup): Result<GameState> {
	const cfgResult = buildConfig(setup);
	if (!cfgResult.ok) return cfgResult;
	const config = cfgResult.value;
	const ids = setup.players.map((p) => p.id);
	if (new Set(ids).size !== ids.length)
		return { ok: false, error: { code: 'duplicate_player', message: 'Two players have the same id.' } };
	const stacks = shuffleStacks(config, setup.seed);
	const minors = config.rules.swPeninsula
		? applySwPeninsula(stacks.minors, config.startingMinor, stacks.rng)
		: stacks.minors;
	const companyOrder = [...minors, ...stacks.concessions, ...stacks.privates];
	const companies: Record<string, CompanyState> = {};
	for (const c of companyOrder) companies[c] = { owner: null, closed: false };

	const corporations: Record<string, CorporationState> = {};
	for (const m of minors) {
		const corp = config.companyDefs[m].corporation as string;
		corporations[corp] = newCorporation(config, corp);
	}
	for (const id of config.majors) corporations[id] = newCorporation(config, id);

	const cash = config.startingCash;
	const state: GameState = {
		setup: {
			title: config.title,
			seed: setup.seed,
			optionalRules: [...setup.optionalRules],
			mode: setup.mode,
			players: setup.players.map((p) => ({ id: p.id, name: p.name })),
			// Version 1 games carry no version, so their states (and hashes) stay as they were.
			...(config.version !== 1 ? { rulesVersion: config.version } : {})
		},
		players: setup.players.map((p) => ({ id: p.id, name: p.name, cash, debt: 0, companies: [] })),
		bank: { cash: config.bankCash - cash * setup.players.length, broken: false },
		companies,
		companyOrder,
		corporations,
		depot: initialDepot(config.trains),
		phase: 0,
		turn: 1,
		// Replaced by startStockRound below, which also fills the bid boxes.
		round: freshStockRound(),
		minorBoxCache: [],
		bidPlaced: false,
		doubleCash: null,
		taxHaven: { cash: 0 },
		privatePurses: {},
		marketSeq: 0,
		abilityUses: {},
		privateChoices: {},
		board: { ...emptyBoard(), reservations: Object.keys(corporations).map(corporationId) },
		end: { finished: false, reason: null, trigger: null, timing: null }
	};
	startStockRound(state, config);
	return ok(state);
}
