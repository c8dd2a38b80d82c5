/**
 * Our own game file: a game's signed log as one versioned JSON document, so that a game can travel
 * as a file and be merged into the same game on another device (issue 11).
 *
 *   { format: 'rails-1822-game', version: 1, game, secret?, entries: [{ body, sig }, ...] }
 *
 * `secret` is the part after `#` of the game's link: with it, the device that opens the file joins
 * the same game (the same room, whose name and password derive from it, links.ts) instead of
 * keeping a copy of its own. Whoever holds the file can therefore join the room, as whoever holds
 * the link can; seats still need their keys, which never leave their device. Files written before
 * it existed have none and are read as before (the device then makes a secret of its own).
 *
 * Every entry keeps its signature exactly as stored. Reading a file checks every entry: its
 * structure and canonical body (entry.ts), that it belongs to the game, and its signature against
 * the key that should have signed it (genesis and start: the creator named in genesis; a claim:
 * the key it claims with; any other entry: a key that claimed its seat, or that a device_add
 * signed by one of those gave it). Mangled or forged entries
 * are reported one by one and left out; the valid ones are kept. The order of the entries means
 * nothing (order.ts finds the game by walking parent links), so merging is a plain union.
 */
import { decodeEntry, isEntryId, type Entry, type WireEntry } from './entry';
import { keyId, verifyText, type PublicKeyInfo } from './identity';
import { parseGameLink } from './links';
import type { LogDoc } from './log-doc';

export const GAME_FILE_FORMAT = 'rails-1822-game';
export const GAME_FILE_VERSION = 1;

export interface GameFile {
	readonly format: typeof GAME_FILE_FORMAT;
	readonly version: typeof GAME_FILE_VERSION;
	readonly game: string;
	/** The game link's secret; absent in files of earlier versions of the app. */
	readonly secret?: string;
	readonly entries: readonly WireEntry[];
}

/** One entry of a file that was left out, and why. */
export interface RejectedEntry {
	readonly index: number;
	readonly id: string | null;
	readonly reason: string;
}

export type ReadGameFile =
	| {
			readonly ok: true;
			readonly game: string;
			/** The link secret the file carries, or null (an older file, or one whose secret is not a valid one). */
			readonly secret: string | null;
			readonly entries: readonly WireEntry[];
			readonly rejected: readonly RejectedEntry[];
	  }
	| { readonly ok: false; readonly code: GameFileProblem; readonly message: string };

export type GameFileProblem = 'not_json' | 'truncated' | 'not_a_game_file' | 'unsupported_version' | 'no_genesis' | 'wrong_game';

export type MergeResult =
	| { readonly ok: true; readonly added: number; readonly known: number; readonly rejected: readonly RejectedEntry[] }
	| { readonly ok: false; readonly code: GameFileProblem; readonly message: string };

function isWire(x: unknown): x is WireEntry {
	return typeof x === 'object' && x !== null && typeof (x as WireEntry).body === 'string' && typeof (x as WireEntry).sig === 'string';
}

const wireKey = (w: WireEntry) => `${w.sig}\u0000${w.body}`;

/**
 * The file of one game, from the items of its log document. Items that are not `{body, sig}`
 * strings are not entries and are not written; everything else is, refused or not, since the
 * receiving device decides for itself. Sorted by body then signature, so that the same log always
 * gives the same file. `secret`, the game link's, lets the file join the same game elsewhere.
 */
export function writeGameFile(game: string, items: readonly unknown[], secret?: string): GameFile {
	const seen = new Set<string>();
	const entries: WireEntry[] = [];
	for (const item of items) {
		if (!isWire(item)) continue;
		const k = wireKey(item);
		if (seen.has(k)) continue;
		seen.add(k);
		entries.push({ body: item.body, sig: item.sig });
	}
	entries.sort((a, b) => (a.body < b.body ? -1 : a.body > b.body ? 1 : a.sig < b.sig ? -1 : a.sig > b.sig ? 1 : 0));
	if (secret !== undefined && !isLinkSecret(game, secret)) throw new Error('a game link secret expected');
	const file: GameFile = { format: GAME_FILE_FORMAT, version: GAME_FILE_VERSION, game, entries };
	return secret === undefined ? file : { format: file.format, version: file.version, game, secret, entries };
}

/** True if `secret` is what a link to the game may carry after `#`. */
function isLinkSecret(game: string, secret: unknown): secret is string {
	if (typeof secret !== 'string') return false;
	const parsed = parseGameLink(`https://host.invalid/game/${game}#${secret}`);
	return parsed.ok && parsed.link.secret === secret;
}

export function gameFileText(file: GameFile): string {
	return JSON.stringify(file);
}

function fail(code: GameFileProblem, message: string): ReadGameFile {
	return { ok: false, code, message };
}

