/** Shapes of the 1822 data tables. */
import type { TrainDef } from '../../../core/trains';
import type { PhaseDef } from '../../../core/phases';

export type { TrainDef, PhaseDef };

export type CompanyKind = 'private' | 'concession' | 'minor';

export interface CompanyDef {
	readonly id: string;
	readonly name: string;
	readonly kind: CompanyKind;
	/** Face value: 100 for concessions and minors, 0 for privates. */
	readonly value: number;
	/** Income per operating round while held. */
	readonly revenue: number;
	readonly minBid: number;
	/** The corporation a concession or minor card stands for. */
	readonly corporation?: string;
	/** 1822+ bid-box category of a private (1 trains, 2 track, 3 other). */
	readonly plusBidbox?: number;
	/** Which corporation types may acquire a private, and from which phase. */
	readonly acquisition?: { readonly by: readonly string[]; readonly phase: number };
}

export interface CorporationDef {
	readonly id: string;
	readonly name: string;
	readonly type: 'minor' | 'major';
	readonly home: string | null;
	readonly city: number | null;
	readonly destination: string | null;
	readonly floatPercent: number;
	readonly maxOwnershipPercent: number;
	/** Certificate percents, president's first. */
	readonly shares: readonly number[];
	/** Prices of the charter's normal tokens (home first). */
	readonly tokenPrices: readonly number[];
	readonly exchangeTokens: number;
}
