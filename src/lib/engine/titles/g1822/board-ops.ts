/**
 * The map side of the state: which map a title uses, the track graph that follows the board
 * (rebuilt or updated on demand, never stored in the state), and home-token placement.
 */
import type { MapDef } from '../../core/board-map';
import type { BoardState } from '../../core/board-state';
import { corporationId } from '../../core/ids';
import { TrackGraph } from '../../core/track-graph';
import { LATEST_BLOCKING, type BlockingRules } from '../../core/board';
import { configOf, type ResolvedConfig } from './config';
import { MAP_1822 } from './map/map-1822';
import { MAP_NRS } from './scenarios/nrs/map';
import { MAP_MRS } from './scenarios/mrs/map';
import type { TitleId } from './title-def';
import type { GameState } from './state';
import { placeHomeToken, validateDestinationToken } from './map/stations';
import { charterHexes, placeCharterToken } from './charter';

/**
 * Hexes of the corporation's station tokens in charter order: the printed tokens as placed, the
 * destination token, then tokens added from the exchange area, as placed.
 */
export function tokenHexes(state: GameState, corpId: string): string[] {
	const corp = state.corporations[corpId];
	return corp ? charterHexes(corp) : [];
}

export function hasPlacedTokens(state: GameState, corpId: string): boolean {
	return state.board.tokens.some((t) => t.corporation === corpId);
}

export function mapFor(title: TitleId): MapDef {
	switch (title) {
		case '1822':
			return MAP_1822;
		case '1822NRS':
			return MAP_NRS;
		case '1822MRS':
			return MAP_MRS;
	}
}

const BLOCKING_BEFORE_V5: BlockingRules = { reservedSlotsOpen: false };

/** How cities block track under the game's rules version. */
export function blockingRules(config: Pick<ResolvedConfig, 'reservedSlotsOpen'>): BlockingRules {
	return config.reservedSlotsOpen ? LATEST_BLOCKING : BLOCKING_BEFORE_V5;
}

let cached: { map: MapDef; graph: TrackGraph } | null = null;

/** The track graph for a board under the game's rules; one graph is kept and updated as boards change. */
export function graphFor(map: MapDef, board: BoardState, config: Pick<ResolvedConfig, 'reservedSlotsOpen'>): TrackGraph {
	const rules = blockingRules(config);
	if (!cached || cached.map !== map || cached.graph.rules !== rules) cached = { map, graph: new TrackGraph(map, board, rules) };
	else cached.graph.update(board);
	return cached.graph;
}

/**
 * Places a corporation's home token at the start of its first turn (HOME_TOKEN_TIMING
 * "operate"). LNWR also places its destination token then (rules digest 5.2). M14 chooses
 * its London city first, so nothing is placed for it here.
 */
export function placeHome(state: GameState, corpId: string): void {
	const corp = state.corporations[corpId];
	if (!corp || hasPlacedTokens(state, corpId) || corpId === '14') return;
	const map = mapFor(state.setup.title);
	const home = map.homes.get(corporationId(corpId));
	if (!home) return;
	const placed = placeHomeToken(map, state.board, corporationId(corpId));
	if (!placed.ok) return;
	state.board = placed.value;
	const home_ = placed.value.tokens[placed.value.tokens.length - 1];
	placeCharterToken(corp, home_.hex, home_.city);
	if (corpId === 'LNWR') {
		const dest = map.destinations.get(corporationId(corpId));
		if (!dest) return;
		const r = validateDestinationToken(map, state.board, graphFor(map, state.board, configOf(state.setup)), corporationId(corpId), dest, {
			force: true,
			ownPlace: configOf(state.setup).destinationOwnPlace
		});
		if (r.ok) {
			state.board = r.value.board;
			placeCharterToken(corp, dest, 0, 'destination');
		}
	}
}
