import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitNonce, deriveSeed } from './seed';

const GAME = 'f'.repeat(64);

describe('seed by commit and reveal', () => {
	it('the commitment is a domain-separated SHA-256 of the nonce', async () => {
		const expected = createHash('sha256').update('rails-1822/seed-commit/v1\nnonce').digest('hex');
		expect(await commitNonce('nonce')).toBe(expected);
	});

	it('the seed is below 2^31 and changes when any one contribution changes (property)', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.string({ minLength: 1 }), { minLength: 2, maxLength: 5 }), fc.nat(), async (nonces, i) => {
				const seed = await deriveSeed(GAME, nonces);
				expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31).toBe(true);
				const changed = nonces.map((n, k) => (k === i % nonces.length ? n + '!' : n));
				expect(await deriveSeed(GAME, changed)).not.toBe(seed);
			}),
			{ seed: 31, numRuns: 50 }
		);
	});
});
