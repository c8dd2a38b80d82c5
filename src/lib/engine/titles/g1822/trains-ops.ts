/**
 * Train purchases' side effects: phase changes, rusting and first-train events
 * [phase.rb buying_train!; g_1822/game.rb event_*].
 */
import { phaseAfterTrain } from '../../core/phases';
import { trainTypeOf } from '../../core/trains';
import type { ResolvedConfig } from './config';
import { PHASE_REVENUE_PRIVATES } from './data/constants';
import type { GameState } from './state';
import { closeCompany } from './companies-ops';

/** Trains of the types that rust when a train of `type` is first bought. */
function rustingTypes(config: ResolvedConfig, type: string): Set<string> {
	const out = new Set<string>();
	for (const t of config.trains) {
		if (t.rustsOn === type) out.add(t.name);
		for (const v of t.variants) if (v.rustsOn === type) out.add(v.name);
	}
	return out;
}

/**
 * Effects of a train of base type `type` (id `id`) leaving the depot [phase.rb buying_train!]:
 * phase changes, rusting, and the first train's events. A 2 (the L's variant) bought in phase 1
 * also starts phase 2 [g_1822/step/buy_train.rb].
 */
export function onTrainAcquired(state: GameState, config: ResolvedConfig, id: string, type: string, variant?: string): void {
	state.phase = phaseAfterTrain(config.phases, state.phase, type);
	if (variant === '2') onTwoAcquired(state, config);
	// Rusting finds nothing after the first train of a type, so running it every time is safe.
	const rust = rustingTypes(config, type);
	if (rust.size > 0) {
		for (const corp of Object.values(state.corporations)) corp.trains = corp.trains.filter((t) => !rust.has(t.name));
		state.depot.upcoming = state.depot.upcoming.filter((t) => !rust.has(trainTypeOf(t)));
		state.depot.discarded = state.depot.discarded.filter((t) => !rust.has(t.name));
	}
	// Only the first train of each type carries its events [train.rb initialize].
	if (id.endsWith('-0')) {
		const def = config.trains.find((t) => t.name === type);
		for (const ev of def?.events ?? []) fireEvent(state, config, ev);
	}
}

/** In phase 1, a 2 obtained in any way (bought or upgraded from an L) starts phase 2. */
export function onTwoAcquired(state: GameState, config: ResolvedConfig): void {
	if (config.phases[state.phase].name === '1') state.phase = phaseAfterTrain(config.phases, state.phase, '2');
}

export function fireEvent(state: GameState, config: ResolvedConfig, event: string): void {
	switch (event) {
		case 'close_concessions':
			for (const id of Object.keys(state.companies))
				if (config.companyDefs[id].kind === 'concession') closeCompany(state, id);
			for (const corp of Object.values(state.corporations))
				if (corp.type === 'major' && !corp.floated) {
					corp.floatPercent = 50;
					corp.needsConcession = false;
				}
			break;
		case 'full_capitalisation':
			for (const corp of Object.values(state.corporations))
				if (corp.type === 'major' && !corp.floated) corp.capitalization = 'full';
			break;
		case 'phase_revenue':
			for (const p of Object.keys(PHASE_REVENUE_PRIVATES)) {
				if (!state.companies[p] || state.companies[p].closed) continue;
				state.bank.cash += state.privatePurses[p] ?? 0;
				delete state.privatePurses[p];
				closeCompany(state, p);
			}
			break;
		default:
			break;
	}
}

/**
 * The train removed when minor box 1 went unbid: it leaves the depot as if bought, so it can
 * change the phase, rust trains and fire events (rules digest 3.8 step 7).
 */
export function removeTrainAsPurchase(state: GameState, config: ResolvedConfig): void {
	const id = state.depot.upcoming.shift();
	if (!id) return;
	const type = trainTypeOf(id);
	const def = config.trains.find((t) => t.name === type);
	// An unlimited train is replaced by a copy with the next index [depot.rb delete_from_upcoming].
	if (def && def.num < 0) {
		const index = Number(id.slice(id.lastIndexOf('-') + 1)) + 1;
		state.depot.upcoming.unshift(`${type}-${index}`);
	}
	onTrainAcquired(state, config, id, type);
}
