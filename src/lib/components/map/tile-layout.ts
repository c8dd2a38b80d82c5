/**
 * Where everything on one tile is drawn: track, cities and their slots, towns, off-board
 * arrows, revenues, labels, terrain costs, borders, the location name and marker spots.
 * Pure and memoised per tile, rotation and options: a board of ~200 hexes asks for each
 * layout once, and tiles that only move (rotation previews) reuse theirs.
 *
 * Positions are in the hex's own frame (centre at the origin), already rotated, so text
 * stays upright. Revenues, labels and badges go to free spots (free-spots.ts).
 */
import { PHASE_COLORS, type Lane, type PathEnd, type PhaseColor, type Revenue, type TileDef } from '$lib/engine/core/tile';
import {
	HEX_H,
	distance,
	edgeAngle,
	edgeCorners,
	edgeMidpoint,
	edgeToEdge,
	edgeToPoint,
	normEdge,
	pointToPoint,
	polar,
	stub,
	type Point,
	type TrackShape
} from './geometry';
import { CANDIDATES, NAME_CANDIDATES, Placer, WIDE_CANDIDATES } from './free-spots';

export const SLOT_R = 10.5;
export const TRACK_WIDTH = 5.5;
const REVENUE_R = 8;
/** Width of one phase revenue box. */
export const PHASE_BOX_W = 14.5;

export interface TrackDraw {
	readonly d: string;
}

export interface CityDraw {
	readonly index: number;
	readonly at: Point;
	/** Slot centres, absolute in the hex frame. */
	readonly slots: readonly Point[];
	/** Closed path through the slot centres; stroked wide it makes the city's white body. */
	readonly hull: string;
}

export interface TownDraw {
	readonly index: number;
	readonly at: Point;
	readonly kind: 'bar' | 'dot';
	/** Angle of the bar (across the track), degrees. */
	readonly angle: number;
}

export interface PhaseRevenueEntry {
	readonly color: PhaseColor;
	readonly value: number;
}

export type RevenueDraw =
	| { readonly kind: 'flat'; readonly at: Point; readonly value: number }
	| { readonly kind: 'phase'; readonly at: Point; readonly entries: readonly PhaseRevenueEntry[] };

export interface TextDraw {
	readonly at: Point;
	readonly text: string;
}

export interface TerrainDraw {
	readonly at: Point;
	readonly terrain: string | null;
	readonly cost: number;
}

export interface BorderDraw {
	readonly edge: number;
	readonly type: 'impassable' | 'water';
	readonly from: Point;
	readonly to: Point;
	readonly cost: number | null;
	readonly badge: Point;
}

export interface TileLayout {
	readonly tracks: readonly TrackDraw[];
	readonly stubs: readonly TrackDraw[];
	/** Arrow heads of off-board track, as polygon points. */
	readonly arrows: readonly string[];
	readonly ports: readonly Point[];
	readonly cities: readonly CityDraw[];
	readonly towns: readonly TownDraw[];
	readonly revenues: readonly RevenueDraw[];
	readonly labels: readonly TextDraw[];
	readonly futureLabel: (TextDraw & { readonly color: string }) | null;
	readonly terrain: readonly TerrainDraw[];
	readonly borders: readonly BorderDraw[];
	readonly name: { readonly at: Point; readonly lines: readonly string[] } | null;
	readonly markers: readonly Point[];
}

export interface LayoutOptions {
	/** Location name printed on the hex. */
	readonly name?: string | null;
	/** Token slots per city when more than printed (M14's extra London slot). */
	readonly slots?: readonly number[];
	/** Spots wanted for markers (destinations). */
	readonly markers?: number;
}

/** Slot centres of a city of n slots around its centre: one, a pair, a triangle, a square. */
export function slotOffsets(n: number): Point[] {
	const s = SLOT_R;
	switch (n) {
		case 0:
		case 1:
			return [{ x: 0, y: 0 }];
		case 2:
			return [
				{ x: -s, y: 0 },
				{ x: s, y: 0 }
			];
		case 3:
			return [
				{ x: 0, y: (-s * 2) / Math.sqrt(3) },
				{ x: s, y: s / Math.sqrt(3) },
				{ x: -s, y: s / Math.sqrt(3) }
			];
		case 4:
			return [
				{ x: -s, y: -s },
				{ x: s, y: -s },
				{ x: s, y: s },
				{ x: -s, y: s }
			];
		default: {
			const r = s / Math.sin(Math.PI / n);
			return Array.from({ length: n }, (_, i) => polar(-90 + (360 * i) / n, r));
		}
	}
}

