/**
 * Bid boxes (rules digest 1.4): 4 minor boxes from a cache refreshed at the start and end of
 * each stock round; 3 concession and 3 private boxes computed live from the stacks. In 1822+
 * without single stack, private box k holds the first remaining private of category k.
 */
import type { ResolvedConfig } from '../config';
import {
	BIDBOX_CONCESSION_COUNT,
	BIDBOX_MINOR_COUNT,
	BIDBOX_PRIVATE_COUNT,
	PLUS_BIDBOX
} from '../data/constants';
import { isUnsold } from '../entities';
import type { GameState } from '../state';

function stack(state: GameState, config: ResolvedConfig, kind: 'minor' | 'concession' | 'private'): string[] {
	return state.companyOrder.filter((c) => config.companyDefs[c].kind === kind && isUnsold(state, c));
}

/**
 * The first `count` companies of a stack that pass `keep`: `stack(…).filter(keep).slice(0, count)`
 * without listing the whole stack (the boxes are asked for on every stock-round action).
 */
function stackHead(
	state: GameState,
	config: ResolvedConfig,
	kind: 'minor' | 'concession' | 'private',
	count: number,
	keep: (c: string) => boolean = () => true
): string[] {
	const out: string[] = [];
	const order = state.companyOrder;
	for (let i = 0; i < order.length; i++) {
		const c = order[i];
		if (out.length >= count) break;
		if (config.companyDefs[c].kind === kind && isUnsold(state, c) && keep(c)) out.push(c);
	}
	return out;
}

export function minorStack(state: GameState, config: ResolvedConfig): string[] {
	return stack(state, config, 'minor');
}

export function minorBoxes(state: GameState, config: ResolvedConfig): string[] {
	return stackHead(state, config, 'minor', BIDBOX_MINOR_COUNT, (m) => state.minorBoxCache.includes(m));
}

export function concessionBoxes(state: GameState, config: ResolvedConfig): string[] {
	return stackHead(state, config, 'concession', BIDBOX_CONCESSION_COUNT);
}

export function privateBoxes(state: GameState, config: ResolvedConfig): string[] {
	if (config.rules.plusExpansion && !config.rules.singleStack) {
		const privates = stack(state, config, 'private');
		const out: string[] = [];
		for (const box of PLUS_BIDBOX) {
			const first = privates.find((p) => box.includes(p));
			if (first) out.push(first);
		}
		return out;
	}
	return stackHead(state, config, 'private', BIDBOX_PRIVATE_COUNT);
}

/** All boxes in display order: minors, concessions, privates. */
export function allBidBoxes(state: GameState, config: ResolvedConfig): string[] {
	return [...minorBoxes(state, config), ...concessionBoxes(state, config), ...privateBoxes(state, config)];
}

/** Records the first four minors of the stack [g_1822/game.rb bidbox_minors_refill!]. */
export function refillMinorBoxes(state: GameState, config: ResolvedConfig): void {
	state.minorBoxCache = minorStack(state, config).slice(0, BIDBOX_MINOR_COUNT);
}
