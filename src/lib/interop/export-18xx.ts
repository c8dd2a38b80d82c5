/**
 * Writing a game in 18xx.games' export format, so that the site's "import hotseat" loads it and
 * our own import (parse-export.ts, replay.ts) reads it back unchanged.
 *
 * The shape follows the site's hotseat downloads (see the 1822 hotseat games in
 * ../shared/reference/fixtures): `id`, `title`, `players` [{id, name}], `settings` {seed,
 * optional_rules}, `actions` numbered from 1, `status`, `result` when finished. Only the actions
 * in effect are written (undo and redo are already resolved), so the file carries no undo entries.
 *
 * Pure: no clock. Every timestamp comes from the action itself or from the caller.
 */
import type { Action, EntityType } from '../engine/core/actions';
import { actingEntities, autoActions, createGame, LATEST_RULES, process, roundName, scores, type GameState, type RulesVersion, type TitleId } from '../engine/index';

export interface ExportPlayer {
	readonly id: number;
	readonly name: string;
}

export interface ExportedAction {
	readonly action: Action;
	/** Seconds since 1970, when known (an imported action keeps the site's own `created_at`). */
	readonly createdAt?: number;
	/**
	 * What players' programs did automatically right after this action, when the caller knows it.
	 * Otherwise the export works it out (see `programmedAutoActions`).
	 */
	readonly auto?: readonly Action[];
}

export interface Export18xxInput {
	/** The game's id on the file; the site accepts any string or number. */
	readonly id: string | number;
	readonly title: TitleId;
	/** In the engine's initial order; ids are the numbers the actions use for players. */
	readonly players: readonly ExportPlayer[];
	readonly seed: number;
	readonly optionalRules: readonly string[];
	readonly actions: readonly ExportedAction[];
	/** The rules version the game was played under (default: the latest). */
	readonly rulesVersion?: RulesVersion;
	/** The state after the last action, for status, result, round and whose turn (optional). */
	readonly final?: Readonly<GameState> | null;
	/** Seconds since 1970, used for actions without a time and for `updated_at`. */
	readonly now: number;
	readonly description?: string;
}

/** The JSON object the site exports (only the fields it reads back, plus its hotseat markers). */
export interface Export18xx {
	readonly id: string | number;
	readonly description: string;
	readonly user: { readonly id: number; readonly name: string };
	readonly players: readonly ExportPlayer[];
	readonly max_players: number;
	readonly title: TitleId;
	readonly settings: { readonly seed: number; readonly unlisted: boolean; readonly optional_rules: readonly string[] };
	readonly user_settings: null;
	readonly status: 'active' | 'finished';
	readonly turn?: number;
	readonly round?: string;
	readonly acting?: readonly (number | string)[];
	readonly result: Readonly<Record<string, number>>;
	readonly actions: readonly Record<string, unknown>[];
	readonly loaded: boolean;
	readonly mode: 'hotseat';
	readonly created_at: number;
	readonly updated_at: number;
	readonly game_end_reason?: string;
}

/** Companies are "P1", "C1", "M5"; every other string entity is a corporation (minors included). */
const COMPANY_ID = /^[PCM]\d+$/;

export function entityTypeOf(entity: number | string): EntityType {
	if (typeof entity === 'number') return 'player';
	return COMPANY_ID.test(entity) ? 'company' : 'corporation';
}

/**
 * One action as the site writes it: our fields untouched, `entity_type` filled in, a fresh `id`
 * and `created_at`. Bookkeeping of another site (`original_id`, `user`) is dropped: the ids it
 * names do not exist in the new game.
 */
function writeAction(a: Action, id: number, createdAt: number, programmed: readonly Action[] | null): Record<string, unknown> {
	const { id: _old, created_at: _t, user: _u, auto_actions: recorded, ...rest } = a as Action & { original_id?: unknown };
	const auto = programmed ?? recorded;
	delete (rest as Record<string, unknown>).original_id;
	const out: Record<string, unknown> = { ...rest, entity_type: a.entity_type ?? entityTypeOf(a.entity), id, created_at: createdAt };
	if (auto && auto.length > 0) {
		// Automatic actions carry no id on the site; they run right after their parent.
		out.auto_actions = auto.map((s) => {
			const { id: _i, user: _su, ...sr } = s as Action;
			return { ...sr, entity_type: s.entity_type ?? entityTypeOf(s.entity), created_at: s.created_at ?? createdAt };
		});
	}
	return out;
}

