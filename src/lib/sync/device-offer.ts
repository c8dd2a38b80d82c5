/**
 * The one-time device offer (devices.ts, issue 17a). The device holding a seat makes a fresh key
 * pair, writes `device_add` for it, and hands the pair to the new device as text inside the game
 * link's fragment (which never reaches a server): `<seat>.<alg>.<public key>.<PKCS #8 private key>`.
 * The new device makes its own non-extractable key and writes, signed by the offer key,
 * `device_add` for its own key with `retire` naming the offer key. From that entry on the offer
 * key holds nothing: the link is spent, and a copy of it opens the game as a spectator only.
 */
import { LOG_VERSION, type JsonObject } from './entry';
import { signBody, type SignedEntry } from './author';
import { fromBase64Url } from './bytes';
import { generateIdentity, generateOfferIdentity, importOfferIdentity, keyId, KEY_ALGS, type Identity, type KeyAlg } from './identity';
import type { SeatSecret } from './key-store';
import type { OrderResult } from './order';

export interface DeviceOffer {
	readonly seat: number;
	readonly name: string;
	readonly identity: Identity;
}

/** waiting: the offer's add is not part of the game yet; ready: it is; joined: this device holds the seat; used: the offer key was retired or removed without this device joining. */
export type OfferStatus = 'waiting' | 'ready' | 'joined' | 'used';

export async function makeOffer(rules: string, head: string, secret: SeatSecret, name: string): Promise<{ entry: SignedEntry; offer: DeviceOffer; text: string }> {
	const { identity, pkcs8 } = await generateOfferIdentity(secret.identity.publicKey.alg);
	const label = name.trim().slice(0, 32);
	const action: JsonObject = { type: 'device_add', key: { ...identity.publicKey }, name: label };
	const entry = await signBody({ v: LOG_VERSION, game: secret.game, parent: head, seat: secret.seat, action, rules }, secret.identity);
	const text = `${secret.seat}.${identity.publicKey.alg}.${identity.publicKey.pub}.${pkcs8}`;
	return { entry, offer: { seat: secret.seat, name: label, identity }, text };
}

/** The offer a text carries, or null when it is not one (or its two halves do not match). */
export async function offerFromText(text: string): Promise<DeviceOffer | null> {
	const parts = text.split('.');
	if (parts.length !== 4) return null;
	const [seatText, alg, pub, pkcs8] = parts;
	const seat = Number(seatText);
	if (!/^\d{1,2}$/.test(seatText) || !(KEY_ALGS as readonly string[]).includes(alg) || fromBase64Url(pub) === null) return null;
	const identity = await importOfferIdentity({ alg: alg as KeyAlg, pub }, pkcs8);
	return identity ? { seat, name: '', identity } : null;
}

export function offerStatus<S>(view: OrderResult<S> | null, offer: DeviceOffer, own: SeatSecret | null): OfferStatus {
	const devices = view?.devices;
	if (!devices) return 'waiting';
	const held = devices.held[offer.seat] ?? [];
	if (own && held.some((d) => d.id === keyId(own.identity.publicKey))) return 'joined';
	const k = keyId(offer.identity.publicKey);
	if (held.some((d) => d.id === k)) return 'ready';
	return devices.removed.some((d) => d.id === k) ? 'used' : 'waiting';
}

/** The new device's entry: its own key joins the seat and the offer key leaves it, signed by the offer key. */
export async function acceptOffer(
	rules: string,
	head: string,
	offer: DeviceOffer,
	game: string,
	claim: string,
	name: string,
	own?: Identity
): Promise<{ entry: SignedEntry; secret: SeatSecret }> {
	const identity = own ?? (await generateIdentity(offer.identity.publicKey.alg));
	const action: JsonObject = { type: 'device_add', key: { ...identity.publicKey }, name, retire: { ...offer.identity.publicKey } };
	const entry = await signBody({ v: LOG_VERSION, game, parent: head, seat: offer.seat, action, rules }, offer.identity);
	return { entry, secret: { game, seat: offer.seat, identity, nonce: '', claimId: claim } };
}
