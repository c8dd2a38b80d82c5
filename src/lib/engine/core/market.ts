/**
 * The stock market: a 2-D grid of price cells, parsed from the printed rows, with movement.
 * Cell type letters (reference market notation): p = par for minors, x = par for majors,
 * e = end-game trigger, y = shares here do not count toward the certificate limit.
 */

export interface MarketCell {
	readonly price: number;
	readonly row: number;
	readonly column: number;
	readonly par: boolean;
	readonly majorPar: boolean;
	readonly endGame: boolean;
	readonly noCertLimit: boolean;
}

export interface Market {
	/** rows[r][c]; null where the printed grid has no cell. */
	readonly rows: readonly (readonly (MarketCell | null)[])[];
	/**
	 * When an "up" has no cell above, the 1822 market moves down-right instead
	 * [g_1822/stock_market.rb up]; the generic market stays put.
	 */
	readonly upFallsBackDownRight: boolean;
}

/** A corporation's place on the market. `seq` orders arrivals within a cell (lower = earlier). */
export interface MarketPosition {
	readonly row: number;
	readonly column: number;
	readonly seq: number;
}

export function parseMarket(raw: readonly (readonly string[])[], upFallsBackDownRight: boolean): Market {
	const rows = raw.map((r, row) =>
		r.map((text, column): MarketCell | null => {
			if (!text) return null;
			const m = /^(\d+)([a-z]*)$/.exec(text);
			if (!m) return null;
			const flags = m[2];
			return {
				price: Number(m[1]),
				row,
				column,
				par: flags.includes('p'),
				majorPar: flags.includes('x'),
				endGame: flags.includes('e'),
				noCertLimit: flags.includes('y')
			};
		})
	);
	return { rows, upFallsBackDownRight };
}

export function cellAt(market: Market, row: number, column: number): MarketCell | null {
	if (row < 0 || row >= market.rows.length) return null;
	const r = market.rows[row];
	if (column < 0 || column >= r.length) return null;
	return r[column] ?? null;
}

/** Par cells for majors, highest price first (the order the reference offers them). */
export function majorParCells(market: Market): MarketCell[] {
	const out: MarketCell[] = [];
	for (const r of market.rows) for (const c of r) if (c && c.majorPar) out.push(c);
	return out.sort((a, b) => b.price - a.price || a.row - b.row);
}

/** Par cells usable by minors (p and x), highest first. */
export function minorParCells(market: Market): MarketCell[] {
	const out: MarketCell[] = [];
	for (const r of market.rows) for (const c of r) if (c && (c.par || c.majorPar)) out.push(c);
	return out.sort((a, b) => b.price - a.price || a.row - b.row);
}

export type Move = 'up' | 'down' | 'left' | 'right';

type Coord = { row: number; column: number };

/**
 * One step of movement on a 2-D market (rules digest 3.9):
 * right → [r, c+1], or an "up" at a row end; left → [r, c−1], or a "down" with nothing to the
 * left; down → [r+1, c] if it exists, else stay; up → [r−1, c] if it exists, else (1822)
 * down-right [r+1, c+1] if it exists, else stay.
 */
export function moveOnce(market: Market, at: Coord, move: Move): Coord {
	const { row, column } = at;
	switch (move) {
		case 'right':
			if (cellAt(market, row, column + 1)) return { row, column: column + 1 };
			return moveOnce(market, at, 'up');
		case 'left':
			if (cellAt(market, row, column - 1)) return { row, column: column - 1 };
			return moveOnce(market, at, 'down');
		case 'down':
			if (cellAt(market, row + 1, column)) return { row: row + 1, column };
			return at;
		case 'up':
			if (cellAt(market, row - 1, column)) return { row: row - 1, column };
			if (market.upFallsBackDownRight && cellAt(market, row + 1, column + 1))
				return { row: row + 1, column: column + 1 };
			return at;
	}
}

/** "price,row,column" as used by par actions. */
export function parseSharePriceId(s: string): { price: number; row: number; column: number } | null {
	const m = /^(\d+),(\d+),(\d+)$/.exec(s.trim());
	if (!m) return null;
	return { price: Number(m[1]), row: Number(m[2]), column: Number(m[3]) };
}
