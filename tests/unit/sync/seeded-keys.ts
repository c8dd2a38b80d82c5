/**
 * Reproducible identities for property tests: an Ed25519 key from a label, so that entry ids (and
 * so every "lowest id wins" choice) are the same on every run of a seeded property.
 */
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Identity } from '../../../src/lib/sync/identity';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export async function seededIdentity(label: string): Promise<Identity> {
	const seed = createHash('sha256').update(`test-key/${label}`).digest();
	const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
	const jwk = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'jwk' });
	const privateKey = await crypto.subtle.importKey('pkcs8', der, { name: 'Ed25519' }, false, ['sign']);
	return { publicKey: { alg: 'Ed25519', pub: String(jwk.x) }, privateKey };
}

export function seededNonce(label: string): string {
	return createHash('sha256').update(`test-nonce/${label}`).digest('base64url');
}
