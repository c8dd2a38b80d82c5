/**
 * Share movements for majors: floating (rules digest 3.10), presidency changes, and where the
 * money of a treasury sale goes.
 */
import {
	firstCertsHeld,
	holderPlayerId,
	moveCerts,
	percentHeld,
	playerHolder,
	transferCerts,
	type ShareCert,
	type ShareHolder
} from '../../core/shares';
import type { ResolvedConfig } from './config';
import { sharePrice } from './entities';
import type { CorporationState, GameState } from './state';

/** Percent no longer in the treasury (players, market, tax haven). */
export function percentOutOfTreasury(corp: CorporationState): number {
	let p = 0;
	for (const c of corp.shares) if (c.owner !== 'treasury') p += c.percent;
	return p;
}

export function presidentId(corp: CorporationState): number | null {
	const pres = corp.shares.find((c) => c.president);
	return pres ? holderPlayerId(pres.owner) : null;
}

/**
 * Floats a major once enough has left the treasury. Under full capitalisation (phase 6+) the
 * treasury's cash goes back to the bank, the remaining treasury shares go to the market, and the
 * bank pays ten times the price [g_1822/game.rb float_corporation].
 */
export function checkFloat(state: GameState, config: ResolvedConfig, corp: CorporationState): void {
	if (corp.floated || corp.type !== 'major' || !corp.ipoed) return;
	if (percentOutOfTreasury(corp) < corp.floatPercent) return;
	corp.floated = true;
	if (corp.capitalization === 'full') {
		state.bank.cash += corp.cash;
		corp.cash = 0;
		moveCerts(corp.shares, (c) => c.owner === 'treasury', 'pool');
		const price = sharePrice(config, corp) ?? 0;
		state.bank.cash -= price * 10;
		corp.cash += price * 10;
		if (state.bank.cash < 0) state.bank.broken = true;
		corp.capitalization = 'incremental';
	}
}

/**
 * Moves the president's certificate to the player-like holder with the most shares when that
 * holder has strictly more than the president; the old president takes back the same percent in
 * ordinary certificates. The Tax Haven never becomes president.
 */
export function checkPresidency(state: GameState, corp: CorporationState): void {
	const pres = corp.shares.find((c) => c.president);
	if (!pres) return;
	const current = holderPlayerId(pres.owner);
	if (current === null) return;
	let best = current;
	let bestPct = percentHeld(corp.shares, pres.owner);
	// Seat order starting after the president breaks ties in their favour (first found wins).
	const order = state.players.map((p) => p.id);
	const start = order.indexOf(current);
	for (let k = 1; k < order.length; k++) {
		const id = order[(start + k) % order.length];
		const pct = percentHeld(corp.shares, playerHolder(id));
		if (pct > bestPct) {
			best = id;
			bestPct = pct;
		}
	}
	if (best !== current) handOverPresidency(corp, pres, playerHolder(best), playerHolder(current));
}

/**
 * The new president takes the president's certificate and hands over their first ordinary
 * certificates (arrival order) of the same percent to `swapTo`: the old president after a
 * purchase, or the old president or the market after a sale [share_pool.rb change_president;
 * game/base.rb shares_for_presidency_swap takes the first ones].
 */
export function handOverPresidency(corp: CorporationState, pres: ShareCert, to: ShareHolder, swapTo: ShareHolder): void {
	const given = firstCertsHeld(corp.shares, to, pres.percent / 10, (c) => !c.president);
	transferCerts(corp.shares, given, swapTo);
	transferCerts(corp.shares, [pres], to);
}
