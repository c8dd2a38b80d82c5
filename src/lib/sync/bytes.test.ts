import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromBase64Url, sha256Hex, toBase64Url } from './bytes';

describe('bytes', () => {
	it('base64url matches Node and round-trips (property)', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
				const text = toBase64Url(bytes);
				expect(text).toBe(Buffer.from(bytes).toString('base64url'));
				expect(fromBase64Url(text)).toEqual(bytes);
			}),
			{ seed: 1, numRuns: 200 }
		);
	});

	it('base64url decoding is strict: one encoding per byte string', () => {
		expect(fromBase64Url('AB')).toBeNull(); // stray bits set
		expect(fromBase64Url('AQ')).toEqual(new Uint8Array([1]));
		expect(fromBase64Url('A')).toBeNull();
		expect(fromBase64Url('a+b/')).toBeNull();
	});

	it('SHA-256 of "abc" is the FIPS 180-2 test vector', async () => {
		expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
	});
});
