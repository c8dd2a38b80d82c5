/**
 * The 1822MRS map (the south and centre, with London and the English Channel).
 */
import { buildMap, type MapDef } from '../../../../core/board-map';
import { TILE_CATALOGUE } from '../../map/tile-catalogue';
import { MANIFEST_MRS } from '../../map/tile-manifests';
import {
	MRS_DESTINATIONS,
	MRS_HEXES,
	MRS_HOMES,
	MRS_TILE_RESERVATIONS,
	MRS_TRACK_RIGHTS
} from './map-data';

export const MAP_MRS: MapDef = buildMap({
	title: '1822MRS',
	hexes: MRS_HEXES,
	homes: MRS_HOMES,
	destinations: MRS_DESTINATIONS,
	trackRights: MRS_TRACK_RIGHTS,
	tileReservations: MRS_TILE_RESERVATIONS,
	catalogue: TILE_CATALOGUE,
	manifest: MANIFEST_MRS
});
