import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a64, stateHash } from './state-hash';

describe('state hash', () => {
	it('is FNV-1a 64 (published test vectors)', () => {
		expect(fnv1a64('')).toBe('cbf29ce484222325');
		expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
		expect(fnv1a64('foobar')).toBe('85944171f73967e8');
	});
	it('does not depend on key order', () => {
		expect(stateHash({ a: 1, b: [1, { d: 2, c: 3 }] })).toBe(stateHash({ b: [1, { c: 3, d: 2 }], a: 1 }));
		expect(canonicalJson({ b: 1, a: 'x' })).toBe('{"a":"x","b":1}');
	});
	it('changes when a value changes', () => {
		expect(stateHash({ cash: 100 })).not.toBe(stateHash({ cash: 101 }));
	});
});
