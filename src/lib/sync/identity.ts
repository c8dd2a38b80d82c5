/**
 * Seat identities: a key pair per seat, generated non-extractable by WebCrypto. Ed25519 where the
 * runtime has it, ECDSA P-256 otherwise; the algorithm travels with the public key in the seat
 * claim, so every verifier knows how to check a signature whatever its own browser prefers.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
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

/**
 * A key pair whose private half can be handed to another device once (a device offer, devices.ts):
 * exported as PKCS #8 and imported non-extractable on the other side.
 */
export async function generateOfferIdentity(prefer?: KeyAlg): Promise<{ identity: Identity; pkcs8: string }> {
	const alg: KeyAlg = prefer ?? ((await supportsEd25519()) ? 'Ed25519' : 'ES256');
	const params = alg === 'Ed25519' ? { name: 'Ed25519' } : ECDSA_PARAMS;
	const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
	const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
	return { identity: { publicKey: { alg, pub: toBase64Url(raw) }, privateKey: pair.privateKey }, pkcs8: toBase64Url(pkcs8) };
}

/** The identity of an offer's key on the receiving device; null when the bytes are no such key. */
export async function importOfferIdentity(publicKey: PublicKeyInfo, pkcs8: string): Promise<Identity | null> {
	const bytes = fromBase64Url(pkcs8);
	if (!bytes || !isAcceptableKey(publicKey)) return null;
	try {
		const params = publicKey.alg === 'Ed25519' ? { name: 'Ed25519' } : ECDSA_PARAMS;
		const privateKey = await crypto.subtle.importKey('pkcs8', bytes, params, false, ['sign']);
		const identity = { publicKey, privateKey };
		// The pair must match: a signature by the private half verifies under the public key given.
		const probe = 'device-offer-probe';
		return (await verifyText(publicKey, probe, await signText(identity, probe))) ? identity : null;
	} catch {
		return null;
	}
}

export async function signText(identity: Identity, text: string): Promise<string> {
	const sig = await crypto.subtle.sign(signParams(identity.publicKey.alg), identity.privateKey, utf8(text));
	return toBase64Url(new Uint8Array(sig));
}

/** A parsed public key, or null when it is not one every verifier would accept; cached per key. */
const parsedKeys = new Map<string, Uint8Array | null>();
const PARSED_KEEP = 256;

/**
 * Strict key checks (issue 17k), the same in every browser and in Node: an Ed25519 key must be a
 * canonical encoding of a point outside the small-order subgroup (with a small-order key, one
 * "universal" signature verifies for every message under some implementations); a P-256 key must
 * be an uncompressed point on the curve.
 */
function parsedKey(info: PublicKeyInfo): Uint8Array | null {
	const cacheKey = keyId(info);
	const known = parsedKeys.get(cacheKey);
	if (known !== undefined) return known;
	const raw = fromBase64Url(info.pub);
	let ok = false;
	if (raw !== null) {
		try {
			if (info.alg === 'Ed25519') {
				// zip215 false: RFC 8032's strict decoding, which refuses non-canonical encodings.
				ok = raw.length === 32 && !ed25519.Point.fromBytes(raw, false).isSmallOrder();
			} else {
				ok = raw.length === 65 && raw[0] === 4 && p256.utils.isValidPublicKey(raw, false);
			}
		} catch {
			ok = false;
		}
	}
	const out = ok ? raw : null;
	if (parsedKeys.size >= PARSED_KEEP) parsedKeys.delete(parsedKeys.keys().next().value as string);
	parsedKeys.set(cacheKey, out);
	return out;
}

/**
 * Ed25519 verification with a precomputed table for each key met often (issue 17, speed): a
 * seat's key signs every one of its moves, so the variable-base multiplication `[k]A` of RFC 8032
 * verification is done with a wNAF table built once per key (`Point.precompute`), about three
 * times faster than `ed25519.verify`, which decodes the key afresh on every call. The checks and
 * the equation are exactly `ed25519.verify`'s with zip215 off (tests/unit/sync/verify-fast.test.ts
 * compares both on valid, mangled and non-canonical signatures): canonical `R` and `A`, `S < L`,
 * `A` not of small order, and the cofactored equation [8]([S]B - R - [k]A) = 0.
 */
