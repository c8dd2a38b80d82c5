/**
 * Mutated actions for the fuzzer (issue 12): the next real action of a recorded game (or an
 * action built from the state) with one defect — wrong entity or entity type, wrong action type,
 * out-of-range or non-integer numbers, unknown ids, missing or extra fields, huge arrays,
 * duplicated entries, an action from another game, another player's turn.
 *
 * Some mutations may be legal (another valid bid, another player's pass that is their turn); the
 * fuzzer accepts those when the invariants hold. A mutation carries `mustRefuse` when accepting it
 * is itself a bug (an id the game does not have, a non-integer amount of money, a player acting
 * out of turn in a stock round).
 */
import { ACTION_TYPES, type Action } from '../../../src/lib/engine/core/actions';
import { activeEntities, bidBoxes, type GameState } from '../../../src/lib/engine/index';
import { mapFor } from '../../../src/lib/engine/titles/g1822/board-ops';
import type { Prng } from './prng';

export const MUTATIONS = [
	'none',
	'wrong_entity',
	'unknown_entity',
	'wrong_entity_type',
	'wrong_type',
	'number_out_of_range',
	'unknown_id',
	'missing_field',
	'extra_field',
	'huge_array',
	'duplicated_entries',
	'other_game',
	'wrong_turn',
	'random_action',
	'not_an_object'
] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface MutatedAction {
	readonly action: unknown;
	readonly mutation: Mutation;
	/** Why accepting this action would be a bug (null when it may be legal). */
	readonly mustRefuse: string | null;
}

export interface MutationContext {
	readonly state: GameState;
	/** The next real action at this point (null for fresh games and walks off the log). */
	readonly real: Action | null;
	/** Real actions of this game (to draw templates from). */
	readonly sameGame: readonly Action[];
	/** Real actions of other games. */
	readonly otherGames: readonly Action[];
}

/** Ids that name nothing; the prototype names catch lookups through plain objects. */
const UNKNOWN_IDS = ['ZZ9', 'P99', 'M99', 'C99', 'LNWR_99', '99', '', ' ', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'length'];
const BAD_NUMBERS: readonly unknown[] = [-1, -100, -0.5, 0.5, 1.5, 1e9, -1e9, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, NaN, Infinity, -Infinity, '10', 'NaN', '1e309', null, true, [], {}];
/** Fields holding whole numbers (money, counts, rotations, slots). */
const INTEGER_FIELDS = ['price', 'amount', 'rotation', 'slot', 'percent', 'share_price', 'cost', 'extra_revenue', 'subsidy'];
/** Whole-number fields every handler of the type reads (bid price, train price, repayment, rotation). */
const READ_INTEGERS: Readonly<Record<string, readonly string[]>> = {
	bid: ['price'],
	buy_train: ['price'],
	payoff_player_debt_partial: ['amount'],
	lay_tile: ['rotation']
};
/** Fields holding ids of things in the game. */
const ID_FIELDS = ['company', 'corporation', 'train', 'hex', 'tile', 'city', 'variant', 'kind', 'exchange', 'tokener'];
/** Types accepted from anyone at any time by design: chat, the site's automation settings, ending by hand. */
const ANY_TIME = new Set(['message', 'log', 'end_game', 'undo', 'redo']);

function isAnyTime(type: string): boolean {
	return ANY_TIME.has(type) || type.startsWith('program_');
}

function copy(a: Action): Record<string, unknown> {
	const out = JSON.parse(JSON.stringify(a)) as Record<string, unknown>;
	delete out.auto_actions;
	delete out.created_at;
	return out;
}

/** Entities of the game: players, corporations and companies. */
function entities(state: GameState): (number | string)[] {
	return [...state.players.map((p) => p.id), ...Object.keys(state.corporations), ...Object.keys(state.companies)];
}

function isKnownId(state: GameState, id: unknown): boolean {
	if (typeof id === 'number') return state.players.some((p) => p.id === id);
	if (typeof id !== 'string') return false;
	return Object.hasOwn(state.corporations, id) || Object.hasOwn(state.companies, id);
}

