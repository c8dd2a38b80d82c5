import { describe, expect, it } from 'vitest';
import { nextDraw, seedFromExport, seedState } from './rng';

describe('seeded generator (reference LCG, mod 2^31)', () => {
	it('matches r = (1103515245 r + 12345) mod 2^31 computed exactly with BigInt', () => {
		let r = seedState(182389866);
		let big = 182389866n;
		for (let i = 0; i < 5000; i++) {
			r = nextDraw(r);
			big = (1103515245n * big + 12345n) % 2147483648n;
			expect(BigInt(r)).toBe(big);
		}
	});
	it('reduces the seed modulo 2^31 first', () => {
		expect(seedState(2 ** 31 + 5)).toBe(5);
	});
	it('takes settings.seed, else the first run of digits of the game id', () => {
		expect(seedFromExport(2227, 'x')).toBe(2227);
		expect(seedFromExport('', 'hs_lxemeslq_30797')).toBe(30797);
		expect(seedFromExport(undefined, 'abc')).toBeNull();
	});
});
