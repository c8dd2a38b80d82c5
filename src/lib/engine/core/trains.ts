/** Trains and the depot as data. Train ids are "<name>-<index>" as on 18xx.games. */

export interface TrainVariantDef {
	readonly name: string;
	readonly price: number;
	readonly rustsOn: string | null;
}

export interface TrainDef {
	readonly name: string;
	readonly price: number;
	/** -1 = unlimited (one copy in the depot at a time). */
	readonly num: number;
	readonly rustsOn: string | null;
	readonly variants: readonly TrainVariantDef[];
	/** Events fired when the first train of this type is bought. */
	readonly events: readonly string[];
	/** A number of stops, or "local" (1 city + 1 town). */
	readonly distance: number | 'local';
	/** Trains that sit on a private company instead of in the depot. */
	readonly reservedFor?: Readonly<Record<string, string>>;
}

/** The bank's train supply: trains still to be bought, in order, and discarded trains. */
export interface DepotState {
	upcoming: string[];
	/** Discarded trains keep their current name (a discarded 2 that was an L stays a 2). */
	discarded: { id: string; name: string }[];
}

/** "L-3" → "L"; "P+-1" → "P+". */
export function trainTypeOf(id: string): string {
	const i = id.lastIndexOf('-');
	return i < 0 ? id : id.slice(0, i);
}

/** The initial depot: every non-reserved train of every type, in table order. */
export function initialDepot(trains: readonly TrainDef[]): DepotState {
	const upcoming: string[] = [];
	for (const t of trains) {
		const count = t.num < 0 ? 1 : t.num;
		for (let i = 0; i < count; i++) {
			const id = `${t.name}-${i}`;
			if (t.reservedFor && id in t.reservedFor) continue;
			upcoming.push(id);
		}
	}
	return { upcoming, discarded: [] };
}

/** {train name: count} of the upcoming trains, in depot order. */
export function depotCounts(depot: DepotState): Record<string, number> {
	const out: Record<string, number> = {};
	for (const id of depot.upcoming) {
		const n = trainTypeOf(id);
		out[n] = (out[n] ?? 0) + 1;
	}
	return out;
}
