/**
 * What the 1822 route rules need to judge a company's run: explicit inputs, so the
 * operating round, the route finder and tests can all call them.
 */
import type { MapDef } from '../../../core/board-map';
import type { BoardState } from '../../../core/board-state';
import { LATEST_BLOCKING, type BlockingRules } from '../../../core/board';
import type { CorporationId, TrainId } from '../../../core/ids';
import { RouteBoard } from '../../../core/route-board';
import type { PhaseColor } from '../../../core/tile';
import type { SpecialHexes } from '../map/special-hexes';
import type { RouteTrain } from './trains';

export interface RouteContext {
	readonly rb: RouteBoard;
	readonly special: SpecialHexes;
	readonly corporation: CorporationId;
	/** Majors may hold a destination token and mail contracts; minors never. */
	readonly major: boolean;
	/** Tile colours of the current phase (revenue by phase). */
	readonly phaseColors: readonly PhaseColor[];
	/** The company's trains that may run, by id (a P+ already attached where chosen). */
	readonly trains: ReadonlyMap<TrainId, RouteTrain>;
	/** Mail contracts (P6, P7) the company owns. */
	readonly mailContracts: number;
}

export interface RouteContextInput {
	readonly map: MapDef;
	readonly board: BoardState;
	readonly special: SpecialHexes;
	readonly corporation: CorporationId;
	readonly major: boolean;
	readonly phaseColors: readonly PhaseColor[];
	readonly trains: readonly RouteTrain[];
	readonly mailContracts?: number;
	/** How cities block track under the game's rules (the latest when not given). */
	readonly rules?: BlockingRules;
	/** Reuse a board view already built for this board. */
	readonly rb?: RouteBoard;
}

export function routeContext(input: RouteContextInput): RouteContext {
	const rules = input.rules ?? LATEST_BLOCKING;
	const rb = input.rb && input.rb.board === input.board && input.rb.rules === rules ? input.rb : new RouteBoard(input.map, input.board, rules);
	return {
		rb,
		special: input.special,
		corporation: input.corporation,
		major: input.major,
		phaseColors: input.phaseColors,
		trains: new Map(input.trains.map((t) => [t.id, t])),
		mailContracts: input.major ? (input.mailContracts ?? 0) : 0
	};
}