const ED_TABLE_AFTER = 3;
const ED_TABLE_WINDOW = 6;
const ED_TABLES_KEEP = 32;
const edUses = new Map<string, number>();
const edTables = new Map<string, InstanceType<typeof ed25519.Point>>();

function edKeyPoint(pub: string, raw: Uint8Array): InstanceType<typeof ed25519.Point> | null {
	const table = edTables.get(pub);
	if (table) return table;
	const uses = (edUses.get(pub) ?? 0) + 1;
	if (edUses.size >= PARSED_KEEP * 4) edUses.clear();
	edUses.set(pub, uses);
	if (uses < ED_TABLE_AFTER) return null;
	const point = ed25519.Point.fromBytes(raw, false);
	point.precompute(ED_TABLE_WINDOW, false);
	if (edTables.size >= ED_TABLES_KEEP) edTables.delete(edTables.keys().next().value as string);
	edTables.set(pub, point);
	return point;
}

function numberLE(bytes: Uint8Array): bigint {
	let n = 0n;
	for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
	return n;
}

async function verifyEd25519(pub: string, key: Uint8Array, message: Uint8Array, sig: Uint8Array): Promise<boolean> {
	const A = edKeyPoint(pub, key);
	if (!A) return ed25519.verify(sig, message, key, { zip215: false });
	const Point = ed25519.Point;
	const r = sig.subarray(0, 32);
	let R: InstanceType<typeof Point>;
	let SB: InstanceType<typeof Point>;
	try {
		R = Point.fromBytes(r, false);
		// multiplyUnsafe refuses S >= L, as ed25519.verify does.
		SB = Point.BASE.multiplyUnsafe(numberLE(sig.subarray(32, 64)));
	} catch {
		return false;
	}
	const input = new Uint8Array(64 + message.length);
	input.set(r, 0);
	input.set(key, 32);
	input.set(message, 64);
	const k = Point.Fn.create(numberLE(new Uint8Array(await crypto.subtle.digest('SHA-512', input))));
	return R.add(A.multiplyUnsafe(k)).subtract(SB).clearCofactor().is0();
}

/**
 * Never throws: a malformed key or signature is simply not valid. One implementation everywhere
 * (`@noble/curves`), not the platform's WebCrypto, whose Ed25519 checks differ between runtimes
 * (issue 17k): Ed25519 by RFC 8032 with canonical `S` and a canonical `R` (zip215 off); P-256 over
 * SHA-256 with WebCrypto's raw r||s signatures, high `s` accepted as WebCrypto writes it.
 */
export async function verifyText(info: PublicKeyInfo, text: string, sig: string): Promise<boolean> {
	if (!isPublicKeyInfo(info)) return false;
	const key = parsedKey(info);
	const sigBytes = fromBase64Url(sig);
	if (!key || !sigBytes) return false;
	try {
		if (info.alg === 'Ed25519') return sigBytes.length === 64 && (await verifyEd25519(info.pub, key, utf8(text), sigBytes));
		return sigBytes.length === 64 && p256.verify(sigBytes, utf8(text), key, { prehash: true, lowS: false, format: 'compact' });
	} catch {
		return false;
	}
}

/** Whether a public key passes the strict checks `verifyText` applies (canonical, not small-order). */
export function isAcceptableKey(info: PublicKeyInfo): boolean {
	return isPublicKeyInfo(info) && parsedKey(info) !== null;
}

export function isPublicKeyInfo(value: unknown): value is PublicKeyInfo {
	if (typeof value !== 'object' || value === null) return false;
	const v = value as Record<string, unknown>;
	// Exactly the two fields: a key with extra fields would let its owner vary the entry's id.
	if (Object.keys(v).length !== 2) return false;
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
