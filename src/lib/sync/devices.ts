/**
 * Several devices per seat (issue 17a). A seat is held by a set of keys: the claim's key from the
 * start of play, then every key a `device_add` entry names, until a `device_remove` (or the
 * `retire` of a later add) takes it out. An entry of a seat counts when it is signed by a key that
 * holds the seat at the entry's parent; the set is part of the cursor of play (play-step.ts), so it
 * is a function of the entry's ancestry like everything else the orderer decides.
 *
 * Rules, each refused with a reason otherwise:
 * - an add or a removal is signed by a key holding the seat (the orderer's signature check);
 * - the key added holds no seat yet and was never removed from one (`device_key_taken`,
 *   `device_key_removed`): one key is one seat's, so a fork is always one seat's doing, and a
 *   removed key never comes back, so a lost device stays locked out;
 * - at most `MAX_DEVICES_PER_SEAT` keys hold one seat (`too_many_devices`);
 * - a removal (or a retire) names a key of the signing seat, and never the seat's last key
 *   (`device_unknown`, `last_device`).
 * Adds and removals are any-time entries: they never displace a turn's move and count for no seat
 * having built on anything. They are not game actions, so an undo never takes them back.
 *
 * The flow the app uses (a one-time offer): the device holding the seat makes a fresh key pair,
 * writes `device_add` for its public key and shows a link (and QR code) with the game link and the
 * offer's private key. The new device makes its own non-extractable key and writes `device_add`
 * for it signed by the offer key, with `retire` naming the offer key: from that entry on the offer
 * key holds nothing, so a copy of the link is worthless once used.
 */
import { keyId, type PublicKeyInfo } from './identity';
import type { SeatClaim } from './seats';

export const MAX_DEVICES_PER_SEAT = 8;

export interface SeatDevice {
	readonly key: PublicKeyInfo;
	/** `keyId` of the key. */
	readonly id: string;
	/** The label given when it was added ('' for the claim's device). */
	readonly name: string;
	/** The entry from which it holds the seat: the claim, or the `device_add`. */
	readonly since: string;
}

export interface DeviceTable {
	/** Per seat, the keys that hold it now, in the order they were added. */
	readonly held: readonly (readonly SeatDevice[])[];
	/** Every key removed from a seat, with the seat. */
	readonly removed: readonly (SeatDevice & { readonly seat: number })[];
}

export function initialDevices(seats: readonly SeatClaim[]): DeviceTable {
	return { held: seats.map((s) => [{ key: s.key, id: keyId(s.key), name: '', since: s.claim }]), removed: [] };
}

/** The keys that hold a seat now. */
export function seatKeys(table: DeviceTable, seat: number): readonly PublicKeyInfo[] {
	return (table.held[seat] ?? []).map((d) => d.key);
}

/** Every key that ever held a seat (for fork evidence: a removed device's two entries still tell). */
export function everSeatKeys(table: DeviceTable, seat: number): readonly PublicKeyInfo[] {
	return [...seatKeys(table, seat), ...table.removed.filter((d) => d.seat === seat).map((d) => d.key)];
}

export type DeviceChange =
	| { readonly kind: 'device_add'; readonly key: PublicKeyInfo; readonly name: string; readonly retire: PublicKeyInfo | null }
	| { readonly kind: 'device_remove'; readonly key: PublicKeyInfo };

export type DeviceStep =
	| { readonly ok: true; readonly table: DeviceTable }
	| { readonly ok: false; readonly code: 'device_key_taken' | 'device_key_removed' | 'too_many_devices' | 'device_unknown' | 'last_device'; readonly message: string };

function without(table: DeviceTable, seat: number, id: string): DeviceTable | null {
	const list = table.held[seat];
	const gone = list.find((d) => d.id === id);
	if (!gone) return null;
	return {
		held: table.held.map((l, s) => (s === seat ? l.filter((d) => d.id !== id) : l)),
		removed: [...table.removed, { ...gone, seat }]
	};
}

/** The table after a seat's `device_add` or `device_remove` entry `entry`, or why it is refused. */
export function deviceStep(table: DeviceTable, change: DeviceChange, seat: number, entry: string): DeviceStep {
	const list = table.held[seat];
	if (!list) return { ok: false, code: 'device_unknown', message: `there is no seat ${seat + 1}` };
	if (change.kind === 'device_remove') {
		const id = keyId(change.key);
		if (!list.some((d) => d.id === id)) return { ok: false, code: 'device_unknown', message: `that key does not hold seat ${seat + 1}` };
		if (list.length === 1) return { ok: false, code: 'last_device', message: `seat ${seat + 1}'s last device cannot be removed` };
		return { ok: true, table: without(table, seat, id)! };
	}
	const id = keyId(change.key);
	if (table.held.some((l) => l.some((d) => d.id === id))) return { ok: false, code: 'device_key_taken', message: 'that key already holds a seat' };
	if (table.removed.some((d) => d.id === id)) return { ok: false, code: 'device_key_removed', message: 'that key was removed from a seat and cannot hold one again' };
	let next: DeviceTable = table;
	if (change.retire !== null) {
		const r = without(table, seat, keyId(change.retire));
		if (!r) return { ok: false, code: 'device_unknown', message: `the key to retire does not hold seat ${seat + 1}` };
		next = r;
	}
	if (next.held[seat].length >= MAX_DEVICES_PER_SEAT) {
		return { ok: false, code: 'too_many_devices', message: `seat ${seat + 1} already has ${MAX_DEVICES_PER_SEAT} devices` };
	}
	const added: SeatDevice = { key: change.key, id, name: change.name, since: entry };
	return { ok: true, table: { held: next.held.map((l, s) => (s === seat ? [...l, added] : l)), removed: next.removed } };
}
