/**
 * The 1822 map (all of Great Britain). 1822+ uses the same hexes; only the home
 * reservations of minors 25–30 differ, and those come from the homes table.
 */
import { buildMap, type MapDef } from '../../../core/board-map';
import {
	G1822_DESTINATIONS,
	G1822_HEXES,
	G1822_HOMES,
	G1822_TILE_RESERVATIONS,
	G1822_TRACK_RIGHTS
} from './hexes-1822-data';
import { TILE_CATALOGUE } from './tile-catalogue';
import { MANIFEST_1822 } from './tile-manifests';

export const MAP_1822: MapDef = buildMap({
	title: '1822',
	hexes: G1822_HEXES,
	homes: G1822_HOMES,
	destinations: G1822_DESTINATIONS,
	trackRights: G1822_TRACK_RIGHTS,
	tileReservations: G1822_TILE_RESERVATIONS,
	catalogue: TILE_CATALOGUE,
	manifest: MANIFEST_1822
});
