/**
 * Byte helpers shared by the sync layer: UTF-8, base64url (RFC 4648 §5, no padding) and
 * SHA-256 through WebCrypto, which both browsers and Node 20 provide as `globalThis.crypto`.
 */

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array<ArrayBuffer> {
	return encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
	let out = '';
	let i = 0;
	for (; i + 2 < bytes.length; i += 3) {
		const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
		out += B64URL[(n >> 18) & 63] + B64URL[(n >> 12) & 63] + B64URL[(n >> 6) & 63] + B64URL[n & 63];
	}
	const rest = bytes.length - i;
	if (rest === 1) {
		const n = bytes[i] << 16;
		out += B64URL[(n >> 18) & 63] + B64URL[(n >> 12) & 63];
	} else if (rest === 2) {
		const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
		out += B64URL[(n >> 18) & 63] + B64URL[(n >> 12) & 63] + B64URL[(n >> 6) & 63];
	}
	return out;
}

/** Strict decoder: returns null for any character outside the alphabet or an impossible length. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
	if (text.length % 4 === 1) return null;
	const out = new Uint8Array(Math.floor((text.length * 3) / 4));
	let bits = 0;
	let value = 0;
	let o = 0;
	for (const ch of text) {
		const v = B64URL.indexOf(ch);
		if (v < 0) return null;
		value = (value << 6) | v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (value >> bits) & 0xff;
		}
	}
	// Leftover bits must be zero, so that every byte string has exactly one encoding.
	if ((value & ((1 << bits) - 1)) !== 0) return null;
	return out;
}

export function toHex(bytes: Uint8Array): string {
	let out = '';
	for (const b of bytes) out += b.toString(16).padStart(2, '0');
	return out;
}

export async function sha256(data: Uint8Array<ArrayBuffer> | string): Promise<Uint8Array<ArrayBuffer>> {
	const bytes = typeof data === 'string' ? utf8(data) : data;
	return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

export async function sha256Hex(data: Uint8Array<ArrayBuffer> | string): Promise<string> {
	return toHex(await sha256(data));
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
	return crypto.getRandomValues(new Uint8Array(length));
}