/** Position of a `loc` (an edge or half-edge number, or "center") after rotation. */
export function locPoint(loc: string | null, rotation: number, dist = 24): Point | null {
	if (loc === null) return null;
	if (loc === 'center') return { x: 0, y: 0 };
	const n = Number(loc);
	if (!Number.isFinite(n)) return null;
	return polar(edgeAngle(normEdge(n + rotation)), dist);
}

function phaseEntries(rev: Exclude<Revenue, number>): PhaseRevenueEntry[] {
	const out: PhaseRevenueEntry[] = [];
	for (const c of PHASE_COLORS) if (rev[c] !== undefined) out.push({ color: c, value: rev[c]! });
	return out;
}

function endEdge(end: PathEnd, rotation: number): { edge: number; lane: Lane } | null {
	return end.type === 'edge' ? { edge: normEdge(end.edge + rotation), lane: end.lane } : null;
}

/** Cities and towns: where each node of the tile sits. */
function nodePositions(def: TileDef, rotation: number): Point[] {
	const exitsOf = (node: number): number[] => {
		const out: number[] = [];
		for (const p of def.paths) {
			const ends = [p.a, p.b];
			if (!ends.some((e) => e.type === 'node' && e.node === node)) continue;
			for (const e of ends) if (e.type === 'edge') out.push(normEdge(e.edge + rotation));
		}
		return out;
	};
	const cityCount = def.cities.length;
	const plainTowns = def.nodes.filter((n) => n.kind === 'town').length;
	return def.nodes.map((n, i) => {
		if (n.kind === 'city') {
			const c = def.cities[n.index];
			const loc = locPoint(c.loc, rotation, cityCount > 1 ? 27 : 24);
			if (loc) return loc;
			if (cityCount > 1) {
				// several cities (London): each sits towards its own track
				const exits = exitsOf(i);
				if (exits.length === 0) return polar(-90 + (360 * n.index) / cityCount, 25);
				const v = exits.map((e) => polar(edgeAngle(e), 1)).reduce((a, b) => ({ x: a.x + b.x, y: a.y + b.y }));
				const len = Math.hypot(v.x, v.y);
				return len < 0.01 ? { x: 0, y: 0 } : { x: (v.x / len) * 27, y: (v.y / len) * 27 };
			}
			return { x: 0, y: 0 };
		}
		if (n.kind === 'town') {
			const t = def.towns[n.index];
			const loc = locPoint(t.loc, rotation);
			if (loc) return loc;
			if (exitsOf(i).length === 0 && plainTowns > 1) return { x: n.index === 0 ? -13 : 13, y: 0 };
		}
		return { x: 0, y: 0 };
	});
}

function cityHull(slots: readonly Point[]): string {
	const f = (p: Point) => `${Math.round(p.x * 100) / 100} ${Math.round(p.y * 100) / 100}`;
	return `M ${slots.map(f).join(' L ')} Z`;
}

