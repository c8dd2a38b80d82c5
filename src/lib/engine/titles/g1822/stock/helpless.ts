/**
 * Players with nothing legal to do in a stock round (in debt, no cash, nothing to sell) are
 * passed automatically (rules digest 3.7), so the turn skips them.
 */
import { percentHeld, playerHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import type { GameState, StockRound } from '../state';
import { MARKET_SHARE_LIMIT } from './sell';
import { sellOptions } from './queries';
import { endTurn } from './turn';

export function isHelpless(state: GameState, config: ResolvedConfig, playerId: number): boolean {
	const p = state.players.find((x) => x.id === playerId);
	if (!p || p.debt <= 0 || p.cash > 0 || sellOptions(state, config, p.id).length > 0) return false;
	return !(config.blockingSteps && referenceOffersDump(state, playerId));
}

/**
 * The reference offers the sale of a director's certificate whenever another holder has at
 * least its percent, and it counts the Tax Haven as such a holder [share_bundle.rb can_dump?;
 * corporation.rb player_share_holders] (the Tax Haven is a player there [g_1822/game.rb setup]).
 * When the Tax Haven is among those who would take over, making the sale fails there, so this
 * engine refuses it (sell.ts); but while it is offered the player's turn is not empty and waits
 * for a pass [g_1822/step/buy_sell_par_shares.rb actions]. The smallest bundle with the
 * certificate is the player's ordinary certificates plus one share's worth of it
 * [game/base.rb all_bundles_for_corporation, partial_bundles_for_presidents_share]; it must fit
 * the market [share_pool.rb fit_in_bank?] and the company must have operated
 * [game/base.rb check_sale_timing].
 */
export function referenceOffersDump(state: GameState, playerId: number): boolean {
	const holder = playerHolder(playerId);
	return Object.values(state.corporations).some((corp) => {
		if (corp.type !== 'major' || corp.operated < 1) return false;
		const pres = corp.shares.find((c) => c.president);
		if (!pres || pres.owner !== holder) return false;
		const smallest = percentHeld(corp.shares, holder) - pres.percent + 10;
		if (percentHeld(corp.shares, 'pool') + smallest > MARKET_SHARE_LIMIT) return false;
		const others = new Set(corp.shares.map((c) => c.owner).filter((o) => o !== holder && (o === 'taxhaven' || o.startsWith('player:'))));
		return [...others].some((o) => percentHeld(corp.shares, o) >= pres.percent);
	});
}

/** Skips helpless players from the current one on; returns true when everyone has passed. */
export function skipHelplessPlayers(state: GameState, config: ResolvedConfig, round: StockRound): boolean {
	for (let k = 0; k < state.players.length; k++) {
		const p = state.players[round.current];
		if (!isHelpless(state, config, p.id)) return false;
		if (!round.passed.includes(p.id)) round.passed.push(p.id);
		if (endTurn(state, round)) return true;
	}
	return round.passed.length >= state.players.length;
}
