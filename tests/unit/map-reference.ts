/**
 * Test helper: loads the reference data of each title from ../shared/reference/data
 * (relative to the project root). When the folder is absent, `referenceDataExists` is
 * false and the tests that need it are skipped; tests/support/reference-notice.ts says so once.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const referenceRoot = path.resolve(projectRoot, '../shared/reference');
export const dataDir = path.join(referenceRoot, 'data');
export const referenceDataExists = existsSync(path.join(dataDir, '1822.json'));


export interface JsonPathEnd {
	edge?: number;
	node?: number;
	kind?: string;
	index?: number;
}
export interface JsonTile {
	name: string;
	color: string;
	code: string;
	exits: number[];
	paths: {
		a: JsonPathEnd;
		b: JsonPathEnd;
		terminal?: number;
		ignore?: number;
		lanes?: { a: [number, number]; b: [number, number] };
	}[];
	cities: {
		revenue: unknown;
		slots: number;
		reservations: (string | null)[];
		loc?: string;
		groups?: string[];
		visit_cost?: number;
	}[];
	towns: { revenue: unknown; loc?: string }[];
	offboards: { revenue: unknown; visit_cost?: number }[];
	labels: string[];
	upgrades: { cost: number; terrains: string[] }[];
	borders: { edge: number; type: string; cost?: number }[];
	junction?: boolean;
	future_label?: { label: string; color: string };
	stubs?: { edge: number }[];
	reservations?: string[];
	count?: number;
	upgrades_to?: string[];
	upgrades_to_only_by_town_removal?: string[];
}
export interface JsonHex {
	id: string;
	x: number;
	y: number;
	location_name: string | null;
	tile: JsonTile;
	neighbors: Record<string, string>;
	all_neighbors: Record<string, string>;
	upgrade_candidates: string[];
	upgrade_candidates_base_rules?: string[];
}
export interface JsonCorporation {
	id: string;
	type: string;
	coordinates: string | null;
	city: number | null;
	destination_coordinates: string | null;
}
export interface JsonTitle {
	title: string;
	counts: { hexes: number; tile_names: number; tile_instances: number };
	hexes: JsonHex[];
	tiles: (JsonTile & { count: number; instances: number })[];
	corporations: JsonCorporation[];
	phases: { name: string; tiles: string[]; status: string[] }[];
	constants: { game: Record<string, unknown> };
}

const cache = new Map<string, JsonTitle>();

/** file: "1822", "1822-plus", "1822NRS", "1822MRS". */
export function loadTitle(file: string): JsonTitle {
	let t = cache.get(file);
	if (!t) {
		t = JSON.parse(readFileSync(path.join(dataDir, `${file}.json`), 'utf8')) as JsonTitle;
		cache.set(file, t);
	}
	return t;
}

/**
 * The title, read on first use: a suite skipped for want of the data can name it while it
 * collects its tests without reading a file that is not there.
 */
export function lazyTitle(file: string): JsonTitle {
	return new Proxy({} as JsonTitle, { get: (_target, key) => loadTitle(file)[key as keyof JsonTitle] });
}
