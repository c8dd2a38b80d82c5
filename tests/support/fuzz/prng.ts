/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) so every fuzz run is
 * reproducible from its seed alone.
 */
export class Prng {
	#a: number;
	#b: number;
	#c: number;
	#d: number;

	constructor(seed: number) {
		let s = seed >>> 0;
		const split = (): number => {
			s = (s + 0x9e3779b9) >>> 0;
			let z = s;
			z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
			z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
			return (z ^ (z >>> 16)) >>> 0;
		};
		this.#a = split();
		this.#b = split();
		this.#c = split();
		this.#d = split();
		for (let i = 0; i < 12; i++) this.next();
	}

	/** A uniform 32-bit unsigned integer. */
	next(): number {
		const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
		this.#d = (this.#d + 1) >>> 0;
		this.#a = this.#b ^ (this.#b >>> 9);
		this.#b = (this.#c + (this.#c << 3)) >>> 0;
		this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
		this.#c = (this.#c + t) >>> 0;
		return t;
	}

	/** An integer in [0, n). */
	int(n: number): number {
		return n <= 0 ? 0 : Math.floor((this.next() / 0x100000000) * n);
	}

	/** An integer in [lo, hi]. */
	range(lo: number, hi: number): number {
		return lo + this.int(hi - lo + 1);
	}

	chance(p: number): boolean {
		return this.next() / 0x100000000 < p;
	}

	pick<T>(items: readonly T[]): T {
		if (items.length === 0) throw new Error('pick from an empty list');
		return items[this.int(items.length)];
	}

	/** A seed for a sub-generator. */
	fork(): number {
		return this.next();
	}
}
