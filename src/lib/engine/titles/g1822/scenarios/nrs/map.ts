/**
 * The 1822NRS map (the north; London and Wales as off-map exits).
 */
import { buildMap, type MapDef } from '../../../../core/board-map';
import { TILE_CATALOGUE } from '../../map/tile-catalogue';
import { MANIFEST_NRS } from '../../map/tile-manifests';
import {
	NRS_DESTINATIONS,
	NRS_HEXES,
	NRS_HOMES,
	NRS_TILE_RESERVATIONS,
	NRS_TRACK_RIGHTS
} from './map-data';

export const MAP_NRS: MapDef = buildMap({
	title: '1822NRS',
	hexes: NRS_HEXES,
	homes: NRS_HOMES,
	destinations: NRS_DESTINATIONS,
	trackRights: NRS_TRACK_RIGHTS,
	tileReservations: NRS_TILE_RESERVATIONS,
	catalogue: TILE_CATALOGUE,
	manifest: MANIFEST_NRS
});
