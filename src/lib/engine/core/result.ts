/**
 * Errors as values: a rule violation is never thrown. `RuleError.code` is a stable
 * machine-readable code; `message` is a sentence a player understands.
 */
export interface RuleError {
	readonly code: string;
	readonly message: string;
}

export type Result<T, E = RuleError> =
	| { readonly ok: true; readonly value: T }
	| { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
	return { ok: true, value };
}

export function err<E = RuleError>(error: E): Result<never, E> {
	return { ok: false, error };
}

export function ruleError(code: string, message: string): RuleError {
	return { code, message };
}

/** Shorthand for the common case: refuse with a code and a sentence. */
export function refuse(code: string, message: string): Result<never, RuleError> {
	return err(ruleError(code, message));
}

/** Exhaustiveness check for `switch` statements over unions. */
export function assertNever(x: never): never {
	throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
