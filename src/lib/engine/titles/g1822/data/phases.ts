// Facts from the reference engine (tobymao/18xx, g_1822) as dumped in ../shared/reference/data.
// Generated once; edit by hand from here on.

import type { PhaseDef } from './types';

export const PHASES_1822: readonly PhaseDef[] = [
	{"name": "1", "on": [], "trainLimit": {"minor": 2, "major": 4}, "tiles": ["yellow"], "status": ["minor_float_phase1"], "operatingRounds": 1},
	{"name": "2", "on": ["2", "3"], "trainLimit": {"minor": 2, "major": 4}, "tiles": ["yellow"], "status": ["can_convert_concessions", "minor_float_phase2"], "operatingRounds": 2},
	{"name": "3", "on": ["3"], "trainLimit": {"minor": 2, "major": 4}, "tiles": ["yellow", "green"], "status": ["can_buy_trains", "can_convert_concessions", "minor_float_phase3on"], "operatingRounds": 2},
	{"name": "4", "on": ["4"], "trainLimit": {"minor": 1, "major": 3}, "tiles": ["yellow", "green"], "status": ["can_buy_trains", "can_convert_concessions", "minor_float_phase3on"], "operatingRounds": 2},
	{"name": "5", "on": ["5"], "trainLimit": {"minor": 1, "major": 2}, "tiles": ["yellow", "green", "brown"], "status": ["can_buy_trains", "can_acquire_minor_bidbox", "can_par", "minors_green_upgrade", "minor_float_phase3on"], "operatingRounds": 2},
	{"name": "6", "on": ["6"], "trainLimit": {"minor": 1, "major": 2}, "tiles": ["yellow", "green", "brown"], "status": ["can_buy_trains", "can_acquire_minor_bidbox", "can_par", "full_capitalisation", "minors_green_upgrade", "minor_float_phase3on"], "operatingRounds": 2},
	{"name": "7", "on": ["7"], "trainLimit": {"minor": 1, "major": 2}, "tiles": ["yellow", "green", "brown", "gray"], "status": ["can_buy_trains", "can_acquire_minor_bidbox", "can_par", "full_capitalisation", "minors_green_upgrade", "minor_float_phase3on"], "operatingRounds": 2},
];
