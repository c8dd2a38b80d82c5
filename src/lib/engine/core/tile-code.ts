/**
 * Parser for the reference's compact tile definition strings, e.g.
 * "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;label=Y".
 *
 * Parts are separated by ";", each `kind=key:value,key:value`. Node parts (city, town,
 * offboard, junction) are numbered in definition order; a path end "_k" refers to node k.
 * `lanes:n` on a path makes n paths (lanes 0..n-1); between two edges the far end's lane
 * index is mirrored, as the reference builds them [reference data README, "Path endpoints"].
 * The data is fixed and checked by tests, so a malformed string is a bug: it throws.
 */
import { isEdge, type Edge } from './hex';
import {
	SINGLE_LANE,
	type BorderDef,
	type CityDef,
	type FutureLabel,
	type Lane,
	type NodeRef,
	type OffboardDef,
	type PathDef,
	type PathEnd,
	type Revenue,
	type TerrainCost,
	type TileColor,
	type TileDef,
	type TownDef,
	TILE_COLORS,
	PHASE_COLORS,
	type PhaseColor
} from './tile';

function fail(code: string, why: string): never {
	throw new Error(`bad tile code "${code}": ${why}`);
}

function parseParams(body: string): Map<string, string> {
	const params = new Map<string, string>();
	if (body === '') return params;
	for (const kv of body.split(',')) {
		const i = kv.indexOf(':');
		if (i < 0) params.set(kv, '');
		else params.set(kv.slice(0, i), kv.slice(i + 1));
	}
	return params;
}

function parseRevenue(code: string, text: string | undefined): Revenue {
	if (text === undefined) return 0;
	if (!text.includes('_')) return Number(text);
	const out: { [C in PhaseColor]?: number } = {};
	for (const entry of text.split('|')) {
		const [color, value] = entry.split('_');
		if (!(PHASE_COLORS as readonly string[]).includes(color)) fail(code, `revenue colour ${color}`);
		out[color as PhaseColor] = Number(value);
	}
	return out;
}

/** "2.1" → [2, 1]: lane count and index. */
function parseLane(text: string | undefined): Lane {
	if (text === undefined) return SINGLE_LANE;
	const [count, index] = text.split('.');
	return [Number(count), Number(index ?? 0)];
}

function parseEnd(code: string, text: string | undefined, lane: Lane): PathEnd {
	if (text === undefined) fail(code, 'path end missing');
	if (text.startsWith('_')) return { type: 'node', node: Number(text.slice(1)) };
	const edge = Number(text);
	if (!isEdge(edge)) fail(code, `edge ${text}`);
	return { type: 'edge', edge, lane };
}

export function parseTileCode(name: string, color: TileColor, code: string): TileDef {
	if (!TILE_COLORS.includes(color)) fail(code, `colour ${color}`);
	const nodes: NodeRef[] = [];
	const cities: CityDef[] = [];
	const towns: TownDef[] = [];
	const offboards: OffboardDef[] = [];
	const paths: PathDef[] = [];
	const labels: string[] = [];
	const upgrades: TerrainCost[] = [];
	const borders: BorderDef[] = [];
	const stubs: Edge[] = [];
	let junction = false;
	let futureLabel: FutureLabel | null = null;

	for (const part of code.split(';')) {
		if (part === '') continue;
		const eq = part.indexOf('=');
		const kind = eq < 0 ? part : part.slice(0, eq);
		const p = parseParams(eq < 0 ? '' : part.slice(eq + 1));
		switch (kind) {
			case 'city':
				nodes.push({ kind: 'city', index: cities.length });
				cities.push({
					revenue: parseRevenue(code, p.get('revenue')),
					slots: p.has('slots') ? Number(p.get('slots')) : 1,
					loc: p.get('loc') ?? null,
					groups: p.has('groups') ? p.get('groups')!.split('|') : []
				});
				break;
			case 'town':
				nodes.push({ kind: 'town', index: towns.length });
				towns.push({ revenue: parseRevenue(code, p.get('revenue')), loc: p.get('loc') ?? null });
				break;
			case 'offboard':
				nodes.push({ kind: 'offboard', index: offboards.length });
				offboards.push({
					revenue: parseRevenue(code, p.get('revenue')),
					visitCost: p.has('visit_cost') ? Number(p.get('visit_cost')) : 1
				});
				break;
			case 'junction':
				nodes.push({ kind: 'junction', index: 0 });
				junction = true;
				break;
			case 'path': {
				const terminal = p.get('terminal') === '1';
				const ignore = p.get('ignore') === '1';
				const lanes = p.has('lanes') ? Number(p.get('lanes')) : 0;
				if (lanes > 0) {
					const aIsEdge = !p.get('a')!.startsWith('_');
					const bIsEdge = !p.get('b')!.startsWith('_');
					for (let i = 0; i < lanes; i++) {
						const aLane: Lane = [lanes, i];
						const bLane: Lane = aIsEdge && bIsEdge ? [lanes, lanes - i - 1] : aLane;
						paths.push({
							a: parseEnd(code, p.get('a'), aLane),
							b: parseEnd(code, p.get('b'), bLane),
							terminal,
							ignore
						});
					}
				} else {
					paths.push({
						a: parseEnd(code, p.get('a'), parseLane(p.get('a_lane'))),
						b: parseEnd(code, p.get('b'), parseLane(p.get('b_lane'))),
						terminal,
						ignore
					});
				}
				break;
			}
			case 'label':
				labels.push(part.slice(eq + 1));
				break;
			case 'upgrade':
				upgrades.push({
					cost: Number(p.get('cost')),
					terrains: p.has('terrain') ? p.get('terrain')!.split('|') : []
				});
				break;
			case 'border': {
				const edge = Number(p.get('edge'));
				const type = p.get('type');
				if (!isEdge(edge) || (type !== 'impassable' && type !== 'water')) fail(code, part);
				borders.push({ edge, type, cost: p.has('cost') ? Number(p.get('cost')) : null });
				break;
			}
			case 'future_label': {
				const c = p.get('color') as TileColor;
				if (!TILE_COLORS.includes(c)) fail(code, part);
				futureLabel = { label: p.get('label') ?? '', color: c };
				break;
			}
			case 'stub': {
				const edge = Number(p.get('edge'));
				if (!isEdge(edge)) fail(code, part);
				stubs.push(edge);
				break;
			}
			default:
				fail(code, `unknown part ${kind}`);
		}
	}
	for (const path of paths) {
		for (const end of [path.a, path.b]) {
			if (end.type === 'node' && end.node >= nodes.length) fail(code, `node _${end.node}`);
		}
	}
	const exits = new Set<Edge>();
	for (const path of paths) {
		if (path.a.type === 'edge') exits.add(path.a.edge);
		if (path.b.type === 'edge') exits.add(path.b.edge);
	}
	return {
		name,
		color,
		code,
		nodes,
		cities,
		towns,
		offboards,
		junction,
		paths,
		labels,
		upgrades,
		borders,
		futureLabel,
		stubs,
		exits: [...exits].sort((a, b) => a - b)
	};
}