/** A plausible action of any type, with ids taken from the state (often legal, often not). */
export function randomAction(rng: Prng, state: GameState): Record<string, unknown> {
	const active = activeEntities(state);
	const entity = active.length > 0 && rng.chance(0.8) ? rng.pick(active) : rng.pick(entities(state));
	const type = rng.chance(0.6) ? rng.pick(['bid', 'pass', 'par', 'buy_shares', 'sell_shares', 'buy_train', 'lay_tile', 'place_token', 'dividend', 'choose', 'run_routes', 'acquire_company', 'merge', 'discard_train', 'payoff_player_debt', 'payoff_player_debt_partial', 'hex_token', 'choose_ability'] as const) : rng.pick(ACTION_TYPES);
	const corps = Object.keys(state.corporations);
	const companies = Object.keys(state.companies);
	const boxes = bidBoxes(state);
	const corp = rng.pick(corps);
	const shareOf = (c: string) => `${c}_${rng.int(10)}`;
	const map = mapFor(state.setup.title);
	const hex = rng.pick(map.hexes).id as string;
	const tiles = [...map.manifest.keys()];
	const trains = [...state.depot.upcoming, ...Object.values(state.corporations).flatMap((c) => c.trains.map((t) => t.id))];
	const a: Record<string, unknown> = { type, entity };
	switch (type) {
		case 'bid':
			a.company = boxes.length > 0 && rng.chance(0.8) ? rng.pick(boxes) : rng.pick(companies);
			a.price = rng.pick([0, 5, 10, 50, 100, 101, 105, 150, 200, 400]);
			break;
		case 'par':
			a.corporation = corp;
			a.share_price = rng.pick(['100,0,6', '90,0,5', '80,0,4', '70,0,3', '50,0,2', '100,1,6', '1,1,1']);
			break;
		case 'buy_shares':
		case 'sell_shares':
			a.shares = Array.from({ length: rng.range(1, 3) }, () => shareOf(corp));
			a.percent = 10 * (a.shares as unknown[]).length;
			break;
		case 'buy_train':
			a.train = trains.length > 0 ? rng.pick(trains) : 'L-0';
			a.price = rng.pick([0, 1, 60, 100, 120, 250, 500, 1000]);
			if (rng.chance(0.3)) a.variant = rng.pick(['L', '2', '3', '5', 'E']);
			break;
		case 'discard_train':
			a.train = trains.length > 0 ? rng.pick(trains) : 'L-0';
			break;
		case 'lay_tile':
			a.hex = hex;
			a.tile = `${rng.pick(tiles)}-${rng.int(3)}`;
			a.rotation = rng.int(6);
			break;
		case 'place_token':
			a.city = `${hex}-${rng.int(2)}-${rng.int(2)}`;
			a.slot = rng.int(3);
			break;
		case 'hex_token':
			a.hex = hex;
			break;
		case 'dividend':
			a.kind = rng.pick(['payout', 'withhold', 'half', 'minor_payout']);
			break;
		case 'choose':
		case 'choose_ability':
			a.choice = rng.pick(['double', 'normal', 'money', 'one_share', 'two_shares', 'replace', 'exchange', 'token', 'discount', 'M10_top', '0', 1]);
			break;
		case 'run_routes':
			a.routes = [{ train: trains.length > 0 ? rng.pick(trains) : 'L-0', connections: [['local', hex]], hexes: [hex], revenue: rng.pick([0, 10, 30, 1000]) }];
			break;
		case 'acquire_company':
			a.company = rng.pick(companies);
			break;
		case 'merge':
			a.corporation = corp;
			break;
		case 'payoff_player_debt_partial':
			a.amount = rng.pick([1, 10, 100]);
			break;
		default:
			break;
	}
	return a;
}

/**
 * Spellings of a tile id that are not ids ("57", "57-00", "57-0.0", "57- 0"): a tile id is
 * "<name>-<index>" with the index written plainly, so each must be refused, or a copy could be
 * laid twice under two spellings.
 */