export function buildTileLayout(def: TileDef, rotation: number, opts: LayoutOptions = {}): TileLayout {
	const pos = nodePositions(def, rotation);
	const placer = new Placer();
	const tracks: TrackDraw[] = [];
	const arrows: string[] = [];
	const towns: TownDraw[] = [];
	const ports: Point[] = [];

	// A town on exactly two edge paths sits on one through-track as a bar.
	const barTowns = new Map<number, [number, number]>();
	def.nodes.forEach((n, i) => {
		if (n.kind !== 'town' || def.towns[n.index].loc !== null) return;
		const own = def.paths
			.map((p, k) => ({ p, k }))
			.filter(({ p }) => (p.a.type === 'node' && p.a.node === i) || (p.b.type === 'node' && p.b.node === i));
		if (own.length === 2 && own.every(({ p }) => p.a.type === 'edge' || p.b.type === 'edge')) {
			barTowns.set(i, [own[0].k, own[1].k]);
		}
	});
	const merged = new Set<number>();
	const barShapes: { node: number; shape: TrackShape }[] = [];
	for (const [node, [k1, k2]] of barTowns) {
		const e1 = [def.paths[k1].a, def.paths[k1].b].map((e) => endEdge(e, rotation)).find((x) => x)!;
		const e2 = [def.paths[k2].a, def.paths[k2].b].map((e) => endEdge(e, rotation)).find((x) => x)!;
		const shape = edgeToEdge(e1.edge, e2.edge, e1.lane, e2.lane);
		tracks.push({ d: shape.d });
		placer.addTrack(shape);
		merged.add(k1).add(k2);
		barShapes.push({ node, shape });
	}
	// Two bars on crossing straight tracks would meet at the centre: slide them apart.
	barShapes.forEach(({ node, shape }, i) => {
		let at = shape.mid;
		const clash = barShapes.some((o, j) => j !== i && distance(o.shape.mid, shape.mid) < 16);
		if (clash) at = shape.samples[i % 2 === 0 ? 4 : 8];
		towns.push({ index: def.nodes[node].index, at, kind: 'bar', angle: shape.midAngle + 90 });
	});

	def.paths.forEach((p, k) => {
		if (merged.has(k)) return;
		const ea = endEdge(p.a, rotation);
		const eb = endEdge(p.b, rotation);
		let shape: TrackShape;
		if (ea && eb) shape = edgeToEdge(ea.edge, eb.edge, ea.lane, eb.lane);
		else if (ea || eb) {
			const edge = (ea ?? eb)!;
			const nodeEnd = (p.a.type === 'node' ? p.a : p.b) as { node: number };
			const node = def.nodes[nodeEnd.node];
			if (node.kind === 'offboard') {
				const base = polar(edgeAngle(edge.edge), HEX_H * 0.42);
				shape = edgeToPoint(edge.edge, base, edge.lane);
				const end = shape.samples[shape.samples.length - 1];
				const inward = polar(edgeAngle(edge.edge) + 180, 1);
				const side = polar(edgeAngle(edge.edge) + 90, 1);
				const w = TRACK_WIDTH * 1.3;
				const tip = { x: end.x + inward.x * 13, y: end.y + inward.y * 13 };
				const pts = [
					{ x: end.x + side.x * w, y: end.y + side.y * w },
					tip,
					{ x: end.x - side.x * w, y: end.y - side.y * w }
				];
				arrows.push(pts.map((q) => `${Math.round(q.x * 100) / 100},${Math.round(q.y * 100) / 100}`).join(' '));
				placer.add(tip, 4);
			} else {
				shape = edgeToPoint(edge.edge, pos[nodeEnd.node], edge.lane);
				if (node.kind === 'junction' && def.color === 'blue') ports.push(pos[nodeEnd.node]);
			}
		} else {
			const na = (p.a as { node: number }).node;
			const nb = (p.b as { node: number }).node;
			shape = pointToPoint(pos[na], pos[nb]);
		}
		tracks.push({ d: shape.d });
		placer.addTrack(shape);
	});

	const stubs: TrackDraw[] = def.stubs.map((e) => {
		const s = stub(normEdge(e + rotation));
		placer.addTrack(s);
		return { d: s.d };
	});

	const cities: CityDraw[] = [];
	def.nodes.forEach((n, i) => {
		if (n.kind === 'city') {
			const count = Math.max(def.cities[n.index].slots, opts.slots?.[n.index] ?? 0);
			const at = pos[i];
			const slots = slotOffsets(count).map((o) => ({ x: at.x + o.x, y: at.y + o.y }));
			for (const s of slots) placer.add(s, SLOT_R + 1.5);
			cities.push({ index: n.index, at, slots, hull: cityHull(slots) });
		} else if (n.kind === 'town' && !barTowns.has(i)) {
			towns.push({ index: n.index, at: pos[i], kind: 'dot', angle: 0 });
		}
	});
	for (const t of towns) placer.add(t.at, t.kind === 'bar' ? 9 : 6);

	const revenues: RevenueDraw[] = [];
	// Phase revenues (gray cities, off-boards) are one row of coloured boxes per tile.
	const phased = [...def.cities, ...def.offboards].map((c) => c.revenue).find((r) => typeof r !== 'number');
	if (phased && typeof phased !== 'number') {
		const entries = phaseEntries(phased);
		const half = (entries.length - 1) / 2;
		const parts = entries.map((_, i) => ({ x: (i - half) * PHASE_BOX_W, y: 0 }));
		revenues.push({ kind: 'phase', at: placer.place(parts, 7, WIDE_CANDIDATES), entries });
	}

	let name: TileLayout['name'] = null;
	if (opts.name) {
		const lines = opts.name.includes(' & ') ? opts.name.split(' & ').map((s, i) => (i === 0 ? `${s} &` : s)) : [opts.name];
		const longest = Math.max(...lines.map((l) => l.length));
		const half = Math.min(longest * 1.9, 34);
		const parts = [-half, -half / 2, 0, half / 2, half].map((x) => ({ x, y: 0 }));
		name = { at: placer.place(parts, lines.length > 1 ? 6 : 4, NAME_CANDIDATES), lines };
	}

	// Flat revenues: one circle per city or town; London's six equal cities share one.
	const flat: { value: number; near: Point }[] = [];
	const cityValues = def.cities.map((c) => c.revenue).filter((r): r is number => typeof r === 'number');
	if (def.cities.length > 2 && cityValues.length === def.cities.length && new Set(cityValues).size === 1) {
		if (cityValues[0] > 0) flat.push({ value: cityValues[0], near: { x: 0, y: 0 } });
	} else {
		def.nodes.forEach((n, i) => {
			if (n.kind !== 'city' && n.kind !== 'town') return;
			const r = n.kind === 'city' ? def.cities[n.index].revenue : def.towns[n.index].revenue;
			if (typeof r === 'number' && r > 0) {
				const t = towns.find((x) => n.kind === 'town' && x.index === n.index);
				flat.push({ value: r, near: t ? t.at : pos[i] });
			}
		});
	}
	for (const f of flat) {
		const candidates = [...CANDIDATES, ...[0, 1, 2, 3, 4, 5].map((k) => ({
			x: f.near.x + polar(60 * k + 30, 15).x,
			y: f.near.y + polar(60 * k + 30, 15).y
		}))];
		revenues.push({ kind: 'flat', at: placer.place([{ x: 0, y: 0 }], REVENUE_R, candidates, f.near), value: f.value });
	}

	const labels: TextDraw[] = def.labels.map((text) => ({
		text,
		at: placer.place(text.length > 1 ? [{ x: -4, y: 0 }, { x: 4, y: 0 }] : [{ x: 0, y: 0 }], 7, CANDIDATES)
	}));
	const futureLabel = def.futureLabel
		? { text: def.futureLabel.label, color: def.futureLabel.color, at: placer.place([{ x: 0, y: 0 }], 7, CANDIDATES) }
		: null;
	const terrain: TerrainDraw[] = def.upgrades.map((u) => ({
		terrain: u.terrains[0] ?? null,
		cost: u.cost,
		at: placer.place(
			[
				{ x: -6, y: 0 },
				{ x: 6, y: 0 }
			],
			7,
			CANDIDATES
		)
	}));
	const markers: Point[] = [];
	for (let i = 0; i < (opts.markers ?? 0); i++) markers.push(placer.place([{ x: 0, y: 0 }], 7.5, CANDIDATES));

	const borders: BorderDraw[] = def.borders.map((b) => {
		const edge = normEdge(b.edge + rotation);
		const [from, to] = edgeCorners(edge);
		// on the edge itself, a third of the way from its western (then northern) corner,
		// so both hexes of a shared border put it on the same spot
		const mid = edgeMidpoint(edge);
		const west = from.x < to.x - 0.01 || (Math.abs(from.x - to.x) <= 0.01 && from.y < to.y) ? from : to;
		const badge = { x: (west.x + mid.x * 2) / 3, y: (west.y + mid.y * 2) / 3 };
		return { edge, type: b.type, from, to, cost: b.cost, badge };
	});

	return { tracks, stubs, arrows, ports, cities, towns, revenues, labels, futureLabel, terrain, borders, name, markers };
}

const cache = new Map<string, TileLayout>();

/** Memoised layout: a tile definition is fixed data, so its name identifies it. */
export function tileLayout(def: TileDef, rotation: number, opts: LayoutOptions = {}): TileLayout {
	const key = `${def.name}|${def.code}|${rotation}|${opts.name ?? ''}|${opts.slots?.join(',') ?? ''}|${opts.markers ?? 0}`;
	let hit = cache.get(key);
	if (!hit) {
		hit = buildTileLayout(def, rotation, opts);
		cache.set(key, hit);
	}
	return hit;
}