/** An action the site itself recorded (an imported one): it carries its time or its automatic actions. */
export function recordedBySite(a: Action): boolean {
	return a.auto_actions !== undefined || a.created_at !== undefined;
}

export const withMode = (s: GameState, mode: 'import' | 'live'): GameState => ({ ...s, setup: { ...s.setup, mode } });

/**
 * The automatic actions our engine's programs took after each action played here (null where the
 * action is the site's own, whose recorded `auto_actions` stand, or where nothing is known). On
 * the site the programs' passes and purchases are part of the triggering action, so the file must
 * carry them there. Found by replaying: the site's actions as the site ran them (import mode),
 * ours as live play ran them. Only needed once somebody set a program.
 */
export function programmedAutoActions(input: Pick<Export18xxInput, 'title' | 'players' | 'seed' | 'optionalRules' | 'actions' | 'rulesVersion'>): (readonly Action[] | null)[] {
	const out: (readonly Action[] | null)[] = input.actions.map((x) => x.auto ?? null);
	// From rules version 2 on, steps take automatic actions of their own (the destination step, P9's
	// choice…), so every action played here may carry some; version 1 had only programs'.
	const version = input.rulesVersion ?? LATEST_RULES;
	const mayCarry = (x: ExportedAction) => x.auto === undefined && !recordedBySite(x.action) && (version >= 2 || x.action.type.startsWith('program_'));
	if (!input.actions.some(mayCarry)) return out;
	const made = createGame({ title: input.title, players: input.players, seed: input.seed, optionalRules: input.optionalRules, mode: 'import', rulesVersion: version });
	if (!made.ok) return out;
	let state = made.value;
	for (let i = 0; i < input.actions.length; i++) {
		const a = input.actions[i].action;
		if (!recordedBySite(a)) {
			const r = process(withMode(state, 'live'), a);
			if (r.ok) {
				if (out[i] === null) out[i] = [...autoActions(r.value)];
				state = withMode(r.value, 'import');
				continue;
			}
		}
		for (const step of [a, ...(a.auto_actions ?? [])]) {
			const r = process(state, step);
			// The rest cannot be worked out; those actions go out as they are.
			if (!r.ok) return out;
			state = r.value;
		}
	}
	return out;
}

/** Options 18xx.games does not implement: a file that names one crashes the site when it is loaded. */
const UNSUPPORTED_THERE: Readonly<Record<string, string>> = {
	sw_peninsula:
		'18xx.games does not implement the option "South West Peninsula" (sw_peninsula): it deals other minors into the bid boxes and stops at the first bid on them, so this game cannot be exported there.'
};

/**
 * Why a game with these options (and, once played, this state) cannot go to 18xx.games, in a
 * sentence; null when it can. A game reaches a point the site cannot follow where its bank lent
 * after a sale the site would have asked for and then failed on (operating/trains.ts).
 */
export function exportRefusal(optionalRules: readonly string[], state?: { readonly siteCannotFollow?: string } | null): string | null {
	for (const o of optionalRules) if (UNSUPPORTED_THERE[o]) return UNSUPPORTED_THERE[o];
	return state?.siteCannotFollow ?? null;
}

export function exportTo18xx(input: Export18xxInput): Export18xx {
	let last = input.now;
	const programmed = programmedAutoActions(input);
	const actions = input.actions.map((x, i) => {
		const t = x.createdAt ?? x.action.created_at ?? input.now;
		last = t;
		return writeAction(x.action, i + 1, t, programmed[i]);
	});
	const first = input.actions.length > 0 ? (input.actions[0].createdAt ?? input.actions[0].action.created_at ?? input.now) : input.now;
	const final = input.final ?? null;
	const finished = final?.end.finished ?? false;
	const out: Export18xx = {
		id: input.id,
		description: input.description ?? '',
		user: { id: 0, name: 'You' },
		players: input.players.map((p) => ({ id: p.id, name: p.name })),
		max_players: input.players.length,
		title: input.title,
		settings: { seed: input.seed, unlisted: false, optional_rules: [...input.optionalRules] },
		user_settings: null,
		status: finished ? 'finished' : 'active',
		...(final ? { turn: final.turn, round: roundName(final as GameState).replace(/ [\d.]+$/, ''), acting: actingEntities(final as GameState) } : {}),
		result: final ? scores(final as GameState) : {},
		actions,
		loaded: true,
		mode: 'hotseat',
		created_at: first,
		updated_at: Math.max(last, first),
		...(finished && final?.end.reason ? { game_end_reason: final.end.reason } : {})
	};
	return out;
}