/** Parses the text of a file; the caller decides what to do with it (a new game, or a merge). */
export async function readGameFile(text: string): Promise<ReadGameFile> {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		const detail = error instanceof Error ? error.message : String(error);
		if (text.trim() === '') return fail('truncated', 'The file is empty.');
		const closed = /[}\]]\s*$/.test(text);
		return closed
			? fail('not_json', `The file is not valid JSON (${detail}).`)
			: fail('truncated', `The file ends too early: it looks truncated (${detail}).`);
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('not_a_game_file', 'The file is not a game file of this app.');
	const f = json as Record<string, unknown>;
	if (f.format !== GAME_FILE_FORMAT) return fail('not_a_game_file', `The file is not a game file of this app (format ${JSON.stringify(f.format ?? null)}).`);
	if (f.version !== GAME_FILE_VERSION) return fail('unsupported_version', `Game file version ${JSON.stringify(f.version)} is not supported (this app reads version ${GAME_FILE_VERSION}).`);
	if (!isEntryId(f.game)) return fail('not_a_game_file', 'The file does not name a game id.');
	if (!Array.isArray(f.entries)) return fail('not_a_game_file', 'The file has no list of entries.');
	const game = f.game;

	const rejected: RejectedEntry[] = [];
	const decoded: { index: number; entry: Entry; wire: WireEntry }[] = [];
	for (const [index, item] of f.entries.entries()) {
		const d = await decodeEntry(item);
		if (!d.ok) {
			rejected.push({ index, id: null, reason: d.message });
			continue;
		}
		const belongs = d.entry.id === game || d.entry.body.game === game;
		if (!belongs) rejected.push({ index, id: d.entry.id, reason: 'the entry belongs to another game' });
		else decoded.push({ index, entry: d.entry, wire: { body: d.entry.text, sig: d.entry.sig } });
	}

	const genesis = decoded.find((d) => d.entry.id === game && d.entry.kind.kind === 'genesis' && d.entry.body.game === null);
	if (!genesis || genesis.entry.kind.kind !== 'genesis') return fail('no_genesis', "The file does not hold the game's first entry (genesis).");
	const creator = genesis.entry.kind.creator;
	if (!(await verifyText(creator, genesis.entry.text, genesis.entry.sig))) {
		return fail('no_genesis', "The game's first entry is not signed by the creator's key it names: the file was altered.");
	}

	// Claims first: their keys are what every later entry of a seat is checked against.
	const seatKeys = new Map<number, PublicKeyInfo[]>();
	const kept: WireEntry[] = [genesis.wire];
	const verified = async (d: (typeof decoded)[number], keys: readonly PublicKeyInfo[], who: string) => {
		for (const k of keys) if (await verifyText(k, d.entry.text, d.entry.sig)) return true;
		rejected.push({ index: d.index, id: d.entry.id, reason: `the signature is not ${who}'s: the entry was altered or forged` });
		return false;
	};
	for (const d of decoded) {
		if (d.entry.kind.kind !== 'claim' || d.entry.body.seat === null) continue;
		if (!(await verified(d, [d.entry.kind.key], 'the claiming key'))) continue;
		const list = seatKeys.get(d.entry.body.seat) ?? [];
		if (!list.some((k) => keyId(k) === keyId((d.entry.kind as { key: PublicKeyInfo }).key))) list.push(d.entry.kind.key);
		seatKeys.set(d.entry.body.seat, list);
		kept.push(d.wire);
	}
	// Keys that devices added to a seat (devices.ts) sign for it too: an add counts here once it is
	// signed by a key the seat already has, so the keys are found in as many passes as adds chain.
	// A coarse filter, like the rest: the orderer decides from where on a key holds the seat.
	const adds = decoded.filter((d) => d.entry.kind.kind === 'device_add' && d.entry.body.seat !== null);
	for (let grew = true; grew; ) {
		grew = false;
		for (const d of adds) {
			const k = d.entry.kind;
			const list = seatKeys.get(d.entry.body.seat!) ?? [];
			if (k.kind !== 'device_add' || list.some((x) => keyId(x) === keyId(k.key))) continue;
			let signed = false;
			for (const x of list) if ((signed = await verifyText(x, d.entry.text, d.entry.sig))) break;
			if (!signed) continue;
			list.push(k.key);
			seatKeys.set(d.entry.body.seat!, list);
			grew = true;
		}
	}
	for (const d of decoded) {
		const kind = d.entry.kind.kind;
		if (d === genesis || kind === 'claim') continue;
		if (kind === 'genesis') {
			rejected.push({ index: d.index, id: d.entry.id, reason: 'a second genesis entry' });
			continue;
		}
		if (kind === 'start') {
			if (await verified(d, [creator], "the game creator")) kept.push(d.wire);
			continue;
		}
		const seat = d.entry.body.seat ?? -1;
		if (await verified(d, seatKeys.get(seat) ?? [], `seat ${seat + 1}`)) kept.push(d.wire);
	}
	// A secret that no link could carry is not used: the device then makes one of its own.
	const secret = isLinkSecret(game, f.secret) ? f.secret : null;
	return { ok: true, game, secret, entries: kept, rejected };
}

/**
 * Adds the entries of a read file to the log of the same game: those the log does not hold yet.
 * A file of another game is refused and the log is left as it was.
 */
export function mergeGameFile(log: LogDoc, game: string, file: ReadGameFile): MergeResult {
	if (!file.ok) return file;
	if (file.game !== game) {
		return { ok: false, code: 'wrong_game', message: `The file holds another game (${file.game.slice(0, 8)}…), not this one (${game.slice(0, 8)}…).` };
	}
	const held = new Set(log.entries().filter(isWire).map(wireKey));
	const fresh = file.entries.filter((w) => !held.has(wireKey(w)));
	if (fresh.length > 0) log.append(...fresh);
	return { ok: true, added: fresh.length, known: file.entries.length - fresh.length, rejected: file.rejected };
}
