/**
 * Certificate order against the recorded games. On 18xx.games a player buys a share with a button
 * that takes the first certificate the market (or the treasury) holds, and buy programs do the
 * same [assets/app/view/game/buy_sell_shares.rb; step/buy_sell_par_shares.rb
 * activate_program_buy_shares]. So every recorded purchase by a player names the first
 * certificate of its source in the site's engine, and ours must hold that same certificate first:
 * otherwise a purchase made here and exported would name a certificate the site does not hold
 * where it expects it. Issues and redemptions name whole bundles; they must name certificates of
 * the right holder (checked by replay) and, taken from the start of the holder's list, the same
 * ones the site's bundles take.
 * The games live in ../shared/reference (relative to the project root); without it this suite is
 * skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/lib/engine/index';
import { parseShareId } from '../../src/lib/engine/core/shares';
import { batchOf, newReferenceGame, referenceGames, referencePresent } from '../support/reference-games';

/** Ids of a holder's certificates of one corporation, in the order the holder keeps them. */
function held(state: GameState, corporation: string, holder: string): string[] {
	const corp = state.corporations[corporation];
	return corp ? corp.shares.filter((c) => c.owner === holder && !c.president).map((c) => `${corporation}_${c.index}`) : [];
}

interface Named {
	readonly corporation: string;
	readonly ids: readonly string[];
	readonly from: string;
}

/** What a share action names and where the certificates are before it runs. */
function named(state: GameState, a: Action): Named | null {
	if (a.type !== 'buy_shares' && a.type !== 'sell_shares') return null;
	const first = parseShareId(String(a.shares[0]));
	const corp = first ? state.corporations[first.corporation] : undefined;
	const cert = corp?.shares.find((c) => c.index === first?.index);
	if (!first || !cert) return null;
	return { corporation: first.corporation, ids: a.shares.map(String), from: cert.owner };
}

const games = referenceGames();

describe.skipIf(!referencePresent)('a share bought or issued without choice is the holder’s first certificate', () => {
	for (const g of games) {
		it(g.name, () => {
			const game = newReferenceGame(g);
			const wrong: string[] = [];
			let checked = 0;
			for (const action of g.surviving)
				for (const a of batchOf(action)) {
					const n = named(game.state as GameState, a);
					const isPlayer = a.entity_type === 'player';
					// A player's purchase from the market or the treasury, and a corporation's
					// issue (treasury to market) or redemption (market to treasury).
					const relevant =
						n !== null &&
						((a.type === 'buy_shares' && (n.from === 'pool' || n.from === 'treasury')) ||
							(!isPlayer && a.type === 'sell_shares' && n.from === 'treasury'));
					if (relevant && n) {
						const expected = held(game.state as GameState, n.corporation, n.from).slice(0, n.ids.length);
						checked++;
						if (JSON.stringify(n.ids) !== JSON.stringify(expected))
							wrong.push(`#${String(action.id)} ${a.type} ${String(a.entity)} names ${n.ids.join(',')}; our ${n.from} starts ${expected.join(',')}`);
					}
					expect(game.process(a).ok).toBe(true);
				}
			expect(wrong).toEqual([]);
			if (g.surviving.some((a) => a.type === 'buy_shares')) expect(checked).toBeGreaterThan(0);
		});
	}
});
