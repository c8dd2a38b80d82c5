/**
 * Parsing an 18xx.games game export. Pure (no file access): the caller hands in the parsed
 * JSON. Every error names the field and, for actions, the index and id.
 */
import { isActionType, type Action } from '../engine/core/actions';
import { seedFromExport } from '../engine/core/rng';
import { ok, refuse, type Result } from '../engine/core/result';
import { isTitleId } from '../engine/titles/g1822/config';
import type { TitleId } from '../engine/titles/g1822/title-def';

export interface ParsedExport {
	readonly id: string | number | null;
	readonly title: TitleId;
	readonly players: readonly { readonly id: number; readonly name: string }[];
	readonly seed: number;
	readonly optionalRules: readonly string[];
	readonly actions: readonly Action[];
	readonly result: Readonly<Record<string, number>> | null;
	readonly gameEndReason: string | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function where(i: number, a: unknown): string {
	const id = isRecord(a) && typeof a.id === 'number' ? ` (id ${a.id})` : '';
	return `actions[${i}]${id}`;
}

/** Shape checks for the fields the engine reads from each action type. */
function checkAction(a: Record<string, unknown>, at: string): Result<void> {
	const need = (field: string, kind: 'string' | 'number' | 'array' | 'stringish'): Result<void> => {
		const v = a[field];
		const okType =
			kind === 'array'
				? Array.isArray(v)
				: kind === 'stringish'
					? typeof v === 'string' || typeof v === 'number'
					: typeof v === kind;
		return okType ? ok(undefined) : refuse('malformed_action', `${at}: "${a.type as string}" needs a ${kind} "${field}".`);
	};
	switch (a.type) {
		case 'bid':
			return need('company', 'string').ok ? need('price', 'number') : need('company', 'string');
		case 'par':
			return need('corporation', 'string').ok ? need('share_price', 'string') : need('corporation', 'string');
		case 'buy_shares':
		case 'sell_shares':
			return need('shares', 'array');
		case 'choose':
		case 'choose_ability':
			return a.choice === undefined ? refuse('malformed_action', `${at}: "${a.type}" needs a "choice".`) : ok(undefined);
		case 'payoff_player_debt_partial':
			return need('amount', 'number');
		default:
			return ok(undefined);
	}
}

export function parseExport(json: unknown): Result<ParsedExport> {
	if (!isRecord(json)) return refuse('malformed_export', 'The export is not a JSON object.');
	if (!isTitleId(json.title)) return refuse('unknown_title', `"title": ${JSON.stringify(json.title)} is not 1822, 1822NRS or 1822MRS.`);
	if (!Array.isArray(json.players) || json.players.length === 0)
		return refuse('malformed_export', '"players" must be a non-empty list.');
	const players: { id: number; name: string }[] = [];
	for (let i = 0; i < json.players.length; i++) {
		const p = json.players[i];
		if (!isRecord(p) || typeof p.id !== 'number')
			return refuse('malformed_export', `players[${i}] needs a numeric "id".`);
		players.push({ id: p.id, name: typeof p.name === 'string' ? p.name : String(p.id) });
	}
	const settings = isRecord(json.settings) ? json.settings : {};
	const seed = seedFromExport(settings.seed, json.id);
	if (seed === null) return refuse('malformed_export', '"settings.seed" is missing and the game id has no digits.');
	const rules = settings.optional_rules ?? [];
	if (!Array.isArray(rules) || rules.some((r) => typeof r !== 'string'))
		return refuse('malformed_export', '"settings.optional_rules" must be a list of names.');
	if (!Array.isArray(json.actions)) return refuse('malformed_export', '"actions" must be a list.');
	const actions: Action[] = [];
	for (let i = 0; i < json.actions.length; i++) {
		const a = json.actions[i];
		const at = where(i, a);
		if (!isRecord(a)) return refuse('malformed_action', `${at} is not an object.`);
		if (!isActionType(a.type)) return refuse('unknown_action', `${at}: unknown action type ${JSON.stringify(a.type)}.`);
		if (typeof a.id !== 'number') return refuse('malformed_action', `${at}: missing numeric "id".`);
		if (typeof a.entity !== 'number' && typeof a.entity !== 'string')
			return refuse('malformed_action', `${at}: missing "entity".`);
		const c = checkAction(a, at);
		if (!c.ok) return c;
		if (a.auto_actions !== undefined) {
			if (!Array.isArray(a.auto_actions)) return refuse('malformed_action', `${at}: "auto_actions" must be a list.`);
			for (let k = 0; k < a.auto_actions.length; k++) {
				const s = a.auto_actions[k];
				const sat = `${at}.auto_actions[${k}]`;
				if (!isRecord(s) || !isActionType(s.type)) return refuse('malformed_action', `${sat}: unknown action.`);
				const cs = checkAction(s, sat);
				if (!cs.ok) return cs;
			}
		}
		actions.push(a as unknown as Action);
	}
	const result = isRecord(json.result)
		? Object.fromEntries(Object.entries(json.result).filter(([, v]) => typeof v === 'number')) as Record<string, number>
		: null;
	return ok({
		id: typeof json.id === 'string' || typeof json.id === 'number' ? json.id : null,
		title: json.title,
		players,
		seed,
		optionalRules: rules as string[],
		actions,
		result,
		gameEndReason: typeof json.game_end_reason === 'string' ? json.game_end_reason : null
	});
}
