/**
 * The 1822 rules engine as the log sees it (see engine-adapter.ts). Genesis carries the title and
 * options; the claims give the seats their names; the seed comes from every seat's reveal.
 *
 * Seats and players: seat n plays as engine player id n + 1 (18xx.games player ids are positive
 * user ids; these stand in for them). The player list is handed to the engine in seat order.
 *
 * Whose turn: the engine names the acting entity — a player in a stock or choices round, a
 * corporation in an operating round. A corporation acts through its president, so the seat
 * expected is the one holding its president's certificate.
 */
import { activeEntities, createGame, LATEST_RULES, process, RULES_VERSIONS, stateHash, type Action, type GameState, type RulesVersion, type TitleId } from '../engine';
import type { RuleError } from '../engine/core/result';
import type { JsonValue } from './canonical';
import type { Applied, EngineAdapter, GameSetup } from './engine-adapter';
import type { JsonObject } from './entry';
import { importProblem, readImportedPrefix, stateAfterPrefix } from './engine-1822-import';
import { actionFieldsProblem } from './action-fields-1822';

/**
 * The rules version written into genesis and every entry. Bump it whenever a change to the engine
 * could make the same log replay differently; peers on another version are told so.
 */
export const RULES_1822 = `g1822/${LATEST_RULES}`;

/**
 * Every rules version this app can replay exactly. When a rules change would alter how an old log
 * replays, the new behaviour gets a new version and the old one stays selectable here (through the
 * engine's setup), so a newer app keeps replaying older games as they were played.
 */
export const SUPPORTED_RULES_1822: readonly string[] = RULES_VERSIONS.map((v) => `g1822/${v}`);

/** The engine's rules version for a genesis rules string ("g1822/N"); a genesis without one is version 1. */
export function rulesVersionOf(rules: string | undefined): RulesVersion | null {
	if (rules === undefined) return 1;
	const m = /^g1822\/(\d+)$/.exec(rules);
	const v = m ? Number(m[1]) : NaN;
	return (RULES_VERSIONS as readonly number[]).includes(v) ? (v as RulesVersion) : null;
}

const TITLE_IDS: readonly TitleId[] = ['1822', '1822NRS', '1822MRS'];

/** What genesis records about the game: the title and the chosen options (18xx.games symbols). */
export interface Setup1822 {
	readonly title: TitleId;
	readonly options: readonly string[];
}

/**
 * Action types the log never hands to the engine: undo is a log entry of its own (play-step.ts),
 * chat has its own array, a unilateral end of the game and the site's automation settings have no
 * meaning between peers yet.
 */
const NOT_IN_LIVE_PLAY: ReadonlySet<string> = new Set(['undo', 'redo', 'message', 'log', 'end_game']);

function refuse(code: string, message: string): Applied<GameState> {
	return { ok: false, error: { code, message } };
}

export function playerIdOfSeat(seat: number): number {
	return seat + 1;
}

export function seatOfPlayerId(id: number): number {
	return id - 1;
}

/** Reads the genesis setup; null when it is not a 1822 setup this engine understands. */
export function readSetup1822(raw: JsonValue): Setup1822 | null {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
	const title = raw.title;
	const options = raw.options ?? [];
	if (typeof title !== 'string' || !(TITLE_IDS as readonly string[]).includes(title)) return null;
	if (!Array.isArray(options) || options.some((o) => typeof o !== 'string')) return null;
	return { title: title as TitleId, options: options as string[] };
}

export function setupJson(setup: Setup1822): JsonObject {
	return { title: setup.title, options: [...setup.options] };
}

/** The seat that controls an entity: a player's own seat, a corporation's president, a company's holder. */
export function controllingSeat(state: GameState, entity: unknown): number | null {
	if (typeof entity === 'number') {
		return state.players.some((p) => p.id === entity) ? seatOfPlayerId(entity) : null;
	}
	if (typeof entity !== 'string') return null;
	// Own properties only: an entity named "__proto__" or "constructor" must find nothing (issue 17a).
	const corp = Object.hasOwn(state.corporations, entity) ? state.corporations[entity] : undefined;
	if (corp) {
		const owner = corp.shares.find((c) => c.president)?.owner;
		return typeof owner === 'string' && owner.startsWith('player:') ? seatOfPlayerId(Number(owner.slice(7))) : null;
	}
	const company = Object.hasOwn(state.companies, entity) ? state.companies[entity] : undefined;
	const owner = company?.owner;
	if (typeof owner !== 'string') return null;
	if (owner.startsWith('player:')) return seatOfPlayerId(Number(owner.slice(7)));
	// A company held by a corporation: one level, never a loop.
	if (owner.startsWith('corporation:')) {
		const holder = owner.slice(12);
		return Object.hasOwn(state.corporations, holder) ? controllingSeat(state, holder) : null;
	}
	return null;
}

export const engine1822: EngineAdapter<GameState> = {
	rules: RULES_1822,

	initialState(setup: GameSetup): Applied<GameState> {
		if (setup.rules !== undefined && !SUPPORTED_RULES_1822.includes(setup.rules)) {
			return refuse(
				'unknown_rules_version',
				`This game was recorded with rules "${setup.rules}", which this version of the app does not know. Update the app to play it.`
			);
		}
		const s = readSetup1822(setup.setup);
		if (!s) return refuse('bad_setup', 'The game does not name a 1822 title (1822, 1822NRS or 1822MRS).');
		const players = [...setup.seats]
			.sort((a, b) => a.seat - b.seat)
			.map((seat) => ({ id: playerIdOfSeat(seat.seat), name: seat.name }));
		// A game imported from 18xx.games starts after its imported actions (engine-1822-import.ts).
		const imported = readImportedPrefix(setup.setup);
		const rulesVersion = rulesVersionOf(setup.rules) ?? LATEST_RULES;
		if (imported) return stateAfterPrefix(s.title, s.options, players, imported, setup.game, rulesVersion);
		const made = createGame({ title: s.title, players, seed: setup.seed, optionalRules: s.options, mode: 'live', rulesVersion });
		return made.ok ? { ok: true, state: made.value } : { ok: false, error: made.error };
	},

	setupProblem(setup: JsonValue): string | null {
		return importProblem(setup);
	},

	expectedSeats(state: GameState): readonly number[] {
		const seats = new Set<number>();
		for (const entity of activeEntities(state)) {
			const seat = controllingSeat(state, entity);
			if (seat !== null) seats.add(seat);
		}
		return [...seats].sort((a, b) => a - b);
	},

	apply(state: GameState, action: JsonObject, seat: number): Applied<GameState> {
		const type = action.type;
		if (typeof type !== 'string') return refuse('unknown_action', 'The action has no type.');
		if (NOT_IN_LIVE_PLAY.has(type)) {
			return refuse('not_in_live_play', `"${type}" is not an action of live play here.`);
		}
		// The log has checked that this seat may act now; the action must also act for what it controls.
		if (controllingSeat(state, action.entity) !== seat) {
			return refuse('wrong_entity', `Seat ${seat + 1} does not control ${String(action.entity)}.`);
		}
		const r = process(state, action as unknown as Action);
		return r.ok ? { ok: true, state: r.value } : { ok: false, error: r.error as RuleError };
	},

	hash(state: GameState): string {
		return stateHash(state);
	},

	// A player sets or cancels their own automatic actions (auto-pass) whenever they like: a
	// player whose auto-pass is on is never the one to act [18xx.games program_* actions].
	anyTime(action: JsonObject): boolean {
		return typeof action.type === 'string' && action.type.startsWith('program_');
	},

	fieldsProblem: actionFieldsProblem
};
