/**
 * Each company's last move on the map: the hexes where it laid track or placed a station in
 * its most recent turn that did either (issue 8: "the last move of each company can be
 * highlighted"). Read from the actions in effect; a private used for a company's track
 * (entity "P…") counts for the company that owns it.
 */
import type { GameState } from '../engine';
import { mapFor } from '../engine/titles/g1822/board-ops';

export type MoveKind = 'track' | 'station';

export interface LastMove {
	readonly corporation: string;
	/** Hexes in the order they were played, each once, with what was done there. */
	readonly hexes: readonly { readonly hex: string; readonly kind: MoveKind }[];
}

interface MoveAction {
	readonly type: string;
	readonly entity?: unknown;
	readonly hex?: unknown;
	readonly tile?: unknown;
	readonly city?: unknown;
}

export interface LastMoveContext {
	/** Every hex id of the map: a city named "<hex>-0-<city>" is a printed tile's. */
	readonly hexes: ReadonlySet<string>;
	/** The corporation a private belongs to (null: none, or not a private). */
	readonly ownerOf: (company: string) => string | null;
}

/** "57-3-1" → tile id "57-3"; the last "-" part is the city. */
function tileOfCity(city: string): string {
	const i = city.lastIndexOf('-');
	return i < 0 ? city : city.slice(0, i);
}

/** Last moves of every company that has made one, in the order of their last moves. */
export function lastMoves(actions: readonly MoveAction[], ctx: LastMoveContext): LastMove[] {
	const tileHex = new Map<string, string>();
	const moves = new Map<string, { turn: number; hexes: { hex: string; kind: MoveKind }[] }>();
	let turn = 0;
	let actor: string | null = null;
	for (const a of actions) {
		if (typeof a.entity !== 'string') continue;
		const corp = ctx.ownerOf(a.entity) ?? a.entity;
		// A new acting company starts a new turn: its earlier moves are no longer its last.
		if (corp !== actor) {
			actor = corp;
			turn++;
		}
		let hex: string | null = null;
		let kind: MoveKind = 'track';
		if (a.type === 'lay_tile' && typeof a.hex === 'string') {
			hex = a.hex;
			if (typeof a.tile === 'string') tileHex.set(a.tile, a.hex);
		} else if (a.type === 'place_token' && typeof a.city === 'string') {
			const tile = tileOfCity(a.city);
			const printed = tile.endsWith('-0') ? tile.slice(0, -2) : null;
			hex = tileHex.get(tile) ?? (printed !== null && ctx.hexes.has(printed) ? printed : null);
			kind = 'station';
		} else if (a.type === 'hex_token' && typeof a.hex === 'string') {
			hex = a.hex;
			kind = 'station';
		}
		if (hex === null) continue;
		const m = moves.get(corp);
		if (!m || m.turn !== turn) {
			moves.delete(corp);
			moves.set(corp, { turn, hexes: [{ hex, kind }] });
		} else if (!m.hexes.some((h) => h.hex === hex && h.kind === kind)) {
			m.hexes.push({ hex, kind });
		}
	}
	return [...moves].map(([corporation, m]) => ({ corporation, hexes: m.hexes }));
}

/** The owner lookup of a position: a private held by a corporation counts for it. */
export function privateOwners(state: GameState): (company: string) => string | null {
	return (company) => {
		const owner = state.companies[company]?.owner;
		return owner?.startsWith('corporation:') ? owner.slice('corporation:'.length) : null;
	};
}

const MINOR_HUES = 47;

/** A colour per company that tells minors apart (their station tokens are all white). */
export function moveColour(corporation: string, majorFill: (c: string) => string | null): string {
	const fill = majorFill(corporation);
	if (fill) return fill;
	const n = Number(corporation.replace(/\D/g, '')) || corporation.length;
	return `hsl(${(n * MINOR_HUES) % 360} 75% 50%)`;
}

/** Hex → colour for the map, the later move on top where two companies' moves share a hex. */
export function lastMoveHighlight(moves: readonly LastMove[], colour: (c: string) => string): Map<string, string> {
	const out = new Map<string, string>();
	for (const m of moves) for (const h of m.hexes) out.set(h.hex, colour(m.corporation));
	return out;
}

/** The last moves of a position's companies, from the actions that led to it. */
export function positionMoves(state: GameState, actions: readonly MoveAction[]): LastMove[] {
	const hexes = new Set<string>(mapFor(state.setup.title).hexes.map((h) => h.id as string));
	return lastMoves(actions, { hexes, ownerOf: privateOwners(state) });
}

/** "Minor 16" for a minor's number, the major's name otherwise. */
export function companyName(corporation: string): string {
	return /^\d+$/.test(corporation) ? `Minor ${corporation}` : corporation;
}
