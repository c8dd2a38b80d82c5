/**
 * Log entries: `{ body, sig }` where `body` is the canonical JSON of
 * `{ v, game, parent, seat, action, rules }`, the entry id is the SHA-256 of the body's UTF-8 bytes
 * (hex), and `sig` is the signer's signature over the same bytes (base64url).
 *
 * `action.type` names the entry's kind. Most entries carry an engine action (18xx.games action JSON,
 * passed to the engine untouched); a few types are the log's own: genesis, claim, start, reveal,
 * restart, recommit, undo and consent. `undo` keeps the 18xx.games shape (`{type:'undo'}` or `{type:'undo', action_id}`)
 * but is handled here, because taking back another seat's action needs that seat's consent.
 */
import { canonicalJson, isJsonObject, type JsonValue } from './canonical';
import { sha256Hex } from './bytes';
import { isAcceptableKey, isPublicKeyInfo, type PublicKeyInfo } from './identity';

export const LOG_VERSION = 1;
/** How the seed is formed; written into genesis so that a later scheme cannot be confused with it. */
export const SEED_SCHEME = 'commit-reveal-sha256-v1';

export type JsonObject = { [key: string]: JsonValue };

/**
 * Limits (issue 17h): beyond them an entry is refused before it is parsed or verified. A move of
 * 1822 is well under 4 kB (a run of three long routes about 3 kB); genesis may carry a whole game
 * imported from 18xx.games. Depth: the deepest action of live play (`run_routes` connections) is 5.
 */
export const MAX_ENTRY_CHARS = 16 * 1024;
export const MAX_GENESIS_CHARS = 4 * 1024 * 1024;
export const MAX_SIG_CHARS = 200;
export const MAX_DEPTH = 16;

/** What Yjs stores: plain strings, so that nothing in transit can reorder or retype fields. */
export interface WireEntry {
	readonly body: string;
	readonly sig: string;
}

export interface Body {
	readonly v: number;
	/** The game id (the genesis entry's id); null only in genesis, which defines it. */
	readonly game: string | null;
	/** The entry this one follows; null only in genesis. */
	readonly parent: string | null;
	/** The signing seat; null when the creator signs (genesis and start). */
	readonly seat: number | null;
	readonly action: JsonObject;
	/** The rules version of the app that wrote the entry; genesis fixes it for the game. */
	readonly rules: string;
}

export type EntryKind =
	| {
			readonly kind: 'genesis';
			/** Title, scenario and options: opaque here, handed to the engine adapter. */
			readonly setup: JsonValue;
			readonly seats: number;
			readonly creator: PublicKeyInfo;
			readonly seedScheme: string;
	  }
	| { readonly kind: 'claim'; readonly name: string; readonly key: PublicKeyInfo; readonly commit: string }
	| { readonly kind: 'start'; readonly claims: readonly string[] }
	| { readonly kind: 'reveal'; readonly nonce: string }
	/**
	 * A restart of the seed (restart.ts): a seat asks for a new round of commit and reveal, naming
	 * the reveals of the held-up round it holds; the seats without one commit and reveal first.
	 */
	| { readonly kind: 'restart'; readonly seen: readonly string[] }
	/** A seat's fresh seed commitment in a restarted round (`SHA-256(domain, nonce)`, seed.ts). */
	| { readonly kind: 'recommit'; readonly commit: string }
	| { readonly kind: 'undo'; readonly actionId: string | null }
	| { readonly kind: 'consent'; readonly request: string; readonly accept: boolean }
	/**
	 * A device joins the signing seat (issue 17a): signed by a key that already holds the seat,
	 * naming the new device's key and a label; `retire`, when present, names a key of the seat that
	 * stops holding it at the same entry (the one-time offer key, see devices.ts).
	 */
	| { readonly kind: 'device_add'; readonly key: PublicKeyInfo; readonly name: string; readonly retire: PublicKeyInfo | null }
	/** A key stops holding the signing seat (a lost device): its later entries are refused. */
	| { readonly kind: 'device_remove'; readonly key: PublicKeyInfo }
	| { readonly kind: 'game'; readonly action: JsonObject };

export interface Entry {
	readonly id: string;
	readonly text: string;
	readonly sig: string;
	readonly body: Body;
	readonly kind: EntryKind;
}

export type DecodeResult =
	| { readonly ok: true; readonly entry: Entry }
	| {
			readonly ok: false;
			readonly code: 'malformed' | 'not_canonical' | 'too_large' | 'extra_fields';
			readonly message: string;
			/** The id its body would have, when the body is text of a readable size: its author can see the refusal. */
			readonly id?: string;
	  };

const BODY_KEYS = ['action', 'game', 'parent', 'rules', 'seat', 'v'] as const;
const RESERVED = ['genesis', 'claim', 'start', 'reveal', 'restart', 'recommit', 'undo', 'consent', 'device_add', 'device_remove'] as const;
type ReservedType = (typeof RESERVED)[number];

