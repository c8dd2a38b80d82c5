/**
 * The position before a step, as the log's sentences and the stats read it, without copying the
 * whole game (issue 11: a long game opens fast).
 *
 * The replay plays each step on one in-place game (history-replay.ts); a full copy of the state
 * before every step was most of the time the log took to build. A sentence reads few things from
 * the position before its action: names, cash, share owners, trains held, card owners, stations on
 * the board, the round (and its bids) and whether the game had ended. Those are copied (money,
 * trains and stations only for the few actions whose sentence reads them); the rest (setup, map,
 * market, depot...) is shared with the live game and shows the position after.
 */
import type { Action, GameState } from '../engine';

/**
 * The round's own fields and, in a stock round, its bids; in an operating round, its order
 * (nested parts of an operating turn are shared).
 */
function roundBefore(round: GameState['round']): GameState['round'] {
	if (round.kind === 'operating') return { ...round, order: [...round.order] };
	if (round.kind !== 'stock') return { ...round };
	const bids: Record<string, (typeof round.bids)[string]> = {};
	for (const [company, list] of Object.entries(round.bids)) bids[company] = list.map((b) => ({ ...b }));
	return { ...round, bids };
}

/**
 * Actions whose sentence reads money, trains or stations from the position before (what a lay,
 * a station, a run or a train cost or paid, and who sold the train): log-sentences.ts
 * describeAction. Any other sentence reads names and the round only.
 */
const READS_MONEY: ReadonlySet<string> = new Set(['lay_tile', 'place_token', 'run_routes', 'buy_train']);

/**
 * A view of `state` that keeps its readings of the round (its own fields and bids), turn and end
 * once `state` moves on; for an `action` that reads money (or with no action named), of players,
 * corporations in play (cash, president's certificate, trains), companies and stations too.
 * Read-only; only those readings are meaningful (state/log-sentences.ts describeAction and
 * results, state/game-stats.ts operatingNow). The unit tests compare every sentence of recorded
 * games with one read against whole copies, so a reading added there without a copy here fails.
 */
export function positionBefore(state: Readonly<GameState>, action?: Action): GameState {
	const light: GameState = { ...(state as GameState), round: roundBefore(state.round), end: { ...state.end } };
	if (action && !READS_MONEY.has(action.type)) return light;
	const corporations: GameState['corporations'] = {};
	for (const [id, c] of Object.entries(state.corporations)) {
		// One not yet started (it has no cash, trains or president to read) or already closed is shared.
		const inPlay = !c.closed && (c.floated || c.ipoed);
		corporations[id] = inPlay ? { ...c, shares: c.shares.map((s) => (s.president ? { ...s } : s)), trains: [...c.trains] } : c;
	}
	const companies: GameState['companies'] = {};
	for (const [id, c] of Object.entries(state.companies)) companies[id] = { ...c };
	return {
		...light,
		players: state.players.map((p) => ({ ...p })),
		corporations,
		companies,
		board: { ...state.board, tokens: state.board.tokens.map((t) => ({ ...t })) }
	};
}
