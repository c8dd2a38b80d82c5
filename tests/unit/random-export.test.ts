import { describe, expect, it } from 'vitest';
import { playRandomGame, setupFor } from '../support/random-player';
import { randomGameExport } from '../support/random-export';

/** The first game seed from `from` whose setup does (or does not) use sw_peninsula. */
function seedWhere(withPeninsula: boolean, from = 1): number {
	for (let s = from; s < from + 100000; s++) if (setupFor(s).optionalRules.includes('sw_peninsula') === withPeninsula) return s;
	throw new Error('no such seed');
}

describe('random games exported for the reference (fuzz --export)', () => {
	it('a game that used sw_peninsula is not written: the answer is the sentence the app gives', () => {
		const seed = seedWhere(true);
		const r = playRandomGame(seed, { stopAfter: 12 });
		expect(r.setup.optionalRules).toContain('sw_peninsula');
		const out = randomGameExport(3, r);
		expect(out.ok).toBe(false);
		if (out.ok) return;
		expect(out.refusal).toMatch(/^18xx\.games does not implement the option "South West Peninsula" \(sw_peninsula\)/);
		expect(out.name).toBe(`003_1822MRS_2p_${r.setup.optionalRules.join('+')}_${seed}.json`);
	});

	it('any other game is written with its applied actions', () => {
		const seed = seedWhere(false);
		const r = playRandomGame(seed, { stopAfter: 12 });
		const out = randomGameExport(0, r);
		expect(out.ok).toBe(true);
		if (!out.ok) return;
		expect(out.file.title).toBe(r.setup.title);
		expect(out.file.settings.optional_rules).toEqual(r.setup.optionalRules);
		expect(out.file.actions.map((a) => a.type)).toEqual(r.log.map((a) => a.type));
		expect(out.name.startsWith(`000_${r.setup.title}_${r.setup.players.length}p`)).toBe(true);
	});
});