function tileAliases(tile: string): string[] {
	const i = tile.lastIndexOf('-');
	const name = i < 0 ? tile : tile.slice(0, i);
	const index = i < 0 ? '0' : tile.slice(i + 1);
	return [name, `${name}-0${index}`, `${name}-${index}.0`, `${name}- ${index}`, `${name}-${index} `, `${name}-+${index}`];
}

function hugeArray(rng: Prng, sample: unknown): unknown[] {
	const n = rng.pick([1000, 5000, 20000]);
	return Array.from({ length: n }, (_, i) => (rng.chance(0.5) ? sample : typeof sample === 'string' ? `${sample}${i}` : sample));
}

/** One mutated action for this state. */
export function mutate(rng: Prng, ctx: MutationContext): MutatedAction {
	const { state } = ctx;
	const mutation = rng.pick(MUTATIONS);
	const base = (): Record<string, unknown> =>
		ctx.real && rng.chance(0.7) ? copy(ctx.real) : ctx.sameGame.length > 0 && rng.chance(0.3) ? copy(rng.pick(ctx.sameGame)) : randomAction(rng, state);
	const a = base();
	const type = String(a.type);
	switch (mutation) {
		case 'none':
			return { action: a, mutation, mustRefuse: null };
		case 'wrong_entity': {
			const others = entities(state).filter((e) => e !== a.entity);
			a.entity = rng.pick(others);
			return { action: a, mutation, mustRefuse: null };
		}
		case 'unknown_entity':
			a.entity = rng.pick([...UNKNOWN_IDS, -1, 0, 1e12, 1.5, NaN, null, undefined, {}, []]);
			return { action: a, mutation, mustRefuse: isKnownId(state, a.entity) || isAnyTime(type) ? null : 'an entity the game does not have' };
		case 'wrong_entity_type':
			a.entity_type = rng.pick(['player', 'corporation', 'company', 'minor', 'bank', '', 7, null]);
			return { action: a, mutation, mustRefuse: null };
		case 'wrong_type':
			a.type = rng.chance(0.85) ? rng.pick(ACTION_TYPES) : rng.pick(['BID', 'bid ', 'unknown', '', 3, null, 'constructor', '__proto__']);
			return { action: a, mutation, mustRefuse: null };
		case 'number_out_of_range': {
			// Route revenues are numbers inside the routes (recorded logs carry them).
			if (Array.isArray(a.routes) && a.routes.length > 0 && rng.chance(0.4)) {
				const routes = JSON.parse(JSON.stringify(a.routes)) as Record<string, unknown>[];
				const r = routes[rng.int(routes.length)];
				const v = rng.pick(BAD_NUMBERS);
				if (r && typeof r === 'object') r[rng.pick(['revenue', 'subsidy'])] = v;
				a.routes = routes;
				return { action: a, mutation, mustRefuse: null };
			}
			const fields = INTEGER_FIELDS.filter((f) => f in a);
			const f = fields.length > 0 ? rng.pick(fields) : rng.pick(INTEGER_FIELDS);
			const v = rng.pick(BAD_NUMBERS);
			a[f] = v;
			// Money and positions are integers: a non-integer where the engine reads one must be refused.
			const notInteger = !(typeof v === 'number' && Number.isInteger(v));
			const read = fields.includes(f) && (READ_INTEGERS[type] ?? []).includes(f);
			return { action: a, mutation, mustRefuse: notInteger && read ? `a non-integer ${f} (${String(v)})` : null };
		}
		case 'unknown_id': {
			const fields = ID_FIELDS.filter((f) => typeof a[f] === 'string');
			const id = rng.pick(UNKNOWN_IDS);
			if (Array.isArray(a.shares) && (fields.length === 0 || rng.chance(0.5))) {
				const shares = [...(a.shares as unknown[])];
				shares[rng.int(shares.length)] = rng.pick([id, `${id}_1`, 'LNWR_-1', 'LNWR_1.5', 'LNWR_', '_1', 7, null]);
				a.shares = shares;
				return { action: a, mutation, mustRefuse: isAnyTime(type) ? null : 'a share id the game does not have' };
			}
			if (fields.length === 0) {
				a.company = id;
				return { action: a, mutation, mustRefuse: null };
			}
			const f = rng.pick(fields);
			a[f] = f === 'tile' ? rng.pick([`${id}-0`, '57-99', '57--1', 'X', ...tileAliases(String(a.tile))]) : f === 'city' ? rng.pick([`${id}-0-0`, 'H1-9-0', 'H1']) : id;
			// kind/variant/exchange/tokener may be ignored by some handlers; real ids must not be.
			const strict = ['company', 'corporation', 'train', 'hex', 'tile'].includes(f) && !isAnyTime(type);
			return { action: a, mutation, mustRefuse: strict ? `an unknown ${f} (${String(a[f])})` : null };
		}
		case 'missing_field': {
			const keys = Object.keys(a);
			const f = rng.chance(0.2) ? rng.pick(['type', 'entity']) : rng.pick(keys);
			delete a[f];
			return { action: a, mutation, mustRefuse: null };
		}
		case 'extra_field': {
			const key = rng.pick(['extra', 'price', 'company', 'shares', 'routes', 'constructor', 'toString', '__proto__', 'entity_type', 'auto_actions']);
			const value = rng.pick<unknown>([1, -1, 'x', null, [], {}, [1, 2], { type: 'pass', entity: a.entity }]);
			Object.defineProperty(a, key, { value, enumerable: true, writable: true, configurable: true });
			return { action: a, mutation, mustRefuse: null };
		}
		case 'huge_array': {
			if (Array.isArray(a.shares)) a.shares = hugeArray(rng, (a.shares as unknown[])[0] ?? 'LNWR_1');
			else if (Array.isArray(a.routes)) a.routes = hugeArray(rng, (a.routes as unknown[])[0] ?? {});
			else a[rng.pick(['shares', 'routes', 'slots', 'choice'])] = hugeArray(rng, 'x');
			return { action: a, mutation, mustRefuse: null };
		}
		case 'duplicated_entries': {
			if (Array.isArray(a.shares) && a.shares.length > 0) a.shares = [...(a.shares as unknown[]), (a.shares as unknown[])[0]];
			else if (Array.isArray(a.routes) && a.routes.length > 0) a.routes = [...(a.routes as unknown[]), (a.routes as unknown[])[0]];
			else a.shares = ['LNWR_1', 'LNWR_1'];
			return { action: a, mutation, mustRefuse: null };
		}
		case 'other_game': {
			if (ctx.otherGames.length === 0) return { action: randomAction(rng, state), mutation, mustRefuse: null };
			return { action: copy(rng.pick(ctx.otherGames)), mutation, mustRefuse: null };
		}
		case 'wrong_turn': {
			const active = activeEntities(state);
			const r = state.round.kind;
			const others = state.players.map((p) => p.id).filter((id) => !active.includes(id));
			if (others.length === 0) return { action: a, mutation, mustRefuse: null };
			const who = rng.pick(others);
			const b = typeof a.entity === 'number' ? a : randomAction(rng, state);
			b.entity = who;
			b.entity_type = 'player';
			// In stock and choices rounds only the active player acts (digest 3.1, 4).
			const t = String(b.type);
			const outOfTurn = (r === 'stock' || r === 'choices') && !isAnyTime(t) && !state.end.finished;
			return { action: b, mutation, mustRefuse: outOfTurn ? `player ${who} acting out of turn` : null };
		}
		case 'random_action':
			return { action: randomAction(rng, state), mutation, mustRefuse: null };
		case 'not_an_object':
			return { action: rng.pick<unknown>([null, undefined, 0, 'pass', [], [a], { ...a, type: undefined }, { type: {} }]), mutation, mustRefuse: null };
	}
}
