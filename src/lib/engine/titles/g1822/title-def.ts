/**
 * A title definition: the data and the few rules that differ between 1822 and its scenarios.
 * 1822 is the base (title.ts); NRS and MRS (scenarios/) are written as differences from it.
 */
import type { PhaseDef, TrainDef } from './data/types';
import type { PlayerCount } from './data/constants';

export type TitleId = '1822' | '1822NRS' | '1822MRS';

/** Options after validation, resolved once at setup. */
export interface ResolvedRules {
	readonly plusExpansion: boolean;
	readonly noRemovals: boolean;
	readonly singleStack: boolean;
	readonly taxHavenMultiple: boolean;
	readonly starter: boolean;
	readonly advanced: boolean;
	readonly swPeninsula: boolean;
}

export interface OptionalRuleDef {
	readonly sym: string;
	/** Player counts the option is offered for (all when absent). */
	readonly players?: readonly number[];
	/** Options this one needs. */
	readonly requires?: readonly string[];
}

export interface CorporationOverride {
	readonly home?: string;
	readonly city?: number | null;
}

export interface TitleDef {
	readonly title: TitleId;
	readonly startingCash: Readonly<Record<PlayerCount, number>>;
	readonly certLimit: Readonly<Record<PlayerCount, number>>;
	readonly biddingTokens: Readonly<Record<PlayerCount, number>>;
	readonly optionalRules: readonly OptionalRuleDef[];
	/** Pairs of options that may not be chosen together. */
	readonly mutexRules: readonly (readonly [string, string])[];
	/** Companies in play (the setup keeps definition order). */
	companiesInPlay(players: number, rules: ResolvedRules): readonly string[];
	/** Corporations in play (minors and majors). */
	corporationsInPlay(players: number, rules: ResolvedRules): readonly string[];
	readonly corporationOverrides: Readonly<Record<string, CorporationOverride>>;
	readonly marketRows: readonly (readonly string[])[];
	readonly trains: readonly TrainDef[];
	readonly phases: readonly PhaseDef[];
	/** The minor moved to the top of the minor stack at setup (null: none). */
	startingMinor(rules: ResolvedRules): string | null;
	/** Cost of upgrading an L to a 2 in the given phase (index). */
	lToTwoUpgradeCost(phaseIndex: number): number;
	/** Rule-book round name for the P9 round (the reference calls it "Choose"). */
	readonly choicesRoundName: string;
}