const HEX64 = /^[0-9a-f]{64}$/;
/** Marks a kind problem that is a stray field rather than a missing or malformed one. */
const EXTRA = '\u0000extra:';

export function isEntryId(value: unknown): value is string {
	return typeof value === 'string' && HEX64.test(value);
}

function isSeat(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 64;
}

function bad(message: string): DecodeResult {
	return { ok: false, code: 'malformed', message };
}

/** The fields each log kind has (`undo`'s `action_id` is optional); anything else is refused. */
const KIND_FIELDS: Readonly<Record<ReservedType, readonly string[]>> = {
	genesis: ['type', 'setup', 'seats', 'creator', 'seed'],
	claim: ['type', 'name', 'key', 'commit'],
	start: ['type', 'claims'],
	reveal: ['type', 'nonce'],
	restart: ['type', 'seen'],
	recommit: ['type', 'commit'],
	undo: ['type', 'action_id', 'attempt'],
	consent: ['type', 'request', 'accept'],
	device_add: ['type', 'key', 'name', 'retire'],
	device_remove: ['type', 'key']
};

/** Iterative, so that a crafted value cannot exhaust the stack while it is measured. */
function deeperThan(value: unknown, limit: number): boolean {
	const stack: [unknown, number][] = [[value, 0]];
	while (stack.length > 0) {
		const [v, depth] = stack.pop()!;
		if (typeof v !== 'object' || v === null) continue;
		if (depth >= limit) return true;
		for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
	}
	return false;
}

/** Reads the kind from an action; null with a reason when a reserved type lacks its fields. */
function readKind(action: JsonObject): EntryKind | string {
	const type = action.type;
	if (typeof type !== 'string' || type === '') return 'the action has no type';
	if (!(RESERVED as readonly string[]).includes(type)) return { kind: 'game', action };
	const reserved = type as ReservedType;
	const stray = Object.keys(action).find((k) => !KIND_FIELDS[reserved].includes(k));
	if (stray !== undefined) return `${EXTRA}a ${reserved} entry has no field "${stray}"`;
	switch (reserved) {
		case 'genesis': {
			const { setup, seats, creator, seed } = action;
			if (setup === undefined) return 'genesis has no setup';
			if (!isSeat(seats) || seats < 1) return 'genesis has no valid seat count';
			if (!isPublicKeyInfo(creator)) return "genesis has no valid creator's key";
			if (typeof seed !== 'string') return 'genesis does not say how the seed is formed';
			return { kind: 'genesis', setup, seats, creator, seedScheme: seed };
		}
		case 'claim': {
			const { name, key, commit } = action;
			if (typeof name !== 'string' || name.length > 64) return 'claim has no valid name';
			if (!isPublicKeyInfo(key)) return 'claim has no valid key';
			if (typeof commit !== 'string' || !HEX64.test(commit)) return 'claim has no seed commitment';
			return { kind: 'claim', name, key, commit };
		}
		case 'start': {
			const { claims } = action;
			if (!Array.isArray(claims) || !claims.every(isEntryId)) return 'start does not list claim ids';
			return { kind: 'start', claims: claims as string[] };
		}
		case 'reveal': {
			const { nonce } = action;
			if (typeof nonce !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(nonce)) return 'reveal has no valid nonce';
			return { kind: 'reveal', nonce };
		}
		case 'restart': {
			const { seen } = action;
			// A table has at most 64 seats, so at most 64 reveals to name; sorted, so one list has one text.
			if (!Array.isArray(seen) || seen.length > 64 || !seen.every(isEntryId)) return 'restart does not list reveal ids';
			const ids = seen as string[];
			if (ids.some((id, i) => i > 0 && ids[i - 1] >= id)) return 'restart lists its reveal ids unsorted or twice';
			return { kind: 'restart', seen: ids };
		}
		case 'recommit': {
			const { commit } = action;
			if (typeof commit !== 'string' || !HEX64.test(commit)) return 'recommit has no seed commitment';
			return { kind: 'recommit', commit };
		}
		case 'undo': {
			const target = action.action_id;
			if (target !== undefined && !isEntryId(target)) return 'undo names no valid action id';
			// Asking again after a decline on the same head needs a body (and so an id) of its own.
			const attempt = action.attempt;
			if (attempt !== undefined && (typeof attempt !== 'number' || !Number.isInteger(attempt) || attempt < 1 || attempt > 999)) {
				return 'undo has no valid attempt number';
			}
			return { kind: 'undo', actionId: target ?? null };
		}
		case 'consent': {
			const { request, accept } = action;
			if (!isEntryId(request) || typeof accept !== 'boolean') return 'consent names no request or answer';
			return { kind: 'consent', request, accept };
		}
		case 'device_add': {
			const { key, name, retire } = action;
			if (!isPublicKeyInfo(key) || !isAcceptableKey(key)) return 'device_add has no valid key';
			if (typeof name !== 'string' || name.length > 32) return 'device_add has no valid device name';
			if (retire !== undefined && !isPublicKeyInfo(retire)) return 'device_add names no valid key to retire';
			return { kind: 'device_add', key, name, retire: retire ?? null };
		}
		case 'device_remove': {
			const { key } = action;
			if (!isPublicKeyInfo(key)) return 'device_remove has no valid key';
			return { kind: 'device_remove', key };
		}
		default: {
			const never: never = reserved;
			return `unknown type ${String(never)}`;
		}
	}
}

