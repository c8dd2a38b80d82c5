/**
 * Converting a concession (phases 2–4) or parring a major without one (phase 5+), rules digest
 * 3.4 [g_1822/step/buy_sell_par_shares.rb process_par].
 */
import { refuse, ok, type Result } from '../../../core/result';
import type { ParAction } from '../../../core/actions';
import { cellAt, parseSharePriceId } from '../../../core/market';
import { phaseHas } from '../../../core/phases';
import { playerHolder } from '../../../core/shares';
import type { ResolvedConfig } from '../config';
import { certCount, committedCash, findPlayer, winningBids } from '../entities';
import { placeOnMarket } from '../market-ops';
import { closeCompany } from '../companies-ops';
import { checkFloat } from '../shares-ops';
import type { GameState, StockRound } from '../state';

/** The bank's contribution to a converted non-LNWR major. */
export const CONCESSION_VALUE = 100;

export interface ParPlan {
	corp: string;
	row: number;
	column: number;
	price: number;
	/** Concession converted, if any. */
	concession: string | null;
	/** What the player pays, to whom, and what the bank adds to the treasury. */
	playerPays: number;
	toTreasury: boolean;
	bankAdds: number;
}

export function concessionFor(config: ResolvedConfig, corp: string): string | null {
	for (const def of Object.values(config.companyDefs))
		if (def.kind === 'concession' && def.corporation === corp) return def.id;
	return null;
}

/** Cost of a par for `player` at `price` (shared with the queries). */
export function parTerms(
	state: GameState,
	config: ResolvedConfig,
	playerId: number,
	corpId: string,
	price: number
): Result<Omit<ParPlan, 'row' | 'column' | 'price' | 'corp'>> {
	const corp = state.corporations[corpId];
	const phase = config.phases[state.phase];
	const presPct = corp.shares.find((c) => c.president)?.percent ?? 20;
	const player = findPlayer(state, playerId);
	if (!player) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (corp.needsConcession) {
		if (!phaseHas(phase, 'can_convert_concessions'))
			return refuse('cannot_convert_yet', 'Concessions can be converted only in phases 2 to 4.');
		const concession = concessionFor(config, corpId);
		const c = concession ? state.companies[concession] : undefined;
		if (!concession || !c || c.closed || c.owner !== `player:${playerId}`)
			return refuse('no_concession', `You need the ${corpId} concession to start ${corpId}.`);
		// LNWR's director's certificate is 10%: the bank pays the par price and the player nothing.
		if (presPct === 10) return ok({ concession, playerPays: 0, toTreasury: true, bankAdds: price });
		return ok({ concession, playerPays: price * (presPct / 10) - CONCESSION_VALUE, toTreasury: true, bankAdds: CONCESSION_VALUE });
	}
	if (!phaseHas(phase, 'can_par')) return refuse('cannot_par_yet', 'Majors can be started without a concession only from phase 5.');
	return ok({ concession: null, playerPays: price * (presPct / 10), toTreasury: corp.capitalization === 'incremental', bankAdds: 0 });
}

/** Cash not committed to the player's winning bids. */
export function availableCash(round: StockRound, cash: number, playerId: number): number {
	return cash - committedCash(round, playerId);
}

export function validatePar(
	state: GameState,
	config: ResolvedConfig,
	round: StockRound,
	playerId: number,
	action: ParAction
): Result<ParPlan> {
	const corp = state.corporations[action.corporation];
	if (!corp || corp.type !== 'major') return refuse('unknown_corporation', `There is no major "${String(action.corporation)}".`);
	if (corp.ipoed) return refuse('already_started', `${corp.id} has already been started.`);
	const player = findPlayer(state, playerId);
	if (!player) return refuse('unknown_player', `There is no player ${playerId}.`);
	if (round.turn.bids > 0) return refuse('par_after_bid', 'You cannot start a major in a turn in which you bid.');
	if (player.debt > 0) return refuse('player_in_debt', 'A player in debt may not start a major.');
	const sp = typeof action.share_price === 'string' ? parseSharePriceId(action.share_price) : null;
	const cell = sp ? cellAt(config.market, sp.row, sp.column) : null;
	if (!sp || !cell || cell.price !== sp.price) return refuse('invalid_par', `"${String(action.share_price)}" is not a market cell.`);
	// The reference engine does not check the par cell (its UI does); live play does.
	if (config.mode === 'live' && !cell.majorPar) return refuse('invalid_par', `£${cell.price} is not a par price for majors.`);
	// Once concessions no longer convert, a started major's director's certificate counts against
	// the limit, with the certificates the player's winning bids will bring (rules version 2)
	// [g_1822/step/buy_sell_par_shares.rb can_ipo_any?, can_gain?, num_certs_with_bids].
	if (config.blockingSteps && !phaseHas(config.phases[state.phase], 'can_convert_concessions') && certCount(state, config, playerId) + winningBids(round, playerId).length >= config.certLimit)
		return refuse('cert_limit', 'You are at the certificate limit.');
	const terms = parTerms(state, config, playerId, corp.id, cell.price);
	if (!terms.ok) return terms;
	// Live play spends only cash not committed to winning bids, or a winning bid could later go
	// unpaid (rules digest 3.4: the UI offers pars within available cash; 3.8 "every winning bid
	// was covered by committed cash"). Recorded games keep the engine's own check on cash alone.
	const spendable = config.mode === 'live' ? availableCash(round, player.cash, playerId) : player.cash;
	if (terms.value.playerPays > spendable)
		return refuse('insufficient_cash', `Starting ${corp.id} at £${cell.price} costs £${terms.value.playerPays}; you have £${spendable} free.`);
	return ok({ corp: corp.id, row: cell.row, column: cell.column, price: cell.price, ...terms.value });
}

export function applyPar(state: GameState, config: ResolvedConfig, playerId: number, plan: ParPlan): void {
	const corp = state.corporations[plan.corp];
	const player = findPlayer(state, playerId);
	if (!player) return;
	corp.ipoed = true;
	corp.parPrice = plan.price;
	placeOnMarket(state, corp, plan.row, plan.column);
	const pres = corp.shares.find((c) => c.president);
	if (pres) pres.owner = playerHolder(playerId);
	player.cash -= plan.playerPays;
	if (plan.toTreasury) corp.cash += plan.playerPays;
	else state.bank.cash += plan.playerPays;
	if (plan.bankAdds > 0) {
		state.bank.cash -= plan.bankAdds;
		corp.cash += plan.bankAdds;
		if (state.bank.cash < 0) state.bank.broken = true;
	}
	if (plan.concession) closeCompany(state, plan.concession);
	checkFloat(state, config, corp);
}
