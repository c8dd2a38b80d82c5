/**
 * The "what may I do now" queries against every executed action of the shared recorded games:
 * before each action, the query of the round must offer it — its type, and for tile lays, station
 * tokens, train purchases, dividends, minor acquisitions and choices the specific option
 * (issue 4, 5). Games live in ../shared/reference (relative to the project root); without it
 * this suite is skipped with one line saying so.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/lib/engine/index';
import { legalActionTypes, operatingChoices, type OperatingChoices } from '../../src/lib/engine/index';
import { layOffered } from '../../src/lib/engine/titles/g1822/operating/query-lays';
import { layPrivates } from '../../src/lib/engine/titles/g1822/operating/lay-abilities';
import { parseCityId } from '../../src/lib/engine/titles/g1822/operating/stations';
import { trainTypeOf } from '../../src/lib/engine/core/trains';
import { batchOf, newReferenceGame, referenceGames, referencePresent } from '../support/reference-games';

const META = ['message', 'log', 'end_game', 'undo', 'redo'];

/** Why the query does not offer a recorded action, or null when it does. */
function missing(state: GameState, c: OperatingChoices, a: Action): string | null {
	if (!c.actions.includes(a.type)) return `type ${a.type} not in [${c.actions.join(', ')}] at step ${c.step}`;
	const has = (ok: boolean, what: string) => (ok ? null : what);
	switch (a.type) {
		case 'lay_tile':
			return has(layOffered(c.tileLays, layPrivates(a), a), `lay ${a.hex} ${a.tile} r${a.rotation} with [${layPrivates(a).join(',')}]`);
		case 'place_token': {
			const spot = parseCityId(state, a.city);
			if (!spot) return `unknown city ${a.city}`;
			const list = a.entity === 'P5' ? c.channelTokens : [...c.tokens, ...c.pendingTokens];
			return has(list.some((t) => t.hex === spot.hex && t.city === spot.city), `token ${spot.hex}-${spot.city}`);
		}
		case 'buy_train': {
			const t = c.trains;
			if (!t) return 'no train choices';
			if (a.exchange) return has(t.upgrades.some((u) => u.train === a.exchange && u.price === a.price), `upgrade of ${a.exchange} at ${a.price}`);
			const other = t.corporations.find((o) => o.train === a.train);
			if (other) return has(a.price >= other.min && a.price <= other.max, `${a.train} from ${other.owner} at ${a.price}`);
			const type = trainTypeOf(a.train);
			const offer = t.depot.find((d) => d.train === a.train || trainTypeOf(d.train) === type);
			const variant = a.variant ?? type;
			return has(!!offer && offer.variants.some((v) => v.variant === variant && v.price === a.price), `depot ${a.train} ${variant} at ${a.price}`);
		}
		case 'dividend':
			return has(c.dividends.includes(a.kind as never), `dividend ${a.kind}`);
		case 'merge':
			return has(c.minors.some((m) => m.minor === a.corporation), `merge ${a.corporation}`);
		case 'acquire_company':
			return has(c.privates.includes(a.company), `acquire ${a.company}`);
		case 'hex_token':
			return has(c.destination === a.hex, `destination ${a.hex}`);
		case 'discard_train':
			return has(c.discard.includes(a.train), `discard ${a.train}`);
		case 'choose_ability':
			return has(c.abilities.some((x) => x.company === a.entity && x.choices.includes(String(a.choice))), `ability ${String(a.entity)} ${String(a.choice)}`);
		case 'choose': {
			const ch = String(a.choice);
			const offered = [...(c.mergeChoice?.options ?? []), ...c.p8Choice, ...c.extraDividend, ...c.pullman.map(String)];
			return has(offered.includes(ch), `choose ${ch} (offered ${offered.join(',')})`);
		}
		default:
			return null;
	}
}

describe.skipIf(!referencePresent)('the operating-round query offers every recorded action', () => {
	for (const g of referenceGames()) {
		it(g.name, () => {
			const game = newReferenceGame(g);
			const problems: string[] = [];
			let checked = 0;
			for (let i = 0; i < g.surviving.length; i++) {
				for (const a of batchOf(g.surviving[i])) {
					const state = game.state as GameState;
					if (!META.includes(a.type) && !a.type.startsWith('program_') && !state.end.finished) {
						checked++;
						if (state.round.kind === 'operating') {
							const why = missing(state, operatingChoices(state)!, a);
							if (why) problems.push(`#${i} ${a.type} by ${String(a.entity)}: ${why}`);
						} else if (!legalActionTypes(state).includes(a.type)) {
							problems.push(`#${i} ${a.type} by ${String(a.entity)} in ${state.round.kind}: not in [${legalActionTypes(state).join(', ')}]`);
						}
					}
					const r = game.process(a);
					if (!r.ok) throw new Error(`${g.name} #${i}: ${r.error.message}`);
				}
			}
			expect(checked).toBeGreaterThan(0);
			expect(problems).toEqual([]);
		});
	}
});
