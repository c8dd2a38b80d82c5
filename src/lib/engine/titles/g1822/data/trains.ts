// Facts from the reference engine (tobymao/18xx, g_1822) as dumped in ../shared/reference/data.
// Generated once; edit by hand from here on.

import type { TrainDef } from './types';

export const TRAINS_1822: readonly TrainDef[] = [
	{"name": "L", "price": 60, "num": 22, "rustsOn": "3", "variants": [{"name": "2", "price": 120, "rustsOn": "4"}], "events": [], "distance": "local"},
	{"name": "3", "price": 200, "num": 9, "rustsOn": "6", "variants": [], "events": [], "distance": 3},
	{"name": "4", "price": 300, "num": 6, "rustsOn": "7", "variants": [], "events": [], "distance": 4},
	{"name": "5", "price": 500, "num": 3, "rustsOn": null, "variants": [], "events": ["close_concessions"], "distance": 5},
	{"name": "6", "price": 600, "num": 3, "rustsOn": null, "variants": [], "events": ["full_capitalisation"], "distance": 6},
	{"name": "7", "price": 750, "num": -1, "rustsOn": null, "variants": [{"name": "E", "price": 1000, "rustsOn": null}], "events": ["phase_revenue"], "distance": 7},
	{"name": "2P", "price": 0, "num": 2, "rustsOn": null, "variants": [], "events": [], "distance": 2, "reservedFor": {"2P-0": "P3", "2P-1": "P4"}},
	{"name": "LP", "price": 0, "num": 1, "rustsOn": null, "variants": [], "events": [], "distance": "local", "reservedFor": {"LP-0": "P19"}},
	{"name": "5P", "price": 500, "num": 1, "rustsOn": null, "variants": [], "events": [], "distance": 5, "reservedFor": {"5P-0": "P1"}},
	{"name": "P+", "price": 0, "num": 2, "rustsOn": null, "variants": [], "events": [], "distance": "local", "reservedFor": {"P+-0": "P13", "P+-1": "P14"}},
];
