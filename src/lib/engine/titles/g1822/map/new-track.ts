/**
 * "New track must be used or change a city's value" [rules digest 5.3 Validation;
 * step/tracker.rb check_track_restrictions! with TRACK_RESTRICTION :semi_restrictive;
 * g_1822/step/tracker.rb]. An upgrade passes when, among the new tile's paths the company
 * reaches after the lay, one is new track (no path of the old tile has the same ends) or one
 * runs through cities or towns whose best value differs from the old path's.
 *
 * Ends compare as the reference compares them: an edge by its number, a node by its kind (a
 * city matches any city of the old tile). A junction stands for the far ends of the other
 * paths meeting there.
 *
 * The check applies to a company's own lays in live play; a private company's lay, the English
 * Channel and Cardiff are exempt, and the reference skips it when loading a recorded game.
 */
import { rotateEdge } from '../../../core/hex';
import type { PathDef, PathEnd, Revenue, TileDef } from '../../../core/tile';
import type { LaidTile } from '../../../core/upgrade';
import { SPECIAL_HEXES_1822 } from './special-hexes';

/** Hexes the check never applies to [g_1822/step/tracker.rb ENGLISH_CHANNEL_HEX, CARDIFF_HEX]. */
export const NEW_TRACK_EXEMPT: readonly string[] = [SPECIAL_HEXES_1822.englishChannel ?? '', SPECIAL_HEXES_1822.cardiff];

/** An end as compared: "e<edge>" for an edge on the board, else the node kind. */
type EndKey = string;

function maxRevenue(r: Revenue): number {
	return typeof r === 'number' ? r : Math.max(0, ...Object.values(r).filter((v): v is number => typeof v === 'number'));
}

function nodeRevenue(def: TileDef, node: number): number | null {
	const ref = def.nodes[node];
	if (!ref) return null;
	switch (ref.kind) {
		case 'city':
			return maxRevenue(def.cities[ref.index].revenue);
		case 'town':
			return maxRevenue(def.towns[ref.index].revenue);
		case 'offboard':
			return maxRevenue(def.offboards[ref.index].revenue);
		case 'junction':
			return null;
	}
}

function isJunction(def: TileDef, end: PathEnd): boolean {
	return end.type === 'node' && def.nodes[end.node]?.kind === 'junction';
}

function endKey(def: TileDef, rotation: number, end: PathEnd): EndKey {
	return end.type === 'edge' ? `e${rotateEdge(end.edge, rotation)}` : (def.nodes[end.node]?.kind ?? 'junction');
}

/** The path's ends, a junction replaced by the other ends of the paths that meet there. */
function endsOf(def: TileDef, rotation: number, path: PathDef): EndKey[] {
	const out: EndKey[] = [];
	for (const end of [path.a, path.b]) {
		if (!isJunction(def, end)) {
			out.push(endKey(def, rotation, end));
			continue;
		}
		const node = end.type === 'node' ? end.node : -1;
		for (const other of def.paths) {
			if (other === path) continue;
			const meets = [other.a, other.b].some((e) => e.type === 'node' && e.node === node);
			if (!meets) continue;
			for (const e of [other.a, other.b]) if (!isJunction(def, e)) out.push(endKey(def, rotation, e));
		}
	}
	return out;
}

/** Best values of the cities, towns and off-boards on the path, sorted. */
function revenuesOf(def: TileDef, path: PathDef): number[] {
	const out: number[] = [];
	for (const end of [path.a, path.b]) {
		if (end.type !== 'node') continue;
		const v = nodeRevenue(def, end.node);
		if (v !== null) out.push(v);
	}
	return out.sort((a, b) => a - b);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
	return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * The new tile's paths that would satisfy the rule if the company reaches them: new track, or
 * a path whose stops change value. Null when the old tile has no track (any lay passes).
 */
export function pathsThatCount(old: LaidTile, tile: TileDef, rotation: number): { index: number; oldPath: number | null }[] | null {
	if (old.def.paths.length === 0) return null;
	const oldEnds = old.def.paths.map((p) => endsOf(old.def, old.rotation, p));
	const out: { index: number; oldPath: number | null }[] = [];
	tile.paths.forEach((np, index) => {
		const ends = endsOf(tile, rotation, np);
		const match = oldEnds.findIndex((oe) => ends.every((e) => oe.includes(e)));
		if (match < 0) out.push({ index, oldPath: null });
		else if (!sameList(revenuesOf(old.def, old.def.paths[match]), revenuesOf(tile, np))) out.push({ index, oldPath: match });
	});
	return out;
}
