/**
 * Keeping the corporation charters (which token stands where) in step with the board's tokens.
 * The board (map module) answers track questions; the charter keeps the reference's token order
 * and tells which tokens are still available.
 */
import type { CorporationState } from './state';

const key = (hex: string, city: number) => `${hex}-${city}`;

/** Puts the next token of the charter in a city (a new £100 token is added if none is left). */
export function placeCharterToken(corp: CorporationState, hex: string, city: number, kind: 'normal' | 'destination' = 'normal'): void {
	let t = corp.charter.find((x) => x.kind === kind && x.at === null);
	if (!t) {
		t = { price: 100, kind, at: null };
		corp.charter.push(t);
	}
	t.at = key(hex, city);
}

/** Puts the charter's last unused normal token (the one added last) in a city. */
export function placeLastCharterToken(corp: CorporationState, hex: string, city: number): void {
	for (let i = corp.charter.length - 1; i >= 0; i--) {
		const t = corp.charter[i];
		if (t.kind === 'normal' && t.at === null) {
			t.at = key(hex, city);
			return;
		}
	}
	placeCharterToken(corp, hex, city);
}

/** A token leaves a city and goes back to the charter as an available token. */
export function returnCharterToken(corp: CorporationState, hex: string, city: number, kind: 'normal' | 'destination' = 'normal'): void {
	const t = corp.charter.find((x) => x.kind === kind && x.at === key(hex, city));
	if (t) t.at = null;
}

/**
 * A minor's token taken over by a major becomes a new token of the major; the charter is then
 * reordered with the tokens in use first [step/token_merger.rb move_tokens_to_surviving]. The
 * unused ones follow with an unplaced destination token ahead of the others: that is the order
 * the reference traces show afterwards for every major in the shared games.
 */
export function mergeCharterToken(corp: CorporationState, hex: string, city: number): void {
	const used = corp.charter.filter((t) => t.at !== null);
	const unused = corp.charter.filter((t) => t.at === null);
	const ordered = [...unused.filter((t) => t.kind === 'destination'), ...unused.filter((t) => t.kind !== 'destination')];
	corp.charter = [...used, { price: 0, kind: 'normal', at: key(hex, city) }, ...ordered];
}

/** An exchange token moved "to available" becomes a new £100 token on the charter. */
export function addCharterToken(corp: CorporationState): void {
	corp.charter.push({ price: 100, kind: 'normal', at: null });
}

export function availableTokens(corp: CorporationState): number {
	return corp.charter.filter((t) => t.kind === 'normal' && t.at === null).length;
}

/** Hexes with the corporation's tokens, in charter order. */
export function charterHexes(corp: CorporationState): string[] {
	return corp.charter.filter((t) => t.at !== null).map((t) => (t.at as string).slice(0, (t.at as string).lastIndexOf('-')));
}
