/**
 * Seat identities: a key pair per seat, generated non-extractable by WebCrypto. Ed25519 where the
 * runtime has it, ECDSA P-256 otherwise; the algorithm travels with the public key in the seat
 * claim, so every verifier knows how to check a signature whatever its own browser prefers.
 */
import { fromBase64Url, toBase64Url, utf8 } from './bytes';

export const KEY_ALGS = ['Ed25519', 'ES256'] as const;
export type KeyAlg = (typeof KEY_ALGS)[number];

/** A public key as written into genesis and claim entries: algorithm and raw key, base64url. */
export interface PublicKeyInfo {
	readonly alg: KeyAlg;
	readonly pub: string;
}

export interface Identity {
	readonly publicKey: PublicKeyInfo;
	/** Non-extractable: the private half never leaves WebCrypto (and IndexedDB, which stores it opaquely). */
	readonly privateKey: CryptoKey;
}

const ECDSA_PARAMS = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;

function importParams(alg: KeyAlg): AlgorithmIdentifier | EcKeyImportParams {
	switch (alg) {
		case 'Ed25519':
			return { name: 'Ed25519' };
		case 'ES256':
			return ECDSA_PARAMS;
		default:
			return assertNeverAlg(alg);
	}
}

function signParams(alg: KeyAlg): AlgorithmIdentifier | EcdsaParams {
	switch (alg) {
		case 'Ed25519':
			return { name: 'Ed25519' };
		case 'ES256':
			return ECDSA_SIGN;
		default:
			return assertNeverAlg(alg);
	}
}

function assertNeverAlg(x: never): never {
	throw new Error(`unknown key algorithm ${String(x)}`);
}

let ed25519Support: Promise<boolean> | null = null;

/** Feature detection by trying: some browsers list Ed25519 but fail at generateKey. */
export function supportsEd25519(): Promise<boolean> {
	ed25519Support ??= crypto.subtle
		.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])
		.then(
			() => true,
			() => false
		);
	return ed25519Support;
}

export async function generateIdentity(prefer?: KeyAlg): Promise<Identity> {
	const alg: KeyAlg = prefer ?? ((await supportsEd25519()) ? 'Ed25519' : 'ES256');
	const pair = (await crypto.subtle.generateKey(
		alg === 'Ed25519' ? { name: 'Ed25519' } : ECDSA_PARAMS,
		false,
		['sign', 'verify']
	)) as CryptoKeyPair;
	const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	return { publicKey: { alg, pub: toBase64Url(raw) }, privateKey: pair.privateKey };
}

export async function signText(identity: Identity, text: string): Promise<string> {
	const sig = await crypto.subtle.sign(signParams(identity.publicKey.alg), identity.privateKey, utf8(text));
	return toBase64Url(new Uint8Array(sig));
}

const importedKeys = new Map<string, Promise<CryptoKey | null>>();

function importPublicKey(info: PublicKeyInfo): Promise<CryptoKey | null> {
	const cacheKey = `${info.alg}:${info.pub}`;
	let key = importedKeys.get(cacheKey);
	if (!key) {
		const raw = fromBase64Url(info.pub);
		key =
			raw === null
				? Promise.resolve(null)
				: crypto.subtle.importKey('raw', raw, importParams(info.alg), true, ['verify']).catch(() => null);
		importedKeys.set(cacheKey, key);
	}
	return key;
}

/** Never throws: a malformed key or signature is simply not valid. */
export async function verifyText(info: PublicKeyInfo, text: string, sig: string): Promise<boolean> {
	if (!isPublicKeyInfo(info)) return false;
	const key = await importPublicKey(info);
	const sigBytes = fromBase64Url(sig);
	if (!key || !sigBytes) return false;
	try {
		return await crypto.subtle.verify(signParams(info.alg), key, sigBytes, utf8(text));
	} catch {
		return false;
	}
}

export function isPublicKeyInfo(value: unknown): value is PublicKeyInfo {
	if (typeof value !== 'object' || value === null) return false;
	const v = value as Record<string, unknown>;
	return (
		typeof v.alg === 'string' &&
		(KEY_ALGS as readonly string[]).includes(v.alg) &&
		typeof v.pub === 'string' &&
		fromBase64Url(v.pub) !== null
	);
}

export function keyId(info: PublicKeyInfo): string {
	return `${info.alg}:${info.pub}`;
}
