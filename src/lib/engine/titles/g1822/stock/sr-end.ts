/**
 * End-of-stock-round resolution, in the reference's order (rules digest 3.8)
 * [g_1822/round/stock.rb finish_round].
 */
import { phaseHas } from '../../../core/phases';
import { playerHolder, percentHeldBy } from '../../../core/shares';
import { trainTypeOf } from '../../../core/trains';
import type { ResolvedConfig } from '../config';
import { LOAN_INTEREST_PERCENT, MINOR_START_PAR_PRICE } from '../data/constants';
import { findPlayer, highestBid, isPlayerLike, playerOwner } from '../entities';
import { minorParCell, moveCorporation, placeOnMarket } from '../market-ops';
import { removeTrainAsPurchase } from '../trains-ops';
import type { GameState, StockRound } from '../state';
import { concessionBoxes, minorBoxes, privateBoxes, refillMinorBoxes } from './bidboxes';
import { operatingOrder } from '../operating/order';

/** Largest par cell value ≤ floor(bid / 2), capped at 100 [g_1822/game.rb minor_float_share_price]. */
export function minorFloatPrice(config: ResolvedConfig, phase: number, bid: number): number {
	if (phaseHas(config.phases[phase], 'minor_float_phase1')) return MINOR_START_PAR_PRICE;
	const half = Math.floor(bid / 2);
	const pars = [100, 90, 80, 70, 60, 50];
	return pars.find((p) => p <= half) ?? MINOR_START_PAR_PRICE;
}

/** Treasury of a newly floated minor [minor_float_starting_cash]: 2 × par in phases 1–2, the bid after. */
export function minorFloatTreasury(config: ResolvedConfig, phase: number, bid: number, par: number): number {
	return phaseHas(config.phases[phase], 'minor_float_phase3on') ? bid : par * 2;
}

function deleteCompany(state: GameState, company: string): void {
	delete state.companies[company];
	state.companyOrder = state.companyOrder.filter((c) => c !== company);
}

function sellBoxedCompany(state: GameState, round: StockRound, company: string): void {
	const win = highestBid(round, company);
	const c = state.companies[company];
	if (!win) {
		c.owner = null;
		return;
	}
	const player = findPlayer(state, win.player);
	if (!player) return;
	player.cash -= win.price;
	state.bank.cash += win.price;
	c.owner = playerOwner(player.id);
	player.companies.push(company);
}

function floatMinor(state: GameState, config: ResolvedConfig, company: string, playerId: number, bid: number): void {
	const corpId = config.companyDefs[company].corporation as string;
	const corp = state.corporations[corpId];
	const player = findPlayer(state, playerId);
	if (!corp || !player) return;
	const par = minorFloatPrice(config, state.phase, bid);
	const treasury = minorFloatTreasury(config, state.phase, bid, par);
	const cell = minorParCell(config, par);
	if (cell) placeOnMarket(state, corp, cell.row, cell.column);
	corp.parPrice = par;
	corp.ipoed = true;
	corp.floated = true;
	const cert = corp.shares.find((c) => c.president);
	if (cert) cert.owner = playerHolder(playerId);
	// The player pays the whole bid; the treasury gets its share and the rest goes to the bank.
	player.cash -= bid;
	corp.cash += treasury;
	state.bank.cash += bid - treasury;
	deleteCompany(state, company);
}

/** Returns true when the game ended (a first stock round with no bid at all). */
export function finishStockRound(state: GameState, config: ResolvedConfig, round: StockRound): boolean {
	// 1. No bid ever placed: the game ends at once, nothing else resolves.
	if (!state.bidPlaced) {
		state.end.finished = true;
		state.end.reason = 'dnf';
		return true;
	}
	// 2. Minor boxes, box 1 to 4.
	const minors = minorBoxes(state, config);
	const toFloat: { company: string; player: number; price: number; box: number }[] = [];
	let unbid = 0;
	let boxOneUnbid: string | null = null;
	minors.forEach((m, box) => {
		const win = highestBid(round, m);
		if (win) toFloat.push({ company: m, player: win.player, price: win.price, box });
		else {
			state.companies[m].owner = null;
			unbid += 1;
			if (box === 0) boxOneUnbid = m;
		}
	});
	// 3–4. Concessions, then privates.
	for (const c of concessionBoxes(state, config)) sellBoxedCompany(state, round, c);
	for (const c of privateBoxes(state, config)) sellBoxedCompany(state, round, c);
	// 5. Minor floats: highest bid first, ties to the lower box.
	toFloat.sort((a, b) => b.price - a.price || a.box - b.box);
	for (const f of toFloat) floatMinor(state, config, f.company, f.player, f.price);
	// 6. One L per unbid minor while Ls are next; these removals trigger nothing.
	for (let i = 0; i < unbid; i++) {
		const next = state.depot.upcoming[0];
		if (!next || trainTypeOf(next) !== 'L') break;
		state.depot.upcoming.shift();
	}
	// 7. Box 1 unbid: the next train leaves as if bought; the minor closes.
	if (boxOneUnbid) {
		removeTrainAsPurchase(state, config);
		const corpId = config.companyDefs[boxOneUnbid].corporation as string;
		const corp = state.corporations[corpId];
		if (corp) corp.closed = true;
		// Its home reservation is released [rules digest 3.8 step 7].
		state.board = { ...state.board, reservations: state.board.reservations.filter((r) => r !== corpId) };
		deleteCompany(state, boxOneUnbid);
	}
	// 8. Refill the minor boxes.
	refillMinorBoxes(state, config);
	// 9. Loan interest.
	for (const p of state.players)
		if (p.debt > 0) p.debt += Math.ceil((p.debt * LOAN_INTEREST_PERCENT) / 100);
	// 10. Sold-out majors move up once.
	for (const id of operatingOrder(state, config)) {
		const corp = state.corporations[id];
		if (corp.type !== 'major') continue;
		if (percentHeldBy(corp.shares, isPlayerLike) >= 100) moveCorporation(state, config, corp, 'up');
	}
	// Unsold boxed companies go back to having no owner.
	for (const [id, c] of Object.entries(state.companies)) if (c.owner === 'bank') state.companies[id].owner = null;
	return false;
}
