/**
 * Canonical JSON (RFC 8785, JCS) through the maintained `canonicalize` package. Entry bodies are
 * stored as canonical strings so that every peer hashes and verifies exactly the same bytes.
 */
import canonicalize from 'canonicalize';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Canonical text of a JSON value; undefined for values JSON cannot carry (NaN, functions...). */
export function canonicalJson(value: unknown): string | undefined {
	try {
		return canonicalize(value);
	} catch {
		// canonicalize throws on non-finite numbers; that is a refusal, not a bug.
		return undefined;
	}
}

export function isJsonObject(value: unknown): value is { [key: string]: JsonValue } {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
