/**
 * A deterministic, non-cryptographic hash of JSON state: canonical serialisation (object keys
 * sorted, no whitespace) fed through FNV-1a 64, computed in two 32-bit halves so it is exact
 * in every JS engine. Equal states give equal hashes on every machine.
 */

export function canonicalJson(value: unknown): string {
	if (value === null) return 'null';
	switch (typeof value) {
		case 'number':
			return Number.isFinite(value) ? String(value) : 'null';
		case 'string':
			return JSON.stringify(value);
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object': {
			if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
			const obj = value as Record<string, unknown>;
			const keys = Object.keys(obj)
				.filter((k) => obj[k] !== undefined)
				.sort();
			return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson(obj[k])).join(',') + '}';
		}
		default:
			return 'null';
	}
}

/** FNV-1a 64-bit over the UTF-16 code units of `text`, as 16 hex digits. */
export function fnv1a64(text: string): string {
	// offset basis 0xcbf29ce484222325, prime 0x100000001b3 = 2^40 + 0x1b3
	let hi = 0xcbf29ce4;
	let lo = 0x84222325;
	for (let i = 0; i < text.length; i++) {
		lo = (lo ^ text.charCodeAt(i)) >>> 0;
		// (hi:lo) * 0x1b3 + ((lo << 40) as the 2^40 term, which only touches hi)
		const loMul = lo * 0x1b3;
		const carry = Math.floor(loMul / 0x100000000);
		const newLo = loMul >>> 0;
		const newHi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
		hi = newHi;
		lo = newLo;
	}
	return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

export function stateHash(state: unknown): string {
	return fnv1a64(canonicalJson(state));
}
