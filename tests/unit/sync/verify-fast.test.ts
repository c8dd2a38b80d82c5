/**
 * Issue 17, speed: `verifyText` verifies Ed25519 with a precomputed table for a key met often.
 * Its verdict must be `ed25519.verify`'s (strict, zip215 off) on every input: valid signatures,
 * mangled ones, non-canonical S (S + L) and R, and other keys' signatures, before and after the
 * key's table is built.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromBase64Url, toBase64Url, utf8 } from '../../../src/lib/sync/bytes';
import { verifyText, type PublicKeyInfo } from '../../../src/lib/sync/identity';

const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function le(bytes: Uint8Array): bigint {
	let n = 0n;
	for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
	return n;
}

function toLE(n: bigint): Uint8Array {
	const out = new Uint8Array(32);
	for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
	return out;
}

const secret = ed25519.utils.randomSecretKey(new Uint8Array(32).fill(7));
const other = ed25519.utils.randomSecretKey(new Uint8Array(32).fill(9));
const pub = ed25519.getPublicKey(secret);
const info: PublicKeyInfo = { alg: 'Ed25519', pub: toBase64Url(pub) };

const reference = (sig: Uint8Array, text: string) => {
	try {
		return ed25519.verify(sig, utf8(text), pub, { zip215: false });
	} catch {
		return false;
	}
};

describe('Ed25519 verification with a per-key table', () => {
	it('agrees with ed25519.verify on valid, mangled, non-canonical and foreign signatures', async () => {
		let valid = 0;
		let invalid = 0;
		await fc.assert(
			fc.asyncProperty(fc.string({ maxLength: 300 }), fc.nat(6), fc.nat(63), fc.nat(255), async (text, how, at, byte) => {
				const good = ed25519.sign(utf8(text), secret);
				let sig = good;
				if (how === 1) {
					sig = good.slice();
					sig[at] ^= 1 + (byte % 255);
				} else if (how === 2) {
					// The same S plus L: a non-canonical encoding of the same scalar.
					const s = le(good.subarray(32)) + L;
					sig = new Uint8Array(64);
					sig.set(good.subarray(0, 32));
					sig.set(toLE(s), 32);
				} else if (how === 3) sig = ed25519.sign(utf8(text), other);
				else if (how === 4) sig = ed25519.sign(utf8(`${text}!`), secret);
				else if (how === 5) {
					// R replaced by a non-canonical y (≥ p) encoding.
					sig = good.slice();
					sig.fill(0xff, 0, 31);
					sig[31] = 0x7f;
				}
				const expected = reference(sig, text);
				const got = await verifyText(info, text, toBase64Url(sig));
				expect(got).toBe(expected);
				if (expected) valid++;
				else invalid++;
			}),
			{ numRuns: 200, seed: 1717 }
		);
		expect(valid).toBeGreaterThan(10);
		expect(invalid).toBeGreaterThan(10);
	});

	it('a signature for another message or a truncated one is refused once the table is built', async () => {
		for (let i = 0; i < 5; i++) expect(await verifyText(info, `m${i}`, toBase64Url(ed25519.sign(utf8(`m${i}`), secret)))).toBe(true);
		const sig = ed25519.sign(utf8('m0'), secret);
		expect(await verifyText(info, 'm1', toBase64Url(sig))).toBe(false);
		expect(await verifyText(info, 'm0', toBase64Url(sig.subarray(0, 63)))).toBe(false);
		expect(fromBase64Url(toBase64Url(sig))).toEqual(sig);
	});
});
