/**
 * Deep copy of plain JSON data (objects, arrays, numbers, strings, booleans, null). The engine
 * state is JSON by design, so this is all `process` needs, and it runs in every JS runtime
 * without relying on a host's structuredClone.
 */
export function cloneJson<T>(value: T): T {
	if (value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) {
		const out = new Array(value.length);
		for (let i = 0; i < value.length; i++) out[i] = cloneJson(value[i]);
		return out as T;
	}
	const out: Record<string, unknown> = {};
	for (const k of Object.keys(value)) out[k] = cloneJson((value as Record<string, unknown>)[k]);
	return out as T;
}
