/**
 * A scenario map's hex table from the 1822 table: the scenario's hex ids in order, each taken
 * from the scenario's own rows when it differs (or is not on the 1822 map), else from 1822.
 */
import type { HexRow } from '../../../core/board-map';

export function hexesFrom(base: readonly HexRow[], order: readonly string[], own: readonly HexRow[]): HexRow[] {
	const byId = new Map<string, HexRow>(base.map((r) => [r[0], r]));
	for (const r of own) byId.set(r[0], r);
	return order.map((id) => {
		const row = byId.get(id);
		// The generator lists every id of ORDER in one of the two tables.
		if (!row) throw new Error(`hex ${id} is in neither table`);
		return row;
	});
}
