/**
 * Final value of each player (rules digest 11) [player.rb value; g_1822/game.rb player_value]:
 * cash, shares at market value (a minor certificate at 2 × price), concessions at £100, the Tax
 * Haven's purse and shares for its owner, less debt.
 */
import { playerHolder } from '../../core/shares';
import type { ResolvedConfig } from './config';
import { TAX_HAVEN } from './data/constants';
import { sharePrice } from './entities';
import type { GameState } from './state';

function certValue(config: ResolvedConfig, type: 'minor' | 'major', percent: number, price: number): number {
	return type === 'minor' ? price * 2 : (price * percent) / 10;
}

export function playerValues(state: GameState, config: ResolvedConfig): Record<string, number> {
	const out: Record<string, number> = {};
	const thOwner = state.companies[TAX_HAVEN]?.owner;
	const thPlayer = thOwner && thOwner.startsWith('player:') ? Number(thOwner.slice(7)) : null;
	for (const p of state.players) {
		let v = p.cash - p.debt;
		const holder = playerHolder(p.id);
		for (const corp of Object.values(state.corporations)) {
			if (!corp.ipoed || corp.closed) continue;
			const price = sharePrice(config, corp) ?? 0;
			for (const c of corp.shares) {
				if (c.owner === holder || (c.owner === 'taxhaven' && thPlayer === p.id))
					v += certValue(config, corp.type, c.percent, price);
			}
		}
		for (const id of p.companies) v += config.companyDefs[id]?.value ?? 0;
		if (thPlayer === p.id) v += state.taxHaven.cash;
		out[String(p.id)] = v;
	}
	return out;
}
