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

type StackKind = 'minor' | 'concession' | 'private';

/**
 * The companies of one kind in the order's sequence. Orders are replaced, never changed, so the
 * split is kept per order (the boxes are asked for at every stock-round action).
 */
function ofKind(state: GameState, config: ResolvedConfig, kind: StackKind): readonly string[] {
	let kept = byKind.get(state.companyOrder);
	if (!kept || kept.config !== config) {
		const lists: Record<string, string[]> = {};
		for (const c of state.companyOrder) (lists[config.companyDefs[c].kind] ??= []).push(c);
		kept = { config, lists };
		byKind.set(state.companyOrder, kept);
	}
	return kept.lists[kind] ?? [];
}

const byKind = new WeakMap<readonly string[], { readonly config: ResolvedConfig; readonly lists: Readonly<Record<string, string[]>> }>();

function stack(state: GameState, config: ResolvedConfig, kind: StackKind): string[] {
	return ofKind(state, config, kind).filter((c) => isUnsold(state, c));
}

/**
 * The first `count` companies of a stack that pass `keep`: `stack(…).filter(keep).slice(0, count)`
 * without listing the whole stack (the boxes are asked for on every stock-round action).
 */
function stackHead(
	state: GameState,
	config: ResolvedConfig,
	kind: StackKind,
	count: number,
	keep: (c: string) => boolean = () => true
): string[] {
	const out: string[] = [];
	const order = ofKind(state, config, kind);
	for (let i = 0; i < order.length; i++) {
		const c = order[i];
		if (out.length >= count) break;
		if (isUnsold(state, c) && keep(c)) out.push(c);
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

/**
 * Whether a company is in a bid box: `allBidBoxes(…).includes(company)`, asking only the boxes of
 * the company's own kind (each stack holds companies of one kind).
 */
export function inBidBox(state: GameState, config: ResolvedConfig, company: string): boolean {
	switch (config.companyDefs[company]?.kind) {
		case 'minor':
			return minorBoxes(state, config).includes(company);
		case 'concession':
			return concessionBoxes(state, config).includes(company);
		case 'private':
			return privateBoxes(state, config).includes(company);
		default:
			return false;
	}
}

/** Records the first four minors of the stack [g_1822/game.rb bidbox_minors_refill!]. */
export function refillMinorBoxes(state: GameState, config: ResolvedConfig): void {
	state.minorBoxCache = minorStack(state, config).slice(0, BIDBOX_MINOR_COUNT);
}
