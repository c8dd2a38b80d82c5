/**
 * Operating order (rules digest 5.1) [g_1822/game.rb operating_order]: floated minors first,
 * then majors; each by price (high first), column (right first), row (top first), arrival in
 * the cell, then name.
 */
import { cellAt } from '../../../core/market';
import type { ResolvedConfig } from '../config';
import type { CorporationState, GameState } from '../state';

function compare(config: ResolvedConfig, a: CorporationState, b: CorporationState): number {
	const pa = a.price;
	const pb = b.price;
	if (!pa || !pb) return (pa ? -1 : 1) - (pb ? -1 : 1);
	const priceA = cellAt(config.market, pa.row, pa.column)?.price ?? 0;
	const priceB = cellAt(config.market, pb.row, pb.column)?.price ?? 0;
	return (
		priceB - priceA ||
		pb.column - pa.column ||
		pa.row - pb.row ||
		pa.seq - pb.seq ||
		(a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	);
}

export function operatingOrder(state: GameState, config: ResolvedConfig): string[] {
	const floated = Object.values(state.corporations).filter((c) => c.floated && !c.closed);
	const minors = floated.filter((c) => c.type === 'minor').sort((a, b) => compare(config, a, b));
	const majors = floated.filter((c) => c.type === 'major').sort((a, b) => compare(config, a, b));
	return [...minors, ...majors].map((c) => c.id);
}
