import { describe, expect, it } from 'vitest';
import { generateIdentity, signText, supportsEd25519, verifyText, type KeyAlg } from './identity';

describe.each<KeyAlg>(['Ed25519', 'ES256'])('identities with %s', (alg) => {
	it('the private key is non-extractable and the public key goes into the claim', async () => {
		const id = await generateIdentity(alg);
		expect(id.privateKey.extractable).toBe(false);
		expect(id.publicKey.alg).toBe(alg);
		// Raw public keys: 32 bytes for Ed25519, 65 (uncompressed point) for P-256.
		expect(Buffer.from(id.publicKey.pub, 'base64url').length).toBe(alg === 'Ed25519' ? 32 : 65);
	});

	it('a signature verifies with the signer key only, and over the signed text only', async () => {
		const a = await generateIdentity(alg);
		const b = await generateIdentity(alg);
		const sig = await signText(a, 'body');
		expect(await verifyText(a.publicKey, 'body', sig)).toBe(true);
		expect(await verifyText(b.publicKey, 'body', sig)).toBe(false);
		expect(await verifyText(a.publicKey, 'body!', sig)).toBe(false);
		expect(await verifyText(a.publicKey, 'body', 'not-a-signature')).toBe(false);
		expect(await verifyText({ alg, pub: 'AAAA' }, 'body', sig)).toBe(false);
	});
});

describe('key algorithm choice', () => {
	it('Ed25519 is preferred where the runtime has it (Node 20 does)', async () => {
		expect(await supportsEd25519()).toBe(true);
		expect((await generateIdentity()).publicKey.alg).toBe('Ed25519');
	});
});
