/**
 * The token step offers exactly the stations it accepts (rules version 2): a normal token is
 * taken while a token ability (SECR's Channel token, P5) keeps the step open, or while the
 * corporation's graph finds a city, a second London city of the same major not counted
 * [g_1822/step/token.rb can_place_token?; graph.rb can_token?]. The step may also stay open for
 * an exchange token alone, and then offers no normal station. Found by the random games (seed
 * 77008151, action 345): SECR, with a station in London (M38), was offered another London city
 * and then refused it. The position is kept as that game's first 345 actions.
 */
import { describe, expect, it } from 'vitest';
import { cityId, operatingChoices, process, type Action } from '../../src/lib/engine/index';
import { recordedPosition } from '../support/recorded-position';

describe('the token step offers only stations it accepts', () => {
	it('SECR, holding a London station, is not offered a second London city', () => {
		const s = recordedPosition('seed-77008151-secr-token');
		const c = operatingChoices(s);
		// The position the random game reached: SECR at its token step with a station in London.
		expect(c?.entity).toBe('SECR');
		expect(c?.step).toBe('token');
		expect(s.board.tokens.some((t) => t.corporation === 'SECR' && t.hex === 'M38')).toBe(true);
		expect(c?.tokens.filter((t) => t.hex === 'M38')).toEqual([]);
		const refused = process(s, { type: 'place_token', entity: 'SECR', entity_type: 'corporation', city: cityId(s, 'M38', 4), slot: 0 } as Action);
		expect(refused.ok ? null : refused.error.code).toBe('no_token_place');
		for (const t of c?.tokens ?? []) {
			const r = process(s, { type: 'place_token', entity: 'SECR', entity_type: 'corporation', city: cityId(s, t.hex, t.city), slot: 0 } as Action);
			expect(r.ok ? null : r.error.code, `${t.hex}-${t.city}`).toBeNull();
		}
	});
});
