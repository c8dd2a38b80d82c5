/** Phases as data. */

export interface PhaseDef {
	readonly name: string;
	/** Train types whose purchase starts this phase (empty for the first phase). */
	readonly on: readonly string[];
	readonly trainLimit: { readonly minor: number; readonly major: number };
	readonly tiles: readonly string[];
	readonly status: readonly string[];
	readonly operatingRounds: number;
}

export function phaseHas(phase: PhaseDef, status: string): boolean {
	return phase.status.includes(status);
}

/**
 * Index of the phase after buying (or removing) a train of `trainType` while in `current`.
 * Phases advance in a loop while the next one's trigger list names the train
 * [phase.rb buying_train!], so a first 3 in phase 1 goes straight to phase 3.
 */
export function phaseAfterTrain(phases: readonly PhaseDef[], current: number, trainType: string): number {
	let i = current;
	while (i + 1 < phases.length && phases[i + 1].on.includes(trainType)) i++;
	return i;
}