/** Which fields each kind needs in the envelope: who signs, and whether it follows another entry. */
function envelopeProblem(body: Body, kind: EntryKind): string | null {
	switch (kind.kind) {
		case 'genesis':
			return body.game === null && body.parent === null && body.seat === null
				? null
				: 'genesis must have no game, parent or seat';
		case 'start':
			return body.game !== null && body.parent !== null && body.seat === null ? null : 'start is signed by the creator';
		case 'claim':
		case 'reveal':
		case 'restart':
		case 'recommit':
		case 'undo':
		case 'consent':
		case 'device_add':
		case 'device_remove':
		case 'game':
			return body.game !== null && body.parent !== null && body.seat !== null
				? null
				: `a ${kind.kind} entry needs a game, a parent and a seat`;
		default: {
			const never: never = kind;
			return `unknown kind ${JSON.stringify(never)}`;
		}
	}
}

/**
 * Structural decoding of one stored item. Anything that is not exactly a canonical, well-formed
 * entry is refused here with a reason, and never reaches signature checks or the engine.
 */
export async function decodeEntry(wire: unknown): Promise<DecodeResult> {
	const r = await decodeWire(wire);
	if (r.ok || r.code === 'too_large' || !isJsonObject(wire) || typeof wire.body !== 'string') return r;
	return { ...r, id: await sha256Hex(wire.body) };
}

async function decodeWire(wire: unknown): Promise<DecodeResult> {
	if (!isJsonObject(wire) || typeof wire.body !== 'string' || typeof wire.sig !== 'string') {
		return bad('the entry is not a { body, sig } pair of strings');
	}
	const text = wire.body;
	if (text.length > MAX_GENESIS_CHARS || wire.sig.length > MAX_SIG_CHARS) {
		return { ok: false, code: 'too_large', message: 'the entry is larger than any entry may be' };
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return bad('the body is not JSON');
	}
	if (!isJsonObject(parsed)) return bad('the body is not an object');
	if (deeperThan(parsed, MAX_DEPTH)) return { ok: false, code: 'too_large', message: `the entry is nested deeper than ${MAX_DEPTH} levels` };
	const keys = Object.keys(parsed).sort();
	if (keys.length !== BODY_KEYS.length || keys.some((k, i) => k !== BODY_KEYS[i])) {
		return bad('the body must have exactly v, game, parent, seat, action and rules');
	}
	if (canonicalJson(parsed) !== text) {
		return { ok: false, code: 'not_canonical', message: 'the body is not canonical JSON (RFC 8785)' };
	}
	const { v, game, parent, seat, action, rules } = parsed;
	if (v !== LOG_VERSION) return bad(`unsupported log version ${JSON.stringify(v)}`);
	if (game !== null && !isEntryId(game)) return bad('the game id is not a hash');
	if (parent !== null && !isEntryId(parent)) return bad('the parent id is not a hash');
	if (seat !== null && !isSeat(seat)) return bad('the seat is not a seat number');
	if (typeof rules !== 'string') return bad('the rules version is missing');
	if (!isJsonObject(action)) return bad('the action is not an object');
	const body: Body = { v, game, parent, seat, action, rules };
	const kind = readKind(action);
	if (typeof kind === 'string') {
		return kind.startsWith(EXTRA) ? { ok: false, code: 'extra_fields', message: kind.slice(EXTRA.length) } : bad(kind);
	}
	if (kind.kind !== 'genesis' && text.length > MAX_ENTRY_CHARS) {
		return { ok: false, code: 'too_large', message: `the entry is larger than ${MAX_ENTRY_CHARS / 1024} kB` };
	}
	const problem = envelopeProblem(body, kind);
	if (problem) return bad(problem);
	return { ok: true, entry: { id: await sha256Hex(text), text, sig: wire.sig, body, kind } };
}

/** Canonical text and id of a body about to be signed. */
export async function encodeBody(body: Body): Promise<{ text: string; id: string }> {
	const text = canonicalJson(body);
	if (text === undefined) throw new Error('entry body is not JSON');
	return { text, id: await sha256Hex(text) };
}
