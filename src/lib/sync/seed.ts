/**
 * The seed, formed by commit and reveal so that no single player chooses it.
 *
 * Each claim carries `commit = SHA-256(domain, nonce)` for a random nonce its author keeps secret.
 * The start entry fixes the claims, and so the commitments, before any nonce is known. Each seat
 * then reveals its nonce; the seed hashes the game id with every revealed nonce in seat order.
 * Nobody can steer the result by choosing their nonce after seeing the others'.
 *
 * Residual risk: the last seat to reveal can compute the seed first and refuse to reveal, stalling
 * the game (one bit of influence, at the price of being seen to stall). The other seats can then
 * restart the round with fresh nonces (restart.ts): the refuser commits and reveals first there, so
 * its one bit is the choice between the seed it saw and one nobody knows. The creator, who picks
 * the claims, sees only commitments and so cannot grind either.
 */
import { sha256, sha256Hex, toBase64Url, randomBytes } from './bytes';

const COMMIT_DOMAIN = 'rails-1822/seed-commit/v1\n';
const SEED_DOMAIN = 'rails-1822/seed/v1\n';

export function makeNonce(): string {
	return toBase64Url(randomBytes(32));
}

export function commitNonce(nonce: string): Promise<string> {
	return sha256Hex(COMMIT_DOMAIN + nonce);
}

/** An integer in [0, 2^31): the engine's generator takes `seed mod 2^31` like the reference. */
export async function deriveSeed(game: string, nonces: readonly string[]): Promise<number> {
	// A JSON array, so that no two different lists of contributions hash the same text.
	const digest = await sha256(SEED_DOMAIN + JSON.stringify([game, ...nonces]));
	const word = ((digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]) >>> 0;
	return word % 2 ** 31;
}
