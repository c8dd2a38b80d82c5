/**
 * What one hex shows, read from the map and the board: its tile and rotation, the
 * contents of each city slot (tokens, then home reservations still waiting), extra slots,
 * and the markers (destinations not yet reached, homes not yet placed). Pure; the map
 * component renders these and nothing else.
 */
import type { HexDef, MapDef } from '$lib/engine/core/board-map';
import {
	cityCapacity,
	pendingReservations,
	pendingTileReservations,
	tileOnHex,
	tokensInCity
} from '$lib/engine/core/board';
import type { BoardState } from '$lib/engine/core/board-state';
import type { HexId } from '$lib/engine/core/ids';
import type { TileDef } from '$lib/engine/core/tile';
import { hexCenter, type Point } from './geometry';
import type { MarkerContent, SlotContent } from './tile-content';
import { tileLayout } from './tile-layout';
import type { MapRoute } from '$lib/state/map-route';

export interface HexView {
	readonly id: HexId;
	readonly hex: HexDef;
	readonly centre: Point;
	readonly tile: TileDef;
	readonly rotation: number;
	readonly slots: readonly (readonly SlotContent[])[];
	readonly slotCounts: readonly number[];
	readonly markers: readonly MarkerContent[];
}

/** A tile shown in place before it is laid (the tile picker's preview). */
export interface TilePreview {
	readonly hex: HexId;
	readonly tile: TileDef;
	readonly rotation: number;
}

/** Destination markers by hex: a major's destination until its destination token is there. */
export function destinationMarkers(map: MapDef, board: BoardState): Map<HexId, MarkerContent[]> {
	const out = new Map<HexId, MarkerContent[]>();
	for (const [corp, hex] of map.destinations) {
		const reached = board.tokens.some((t) => t.hex === hex && t.corporation === corp && t.kind === 'destination');
		if (reached) continue;
		if (!out.has(hex)) out.set(hex, []);
		out.get(hex)!.push({ corporation: corp, kind: 'destination' });
	}
	return out;
}

/** The engine's destination marks (mapMarks) by hex, for the markers drawn on each hex. */
export function destinationMarkersFrom(destinations: readonly { corporation: string; hex: string }[]): Map<HexId, MarkerContent[]> {
	const out = new Map<HexId, MarkerContent[]>();
	for (const d of destinations) {
		const hex = d.hex as HexId;
		if (!out.has(hex)) out.set(hex, []);
		out.get(hex)!.push({ corporation: d.corporation as MarkerContent['corporation'], kind: 'destination' });
	}
	return out;
}

export function hexView(
	map: MapDef,
	board: BoardState,
	hex: HexDef,
	destinations: ReadonlyMap<HexId, readonly MarkerContent[]>,
	preview: TilePreview | null
): HexView {
	const laid = tileOnHex(map, board, hex.id);
	const previewing = preview !== null && preview.hex === hex.id;
	const tile = previewing ? preview.tile : (laid?.def ?? hex.tile);
	const rotation = previewing ? preview.rotation : (laid?.rotation ?? 0);
	const slots: SlotContent[][] = [];
	const slotCounts: number[] = [];
	for (let city = 0; city < tile.cities.length; city++) {
		const content: SlotContent[] = tokensInCity(board, hex.id, city).map((t) => ({
			corporation: t.corporation,
			kind: t.kind === 'destination' ? 'destination' : 'token'
		}));
		for (const corp of pendingReservations(map, board, hex.id, city)) {
			content.push({ corporation: corp, kind: 'reserved' });
		}
		slots.push(content);
		slotCounts.push(previewing ? tile.cities[city].slots : cityCapacity(map, board, hex.id, city));
	}
	const markers: MarkerContent[] = [
		...pendingTileReservations(map, board, hex.id).map((c) => ({ corporation: c, kind: 'home' as const })),
		...(destinations.get(hex.id) ?? [])
	];
	return { id: hex.id, hex, centre: hexCenter(hex.coord), tile, rotation, slots, slotCounts, markers };
}

/** Centre and reach of a city as drawn on the hex, for the station picker's ring. */
export function cityRing(v: HexView, city: number): { x: number; y: number; r: number } | null {
	const layout = tileLayout(v.tile, v.rotation, { name: v.hex.name, slots: v.slotCounts, markers: v.markers.length });
	const c = layout.cities.find((x) => x.index === city);
	if (!c) return null;
	let r = 0;
	for (const s of c.slots) r = Math.max(r, Math.hypot(s.x - c.at.x, s.y - c.at.y));
	return { x: c.at.x, y: c.at.y, r: r + 14 };
}

/**
 * Where a node of the hex's tile (by its index in the tile's nodes) is drawn, and how far a
 * click on it reaches: a city's ring, a town's dot or bar, an off-board's middle. Null for a
 * junction (not a stop).
 */
export function nodeSpot(v: HexView, node: number): { x: number; y: number; r: number } | null {
	const n = v.tile.nodes[node];
	if (!n) return null;
	switch (n.kind) {
		case 'city':
			return cityRing(v, n.index);
		case 'town': {
			const layout = tileLayout(v.tile, v.rotation, { name: v.hex.name, slots: v.slotCounts, markers: v.markers.length });
			const t = layout.towns.find((x) => x.index === n.index);
			return t ? { x: t.at.x, y: t.at.y, r: 11 } : { x: 0, y: 0, r: 11 };
		}
		case 'offboard':
			return { x: 0, y: 0, r: 20 };
		case 'junction':
			return null;
	}
}

export type { MapRoute };

/**
 * The line of a route: each stop where it is drawn, and between two stops the middle of each
 * hex the leg crosses. `shift` moves the whole line a little so two trains on the same track
 * both show.
 */
export function routeLine(view: (hex: string) => HexView | undefined, route: MapRoute, shift: number): Point[] {
	const at = (hex: string, node: number | null): Point | null => {
		const v = view(hex);
		if (!v) return null;
		const s = node === null ? null : nodeSpot(v, node);
		return { x: v.centre.x + (s?.x ?? 0) + shift, y: v.centre.y + (s?.y ?? 0) + shift };
	};
	const out: Point[] = [];
	route.stops.forEach((stop, i) => {
		if (i > 0) {
			const leg = (route.legs[i - 1] ?? []).map((h) => h.split(' ')[0]);
			for (const hex of leg.slice(1, -1)) {
				const p = at(hex, null);
				if (p) out.push(p);
			}
		}
		const p = at(stop.hex, stop.node);
		if (p) out.push(p);
	});
	return out;
}
