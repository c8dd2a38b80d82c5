/**
 * The reference's seeded generator (a linear congruential generator modulo 2^31), so the
 * company shuffle matches games recorded on 18xx.games. [base.rb initialize_seed, rand]
 * The generator's state is a plain number kept in the game state; drawing returns the new
 * state, so callers stay pure.
 */
const MODULUS = 0x80000000; // 2^31
const MULTIPLIER = 1103515245;
const INCREMENT = 12345;

/** Starting state: seed mod 2^31 (a negative seed is folded into range). */
export function seedState(seed: number): number {
	const s = Math.trunc(seed) % MODULUS;
	return s < 0 ? s + MODULUS : s;
}

/**
 * One draw: r = (1103515245 × r + 12345) mod 2^31. The product exceeds 2^53, so it is done in
 * two 16-bit halves to stay exact in doubles.
 */
export function nextDraw(state: number): number {
	const hi = Math.floor(state / 65536);
	const lo = state % 65536;
	// (MULTIPLIER * (hi * 65536 + lo)) mod 2^31, keeping every partial product below 2^53.
	const a = ((MULTIPLIER % MODULUS) * hi) % MODULUS; // < 2^31 * 2^15 = 2^46
	const b = (a * 65536) % MODULUS;
	const c = (MULTIPLIER * lo) % MODULUS; // < 2^31 * 2^16
	return (b + c + INCREMENT) % MODULUS;
}

/**
 * The seed of an exported game: `settings.seed` when present, else the first run of digits in
 * the game id (reference README "Company stacks are shuffled by a seeded generator").
 */
export function seedFromExport(seed: unknown, gameId: unknown): number | null {
	if (typeof seed === 'number' && Number.isFinite(seed)) return seed;
	if (typeof seed === 'string' && /^\d+$/.test(seed)) return Number(seed);
	const m = /\d+/.exec(String(gameId ?? ''));
	return m ? Number(m[0]) : null;
}

/** Draws `count` values starting from `state`; returns the draws and the final state. */
export function drawMany(state: number, count: number): { draws: number[]; state: number } {
	const draws: number[] = [];
	let r = state;
	for (let i = 0; i < count; i++) {
		r = nextDraw(r);
		draws.push(r);
	}
	return { draws, state: r };
}
